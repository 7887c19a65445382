package dicewars

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/games"
)

// labelToken is an area's label as a capture reads it: "12:5", area 12 with 5 dice.
var labelToken = regexp.MustCompile(`^([0-9]+):([1-8])$`)

// labelsSeen reads the labels of a picture without colour: in Plain every word of digits
// and colons among the letters that fill the areas, in a colour picture stripped of its
// colours every word between the spaces that fill them. Anything else is no label (two
// labels touching, a label split, a letter in it).
func labelsSeen(t *testing.T, pic string, plain bool) (labels [][]string) {
	t.Helper()
	var words []string
	if plain {
		words = regexp.MustCompile(`[0-9:]+`).FindAllString(pic, -1)
	} else {
		words = strings.Fields(pic)
	}
	for _, w := range words {
		if !labelToken.MatchString(w) {
			t.Fatalf("%q is no label (two labels touching, a label split?)\n%s", w, pic)
		}
		labels = append(labels, labelToken.FindStringSubmatch(w))
	}
	return labels
}

// Every area is labelled once, with one token of its number and dice ("12:5"), at every
// scale and in every palette, and no two labels touch on a line: what a screen reader or a
// capture without colour reads is each area's number and dice, never a number alone, a
// number above its dice, or a touching "7" and "19:4" read "719:4". The first view split
// labels over two lines at 80×24 and gave the owner's letter in some and not others.
func TestEveryAreaIsOneToken(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		players := 2 + int(seed)%7
		areas := []int{30, 48, 16}[seed%3]
		s, err := NewState(areas, players, seed)
		if err != nil {
			t.Fatal(err)
		}
		for k := range scales {
			for _, p := range games.Palettes {
				pic := ansi.Strip(drawMap(s, p, nil, k))
				seen := map[int]bool{}
				for _, l := range labelsSeen(t, pic, p == games.Plain) {
					id, _ := strconv.Atoi(l[1])
					if id < 1 || id > areas || seen[id] {
						t.Fatalf("seed %d scale %d: area %s labelled twice or unknown\n%s", seed, k, l[0], pic)
					}
					seen[id] = true
					if l[2] != strconv.Itoa(s.Dice(id)) {
						t.Fatalf("seed %d scale %d: %s, but area %d has %d dice", seed, k, l[0], id, s.Dice(id))
					}
				}
				if len(seen) != areas {
					t.Fatalf("seed %d scale %d palette %d: %d areas of %d labelled\n%s", seed, k, p, len(seen), areas, pic)
				}
			}
		}
	}
}

// In colour a label is drawn in its own area's shade from its first character to its last,
// even where it runs over a neighbour's characters: the colour says whose it is.
func TestALabelIsItsAreasColour(t *testing.T) {
	sgr := regexp.MustCompile("^\x1b\\[([0-9;]*)m")
	for seed := uint64(1); seed <= 10; seed++ {
		s, err := NewState(30, 4, seed)
		if err != nil {
			t.Fatal(err)
		}
		for k := range scales {
			for _, line := range strings.Split(drawMap(s, games.ANSI256, nil, k), "\n") {
				// Each character with the SGR it is drawn in (the map is ASCII).
				var text []byte
				var colour []string
				for cur := ""; line != ""; {
					if m := sgr.FindStringSubmatch(line); m != nil {
						cur, line = m[1], line[len(m[0]):]
						continue
					}
					text, colour, line = append(text, line[0]), append(colour, cur), line[1:]
				}
				for _, at := range regexp.MustCompile(`[0-9:]+`).FindAllIndex(text, -1) {
					l := labelToken.FindStringSubmatch(string(text[at[0]:at[1]]))
					if l == nil {
						t.Fatalf("seed %d scale %d: %q is no label: %q", seed, k, text[at[0]:at[1]], text)
					}
					id, _ := strconv.Atoi(l[1])
					shade := seatShades[1][s.Owner(id)][id%2]
					for i := at[0]; i < at[1]; i++ {
						if !strings.HasSuffix(colour[i], shade) {
							t.Fatalf("seed %d scale %d: %s drawn partly in %q, not its owner's %q: %q", seed, k, l[0], colour[i], shade, text)
						}
					}
				}
			}
		}
	}
}

// pictureScales are the scales a window of 80×24 or more draws (games.ScaleFor with the
// room beside the panel): scale 1, 42×21, and the larger ones.
func pictureScales(t *testing.T, s *State) []int {
	t.Helper()
	rw, rh := 80-2-36, 24-3
	first := games.ScaleFor(View, s, rw, rh)
	if first != 1 {
		t.Fatalf("80×24 draws scale %d", first)
	}
	var out []int
	for k := first; k < len(scales); k++ {
		out = append(out, k)
	}
	return out
}

