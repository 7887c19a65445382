package lobby

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/rooms"
)

// ---- home ----

type homeScreen struct {
	game   int // index in catalog.All()
	cursor int
}

type homeItem int

const (
	itemQuick homeItem = iota
	itemHouseBot
	itemProgram
	itemPrivate
	itemJoin
	itemWatch
	itemLeaderboard
	itemTournaments
	itemRules
	itemQuit
)

// homeItems is the home menu, drawn from this table, and its help page too: about fits the
// menu's line at 80 columns, more says it in full on the help page ("" : about is enough).
var homeItems = []struct{ label, about, more string }{
	itemQuick: {"Quick match", "the next player who comes, else a house bot",
		"you play the next person who asks for the same game; after a short wait a house bot takes the empty seat"},
	itemHouseBot: {"Play house bots", "choose your opponents and the board",
		"choose how many play, a house bot for each other seat, and the board"},
	itemProgram: {"Play a student's bot", "a program waiting for opponents",
		"play a program that waits for opponents (ssh HOST bot --game GAME)"},
	itemPrivate: {"Create a private room", "get a code to give your friends",
		"you get a code; your friends pick \"Join with a code\" and type it"},
	itemJoin:        {"Join with a code", "a friend's private room", "type the code of a friend's private room"},
	itemWatch:       {"Watch a live room", "spectate any game being played", ""},
	itemLeaderboard: {"Leaderboard", "the ratings of this game's players", ""},
	itemTournaments: {"Join a tournament", "enter with your teacher's code; standings",
		"type the code your teacher gives: the standings, live, and j to enter"},
	itemRules: {"Rules and keys", "how this game is played", ""},
	itemQuit:  {"Quit", "", "leave the arena"},
}

// itemKey is the key that picks a menu item: its digit, q for Quit.
func itemKey(i homeItem) string {
	if i == itemQuit {
		return "q" // digits pick the items before it; q quits anywhere
	}
	return fmt.Sprint(int(i) + 1)
}

func (h *homeScreen) entry() catalog.Entry {
	all := catalog.All()
	return all[h.game%len(all)]
}

func (h *homeScreen) update(m *model, msg tea.Msg) (screen, tea.Cmd) {
	key, ok := msg.(tea.KeyMsg)
	if !ok {
		return h, nil
	}
	n := len(catalog.All())
	switch key.String() {
	case "up", "k":
		h.cursor = (h.cursor + len(homeItems) - 1) % len(homeItems)
	case "down", "j":
		h.cursor = (h.cursor + 1) % len(homeItems)
	case "left", "h", "shift+tab":
		h.game = (h.game + n - 1) % n
	case "right", "l", "tab":
		h.game = (h.game + 1) % n
	case "q":
		m.s.detach()
		return h, tea.Quit
	case "enter", " ":
		return h.choose(m)
	default:
		// Digits pick an item directly.
		if s := key.String(); len(s) == 1 && s[0] >= '1' && int(s[0]-'1') < len(homeItems) {
			h.cursor = int(s[0] - '1')
			return h.choose(m)
		}
	}
	return h, nil
}

func (h *homeScreen) choose(m *model) (screen, tea.Cmd) {
	e := h.entry()
	cfg, err := humanConfig(e, 0, m.width(), m.height())
	if err != nil {
		m.notice = err.Error()
		return h, nil
	}
	switch homeItem(h.cursor) {
	case itemQuick:
		q := &queueScreen{entry: e, cfg: cfg}
		return q, q.init(m)
	case itemProgram:
		return &programScreen{entry: e, home: h}, nil
	case itemHouseBot:
		return newSetupScreen(e, cfg, true, h), nil
	case itemPrivate:
		return newSetupScreen(e, cfg, false, h), nil
	case itemJoin:
		return &joinScreen{home: h}, nil
	case itemWatch:
		return &watchScreen{home: h}, nil
	case itemLeaderboard:
		return newLeaderboardScreen(m, e, h), nil
	case itemTournaments:
		return &tournamentsScreen{home: h}, nil
	case itemRules:
		return &rulesScreen{entry: e, back: h}, nil
	default:
		m.s.detach()
		return h, tea.Quit
	}
}

