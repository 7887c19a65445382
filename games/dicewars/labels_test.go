package dicewars

import (
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