// In a window of 80×24 or more, over many maps (16, 30 and 48 areas, 2 to 8 players), the
// map reads without colour and no label covers another area:
//   - every area the grid's picture shows is labelled once, on one line, "12:5";
//   - each label lies on its own area's characters (never a neighbour's, never the sea);
//   - two labels never touch on a line;
//   - two areas never touch on a line: a blank parts them, the border a Plain picture shows;
//     and an area over another with the same letter (one owner, ids of one parity) has its
//     bottom edge drawn '_' in Plain, so that two areas read as two without colour;
//   - the picture stays the map: where an area had no room for its label, the few
//     characters the label lacked were taken from the sea or its neighbours, at most a
//     label's length from any area, and every area keeps characters of its own.
//
// The first map of 80×24 was 28×16, with labels running over their neighbours' areas.
func TestLabelsLieInTheirOwnAreas(t *testing.T) {
	maps := 0
	for seed := uint64(1); seed <= 300; seed++ {
		areas := []int{30, 48, 16}[seed%3]
		players := 2 + int(seed/3)%7
		s, err := NewState(areas, players, seed)
		if err != nil {
			t.Fatal(err)
		}
		maps++
		for _, k := range pictureScales(t, s) {
			r := rasters[k]
			grid := r.areas(s)
			ids, edge, labels := picture(s, k)
			where := func(i int) string {
				return fmt.Sprintf("seed %d (%d areas, %d players) scale %d, line %d column %d", seed, areas, players, k, i/r.w, i%r.w)
			}
			// Each label: one run of characters on one line, its area's, reading its text.
			text := map[int]string{}
			line := map[int]int{}
			for i, l := range labels {
				if l.ch == 0 {
					continue
				}
				if ids[i] != l.id {
					t.Fatalf("%s: %d's label lies on area %d's character", where(i), l.id, ids[i])
				}
				if y, ok := line[l.id]; ok && (y != i/r.w || labels[i-1].id != l.id || labels[i-1].ch == 0) {
					t.Fatalf("%s: %d's label is in two pieces", where(i), l.id)
				}
				line[l.id] = i / r.w
				text[l.id] += string(l.ch)
				if x := i % r.w; x+1 < r.w && labels[i+1].ch != 0 && labels[i+1].id != l.id {
					t.Fatalf("%s: the labels of %d and %d touch", where(i), l.id, labels[i+1].id)
				}
			}
			shown, kept := map[int]int{}, map[int]int{}
			for i, id := range grid {
				shown[id]++
				if ids[i] == id {
					kept[id]++
				}
			}
			for id := 1; id <= areas; id++ {
				if shown[id] == 0 {
					t.Fatalf("seed %d scale %d: area %d is not drawn", seed, k, id)
				}
				if want := LabelText(id, s.Dice(id)); text[id] != want {
					t.Fatalf("seed %d scale %d: area %d is labelled %q, want %q", seed, k, id, text[id], want)
				}
				if kept[id] == 0 {
					t.Fatalf("seed %d scale %d: area %d keeps %d of its %d characters", seed, k, id, kept[id], shown[id])
				}
			}
			// Widening takes a label's length at most from any area, blanks apart.
			for id := 1; id <= areas; id++ {
				taken := 0
				for i := range ids {
					if grid[i] == id && ids[i] > 0 && ids[i] != id {
						taken++
					}
				}
				if taken > len("48:8") {
					t.Fatalf("seed %d scale %d: %d characters of area %d were given to others", seed, k, taken, id)
				}
			}
			// The borders, as the Plain picture draws them.
			plain := strings.Split(drawMap(s, games.Plain, nil, k), "\n")
			for i, id := range ids {
				x, y := i%r.w, i/r.w
				if id > 0 && x+1 < r.w && ids[i+1] > 0 && ids[i+1] != id {
					t.Fatalf("%s: areas %d and %d touch on a line", where(i), id, ids[i+1])
				}
				if id > 0 && i+r.w < len(ids) && ids[i+r.w] > 0 && ids[i+r.w] != id {
					if !edge[i] {
						t.Fatalf("%s: the edge between %d and %d is not marked", where(i), id, ids[i+r.w])
					}
					if a, b := plain[y][x], plain[y+1][x]; a == b && a != '_' && labels[i].ch == 0 {
						t.Fatalf("%s: areas %d and %d read as one without colour (%q over %q)\n%s", where(i), id, ids[i+r.w], a, b, strings.Join(plain, "\n"))
					}
				}
				if l := labels[i]; l.ch != 0 && plain[y][x] != l.ch {
					t.Fatalf("%s: the Plain map shows %q where %d's label has %q", where(i), plain[y][x], l.id, l.ch)
				}
			}
		}
	}
	if maps < 300 {
		t.Fatalf("only %d maps", maps)
	}
}