func (h *homeScreen) view(m *model) string {
	st := m.s.st
	var b strings.Builder
	b.WriteString(m.header(st.dim.Render(fmt.Sprintf("%d online", len(m.s.app.Online())))) + "\n\n")
	// Game tabs.
	for i, e := range catalog.All() {
		if i == h.game%len(catalog.All()) {
			b.WriteString(st.selected.Render("[" + e.Game.Name() + "]"))
		} else {
			b.WriteString(st.dim.Render(" " + e.Game.Name() + " "))
		}
		b.WriteString(" ")
	}
	b.WriteString("\n\n")
	e := h.entry()
	for i, it := range homeItems {
		b.WriteString(item(st, itemKey(homeItem(i))+"  "+it.label, 28, i == h.cursor))
		about := it.about
		switch homeItem(i) {
		case itemQuick:
			if w := m.s.app.mm.Waiting(e.Game.ID()); w > 0 {
				about = fmt.Sprintf("%d waiting now — join them", w)
			}
		case itemHouseBot:
			about = onlineLine(strings.Split(bots.Names(e.Bots, false), ", "), m.width()-34)
		case itemProgram:
			if n := len(m.s.app.mm.WaitingPrograms(e.Game.ID())); n > 0 {
				about = fmt.Sprintf("%d waiting now", n)
			} else {
				about = "none now (ssh … bot --game " + e.Game.ID() + ")"
			}
		}
		b.WriteString("  " + st.dim.Render(fit(about, m.width()-34)) + "\n")
	}
	b.WriteString("\n" + st.heading.Render("Live rooms") + "\n")
	online := onlineLine(m.s.app.Online(), m.width()-10)
	// Show as many rooms as the window has rows for, below the menu and above who is online.
	shown := max(m.height()-len(homeItems)-12, 1)
	list := m.s.app.hub.List()
	if len(list) == 0 {
		b.WriteString(st.dim.Render("  none yet — start one!") + "\n")
	}
	for i, r := range list {
		if i == shown-1 && len(list) > shown {
			b.WriteString(st.dim.Render(fmt.Sprintf("  … and %d more (Watch a live room)", len(list)-i)) + "\n")
			break
		}
		b.WriteString("  " + fit(roomLine(r), m.width()-3) + "\n")
	}
	b.WriteString("\n" + st.heading.Render("Online") + "  " + online + "\n\n")
	b.WriteString(m.keyline("↑/↓", "choose", "enter", "select", "←/→", "game", "?", "help", "q", "quit"))
	return b.String()
}

// onlineLine names who is online on one line of width cells: as many names as fit, then how
// many more, so that the home screen keeps its shape with a thousand people online.
func onlineLine(names []string, width int) string {
	var b strings.Builder
	used := 0
	for i, name := range names {
		name = clean(name)
		more := ""
		if rest := len(names) - i - 1; rest > 0 {
			more = fmt.Sprintf(", … and %d more", rest)
		}
		sep := ""
		if i > 0 {
			sep = ", "
		}
		w := ansi.StringWidth(sep + name)
		// This name fits if the count of the others still fits after it.
		if used+w+ansi.StringWidth(more) > width && i > 0 {
			fmt.Fprintf(&b, ", … and %d more", len(names)-i)
			return b.String()
		}
		b.WriteString(sep + name)
		used += w
	}
	return b.String()
}

func roomLine(r rooms.Info) string {
	watching := ""
	if r.Spectators > 0 {
		watching = fmt.Sprintf("  %d watching", r.Spectators)
	}
	return fmt.Sprintf("%-5s %-10s %-8s %s%s", r.ID, r.GameName, r.Status, clean(r.Players()), watching)
}

