package gardenview

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/lang"
)

// The board fits beside the side panel in 80×24 (42×21 at most), every line as wide as the
// first, in every palette; it shows every special by name, owners and creatures, statuses.
func TestTheBoardFitsAndShowsTheGarden(t *testing.T) {
	s := garden.NewState(garden.DefaultRounds, 3)
	play(t, s, "clan cooks")
	play(t, s, "clan lumberjacks")
	p := from(s)
	p.cells[at(2, 3)] = garden.Cell{Kind: garden.Simple, Terrain: garden.Sand, Resource: garden.Wood, Yield: 2, Owner: 1, Creatures: 4, Status: garden.Poisoned, Timer: 2, Forged: 1}
	s = p.state()
	for _, p := range games.Palettes {
		board := View.Board(s, 0, p)
		lines := strings.Split(board, "\n")
		if len(lines) > 21 {
			t.Fatalf("palette %d: %d lines", p, len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w != scales[0].width() || w > 42 {
				t.Fatalf("palette %d: line %d is %d wide:\n%s", p, i, w, board)
			}
		}
	}
	plain := View.Board(s, 0, games.Plain)
	for _, want := range []string{"SKY", "CANDY", "BBQ", "POOL", "a3", "b3", "b4~!", "sW2", "round 1/50"} {
		if !strings.Contains(plain, want) {
			t.Fatalf("the board lacks %q:\n%s", want, plain)
		}
	}
	// Each cell's site label sits at column 3·(2q + r - 2): (2,0) at the left edge, under
	// its name and its owner's line.
	lines := strings.Split(plain, "\n")
	if label := siteLabel(lang.English, s.Cell(at(2, 0))); !strings.HasPrefix(lines[6], "(2,0)") || !strings.HasPrefix(lines[8], " "+label) {
		t.Fatalf("lines 6 and 8, %q and %q, do not start with (2,0) and its %q", lines[6], lines[8], label)
	}
	if got := View.Status(s, 1); got != "b Lumberjacks F0 M0 S0 W0 0pt" {
		t.Fatalf("status %q", got)
	}
}

func compose(t *testing.T, s *garden.State) games.Draft {
	t.Helper()
	return View.(games.Composer).Compose(s, s.Turn())
}

// keys presses each key, failing if one is not used; it returns the last key's result.
func keys(t *testing.T, d games.Draft, ks ...string) (games.Action, bool) {
	t.Helper()
	var a games.Action
	var done, used bool
	for _, k := range ks {
		if a, done, used = d.Key(k); !used {
			t.Fatalf("key %q not used; prompt %q", k, d.Prompt())
		}
	}
	return a, done
}

// A move is composed with tab and enter: the source among the cells that can move, then the
// target among its neighbours; the chance of winning shows before enter.
func TestComposingAMove(t *testing.T) {
	p := handMade().put(at(2, 2), 0, 4).put(at(2, 3), 1, 2).put(at(0, 4), 0, 1)
	s := p.state()
	d := compose(t, s)
	if !strings.Contains(d.Board(games.Plain), ">a4") {
		t.Fatalf("the cursor does not start on the only source:\n%s", d.Board(games.Plain))
	}
	keys(t, d, "enter")
	for range 6 {
		if p := d.Prompt(); strings.Contains(p, "→ (1,2)") && !strings.Contains(p, "3 go, 1 stays") {
			t.Fatalf("a move into an empty cell is not previewed: %q", p)
		}
		if strings.Contains(d.Prompt(), "→ (2,3)") {
			break
		}
		keys(t, d, "tab")
	}
	if !strings.Contains(d.Prompt(), "4 dice vs 2") || !strings.Contains(d.Prompt(), "% to win") {
		t.Fatalf("the fight is not previewed: %q", d.Prompt())
	}
	// A cell that is not a target says so before enter.
	keys(t, d, "right")
	if p := d.Prompt(); !strings.Contains(p, "(2,4): not a cell to move now") {
		t.Fatalf("a cell out of reach: %q", p)
	}
	keys(t, d, "left")
	if a, done := keys(t, d, "enter"); !done || a != garden.MoveAction(at(2, 2), at(2, 3)) {
		t.Fatalf("%v %v", a, done)
	}
	// A cell that cannot act is explained, nothing is sent.
	d = compose(t, s)
	keys(t, d, "up", "up")
	if a, done := keys(t, d, "enter"); done || !strings.Contains(d.Prompt(), "cannot act") {
		t.Fatalf("%v %v %q", a, done, d.Prompt())
	}
	if a, done := keys(t, d, "e"); !done || a != garden.EndAction {
		t.Fatal("e does not end the conquest")
	}
	// With the turn's actions used, the prompt says what is left to do.
	p.actionsLeft = 0
	if p := compose(t, p.state()).Prompt(); !strings.HasPrefix(p, "No action left") {
		t.Fatalf("no action left: %q", p)
	}
}

// The powers menu offers only what the player can afford now.
func TestThePowersMenuOffersWhatIsAffordable(t *testing.T) {
	p := handMade().put(at(2, 2), 0, 4).put(at(2, 3), 1, 2).put(bbqAt, 0, 1).put(poolAt, 0, 1)
	p.players[0].Stock[garden.Stone] = 3 // BBQ yes; Pool (wood) no
	d := compose(t, p.state())
	keys(t, d, "p")
	foot := d.Board(games.Plain)
	if !strings.Contains(foot, "1 BBQ") || strings.Contains(foot, "Pool") || strings.Contains(foot, "Poison") {
		t.Fatalf("the menu:\n%s", foot)
	}
	if a, done := keys(t, d, "1", "enter"); !done || a != garden.TargetAction(garden.BBQPower, at(2, 3)) {
		t.Fatalf("BBQ: %v %v", a, done)
	}
	p.players[0].Points = garden.AbilityCost
	d = compose(t, p.state())
	keys(t, d, "p")
	if foot := d.Board(games.Plain); !strings.Contains(foot, "2 Pillage") || !strings.Contains(foot, "3 Poison") {
		t.Fatalf("with 8 points:\n%s", foot)
	}
	p.players[0].Stock[garden.Stone], p.players[0].Points = 0, 0
	if _, _, used := compose(t, p.state()).Key("p"); !used {
		t.Fatal("p without anything to afford is not explained")
	}
}

// In reinforcement enter places under the cursor; e with creatures left asks again.
func TestComposingThePlacement(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 5).put(at(2, 4), 0, 1).put(at(4, 3), 1, 1).state()
	play(t, s, "end")
	d := compose(t, s)
	if a, done := keys(t, d, "enter"); !done || a != garden.PlaceAction(at(2, 4)) {
		t.Fatalf("the cursor is not on the one cell with room: %v", a)
	}
	d = compose(t, s)
	if _, done := keys(t, d, "e"); done || !strings.Contains(d.Prompt(), "lose 3 creatures") {
		t.Fatalf("one e ended with creatures left: %q", d.Prompt())
	}
	if a, done := keys(t, d, "e"); !done || a != garden.EndAction {
		t.Fatal("e twice does not end")
	}
}

