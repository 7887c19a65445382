package gardenview

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/lang"
)

// A person's command is composed on the board. A cursor (arrows, tab through the cells that
// make sense now, or the cell's row and column typed as two digits) picks a cell, enter
// takes it: in conquest the cell to move from, then
// where to; p opens a menu of the powers and abilities the player can afford now, a digit
// picks one, and its cells are chosen the same way. In reinforcement enter places a
// creature under the cursor. Clans are picked with a digit. e ends the phase (in
// reinforcement with creatures left, e twice); esc goes back one choice.

// Compose starts seat's decision (games.Composer).
func (v view) Compose(st games.State, seat int) games.Draft {
	s, ok := st.(*garden.State)
	if !ok || seat < 0 || seat >= garden.Players {
		return nil
	}
	d := &draft{l: v.l, s: s, seat: seat, verb: garden.Move, from: garden.NoHex, cursor: garden.StartHex(seat)}
	if c := d.candidates(); len(c) > 0 {
		d.cursor = c[0]
	}
	return d
}

type draft struct {
	l      lang.Lang // the language of the prompts and the footer
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
			d.note = d.l.Sprintf("e again: end and lose %d creatures", d.s.Player(d.seat).Pending)
			return nil, false, true
		}
		return garden.EndAction, true, true
	case "p":
		if d.s.Phase() == garden.Conquest && len(d.powers()) > 0 {
			d.menu = true
		} else {
			d.note = d.l.Sprintf("no power you can pay for now")
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
			d.note = d.l.Sprintf("%s leads the %s: choose another clan", Letters[other], c.Said().In(d.l))
			return nil, false, true
		}
		if err := d.s.Validate(d.seat, garden.ClanAction(c)); err != nil {
			d.note = lang.Say(err, d.l)
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
	d.note = d.l.Sprintf("(%d,%d) is not a cell of the garden", r, q)
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
		d.note = d.l.Sprintf("%s cannot act: pick a + cell (yours, 2+ creatures, not pinned)", h.String())
		return nil, false, true
	}
	return d.play(garden.Action{Verb: d.verb, From: d.from, To: h})
}

