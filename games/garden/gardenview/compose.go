package gardenview

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
)

// A person's command is composed on the board. A cursor (arrows, tab through the cells that
// make sense now, or the cell's row and column typed as two digits) picks a cell, enter
// takes it: in conquest the cell to move from, then
// where to; p opens a menu of the powers and abilities the player can afford now, a digit
// picks one, and its cells are chosen the same way. In reinforcement enter places a
// creature under the cursor. Clans are picked with a digit. e ends the phase (in
// reinforcement with creatures left, e twice); esc goes back one choice.

// Compose starts seat's decision (games.Composer).
func (view) Compose(st games.State, seat int) games.Draft {
	s, ok := st.(*garden.State)
	if !ok || seat < 0 || seat >= garden.Players {
		return nil
	}
	d := &draft{s: s, seat: seat, verb: garden.Move, from: garden.NoHex, cursor: garden.StartHex(seat)}
	if c := d.candidates(); len(c) > 0 {
		d.cursor = c[0]
	}
	return d
}

type draft struct {
	s      *garden.State
	seat   int
	verb   garden.Verb // the command being composed: Move unless a power was picked
	from   garden.Hex  // the cell chosen to act from, NoHex while choosing it
	cursor garden.Hex
	menu   bool   // the powers menu is open
	ending bool   // e was pressed once with creatures left to place
	typed  string // the row typed, waiting for its column
	note   string // why the last choice did nothing
}

// needsSource: these commands name the cell they start from first.
func (d *draft) needsSource() bool {
	if d.s.Phase() != garden.Conquest {
		return false
	}
	return d.verb == garden.Move || d.verb == garden.SkyAttack || d.verb == garden.Zone && d.s.Player(d.seat).Clan == garden.Lumberjacks
}

// legal are the seat's legal commands of the verb being composed.
func (d *draft) legal() []garden.Action {
	if d.s.Phase() == garden.Reinforcement {
		var out []garden.Action
		for _, h := range d.s.PlaceTargets(d.seat) {
			out = append(out, garden.PlaceAction(h))
		}
		return out
	}
	var out []garden.Action
	for _, a := range d.s.ConquestActions(d.seat) {
		if a.Verb == d.verb && (d.from == garden.NoHex || a.From == d.from) {
			out = append(out, a)
		}
	}
	return out
}