// help lists every item of the menu, from the table the menu is drawn from.
func (h *homeScreen) help(m *model) string {
	// The shell example plays the game shown, against its strongest bot.
	e := h.entry()
	example := fmt.Sprintf("ssh -t HOST play %s --vs %s", e.Game.ID(), e.Strongest)
	var b strings.Builder
	b.WriteString("arena — classroom games over SSH\n\nPick a game with ←/→ (now " + e.Game.Name() + "), then an item:\n")
	for i, it := range homeItems {
		about := it.about
		if it.more != "" {
			about = it.more
		}
		fmt.Fprintf(&b, "  %s %-22s  %s\n", itemKey(homeItem(i)), it.label, about)
	}
	b.WriteString(`
From a shell:
  ` + example + `
  ssh -t HOST watch ROOM
  ssh HOST rooms

Keys: ↑/↓ or j/k move, enter selects, digits pick an item, ? help, q quit
(ctrl+c anywhere).`)
	return b.String()
}

// ---- quick match queue ----

type queueScreen struct {
	entry  catalog.Entry
	cfg    map[string]int
	ticket *matchmaker.Ticket
	since  time.Time
	err    error
}

func (q *queueScreen) init(m *model) tea.Cmd {
	if q.ticket != nil {
		return nil
	}
	q.since = time.Now()
	cmd, err := m.s.queue(&matchmaker.Ticket{
		UserID: m.s.who.ID, Name: m.s.who.Name, Kind: rooms.Human, Game: q.entry.Entry, Config: q.cfg,
	})
	if err != nil {
		q.err = err
		return nil
	}
	m.s.mu.Lock()
	q.ticket = m.s.ticket
	m.s.mu.Unlock()
	return cmd
}

func (q *queueScreen) update(m *model, msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case assignedMsg:
		if msg.ticket != q.ticket {
			return q, nil
		}
		if msg.Err != nil {
			return m.toLobby("quick match: " + msg.Err.Error())
		}
		g := newGameScreen(msg.Room)
		return g, g.init(m)
	case tea.KeyMsg:
		switch msg.String() {
		case "esc", "q":
			return m.toLobby("")
		}
	}
	return q, nil
}

func (q *queueScreen) view(m *model) string {
	st := m.s.st
	var b strings.Builder
	b.WriteString(m.header(st.dim.Render(q.entry.Game.Name())) + "\n\n")
	if q.err != nil {
		b.WriteString(st.bad.Render(q.err.Error()) + "\n\n" + m.keyline("esc", "back"))
		return b.String()
	}
	what := q.entry.Game.Name()
	if n, ok := q.cfg["size"]; ok {
		what += fmt.Sprintf(" (%d×%d)", n, n)
	}
	b.WriteString(st.heading.Render("Quick match: "+what) + "\n\n")
	waited := max(m.now.Sub(q.since), 0) // a clock that went back must not index the spinner with -1
	left := m.s.app.mm.FillAfter() - waited
	if left < 0 {
		left = 0
	}
	spinner := []string{"◐", "◓", "◑", "◒"}[int(waited/(500*time.Millisecond))%4]
	looking, seats := "an opponent", "the seat"
	if n := matchmaker.TableSize(q.entry.Entry); n > 2 {
		looking, seats = fmt.Sprintf("players (%d at a table)", n), "the empty seats"
	}
	fmt.Fprintf(&b, "%s Looking for %s…\n\n", st.key.Render(spinner), looking)
	fmt.Fprintf(&b, "If nobody comes, %s takes %s in %s.\n\n", st.key.Render(q.entry.Strongest), seats, st.key.Render(fmt.Sprintf("%.0fs", left.Seconds())))
	b.WriteString(m.keyline("esc", "cancel"))
	return b.String()
}

func (q *queueScreen) help(m *model) string {
	return "Quick match seats you with the next person who asks for the same game\nand board size. After the wait, a house bot takes the empty seat.\n\nesc cancels."
}

// ---- join with a code ----

type joinScreen struct {
	input string
	home  *homeScreen
}