// play sends a when the rules take it, else says why not.
func (d *draft) play(a garden.Action) (games.Action, bool, bool) {
	if err := d.s.Validate(d.seat, a); err != nil {
		d.note = lang.Say(err, d.l)
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
	return drawBoard(d.l, d.s, p, marks, d.footer(), k)
}

// footer is the turn, then the cell under the cursor and the player's own line, or the
// menu being chosen from.
func (d *draft) footer() [footLines]string {
	foot := footer(d.l, d.s)
	foot[1] = d.describe(d.cursor)
	switch {
	case d.s.Phase() == garden.ChoosingClans:
		// A column of 20 cells, and two spaces at least before the second item: French's
		// longer items push it right rather than be cut at the board's width.
		pad := func(s string) string { return fmt.Sprintf("%-*s", max(20, utf8.RuneCountInString(s)+2), s) }
		foot[1], foot[2] = pad(d.clanItem(0))+d.clanItem(1), pad(d.clanItem(2))+d.clanItem(3)
	case d.menu:
		var items []string
		for i, v := range d.powers() {
			items = append(items, fmt.Sprintf("%d %s", i+1, d.powerTitle(v)))
		}
		foot[2] = strings.Join(items, "  ")
		if utf8.RuneCountInString(foot[2]) > scales[0].width() {
			// Longer names (French) take the line above too, the cell's description.
			cut := len(items) / 2
			foot[1], foot[2] = strings.Join(items[:cut], "  "), strings.Join(items[cut:], "  ")
		}
	default:
		foot[2] = view{l: d.l}.Status(d.s, d.seat)
	}
	return foot
}

// clanItem is clan i's item in the clan menu, its key and its power ("1 Cooks: poison"), or
// whose it is when the opponent has it ("3 Miners (b's)").
func (d *draft) clanItem(i int) string {
	c := garden.Clans[i]
	p := d.l.Printer()
	item := fmt.Sprintf("%d %s", i+1, p.Sprintf(clanItems[c]))
	if d.s.Player(1-d.seat).Clan == c {
		item = fmt.Sprintf("%d %s", i+1, p.Sprintf("%s (%s's)", p.Sprintf(clanTitles[c]), Letters[1-d.seat]))
	}
	return item
}

// clanItems are the clan menu's items: each clan and what its zone attack does.
var clanItems = [...]string{"", lang.N("Cooks: poison"), lang.N("Blacksmiths: forge"), lang.N("Miners: pin"), lang.N("Lumberjacks: deport")}

// zoneTitles name each clan's zone attack by what it does.
var zoneTitles = [...]string{lang.N("Zone"), lang.N("Poison"), lang.N("Forge"), lang.N("Pin"), lang.N("Deport")}

// powerTitle names a menu item; the zone attack by what it does for the player's clan.
func (d *draft) powerTitle(v garden.Verb) string {
	if v == garden.Zone {
		return d.l.Sprintf(zoneTitles[d.s.Player(d.seat).Clan])
	}
	return d.l.Sprintf(powerTitles[v])
}

// powerTitles name the powers of the menu.
var powerTitles = [...]string{garden.SkyAttack: lang.N("Sky"), garden.BBQPower: lang.N("BBQ"), garden.PoolPower: lang.N("Pool"), garden.Pillage: lang.N("Pillage")}

// describe says what cell h is: "(2,3) grass food+2: a 3 poison 2 pinned", with the
// site's short label ("gF2") where the words would not fit the board's width.
func (d *draft) describe(h garden.Hex) string {
	c := d.s.Cell(h)
	site := c.Kind.Said().In(d.l)
	if c.Kind == garden.Simple {
		site = fmt.Sprintf("%s %s+%d", d.l.Sprintf(terrainWords[c.Terrain]), d.l.Sprintf(resourceWords[c.Resource]), c.Yield)
	}
	var state string
	if !c.Empty() {
		state = fmt.Sprintf(": %s %d", Letters[c.Owner], c.Creatures)
	}
	if w := statusWords(d.l, c); w != "" {
		state += " " + w
	}
	if w := flagWords(d.l, c); w != "" {
		state += " " + w
	}
	if text := h.String() + " " + site + state; utf8.RuneCountInString(text) <= scales[0].width() {
		return text
	}
	return h.String() + " " + siteLabel(d.l, c) + state
}

// Prompt is one line of at most PromptWidth columns, whole: what is being chosen or what
// enter will do, then as many of its keys as fit (the footer's keys say the rest).
func (d *draft) Prompt() string {
	p := d.l.Printer()
	if d.note != "" {
		return fitPrompt(d.note, p.Sprintf("esc back"))
	}
	if d.typed != "" {
		return fitPrompt(p.Sprintf("Row %s: now type the column (0-6)", d.typed), p.Sprintf("backspace back"))
	}
	switch {
	case d.s.Phase() == garden.ChoosingClans:
		return fitPrompt(p.Sprintf("Choose your clan: 1-4, r at random"), p.Sprintf("its power costs 8 conquest points"), p.Sprintf("? help"))
	case d.s.Phase() == garden.Reinforcement:
		return fitPrompt(p.Sprintf("Place %d creatures: enter puts one under the cursor", d.s.Player(d.seat).Pending), p.Sprintf("tab next cell"), p.Sprintf("e end"))
	case d.menu:
		return fitPrompt(p.Sprintf("Powers you can pay for: a digit picks one"), p.Sprintf("esc close"))
	case d.s.ActionsLeft() <= 0:
		return fitPrompt(p.Sprintf("No action left this turn: e ends the conquest, then place your creatures"))
	case d.from == garden.NoHex && d.needsSource():
		return fitPrompt(p.Sprintf(sourcePrompts[d.verb], d.s.ActionsLeft()), p.Sprintf("tab/arrows, enter"), p.Sprintf("p powers"), p.Sprintf("e end"))
	}
	if !slices.Contains(d.candidates(), d.cursor) {
		return fitPrompt(p.Sprintf(notACellPrompts[d.verb], d.cursor.String()), p.Sprintf("tab the next + cell"), p.Sprintf("esc back"))
	}
	return fitPrompt(d.preview(garden.Action{Verb: d.verb, From: d.from, To: d.cursor}), p.Sprintf("enter go"), p.Sprintf("esc back"))
}

// PromptWidth is the widest a prompt is: the lobby gives it one line of the smallest window.
const PromptWidth = 80

// ruleRef is the reference a refusal ends with, for programs: " (rules: Moving and attacking)",
// in French " (règles : Se déplacer et attaquer)".
var ruleRef = regexp.MustCompile(` \((rules|règles) ?: [^)]*\)$`)

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

// sourcePrompts begin the choice of the cell a command starts from, by verb.
var sourcePrompts = [...]string{
	garden.Move:      lang.N("Move from which cell? (%d left)"),
	garden.SkyAttack: lang.N("Sky attack from which cell? (%d left)"),
	garden.Zone:      lang.N("Deport from which cell? (%d left)"),
}

// notACellPrompts say the cursor is on no cell the command being composed can take, by verb.
var notACellPrompts = [...]string{
	garden.Move:      lang.N("%s: not a cell to move now"),
	garden.SkyAttack: lang.N("%s: not a cell to sky now"),
	garden.BBQPower:  lang.N("%s: not a cell to bbq now"),
	garden.PoolPower: lang.N("%s: not a cell to pool now"),
	garden.Pillage:   lang.N("%s: not a cell to pillage now"),
	garden.Zone:      lang.N("%s: not a cell to zone now"),
}

// The previews' sentences, by verb (move and sky) and by clan (the zone attacks).
var (
	goPreviews    = [...]string{garden.Move: lang.N("move %s → %s: %d go, 1 stays"), garden.SkyAttack: lang.N("sky %s → %s: %d go, 1 stays")}
	fightPreviews = [...]string{garden.Move: lang.N("move %s → %s: %d dice vs %d, %.0f%% to win"), garden.SkyAttack: lang.N("sky %s → %s: %d dice vs %d, %.0f%% to win")}
	zonePreviews  = [...]string{
		garden.Cooks:       lang.N("poison %s: poisoned for %d turns"),
		garden.Blacksmiths: lang.N("forge %s: d9 in its fights"),
		garden.Miners:      lang.N("pin %s: pinned for %d turns"),
		garden.Lumberjacks: lang.N("deport %s: its creatures deported, then yours"),
	}
)

// preview says what a legal command will do before enter plays it: who moves, the odds of
// a fight, what it costs ("move (2,2) → (2,3): 4 dice vs 2, 88% to win, 3 wood if won").
func (d *draft) preview(a garden.Action) string {
	p := d.l.Printer()
	t := d.s.Cell(a.To)
	me := d.s.Player(d.seat)
	enemy := !t.Empty() && int(t.Owner) != d.seat
	var line string
	switch a.Verb {
	case garden.Move, garden.SkyAttack:
		n := int(d.s.Cell(a.From).Creatures)
		if !enemy {
			line = p.Sprintf(goPreviews[a.Verb], a.From.String(), a.To.String(), n-1)
			break
		}
		line = p.Sprintf(fightPreviews[a.Verb], a.From.String(), a.To.String(), n, int(t.Creatures), 100*d.s.CombatChance(a.From, a.To))
	case garden.BBQPower:
		line = p.Sprintf("bbq %s: kills %d of %d", a.To.String(), min(garden.PowerKills, int(t.Creatures)), int(t.Creatures))
	case garden.PoolPower:
		line = p.Sprintf("pool %s: kills %d of %d", a.To.String(), min(garden.PowerKills, int(t.Creatures)), int(t.Creatures))
	case garden.Pillage:
		line = p.Sprintf("pillage %s: kills 1, steals up to %s", a.To.String(), garden.Amount(me.Clan.Resource(), garden.PillageSteal).In(d.l))
	case garden.Zone:
		switch me.Clan {
		case garden.Cooks:
			line = p.Sprintf(zonePreviews[me.Clan], a.To.String(), garden.PoisonTicks)
		case garden.Miners:
			line = p.Sprintf(zonePreviews[me.Clan], a.To.String(), garden.ImmobileTurns)
		default:
			line = p.Sprintf(zonePreviews[me.Clan], a.To.String())
		}
	default:
		line = a.String()
	}
	var pays []string
	switch a.Verb {
	case garden.SkyAttack:
		pays = append(pays, costText(d.l, garden.CostOf(garden.Sky)))
	case garden.BBQPower, garden.PoolPower:
		pays = append(pays, costText(d.l, garden.CostOf(garden.PowerKind(a.Verb))))
	case garden.Pillage, garden.Zone:
		pays = append(pays, fmt.Sprintf("%d points", garden.AbilityCost)) // "points" in French too
	}
	if t.Kind != garden.Simple && (a.Verb == garden.Move || a.Verb == garden.SkyAttack || a.Verb == garden.Zone && me.Clan == garden.Lumberjacks) {
		entry := costText(d.l, garden.CostOf(t.Kind))
		if enemy && a.Verb != garden.Zone {
			entry = p.Sprintf("%s if won", entry)
		}
		pays = append(pays, entry)
	}
	if len(pays) > 0 {
		line += p.Sprintf(", pays %s", strings.Join(pays, " + "))
	}
	if t.Status == garden.Protected && enemy {
		line += p.Sprintf(" (protected: fails)")
	}
	return line
}

// costText is "3 wood".
func costText(l lang.Lang, c garden.Cost) string { return garden.Amount(c.Resource, c.Amount).In(l) }

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