// Clans are picked with a digit; a clan taken is explained.
func TestComposingTheClan(t *testing.T) {
	s := garden.NewState(garden.DefaultRounds, 1)
	play(t, s, "clan miners")
	d := compose(t, s)
	if board := d.Board(games.Plain); !strings.Contains(board, "3 Miners (a's)") {
		t.Fatalf("the taken clan is not marked:\n%s", board)
	}
	if a, done := keys(t, d, "3"); done || a != nil || !strings.Contains(d.Prompt(), "a leads the miners: choose another clan") {
		t.Fatalf("a taken clan: %v %q", a, d.Prompt())
	}
	if a, done := keys(t, d, "4"); !done || a != garden.ClanAction(garden.Lumberjacks) {
		t.Fatalf("4: %v", a)
	}
}

// The cursor walks the hexagon and stays inside it.
func TestTheCursorStaysInTheGarden(t *testing.T) {
	h := at(2, 0)
	for _, k := range []string{"left", "up", "up", "up", "left", "right", "right", "down"} {
		h = step(h, k)
		if !h.Valid() {
			t.Fatalf("%s left the garden", k)
		}
	}
	if h != at(1, 3) {
		t.Fatalf("ended on %s", h)
	}
}

// A cell's row and column, typed, move the cursor there; a cut corner is explained.
func TestTypingACellsRowAndColumn(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 4).put(at(2, 3), 1, 2).put(at(0, 4), 0, 2).state()
	d := compose(t, s)
	if a, done := keys(t, d, "0", "4", "enter", "1", "4", "enter"); !done || a != garden.MoveAction(at(0, 4), at(1, 4)) {
		t.Fatalf("typed 04, 14: %v %v", a, done)
	}
	d = compose(t, s)
	keys(t, d, "0", "0")
	if !strings.Contains(d.Prompt(), "not a cell") {
		t.Fatalf("a cut corner: %q", d.Prompt())
	}
	keys(t, d, "2")
	if keys(t, d, "backspace"); !strings.Contains(d.Prompt(), "from which cell") {
		t.Fatalf("backspace does not drop the half-typed cell: %q", d.Prompt())
	}
}