func (j *joinScreen) update(m *model, msg tea.Msg) (screen, tea.Cmd) {
	key, ok := msg.(tea.KeyMsg)
	if !ok {
		return j, nil
	}
	switch key.Type {
	case tea.KeyEsc:
		return j.home, nil
	case tea.KeyBackspace:
		if j.input != "" {
			j.input = j.input[:len(j.input)-1]
		}
		return j, nil
	case tea.KeyEnter:
		r, ok := m.s.app.hub.Find(j.input)
		if !ok || r.Code() == "" || !strings.EqualFold(r.Code(), j.input) {
			m.notice = fmt.Sprintf("no private room with code %q — check the code with your friend", j.input)
			return j, nil
		}
		if _, err := r.Join(m.s.who.ID, m.s.who.Name); err != nil {
			m.notice = err.Error()
			return j, nil
		}
		g := newGameScreen(r)
		return g, g.init(m)
	case tea.KeyRunes:
		for _, c := range strings.ToUpper(string(key.Runes)) {
			if len(j.input) < 8 && strings.ContainsRune(upperCodeChars, c) {
				j.input += string(c)
			}
		}
	}
	return j, nil
}

const upperCodeChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

func (j *joinScreen) view(m *model) string {
	st := m.s.st
	return m.header("") + "\n\n" + st.heading.Render("Join a private room") + "\n\n" +
		"Code: " + st.key.Render(j.input+"_") + "\n\n" +
		m.keyline("enter", "join", "esc", "back")
}

func (j *joinScreen) help(m *model) string {
	return "Type the code your friend sees on their screen (five letters and digits),\nthen enter."
}

// ---- watch a live room ----

type watchScreen struct {
	cursor int
	home   *homeScreen
}

func (w *watchScreen) update(m *model, msg tea.Msg) (screen, tea.Cmd) {
	key, ok := msg.(tea.KeyMsg)
	if !ok {
		return w, nil
	}
	list := m.s.app.hub.List()
	switch key.String() {
	case "up", "k":
		w.cursor = max(w.cursor-1, 0)
	case "down", "j":
		w.cursor = min(w.cursor+1, max(len(list)-1, 0))
	case "esc", "q":
		return w.home, nil
	case "enter", " ":
		if w.cursor < len(list) {
			if r, ok := m.s.app.hub.Find(list[w.cursor].ID); ok {
				g := newGameScreen(r)
				return g, g.init(m)
			}
		}
		m.notice = "that room has just closed"
	}
	return w, nil
}

func (w *watchScreen) view(m *model) string {
	st := m.s.st
	var b strings.Builder
	b.WriteString(m.header("") + "\n\n" + st.heading.Render("Live rooms") + "\n\n")
	list := m.s.app.hub.List()
	if len(list) == 0 {
		b.WriteString(st.dim.Render("No live rooms right now.") + "\n")
	}
	w.cursor = min(w.cursor, max(len(list)-1, 0))
	for i, r := range list {
		b.WriteString(item(st, roomLine(r), min(m.width()-4, 90), i == w.cursor) + "\n")
	}
	b.WriteString("\n" + m.keyline("↑/↓", "choose", "enter", "watch", "esc", "back"))
	return b.String()
}

func (w *watchScreen) help(m *model) string {
	return "Choose a room and press enter to watch it. Spectators see the same board\nas the players. From a shell: ssh -t HOST watch ROOM."
}

// ---- rules ----

type rulesScreen struct {
	entry catalog.Entry
	back  screen
	page  *pager
}

func (r *rulesScreen) update(m *model, msg tea.Msg) (screen, tea.Cmd) {
	if key, ok := msg.(tea.KeyMsg); ok {
		switch key.String() {
		case "esc", "q", "enter":
			return r.back, nil
		}
		if r.page != nil {
			r.page.key(key)
		}
	}
	return r, nil
}

