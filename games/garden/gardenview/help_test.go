package gardenview

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/lang"
)

// The help as an 80-column window shows it: the lobby folds the rules to 74 columns (80 less
// its box and margins) and lists the keys, each in 18 columns, and the footer puts every key
// on one line with "? help" and "esc leave". A line longer than 74 left one word alone on
// the next line.
func TestHelpFitsEightyColumns(t *testing.T) {
	for i, line := range strings.Split(View.Rules(), "\n") {
		if w := ansi.StringWidth(line); w > 74 {
			t.Errorf("help line %d is %d columns: %q", i+1, w, line)
		}
	}
	var footer []string
	for _, k := range View.Keys() {
		if ansi.StringWidth(k.Keys) > 18 {
			t.Errorf("key %q is cut in the help's list of 18 columns", k.Keys)
		}
		footer = append(footer, k.Keys+" "+k.Does)
	}
	line := strings.Join(append(footer, "? help", "esc leave"), " · ")
	if w := ansi.StringWidth(line); w > 80 {
		t.Errorf("the footer's keys take %d columns: %q", w, line)
	}
}

// The help is for someone who has never played: a turn's three phases, what each clan's
// power does and costs, what the special cells cost (the costs the rules charge), and the
// keys, esc leaving (q does nothing in a game composed on the board).
func TestHelpTellsANewPlayerEverything(t *testing.T) {
	rules := View.Rules()
	flat := strings.Join(strings.Fields(rules), " ")
	want := []string{"1. Income", "2. Conquest", "3. Reinforcement", "up to 5 actions",
		fmt.Sprintf("Each costs %d conquest points", garden.AbilityCost), "Pillage, for every clan",
		"keys 1 to 4, or r", "esc leaves the game", "tab", "enter", "p opens the powers", "e ends"}
	for _, c := range garden.Clans {
		want = append(want, fmt.Sprintf("%s (%s), %s:", clanTitles[c], c.Resource(), zoneTitles[c]))
	}
	for _, k := range []garden.Kind{garden.Sky, garden.BBQ, garden.Pool, garden.Candy} {
		want = append(want, fmt.Sprintf("%s (%s)", specialLabels[k], costText(lang.English, garden.CostOf(k))))
	}
	for _, w := range want {
		if !strings.Contains(flat, w) {
			t.Errorf("the help does not say %q", w)
		}
	}
	for _, bad := range []string{"arrows/tab/r q", "place 3 + 2", "q leaves"} {
		if strings.Contains(flat, bad) || strings.Contains(fmt.Sprint(View.Keys()), bad) {
			t.Errorf("the help still says %q", bad)
		}
	}
}

// The clan menu says what each clan's power is, and marks the opponent's clan, within the
// garden's width.
func TestTheClanMenuSaysEachPower(t *testing.T) {
	s := garden.NewState(garden.DefaultRounds, 1)
	play(t, s, "clan cooks")
	d := View.(games.Composer).Compose(s, s.Turn()).(*draft)
	foot := d.footer()
	menu := foot[1] + "\n" + foot[2]
	for i, c := range garden.Clans {
		item := fmt.Sprintf("%d %s: %s", i+1, clanTitles[c], strings.ToLower(zoneTitles[c]))
		if c == garden.Cooks {
			item = fmt.Sprintf("%d %s (%s's)", i+1, clanTitles[c], Letters[1-d.seat])
		}
		if !strings.Contains(menu, item) {
			t.Errorf("the clan menu does not show %q:\n%s", item, menu)
		}
	}
	checkFooter(t, "clan menu", foot)
	if p := d.Prompt(); !strings.Contains(p, "r at random") || ansi.StringWidth(p) > PromptWidth {
		t.Errorf("clan prompt %q", p)
	}
}