// candidates are the cells tab goes through: sources to choose, else targets.
func (d *draft) candidates() []garden.Hex {
	var out []garden.Hex
	for _, a := range d.legal() {
		h := a.To
		if d.from == garden.NoHex && d.needsSource() {
			h = a.From
		}
		if !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return out
}

// powers lists the verbs the menu offers: those with a legal command now, in menu order.
func (d *draft) powers() []garden.Verb {
	var out []garden.Verb
	for _, a := range d.s.ConquestActions(d.seat) {
		if a.Verb != garden.Move && !slices.Contains(out, a.Verb) {
			out = append(out, a.Verb)
		}
	}
	return out
}

func (d *draft) Key(key string) (games.Action, bool, bool) {
	d.note = ""
	if key != "e" {
		d.ending = false
	}
	if d.s.Phase() == garden.ChoosingClans {
		return d.clanKey(key)
	}
	if d.menu {
		return d.menuKey(key)
	}
	switch key {
	case "e":
		if d.s.Phase() == garden.Reinforcement && !d.ending && len(d.s.PlaceTargets(d.seat)) > 0 {
			d.ending = true
			d.note = fmt.Sprintf("e again: end and lose %s", games.Count(d.s.Player(d.seat).Pending, "creature", "creatures"))
			return nil, false, true
		}
		return garden.EndAction, true, true
	case "p":
		if d.s.Phase() == garden.Conquest && len(d.powers()) > 0 {
			d.menu = true
		} else {
			d.note = "no power you can pay for now"
		}
	case "up", "down", "left", "right":
		d.cursor = step(d.cursor, key)
	case "tab", "shift+tab":
		d.cycle(key == "tab")
	case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9":
		d.typeDigit(key)
	case "enter", " ":
		return d.choose()
	case "esc", "backspace":
		switch {
		case d.typed != "":
			d.typed = ""
		case d.from != garden.NoHex:
			d.from = garden.NoHex
		case d.verb != garden.Move:
			d.verb = garden.Move
		default:
			return nil, false, false // nothing to cancel: the screen's key
		}
	default:
		return nil, false, false
	}
	return nil, false, true
}

func (d *draft) clanKey(key string) (games.Action, bool, bool) {
	if key == "r" {
		return garden.ClanAction(garden.NoClan), true, true
	}
	if len(key) == 1 && key[0] >= '1' && key[0] <= '4' {
		c := garden.Clans[key[0]-'1']
		if other := 1 - d.seat; d.s.Player(other).Clan == c {
			d.note = fmt.Sprintf("%s leads the %s: choose another clan", Letters[other], c)
			return nil, false, true
		}
		if err := d.s.Validate(d.seat, garden.ClanAction(c)); err != nil {
			d.note = err.Error()
			return nil, false, true
		}
		return garden.ClanAction(c), true, true
	}
	return nil, false, false
}

func (d *draft) menuKey(key string) (games.Action, bool, bool) {
	ps := d.powers()
	switch {
	case key == "esc" || key == "p":
		d.menu = false
	case len(key) == 1 && key[0] >= '1' && int(key[0]-'1') < len(ps):
		d.verb, d.from, d.menu = ps[key[0]-'1'], garden.NoHex, false
		if c := d.candidates(); len(c) > 0 {
			d.cursor = c[0]
		}
	case key == "e":
		return garden.EndAction, true, true
	default:
		return nil, false, false
	}
	return nil, false, true
}

// typeDigit takes a row, then its column: the cursor jumps to the cell.
func (d *draft) typeDigit(digit string) {
	if d.typed == "" {
		d.typed = digit
		return
	}
	r, q := int(d.typed[0]-'0'), int(digit[0]-'0')
	d.typed = ""
	if h := garden.HexAt(r, q); h != garden.NoHex {
		d.cursor = h
		return
	}
	d.note = fmt.Sprintf("(%d,%d) is not a cell of the garden", r, q)
}

// cycle moves the cursor to the next (or previous) candidate cell.
func (d *draft) cycle(forward bool) {
	c := d.candidates()
	if len(c) == 0 {
		return
	}
	i := slices.Index(c, d.cursor)
	switch {
	case forward:
		i = (i + 1) % len(c)
	case i <= 0:
		i = len(c) - 1
	default:
		i--
	}
	d.cursor = c[i]
}

// choose takes the cell under the cursor.
func (d *draft) choose() (games.Action, bool, bool) {
	h := d.cursor
	if d.s.Phase() == garden.Reinforcement {
		return d.play(garden.PlaceAction(h))
	}
	if d.from == garden.NoHex && d.needsSource() {
		for _, a := range d.legal() {
			if a.From == h {
				d.from = h
				if c := d.candidates(); len(c) > 0 {
					d.cursor = c[0]
				}
				return nil, false, true
			}
		}
		d.note = fmt.Sprintf("%s cannot act: pick a + cell (yours, 2+ creatures, not pinned)", h)
		return nil, false, true
	}
	return d.play(garden.Action{Verb: d.verb, From: d.from, To: h})
}

// play sends a when the rules take it, else says why not.
func (d *draft) play(a garden.Action) (games.Action, bool, bool) {
	if err := d.s.Validate(d.seat, a); err != nil {
		d.note = err.Error()
		return nil, false, true
	}
	return a, true, true
}

func (d *draft) Board(p games.Palette) string { return d.ScaledBoard(p, 0) }

var _ games.ScaledDraft = (*draft)(nil)

// ScaledBoard draws the board at scale k with the cursor, the source and the targets marked.
func (d *draft) ScaledBoard(p games.Palette, k int) string {
	marks := map[garden.Hex]mark{}
	if d.s.Phase() != garden.ChoosingClans {
		for _, h := range d.candidates() {
			marks[h] = markTarget
		}
		if d.from != garden.NoHex {
			marks[d.from] = markSource
		}
		marks[d.cursor] = markCursor
	}
	return drawBoard(d.s, p, marks, d.footer(), k)
}

// footer is the turn, then the cell under the cursor and the player's own line, or the
// menu being chosen from.
func (d *draft) footer() [footLines]string {
	foot := footer(d.s)
	foot[1] = d.describe(d.cursor)
	switch {
	case d.s.Phase() == garden.ChoosingClans:
		foot[1], foot[2] = d.clanItem(0)+d.clanItem(1), d.clanItem(2)+d.clanItem(3)
	case d.menu:
		var items []string
		for i, v := range d.powers() {
			items = append(items, fmt.Sprintf("%d %s", i+1, d.powerTitle(v)))
		}
		foot[2] = strings.Join(items, "  ")
	default:
		foot[2] = View.Status(d.s, d.seat)
	}
	return foot
}

// clanItem is clan i's item in the clan menu, its key and its power ("1 Cooks: poison"), or
// whose it is when the opponent has it ("3 Miners (b's)"); two items fill a footer line.
func (d *draft) clanItem(i int) string {
	c := garden.Clans[i]
	item := fmt.Sprintf("%d %s: %s", i+1, clanTitles[c], strings.ToLower(zoneTitles[c]))
	if d.s.Player(1-d.seat).Clan == c {
		item = fmt.Sprintf("%d %s (%s's)", i+1, clanTitles[c], Letters[1-d.seat])
	}
	if i%2 == 0 {
		return fmt.Sprintf("%-20s", item)
	}
	return item
}

// zoneTitles name each clan's zone attack by what it does.
var zoneTitles = [...]string{"Zone", "Poison", "Forge", "Pin", "Deport"}

// powerTitle names a menu item; the zone attack by what it does for the player's clan.
func (d *draft) powerTitle(v garden.Verb) string {
	if v == garden.Zone {
		return zoneTitles[d.s.Player(d.seat).Clan]
	}
	return [...]string{garden.SkyAttack: "Sky", garden.BBQPower: "BBQ", garden.PoolPower: "Pool", garden.Pillage: "Pillage"}[v]
}

// describe says what cell h is: "(2,3) grass food+2: a 3 poison 2 pinned", with the
// site's short label ("gF2") where the words would not fit the board's width.
func (d *draft) describe(h garden.Hex) string {
	c := d.s.Cell(h)
	site := c.Kind.Title()
	if c.Kind == garden.Simple {
		site = fmt.Sprintf("%s %s+%d", c.Terrain, c.Resource, c.Yield)
	}
	var state string
	if !c.Empty() {
		state = fmt.Sprintf(": %s %d", Letters[c.Owner], c.Creatures)
	}
	if w := statusWords(c); w != "" {
		state += " " + w
	}
	if w := flagWords(c); w != "" {
		state += " " + w
	}
	if text := h.String() + " " + site + state; utf8.RuneCountInString(text) <= scales[0].width() {
		return text
	}
	return h.String() + " " + siteLabel(c) + state
}

// Prompt is one line of at most PromptWidth columns, whole: what is being chosen or what
// enter will do, then as many of its keys as fit (the footer's keys say the rest).
func (d *draft) Prompt() string {
	if d.note != "" {
		return fitPrompt(d.note, "esc back")
	}
	if d.typed != "" {
		return fitPrompt(fmt.Sprintf("Row %s: now type the column (0-6)", d.typed), "backspace back")
	}
	switch {
	case d.s.Phase() == garden.ChoosingClans:
		return fitPrompt("Choose your clan: 1-4, r at random", "its power costs 8 conquest points", "? help")
	case d.s.Phase() == garden.Reinforcement:
		return fitPrompt(fmt.Sprintf("Place %s: enter puts one under the cursor", games.Count(d.s.Player(d.seat).Pending, "creature", "creatures")), "tab next cell", "e end")
	case d.menu:
		return fitPrompt("Powers you can pay for: a digit picks one", "esc close")
	case d.s.ActionsLeft() <= 0:
		return fitPrompt("No action left this turn: e ends the conquest, then place your creatures")
	case d.from == garden.NoHex && d.needsSource():
		return fitPrompt(fmt.Sprintf("%s from which cell? (%d left)", verbTitles[d.verb], d.s.ActionsLeft()), "tab/arrows, enter", "p powers", "e end")
	}
	if !slices.Contains(d.candidates(), d.cursor) {
		return fitPrompt(fmt.Sprintf("%s: not a cell to %s now", d.cursor, d.verb.String()), "tab the next + cell", "esc back")
	}
	return fitPrompt(d.preview(garden.Action{Verb: d.verb, From: d.from, To: d.cursor}), "enter go", "esc back")
}

// PromptWidth is the widest a prompt is: the lobby gives it one line of the smallest window.
const PromptWidth = 80

// ruleRef is the reference a refusal ends with, for programs: " (rules: Moving and attacking)".
var ruleRef = regexp.MustCompile(` \(rules: [^)]*\)$`)

// fitPrompt is text, without its rule reference when it is too long, then each key hint
// that still fits, in order.
func fitPrompt(text string, keys ...string) string {
	if utf8.RuneCountInString(text) > PromptWidth {
		text = ruleRef.ReplaceAllString(text, "")
	}
	for _, k := range keys {
		if utf8.RuneCountInString(text+" · "+k) > PromptWidth {
			break
		}
		text += " · " + k
	}
	return text
}

// verbTitles begin a prompt.
var verbTitles = [...]string{garden.Move: "Move", garden.SkyAttack: "Sky attack", garden.Zone: "Deport", garden.End: "End"}

// preview says what a legal command will do before enter plays it: who moves, the odds of
// a fight, what it costs ("move (2,2) → (2,3): 4 dice vs 2, 88% to win, 3 wood if won").
func (d *draft) preview(a garden.Action) string {
	t := d.s.Cell(a.To)
	me := d.s.Player(d.seat)
	enemy := !t.Empty() && int(t.Owner) != d.seat
	var line string
	switch a.Verb {
	case garden.Move, garden.SkyAttack:
		n := int(d.s.Cell(a.From).Creatures)
		if !enemy {
			line = fmt.Sprintf("%s %s → %s: %d go, 1 stays", a.Verb.String(), a.From, a.To, n-1)
			break
		}
		line = fmt.Sprintf("%s %s → %s: %d dice vs %d, %.0f%% to win", a.Verb.String(), a.From, a.To, n, t.Creatures, 100*d.s.CombatChance(a.From, a.To))
	case garden.BBQPower, garden.PoolPower:
		line = fmt.Sprintf("%s %s: kills %d of %d", a.Verb.String(), a.To, min(garden.PowerKills, int(t.Creatures)), t.Creatures)
	case garden.Pillage:
		line = fmt.Sprintf("pillage %s: kills 1, steals up to %d %s", a.To, garden.PillageSteal, me.Clan.Resource())
	case garden.Zone:
		effect := [...]string{
			garden.Cooks:       fmt.Sprintf("poisoned for %d turns", garden.PoisonTicks),
			garden.Blacksmiths: "d9 in its fights",
			garden.Miners:      fmt.Sprintf("pinned for %d turns", garden.ImmobileTurns),
			garden.Lumberjacks: "its creatures deported, then yours",
		}[me.Clan]
		line = fmt.Sprintf("%s %s: %s", strings.ToLower(d.powerTitle(garden.Zone)), a.To, effect)
	default:
		line = a.String()
	}
	var pays []string
	switch a.Verb {
	case garden.SkyAttack:
		pays = append(pays, costText(garden.CostOf(garden.Sky)))
	case garden.BBQPower, garden.PoolPower:
		pays = append(pays, costText(garden.CostOf(garden.PowerKind(a.Verb))))
	case garden.Pillage, garden.Zone:
		pays = append(pays, fmt.Sprintf("%d points", garden.AbilityCost))
	}
	if t.Kind != garden.Simple && (a.Verb == garden.Move || a.Verb == garden.SkyAttack || a.Verb == garden.Zone && me.Clan == garden.Lumberjacks) {
		entry := costText(garden.CostOf(t.Kind))
		if enemy && a.Verb != garden.Zone {
			entry += " if won"
		}
		pays = append(pays, entry)
	}
	if len(pays) > 0 {
		line += ", pays " + strings.Join(pays, " + ")
	}
	if t.Status == garden.Protected && enemy {
		line += " (protected: fails)"
	}
	return line
}

// costText is "3 wood".
func costText(c garden.Cost) string { return fmt.Sprintf("%d %s", c.Amount, c.Resource) }

// step moves a cursor across the garden: left and right along its row, up and down to the
// nearest cell of the next row; it stays at the edge.
func step(h garden.Hex, key string) garden.Hex {
	r, q := h.R(), h.Q()
	switch key {
	case "left", "right":
		dq := 1
		if key == "left" {
			dq = -1
		}
		if n := garden.HexAt(r, q+dq); n != garden.NoHex {
			return n
		}
		return h
	}
	dr := 1
	if key == "up" {
		dr = -1
	}
	best, bestDist := h, 1<<30
	x := 2*q + r
	for nq := range garden.Cols {
		if n := garden.HexAt(r+dr, nq); n != garden.NoHex {
			if dist := abs(2*nq + r + dr - x); dist < bestDist {
				best, bestDist = n, dist
			}
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
