package dicewars

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
)

// Each scale draws the size Scales says, every line as wide as the map, in every palette
// and with a draft's marks; each scale is larger than the one before; scale 0 is 28×16 (the
// wall's tiles, a window smaller than 80×24) and scale 1 the 42×21 that fills the room
// beside the panel in 80×24.
func TestEachScaleDrawsItsSize(t *testing.T) {
	s, err := NewState(30, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	sizes := View.(games.Scaler).Scales(s)
	if sizes[0] != [2]int{28, 16} {
		t.Fatalf("scale 0 is %v", sizes[0])
	}
	d := View.(games.Composer).Compose(s, s.Turn()).(games.ScaledDraft)
	for k, size := range sizes {
		if k > 0 && (size[0] <= sizes[k-1][0] || size[1] <= sizes[k-1][1]) {
			t.Fatalf("scale %d (%v) is no larger than scale %d (%v)", k, size, k-1, sizes[k-1])
		}
		for _, p := range games.Palettes {
			for _, board := range []string{View.(games.Scaler).ScaledBoard(s, -1, p, k), d.ScaledBoard(p, k)} {
				lines := strings.Split(board, "\n")
				if len(lines) != size[1] {
					t.Fatalf("scale %d: %d lines, want %d", k, len(lines), size[1])
				}
				for _, l := range lines {
					if w := ansi.StringWidth(l); w != size[0] {
						t.Fatalf("scale %d: a line of %d columns, want %d: %q", k, w, size[0], l)
					}
				}
			}
		}
	}
	if View.Board(s, -1, games.Plain) != View.(games.Scaler).ScaledBoard(s, -1, games.Plain, 0) {
		t.Fatal("Board is not scale 0")
	}
	rw, rh := 160-2-36, 50-3 // the room a 160×50 window leaves beside the panel
	if k := games.ScaleFor(View, s, rw, rh); sizes[k][1] < 40 {
		t.Fatalf("160×50 gets scale %d, %v", k, sizes[k])
	}
	if k := games.ScaleFor(View, s, 80-2-36, 24-3); k != 1 || sizes[1] != [2]int{42, 21} {
		t.Fatalf("80×24 gets scale %d, %v", k, sizes[k])
	}
}

// An attack is composed with tab and enter, or typed; a choice the rules refuse is explained
// and nothing is played.
func TestComposingAnAttack(t *testing.T) {
	s := board(line4, []int{0, 1, 0, 1}, []int{1, 3, 4, 1}, 2)
	d := View.(games.Composer).Compose(s, 0)
	if _, _, used := d.Key("enter"); !used || !strings.HasPrefix(d.Prompt(), "3 → ") {
		t.Fatalf("area 3 (the only one that can attack) is not proposed: %q", d.Prompt())
	}
	d.Key("tab") // the targets of 3: 2, then 4
	a, done, _ := d.Key("enter")
	if !done || a != (Action{3, 4}) {
		t.Fatalf("tab then enter: %v %v", a, done)
	}
	d = View.(games.Composer).Compose(s, 0)
	d.Key("1")
	if _, done, _ := d.Key("enter"); done || !strings.Contains(d.Prompt(), "cannot attack") {
		t.Fatalf("area 1 (one die) was taken: %q", d.Prompt())
	}
	for _, k := range []string{"3", "enter", "2", "enter"} {
		a, done, _ = d.Key(k)
	}
	if !done || a != (Action{3, 2}) {
		t.Fatalf("typed 3, 2: %v %v", a, done)
	}
	if a, done, _ := View.(games.Composer).Compose(s, 0).Key("e"); !done || a != End {
		t.Fatal("e does not end the turn")
	}
}

// Every prompt fits the 80 columns of the smallest window, with the largest numbers.
func TestPromptsFitEightyColumns(t *testing.T) {
	s, err := NewState(MaxAreas, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range s.dice {
		s.dice[i] = MaxDice
	}
	d := View.(games.Composer).Compose(s, 0)
	prompts := []string{d.Prompt()}
	for _, k := range []string{"enter", "tab", "tab", "esc", "9", "9", "enter"} {
		d.Key(k)
		prompts = append(prompts, d.Prompt())
	}
	// Every area typed as the attacker, and every area as the target of one that can attack:
	// "area 12 cannot attack: …" with its keys ran past 80 columns.
	typed := func(keys ...string) string {
		d := View.(games.Composer).Compose(s, 0)
		for _, k := range keys {
			d.Key(k)
		}
		return d.Prompt()
	}
	from := View.(games.Composer).Compose(s, 0).(*draft).sources()[0]
	for id := 1; id <= MaxAreas; id++ {
		n := strconv.Itoa(id)
		prompts = append(prompts, typed(n), typed(n, "enter"), typed(strconv.Itoa(from), "enter", n), typed(strconv.Itoa(from), "enter", n, "enter"))
	}
	for _, p := range prompts {
		if n := utf8.RuneCountInString(p); n > 80 {
			t.Errorf("%d columns: %q", n, p)
		}
	}
}

// The area chosen to attack from is starred in every palette (reverse video turned the light
// shades as black as the sea), and its label still reads on its own.
func TestTheChosenAreaIsStarred(t *testing.T) {
	s, err := NewState(30, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	d := View.(games.Composer).Compose(s, s.Turn())
	d.Key("enter")
	from := d.(*draft).from
	if from == 0 {
		t.Fatal("no area chosen")
	}
	label := strconv.Itoa(from) + ":" + strconv.Itoa(s.Dice(from))
	for _, p := range games.Palettes {
		for k := range scales {
			pic := ansi.Strip(d.(games.ScaledDraft).ScaledBoard(p, k))
			if !strings.Contains(pic, "*") {
				t.Fatalf("palette %d scale %d: no star\n%s", p, k, pic)
			}
			if k >= 2 && !slices.ContainsFunc(strings.Fields(pic), func(w string) bool { return strings.TrimLeft(w, "abcdefgh") == label }) {
				t.Fatalf("palette %d scale %d: %s does not read on its own\n%s", p, k, label, pic)
			}
		}
	}
}

// The headline counts the rounds against the cap: a round ends when every player has ended
// a turn.
func TestTheHeadlineCountsRounds(t *testing.T) {
	s, err := NewState(30, 3, 7)
	if err != nil {
		t.Fatal(err)
	}
	h := View.(games.Headliner)
	if got := h.Headline(s, -1); got != "round 1 of 200 · labels area:dice" {
		t.Fatalf("at the start: %q", got)
	}
	for range 3 {
		if _, err := s.Apply(s.ToMove()[0], End); err != nil {
			t.Fatal(err)
		}
	}
	if got := h.Headline(s, -1); got != "round 2 of 200 · labels area:dice" {
		t.Fatalf("after everyone ended a turn: %q", got)
	}
}

// The help and the headline say how to read a label, and the headline fits the narrowest
// panel (36 columns) at the last round.
func TestTheLegendSaysHowToReadALabel(t *testing.T) {
	s, err := NewState(30, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	s.round = RoundCap
	h := View.(games.Headliner).Headline(s, -1)
	if !strings.Contains(h, "area:dice") || utf8.RuneCountInString(h) > 36 {
		t.Errorf("headline %q", h)
	}
	rules := strings.Join(strings.Fields(View.Rules()), " ")
	if !strings.Contains(rules, `"12:5": area 12 holds 5 dice`) {
		t.Errorf("the help does not say how to read a label:\n%s", View.Rules())
	}
	for _, line := range strings.Split(View.Rules(), "\n") {
		if utf8.RuneCountInString(line) > 74 {
			t.Errorf("a help line of more than 74 columns: %q", line)
		}
	}
}

// With more than four players each seat has one line of the side panel, 13 columns for its
// status beside the map of 80×24: the status gives the areas, dice and largest group there
// ("4/12/2"), dice kept after, and the headline says how to read them, in both languages.
// Four players or fewer have theirs in words.
func TestEightPlayersStatusFitsOneLineOfThePanel(t *testing.T) {
	const statusWidth = 13 // roomview's compact status (17) less the swatch and its space
	for _, areas := range []int{16, 30, 48} {
		s, err := NewState(areas, 8, 7)
		if err != nil {
			t.Fatal(err)
		}
		s.stock[3] = 64
		for _, l := range []lang.Lang{lang.English, lang.French} {
			v := games.ViewIn(View, l)
			for seat := range 8 {
				got := v.Status(s, seat)
				want := strconv.Itoa(s.AreasOf(seat)) + "/" + strconv.Itoa(s.TotalDice(seat)) + "/" + strconv.Itoa(s.Points(seat))
				if !strings.HasPrefix(got, want) {
					t.Fatalf("%s, %d areas: seat %d's status %q, want %q first", l, areas, seat, got, want)
				}
				if cut := termtext.DropParts(got, statusWidth); cut != want {
					t.Fatalf("%s, %d areas: seat %d's status in %d columns is %q, want %q", l, areas, seat, statusWidth, cut, want)
				}
				if seat == 3 && !strings.Contains(got, "64") {
					t.Fatalf("%s: the dice kept are not said: %q", l, got)
				}
			}
			head := v.(games.Headliner).Headline(s, -1)
			if legend := map[lang.Lang]string{lang.English: "players areas/dice/group", lang.French: "joueurs terr./dés/groupe"}[l]; !strings.HasSuffix(head, " · "+legend) {
				t.Fatalf("%s headline %q does not say how to read the figures", l, head)
			}
			for _, line := range termtext.WrapParts(head, 36) {
				if w := ansi.StringWidth(line); w > 36 {
					t.Fatalf("%s headline line %q is %d wide, more than the narrowest panel", l, line, w)
				}
			}
		}
	}
	s, _ := NewState(30, 4, 7)
	if got := View.Status(s, 0); !strings.Contains(got, " areas · ") || strings.Contains(got, "/") {
		t.Fatalf("four players' status %q is not in words", got)
	}
	if got := View.(games.Headliner).Headline(s, -1); strings.Contains(got, "/") {
		t.Fatalf("four players' headline %q has the legend of eight", got)
	}
}