// Every command's preview, in games where every clan has points and stocks to spend, fits
// the 80 columns of the smallest terminal.
func TestPreviewsFitEightyColumns(t *testing.T) {
	for seed := uint64(0); seed < 8; seed++ {
		s := garden.NewState(garden.DefaultRounds, seed)
		r := rand.New(rand.NewPCG(seed, 5))
		play(t, s, "clan "+garden.Clans[seed%4].String())
		play(t, s, "clan "+garden.Clans[(seed+1)%4].String())
		for !s.Over() {
			seat := s.Turn()
			p := from(s)
			p.players[seat].Points = 2 * garden.AbilityCost
			for k := range p.players[seat].Stock {
				p.players[seat].Stock[k] = 5
			}
			s = p.state()
			legal := s.Legal(seat)
			for _, a := range legal {
				g := a.(garden.Action)
				if s.Phase() != garden.Conquest || g.Verb == garden.End {
					continue
				}
				d := compose(t, s).(*draft)
				d.verb, d.from, d.cursor = g.Verb, g.From, g.To
				if !d.needsSource() {
					d.from = garden.NoHex
				}
				if p := d.Prompt(); utf8.RuneCountInString(p) > 80 || strings.Contains(p, "not a cell") {
					t.Fatalf("seed %d, %v: %d columns: %q", seed, g, utf8.RuneCountInString(p), p)
				}
			}
			s.Apply(seat, legal[r.IntN(len(legal))])
		}
	}
}

// scaledGarden is a game two turns in with a cell that has every status and flag: the
// boards the scale tests draw.
func scaledGarden(t *testing.T) *garden.State {
	t.Helper()
	s := garden.NewState(garden.DefaultRounds, 3)
	play(t, s, "clan cooks")
	play(t, s, "clan lumberjacks")
	p := from(s)
	p.cells[at(2, 3)] = garden.Cell{Kind: garden.Simple, Terrain: garden.Sand, Resource: garden.Wood, Yield: 2, Owner: 1, Creatures: 4, Status: garden.Poisoned, Timer: 2, Forged: 1, Immobile: 1}
	p.cells[at(2, 1)].Owner, p.cells[at(2, 1)].Creatures = 0, 5
	p.cells[at(3, 2)].Owner, p.cells[at(3, 2)].Creatures, p.cells[at(3, 2)].Status = 0, 1, garden.Protected
	return p.state()
}

