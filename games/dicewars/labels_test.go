package dicewars

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/games"
)

// What a picture without colour shows of the labels: a label is "b12:5" or "12:5", or its
// halves "12" and "5" on two lines; in Plain the letters around are the areas' fill.
var (
	fullLabel = regexp.MustCompile(`^([a-h]?)([0-9]+):([0-9])$`)
	halfLabel = regexp.MustCompile(`^[0-9]+$`)
)

// labelsSeen reads the labels of a picture without colour: every word of digits and colons
// (with the owner's letter before it in a colour picture stripped of its colours, where the
// areas are filled with spaces).
func labelsSeen(t *testing.T, pic string, plain bool) (full [][]string, halves []string) {
	t.Helper()
	var words []string
	if plain {
		words = regexp.MustCompile(`[0-9:]+`).FindAllString(pic, -1)
	} else {
		words = strings.Fields(pic)
	}
	for _, w := range words {
		switch {
		case fullLabel.MatchString(w):
			full = append(full, fullLabel.FindStringSubmatch(w))
		case halfLabel.MatchString(w):
			halves = append(halves, w)
		default:
			t.Fatalf("%q is no label (two labels touching?)\n%s", w, pic)
		}
	}
	return full, halves
}

// Every area is labelled once with its number and dice, and no two labels touch on a line:
// what a screen reader or a capture without colour reads is each area's number and dice
// (a touching "7" and "19:4" would read "719:4"). From scale 1 on, nearly every label also
// gives the owner's letter.
func TestLabelsAreSeparateAndComplete(t *testing.T) {
	labels, owned := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		players := 2 + int(seed)%7
		areas := []int{30, 48, 16}[seed%3]
		s, err := NewState(areas, players, seed)
		if err != nil {
			t.Fatal(err)
		}
		for k := range scales {
			for _, p := range []games.Palette{games.Plain, games.ANSI256} {
				pic := ansi.Strip(drawMap(s, p, nil, k))
				full, halves := labelsSeen(t, pic, p == games.Plain)
				seen := map[int]bool{}
				for _, f := range full {
					id, _ := strconv.Atoi(f[2])
					if id < 1 || id > areas || seen[id] {
						t.Fatalf("seed %d scale %d: area %s labelled twice or unknown\n%s", seed, k, f[0], pic)
					}
					seen[id] = true
					if f[3] != strconv.Itoa(s.Dice(id)) {
						t.Fatalf("seed %d scale %d: %s, but area %d has %d dice", seed, k, f[0], id, s.Dice(id))
					}
					if f[1] != "" && f[1] != string(rune('a'+s.Owner(id))) {
						t.Fatalf("seed %d scale %d: %s, but area %d is seat %d's", seed, k, f[0], id, s.Owner(id))
					}
					if k > 0 && p != games.Plain && areas == DefaultAreas {
						labels++
						if f[1] != "" {
							owned++
						}
					}
				}
				// The other areas show their number alone, or above their dice.
				left := map[string]int{}
				for _, h := range halves {
					left[h]++
				}
				unlabelled := 0
				for id := 1; id <= areas; id++ {
					if seen[id] {
						continue
					}
					if left[strconv.Itoa(id)] == 0 {
						unlabelled++
						continue
					}
					left[strconv.Itoa(id)]--
				}
				for h, n := range left {
					if n > 0 && (len(h) != 1 || h < "1" || h > "8") {
						t.Fatalf("seed %d scale %d: %q is neither an area's number nor its dice\n%s", seed, k, h, pic)
					}
				}
				// 48 areas in 28×16 leave an area or two without room, rarely.
				if unlabelled > 0 && (k > 0 || areas <= DefaultAreas) || unlabelled > 2 {
					t.Fatalf("seed %d scale %d: %d areas not labelled\n%s", seed, k, unlabelled, pic)
				}
			}
		}
	}
	if owned < labels*97/100 {
		t.Fatalf("%d labels of %d give their owner from scale 1 on", owned, labels)
	}
}