// Every prompt and every line under the garden fits whole (nothing cut by "…") in 80×24:
// a prompt in 80 columns, the lines under the garden in its 41, a seat's status in the
// panel's 34. Every cell is tried as a source and every cell as its target, with every power
// of every clan, large stocks, protected, poisoned, forged and pinned cells, and in games
// played at random.
func TestPromptsAndFootersFitWhole(t *testing.T) {
	var states []*garden.State
	for _, clan := range garden.Clans {
		states = append(states, crowded(clan).state())
		r := crowded(clan)
		r.phase, r.players[0].Pending = garden.Reinforcement, 13
		states = append(states, r.state())
	}
	for seed := uint64(1); seed <= 3; seed++ {
		s := garden.NewState(garden.DefaultRounds, seed)
		for n := 0; !s.Over() && n < 120; n++ {
			seat := s.Turn()
			legal := s.Legal(seat)
			if n%40 == 39 {
				states = append(states, s.Clone().(*garden.State))
			}
			if _, err := s.Apply(seat, legal[(n*7)%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, s := range states {
		walkPrompts(t, s, View)
	}
}

// promptStates are the states TestPromptsAndFootersFitWhole walks, for other languages.
func promptStates(t *testing.T) []*garden.State {
	var states []*garden.State
	for _, clan := range garden.Clans {
		states = append(states, crowded(clan).state())
		r := crowded(clan)
		r.phase, r.players[0].Pending = garden.Reinforcement, 13
		states = append(states, r.state())
	}
	s := garden.NewState(garden.DefaultRounds, 2)
	for n := 0; !s.Over() && n < 120; n++ {
		legal := s.Legal(s.Turn())
		if n%40 == 39 || n < 2 {
			states = append(states, s.Clone().(*garden.State))
		}
		if _, err := s.Apply(s.Turn(), legal[(n*7)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	return states
}

// crowded is seat 0's conquest in a garden full of creatures, seat 0 with clan and every
// special but Candy, both with large stocks and points, cells of every status and flag.
func crowded(clan garden.Clan) *setup {
	p := handMade()
	other := garden.Cooks
	if clan == garden.Cooks {
		other = garden.Miners
	}
	p.players[0].Clan, p.players[1].Clan = clan, other
	for h := range garden.Hex(garden.NumCells) {
		owner := 0
		if h.Q() >= 3 {
			owner = 1
		}
		p.put(h, owner, 1+int(h)%5)
		if p.cells[h].Kind == garden.Simple {
			p.cells[h].Terrain, p.cells[h].Resource, p.cells[h].Yield = garden.Terrain(int(h)%3), garden.Resource(int(h)%4), 2
		}
	}
	p.put(skyAt, 0, 4).put(bbqAt, 0, 4).put(poolAt, 0, 4).put(candyAt, 1, 4)
	for i := range p.players {
		p.players[i].Stock = [garden.NumResources]int{123, 145, 167, 189}
		p.players[i].Points = 16
	}
	p.cells[at(2, 3)].Status, p.cells[at(2, 3)].Timer = garden.Poisoned, 3
	p.cells[at(2, 3)].Forged = garden.ForgedTurnEnds
	p.cells[at(2, 4)].Status = garden.Protected
	p.cells[at(1, 3)].Immobile, p.cells[at(1, 3)].Forged = garden.ImmobileTurns, garden.ForgedTurnEnds
	p.cells[at(3, 3)].Status, p.cells[at(3, 3)].Timer, p.cells[at(3, 3)].Immobile = garden.Poisoned, 2, 1
	return p
}

// walkPrompts tries every choice of the seat to move in s, each from a fresh draft, and
// checks every prompt and footer on the way.
func walkPrompts(t *testing.T, s *garden.State, v games.View) {
	t.Helper()
	seat := s.Turn()
	check := func(d *draft, what string) {
		t.Helper()
		if p := d.Prompt(); ansi.StringWidth(p) > PromptWidth || strings.Contains(p, "…") {
			t.Fatalf("%s: a prompt of %d columns: %q", what, ansi.StringWidth(p), p)
		}
		checkFooter(t, what, d.footer())
	}
	for i := range garden.Players {
		if st := v.Status(s, i); ansi.StringWidth(st) > StatusWidth {
			t.Fatalf("seat %d's status is %d columns: %q", i, ansi.StringWidth(st), st)
		}
	}
	typeCell := func(d *draft, h garden.Hex) {
		d.Key(strconv.Itoa(h.R()))
		d.Key(strconv.Itoa(h.Q()))
	}
	fresh := func(menu int) *draft {
		d := v.(games.Composer).Compose(s, seat).(*draft)
		if menu > 0 {
			d.Key("p")
			d.Key(strconv.Itoa(menu))
		}
		return d
	}
	menus := 0
	if s.Phase() == garden.Conquest {
		menus = len(fresh(0).powers())
	}
	for menu := 0; menu <= menus; menu++ {
		d := fresh(menu)
		check(d, "start")
		for _, k := range []string{"p", "e", "0", "0"} {
			fresh(menu).Key(k)
			d := fresh(menu)
			d.Key(k)
			check(d, "key "+k)
		}
		for h := range garden.Hex(garden.NumCells) {
			d := fresh(menu)
			typeCell(d, h)
			check(d, fmt.Sprintf("menu %d, cursor on %s", menu, h))
			if _, done, _ := d.Key("enter"); done || d.from == garden.NoHex {
				check(d, fmt.Sprintf("menu %d, enter on %s", menu, h))
				continue
			}
			for to := range garden.Hex(garden.NumCells) {
				d := fresh(menu)
				typeCell(d, h)
				d.Key("enter")
				typeCell(d, to)
				check(d, fmt.Sprintf("menu %d, %s to %s", menu, h, to))
				if _, done, _ := d.Key("enter"); !done {
					check(d, fmt.Sprintf("menu %d, enter on %s to %s", menu, h, to))
				}
			}
		}
	}
}

// checkFooter: the lines under the garden fit its width whole.
func checkFooter(t *testing.T, what string, foot [footLines]string) {
	t.Helper()
	for _, line := range foot {
		if w := ansi.StringWidth(line); w > scales[0].width() {
			t.Fatalf("%s: a line under the garden of %d columns (it has %d): %q", what, w, scales[0].width(), line)
		}
	}
}