// Every scale draws lines all as wide as Scales says, as many as it says, in every palette,
// the drafts' boards too; each scale is larger than the one before; scale 0 is 41×18.
func TestEveryScaleIsAsLargeAsItSays(t *testing.T) {
	s := scaledGarden(t)
	sc := View.(games.Scaler)
	sizes := sc.Scales(s)
	if len(sizes) < 2 || sizes[0] != [2]int{41, 18} {
		t.Fatalf("scales %v", sizes)
	}
	d := compose(t, s).(games.ScaledDraft)
	for k, size := range sizes {
		if k > 0 && (size[0] <= sizes[k-1][0] || size[1] <= sizes[k-1][1]) {
			t.Fatalf("scale %d, %v, is no larger than scale %d, %v", k, size, k-1, sizes[k-1])
		}
		for _, p := range games.Palettes {
			for what, board := range map[string]string{"board": sc.ScaledBoard(s, 0, p, k), "draft": d.ScaledBoard(p, k)} {
				lines := strings.Split(board, "\n")
				if len(lines) != size[1] {
					t.Fatalf("scale %d, palette %d, %s: %d lines, want %d", k, p, what, len(lines), size[1])
				}
				for i, l := range lines {
					if w := ansi.StringWidth(l); w != size[0] {
						t.Fatalf("scale %d, palette %d, %s: line %d is %d wide, want %d:\n%s", k, p, what, i, w, size[0], board)
					}
				}
				if p == games.Plain && strings.Contains(board, "\x1b") {
					t.Fatalf("scale %d: escapes in Plain", k)
				}
			}
		}
	}
	if View.Board(s, 0, games.ANSI16) != sc.ScaledBoard(s, 0, games.ANSI16, 0) {
		t.Fatal("Board is not scale 0")
	}
}

// cellText is the text of cell h on a board drawn at scale k (its colours stripped), line by
// line, found as a person finds it: under its name, "(2,3)", cellWidth columns from the
// name's first. It is nil when the board names no such cell.
func cellText(board string, k int, h garden.Hex) []string {
	sc := scales[k]
	lines := strings.Split(ansi.Strip(board), "\n")
	for y, l := range lines {
		col := strings.Index(l, h.String())
		if col < 0 || y+sc.cellLines() >= len(lines) {
			continue
		}
		var out []string
		for _, l := range lines[y+1 : y+1+sc.cellLines()] {
			out = append(out, strings.TrimRight(string([]rune(l)[col:col+sc.cellWidth]), " "))
		}
		return out
	}
	return nil
}

// At the larger scales every cell says in words, in its place, who holds it and with how
// many creatures, its terrain or special and what it yields or costs; at the largest, its
// status and flags.
func TestTheLargerScalesSayEachCellInWords(t *testing.T) {
	s := scaledGarden(t)
	for k := 1; k < len(scales); k++ {
		board := View.(games.Scaler).ScaledBoard(s, 0, games.Plain, k)
		for h := range garden.Hex(garden.NumCells) {
			c := s.Cell(h)
			lines := cellText(board, k, h)
			owner, creatures := " ·", ""
			if !c.Empty() {
				owner = fmt.Sprintf(" %s%d", Letters[c.Owner], c.Creatures)
				creatures = " " + strings.TrimSpace(strings.Repeat("o ", int(c.Creatures)))
				if k == 2 {
					creatures = fmt.Sprintf(" %d creature", c.Creatures) // or creatures
				}
			}
			site, yield := " "+c.Terrain.String(), fmt.Sprintf(" %s +%d", c.Resource, c.Yield)
			if c.Kind != garden.Simple {
				site, yield = " "+strings.ToUpper(c.Kind.String()), costText(lang.English, garden.CostOf(c.Kind))
			}
			n := len(lines)
			if !strings.HasPrefix(lines[0], owner) || !strings.HasPrefix(lines[1], creatures) ||
				lines[n-2] != site || !strings.HasSuffix(lines[n-1], yield) {
				t.Fatalf("scale %d: cell %s reads %q, want %q, %q, %q, %q:\n%s", k, h, lines, owner, creatures, site, yield, board)
			}
		}
	}
	board := View.(games.Scaler).ScaledBoard(s, 0, games.Plain, 2)
	if got := cellText(board, 2, at(2, 3)); got[0] != " b4~&" || got[2] != " poison 2" || got[3] != " forged pinned" {
		t.Fatalf("the poisoned, forged and pinned cell reads %q", got)
	}
	if got := cellText(board, 2, at(3, 2)); got[2] != " protected" {
		t.Fatalf("the protected cell reads %q", got)
	}
}