func (r *rulesScreen) view(m *model) string {
	if r.page == nil {
		r.page = newPager()
	}
	// The header and a blank line above, a blank line and the key line below.
	r.page.set(rulesText(m, r.entry.Entry, m.width()-2), m.height()-4)
	keys := m.keyline("esc", "back")
	if w := r.page.where(); w != "" {
		keys += m.s.st.dim.Render(" · " + w)
	}
	return m.header(m.s.st.dim.Render(r.entry.Game.Name())) + "\n\n" + r.page.view() + "\n\n" + keys
}

func (r *rulesScreen) help(m *model) string {
	return "The rules and keys of " + r.entry.Game.Name() + ".\n\n" +
		"↑/↓ or j/k scroll a line, PgUp/PgDn or space a page, Home/End or g/G go to either end;\n" +
		"esc goes back."
}

// rulesText is a game's rules and keys, folded to width cells.
func rulesText(m *model, e playable.Entry, width int) string {
	st := m.s.st
	return st.heading.Render(e.Game.Name()) + "\n\n" + reflow(e.View.Rules(), width) + "\n\n" +
		st.heading.Render("Keys") + "\n" + keyTable(e.View.Keys(), width, func(k string) string { return st.key.Render(k) })
}

// panelWidth is the width of the side panel beside a board.
const panelWidth = 36

// item draws one line of a menu, width cells wide. The selected line is marked with a
// pointer as well as a colour, so that it shows on terminals without colour.
func item(st *styles, text string, width int, selected bool) string {
	if selected {
		return st.selected.Render("› " + fit(text, width))
	}
	return "  " + fit(text, width)
}

// ---- a student's program waiting in the queue ----

type programScreen struct {
	entry  catalog.Entry
	cursor int
	home   *homeScreen
}

func (p *programScreen) update(m *model, msg tea.Msg) (screen, tea.Cmd) {
	key, ok := msg.(tea.KeyMsg)
	if !ok {
		return p, nil
	}
	list := m.s.app.mm.WaitingPrograms(p.entry.Game.ID())
	switch key.String() {
	case "up", "k":
		p.cursor = max(p.cursor-1, 0)
	case "down", "j":
		p.cursor = min(p.cursor+1, max(len(list)-1, 0))
	case "esc", "q":
		return p.home, nil
	case "enter", " ":
		if p.cursor >= len(list) {
			return p, nil
		}
		r, err := m.s.app.mm.Challenge(list[p.cursor], m.s.who.ID, m.s.who.Name)
		if err != nil {
			m.notice = err.Error()
			return p, nil
		}
		g := newGameScreen(r)
		return g, g.init(m)
	}
	return p, nil
}

func (p *programScreen) view(m *model) string {
	st := m.s.st
	var b strings.Builder
	b.WriteString(m.header(st.dim.Render(p.entry.Game.Name())) + "\n\n" + st.heading.Render("Programs waiting for an opponent") + "\n\n")
	list := m.s.app.mm.WaitingPrograms(p.entry.Game.ID())
	if len(list) == 0 {
		b.WriteString(st.dim.Render("None right now. A program joins the queue with") + "\n")
		b.WriteString("  ssh -T -p PORT HOST bot --game " + p.entry.Game.ID() + "\n")
	}
	p.cursor = min(p.cursor, max(len(list)-1, 0))
	for i, w := range list {
		settings := ""
		if n, ok := w.Config["size"]; ok {
			settings = fmt.Sprintf("%d×%d", n, n)
		}
		b.WriteString(item(st, fmt.Sprintf("%-24s %s", clean(w.Name), settings), 40, i == p.cursor) + "\n")
	}
	b.WriteString("\n" + m.keyline("↑/↓", "choose", "enter", "play it", "esc", "back"))
	return b.String()
}

func (p *programScreen) help(m *model) string {
	return "Students' bots wait here for opponents. Pick one to play it: you move first.\nThe game uses the program's settings (board size)."
}

func (*homeScreen) showsLobby()    {}
func (*watchScreen) showsLobby()   {}
func (*programScreen) showsLobby() {}

func (*queueScreen) ticks() bool { return true }