// A draft marks the cursor, the source and the targets at every scale: '>', '*' and '+'
// before the owner in Plain, reversed and underlined in colour.
func TestADraftMarksItsChoiceAtEveryScale(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 4).put(at(2, 3), 1, 2).state()
	d := compose(t, s)
	keys(t, d, "enter", "tab") // from (2,2); the cursor on its second target
	sd := d.(games.ScaledDraft)
	for k := range scales {
		board := sd.ScaledBoard(games.Plain, k)
		cursor := d.(*draft).cursor
		if got := cellText(board, k, at(2, 2))[0]; got != "*a4" {
			t.Fatalf("scale %d: the source reads %q:\n%s", k, got, board)
		}
		if got := cellText(board, k, cursor)[0]; got[0] != '>' {
			t.Fatalf("scale %d: the cursor on %s reads %q:\n%s", k, cursor, got, board)
		}
		for _, n := range garden.Neighbours(at(2, 2)) {
			if got := cellText(board, k, n)[0]; n != cursor && got[0] != '+' {
				t.Fatalf("scale %d: the target %s reads %q:\n%s", k, n, got, board)
			}
		}
		colour := sd.ScaledBoard(games.ANSI256, k)
		for _, sgr := range []string{"\x1b[0;1;7;", "\x1b[0;1;4;", "\x1b[0;4;"} {
			if !strings.Contains(colour, sgr) {
				t.Fatalf("scale %d: no %q in colour", k, sgr)
			}
		}
	}
}

// Every cell of the garden is named on the board as the help, the prompts and the bots'
// commands name it, "(r,q)", row then column from 0, once, at every scale and in every
// palette: over the cell's place in the hexagon (column halfStep·(2q + r - 2)), and what is
// drawn under the name is that cell: its owner and creatures, its terrain or special. The
// names are grey in colour, apart from the cells' colours.
func TestEveryCellIsNamedOverIt(t *testing.T) {
	s := scaledGarden(t)
	for k, sc := range scales {
		for _, p := range games.Palettes {
			board := View.(games.Scaler).ScaledBoard(s, 0, p, k)
			plain := ansi.Strip(board)
			for h := range garden.Hex(garden.NumCells) {
				name := h.String()
				if n := strings.Count(plain, name); n != 1 {
					t.Fatalf("scale %d palette %d: %s is named %d times:\n%s", k, p, name, n, plain)
				}
				line := strings.Split(plain, "\n")[slices.IndexFunc(strings.Split(plain, "\n"), func(l string) bool { return strings.Contains(l, name) })]
				if col := strings.Index(line, name); col != sc.halfStep*(2*h.Q()+h.R()-2) {
					t.Fatalf("scale %d: %s named at column %d, its cell at %d", k, name, col, sc.halfStep*(2*h.Q()+h.R()-2))
				}
				c := s.Cell(h)
				lines := cellText(board, k, h)
				if want := strings.TrimRight(markLine(c, markNone), " "); lines[0] != want {
					t.Fatalf("scale %d palette %d: under %s, %q; the cell is %q:\n%s", k, p, name, lines[0], want, plain)
				}
				site := siteLabel(lang.English, c)
				if k > 0 {
					site = siteName(lang.English, c)
				}
				if !slices.ContainsFunc(lines, func(l string) bool { return strings.TrimSpace(l) == site }) {
					t.Fatalf("scale %d palette %d: under %s, %q; the cell is %q", k, p, name, lines, site)
				}
			}
			if p != games.Plain && !strings.HasPrefix(board, "\x1b[0;"+coordSGR[int(p)-1]+"m") {
				t.Fatalf("scale %d palette %d: the names are not grey", k, p)
			}
		}
	}
}
