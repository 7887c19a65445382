package lobby

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// gameScreen shows one room to a player or a spectator: waiting, playing, finished.
type gameScreen struct {
	room         roomdir.Room
	seat         int // -1 for a spectator
	snap         *rooms.Snapshot
	confirmLeave bool
	attached     bool
	turn         turnDraft
	back         screen // where a spectator's esc goes (the wall); nil: the lobby
	clockHeld    bool   // the room stopped this player's clock while they read the help
}

func newGameScreen(r roomdir.Room) *gameScreen { return &gameScreen{room: r, seat: -1} }

func (g *gameScreen) init(m *model) tea.Cmd {
	m.lastGame = g.room.Game().Game.ID()
	if !g.attached {
		g.seat, g.snap = m.s.attach(g.room)
		g.attached = true
		if g.snap != nil {
			g.turn.follow(g.snap, g.seat)
		}
	}
	return nil
}

func (g *gameScreen) update(m *model, msg tea.Msg) (screen, tea.Cmd) {
	if !g.attached {
		g.init(m)
	}
	switch msg := msg.(type) {
	case snapMsg:
		if msg.snap.ID != g.room.ID() || (g.snap != nil && msg.snap.Version < g.snap.Version) {
			return g, nil // a stale frame from a room we left
		}
		g.snap = msg.snap
		g.turn.follow(g.snap, g.seat)
		if g.seat >= 0 && g.snap.ToMove == g.seat && strings.HasPrefix(m.notice, notYourTurn) {
			m.notice = "" // it is now
		}
		for _, key := range g.turn.typedAhead(g.snap) {
			g.key(m, key) // a key may send the decision: the rest wait for the next draft
		}
		return g.follow(m)
	case tea.KeyMsg:
		// Keys typed fast (or pasted) arrive as one message of several runes: each is a key.
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Alt {
			var next screen = g
			var cmd tea.Cmd
			for _, r := range msg.Runes {
				if next != screen(g) {
					break // a key left the game screen: the rest belonged to it
				}
				next, cmd = g.key(m, string(r))
			}
			return next, cmd
		}
		return g.key(m, msg.String())
	}
	return g, nil
}

// follow reacts to what the room became: closed rooms send everyone back to the lobby and
// a rematch takes everyone along.
func (g *gameScreen) follow(m *model) (screen, tea.Cmd) {
	s := g.snap
	if s.Status == rooms.Closed {
		why := s.Error
		if why == "" {
			why = "the room has closed"
		}
		if g.back != nil && g.seat < 0 {
			m.notice = why
			return g.leaveWatching(m)
		}
		return m.toLobby(why)
	}
	if s.Next != "" {
		if next, ok := m.s.app.hub.Find(s.Next); ok {
			ng := newGameScreen(next)
			return ng, ng.init(m)
		}
	}
	return g, nil
}

func (g *gameScreen) key(m *model, key string) (screen, tea.Cmd) {
	s := g.snap
	if s == nil {
		return g, nil
	}
	if g.confirmLeave {
		g.confirmLeave = false
		if key == "y" || key == "Y" {
			return m.toLobby("you left the game; " + s.Seats[g.seat].Name + "'s seat went to a house bot")
		}
		return g, nil
	}
	switch s.Status {
	case rooms.Waiting:
		switch key {
		case "b":
			if g.seat >= 0 {
				if err := g.room.FillWithBot(g.room.Game().Strongest); err != nil {
					m.notice = err.Error()
				}
			}
		case "esc", "q":
			return m.toLobby("")
		}
	case rooms.Playing:
		if key != "esc" && g.turn.typeAhead(s, key) {
			return g, nil
		}
		if g.turn.draft != nil {
			if a, done, used := g.turn.key(key); used {
				if done {
					g.submit(m, a)
				}
				return g, nil
			}
		}
		// A game whose moves take several keys may use q; esc always leaves.
		_, composed := s.View().(games.Composer)
		if key == "esc" || key == "q" && !composed {
			if g.seat < 0 {
				return g.leaveWatching(m)
			}
			g.confirmLeave = true
			return g, nil
		}
		if g.seat >= 0 {
			g.play(m, key)
		}
	case rooms.Finished:
		switch key {
		case "r":
			if g.seat >= 0 {
				if err := g.room.VoteRematch(m.s.who.ID, g.seat); err != nil {
					m.notice = err.Error()
				}
			}
		case "l", "esc", "enter":
			if g.seat < 0 {
				return g.leaveWatching(m)
			}
			return m.toLobby("")
		case "q":
			m.s.detach()
			return g, tea.Quit
		}
	}
	return g, nil
}

// play turns a key into an action, explaining why an action cannot be played now.
func (g *gameScreen) play(m *model, key string) {
	s := g.snap
	view := s.View()
	a, ok := view.Key(s.State, g.seat, key)
	if !ok {
		return
	}
	if _, realTime := s.State.(games.RealTime); realTime {
		// The last key before the seat's decision instant is its action; the rules judge it then.
		if err := g.room.Submit(m.s.who.ID, g.seat, a); err != nil {
			m.notice = err.Error()
		}
		return
	}
	g.submit(m, a)
}

const notYourTurn = "not your turn yet: "

// submit sends a turn-based action, explaining why it cannot be played now.
func (g *gameScreen) submit(m *model, a games.Action) {
	s := g.snap
	if s.ToMove != g.seat {
		who := "the other player"
		if s.ToMove >= 0 {
			who = s.Seats[s.ToMove].Name
		}
		m.notice = notYourTurn + clean(who) + " is playing"
		return
	}
	g.turn.sent(s)
	if err := s.State.Validate(g.seat, a); err != nil {
		m.notice = err.Error()
		return
	}
	if err := g.room.Submit(m.s.who.ID, g.seat, a); err != nil {
		m.notice = err.Error()
	}
}

func (g *gameScreen) view(m *model) string {
	st := m.s.st
	s := g.snap
	if s == nil {
		return m.header("") + "\n\nconnecting to the room…"
	}
	right := s.GameName + " · room " + s.ID
	if s.Spectators > 0 {
		right += fmt.Sprintf(" · %d watching", s.Spectators)
	}
	head := m.header(st.dim.Render(right))
	// A board that can be drawn larger is, as large as the window leaves room for.
	rw, rh := boardRoom(m.width(), m.height())
	scale := games.ScaleFor(s.View(), s.State, rw, rh)
	lines, bw := g.turn.boardLines(m.s.palette, scale)
	if lines == nil {
		lines, bw = s.BoardLinesAt(m.s.palette, scale)
	}
	if len(lines) == 0 || bw == 0 {
		return head + "\n\n" + g.waitingView(m) + "\n\n" + g.footer(m)
	}
	bh := len(lines)
	if bw+2+panelWidth > m.width() || bh+chromeHeight > m.height() {
		return head + "\n\n" + st.warn.Render(fmt.Sprintf(
			"Your window is %d×%d; this board needs %d×%d. Enlarge the window (or press q).",
			m.width(), m.height(), bw+2+panelWidth, bh+chromeHeight)) + "\n\n" + g.panel(m, panelWidth)
	}
	// The panel takes the width the board leaves, up to a comfortable reading width.
	pw := min(max(panelWidth, m.width()-bw-2), maxPanelWidth)
	draw := func() string { return besideBoard(lines, bw, g.panel(m, pw)) }
	if g.seat >= 0 {
		return head + "\n" + draw() + "\n" + g.footer(m)
	}
	// Spectators with the same palette and window see the same board and panel: drawn once.
	clock := ""
	if !s.Deadline.IsZero() {
		clock = formatClock(s.Deadline.Sub(m.now))
	}
	key := fmt.Sprintf("%d %d %d %d %s", m.s.palette, scale, pw, m.height(), clock)
	return head + "\n" + s.Frame(key, draw) + "\n" + g.footer(m)
}

// besideBoard lays the panel to the right of the board's lines. The board's width is known,
// so nothing is measured per frame (lipgloss.JoinHorizontal would measure every line).
func besideBoard(board []string, width int, panel string) string {
	right := strings.Split(panel, "\n")
	var b strings.Builder
	for i := range max(len(board), len(right)) {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(board) {
			b.WriteString(board[i])
		} else {
			b.WriteString(strings.Repeat(" ", width))
		}
		if i < len(right) {
			b.WriteString("  ")
			b.WriteString(right[i])
		}
	}
	return b.String()
}

func (g *gameScreen) waitingView(m *model) string {
	st := m.s.st
	s := g.snap
	var b strings.Builder
	b.WriteString(st.heading.Render("Waiting for players") + "\n\n")
	if s.Code != "" && g.seat >= 0 {
		friend := "your friend"
		if len(s.Seats) > 2 {
			friend = "your friends"
		}
		b.WriteString("Give " + friend + " this code: " + st.good.Render(s.Code) + "\n")
		b.WriteString(st.dim.Render("They choose \"Join with a code\" in the lobby.") + "\n\n")
	}
	for i, seat := range s.Seats {
		name := "(open)"
		if seat.Kind != rooms.Open {
			name = clean(seat.Name)
		}
		fmt.Fprintf(&b, "  seat %d: %s\n", i+1, name)
	}
	return b.String()
}

func (g *gameScreen) footer(m *model) string {
	s := g.snap
	if g.confirmLeave {
		return m.s.st.warn.Render("Leave this game? A house bot takes your seat. y: leave · any other key: stay")
	}
	switch {
	case s.Status == rooms.Waiting && g.seat >= 0:
		return m.keyline("b", "house bots take the free seats", "esc", "close the room", "?", "help")
	case s.Status == rooms.Finished && g.seat >= 0:
		return m.keyline("r", "rematch", "l", "lobby", "q", "quit", "?", "help")
	case s.Status == rooms.Finished || g.seat < 0:
		return m.keyline("esc", "lobby", "?", "help")
	case g.turn.draft != nil:
		return m.s.st.key.Render(fit(g.turn.draft.Prompt(), m.width()))
	}
	leave := "q"
	if _, composed := s.View().(games.Composer); composed {
		leave = "esc"
	}
	var pairs []string
	for _, k := range s.View().Keys() {
		if k.Keys == leave {
			continue // what esc does within a choice; here, with no choice under way, it leaves
		}
		pairs = append(pairs, k.Keys, k.Does)
	}
	return m.keyline(append(pairs, "?", "help", leave, "leave")...)
}

// A compact seat line: the marker, the name, the game's status and the clock ("0:57").
const (
	compactName   = 11
	compactStatus = panelWidth - 2 - compactName - 1 - 1 - 4
	maxPanelWidth = 64
	// maxCompactStatus is the widest a compact status is drawn: the clock stays near it.
	maxCompactStatus = 40
)

// panel is the side panel, width columns wide: players, whose turn, time left, result, the
// latest events.
func (g *gameScreen) panel(m *model, width int) string {
	st := m.s.st
	s := g.snap
	var b strings.Builder
	if h, ok := s.View().(games.Headliner); ok && s.State != nil {
		// Folded between its parts: Perfect Aim's says when the next ring turns to lava.
		for _, l := range wrapParts(h.Headline(s.State, s.Played), width) {
			b.WriteString(st.key.Render(l) + "\n")
		}
		b.WriteString("\n")
	}
	// Up to four seats take two lines each (name and clock, then the game's status); more
	// take one line each, so that eight players and the log fit beside a 24-row board.
	compact := len(s.Seats) > 4
	sw, swatched := s.View().(games.Swatcher)
	swatchW := 0
	if swatched {
		swatchW = games.SwatchWidth + 1
	}
	for i, seat := range s.Seats {
		marker := "  "
		if i == s.ToMove {
			marker = st.key.Render("▶ ")
		}
		if swatched { // the board's legend: the seat's colour before its name
			marker += sw.Swatch(i, m.s.palette) + " "
		}
		name := clean(seat.Name)
		if i == g.seat {
			name += " (you)"
		}
		clock := ""
		switch {
		case i == s.ToMove && s.HeldLeft > 0:
			clock = formatClock(s.HeldLeft) // stopped: the player reads the rules
		case i == s.ToMove && !s.Deadline.IsZero():
			left := s.Deadline.Sub(m.now)
			clock = formatClock(left)
			if left < 10*time.Second {
				clock = st.warn.Render(clock)
			}
		}
		status := ""
		if s.State != nil {
			status = s.View().Status(s.State, i)
		}
		if compact {
			if seat.Note != "" {
				status = seat.Note
			}
			// As wide as the panel leaves, up to maxCompactStatus.
			statusW := min(max(compactStatus, width-panelWidth+compactStatus)-swatchW, maxCompactStatus)
			b.WriteString(marker + fit(name, compactName) + " " + st.dim.Render(fit(dropParts(status, statusW), statusW)) + " " + clock + "\n")
			continue
		}
		line := marker + fit(name, 20)
		if clock != "" {
			line += " " + clock
		}
		b.WriteString(line + "\n")
		if status != "" {
			for _, l := range wrapParts(status, width-3) {
				b.WriteString("   " + st.dim.Render(fit(l, width-3)) + "\n")
			}
		}
		if seat.Note != "" {
			for _, l := range wrapWords(clean(seat.Note), width-3) {
				b.WriteString("   " + st.dim.Render(fit(l, width-3)) + "\n")
			}
		}
	}
	b.WriteString("\n")
	switch s.Status {
	case rooms.Playing:
		switch {
		case g.seat >= 0 && s.ToMove == g.seat:
			b.WriteString(st.good.Render("Your turn!") + "\n")
		case s.ToMove >= 0:
			b.WriteString(st.dim.Render(clean(s.Seats[s.ToMove].Name)+" is playing…") + "\n")
		}
	case rooms.Finished:
		b.WriteString(g.result(m, width) + "\n")
	}
	// The log takes the rows left beside the board: its latest entries, each wrapped to the
	// panel's width.
	room := m.height() - chromeHeight - strings.Count(b.String(), "\n") - 2
	var rows []string
	for i := len(s.Log) - 1; i >= 0 && len(rows) < room; i-- {
		wrapped := wrapWords(clean(s.Log[i]), width-3)
		for j := len(wrapped) - 1; j >= 0 && len(rows) < room; j-- {
			indent := " "
			if j > 0 {
				indent = "   " // a continuation
			}
			rows = append(rows, indent+fit(wrapped[j], width-len(indent)))
		}
	}
	if len(rows) > 0 {
		b.WriteString("\n" + st.heading.Render("Last moves") + "\n")
		for i := len(rows) - 1; i >= 0; i-- {
			b.WriteString(rows[i] + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// result is the end of the game in the panel, width cells wide: who won, rematch calls and
// the command that shows the game again, whose id is never cut.
func (g *gameScreen) result(m *model, width int) string {
	st := m.s.st
	s := g.snap
	if s.Outcome == nil {
		return "Game over."
	}
	if !s.Saved {
		return st.dim.Render(strings.Join(wrapWords("Game over — recording the result…", width), "\n"))
	}
	names := make([]string, len(s.Seats))
	for i, seat := range s.Seats {
		names[i] = clean(seat.Name)
	}
	text, mood := resultText(s.Outcome.Ranks, names, g.seat)
	style := st.key
	switch mood {
	case +1:
		style = st.good
	case -1:
		style = st.bad
	}
	var lines []string
	for _, l := range wrapWords(text, width) {
		lines = append(lines, style.Render(l))
	}
	for i, v := range s.Votes {
		if v && i != g.seat {
			lines = append(lines, wrapWords(clean(s.Seats[i].Name)+" wants a rematch: press r", width)...)
		}
	}
	if s.MatchID != "" && m.s.app.archive != nil {
		for _, l := range wordsThenCode("Watch it again: ssh -t … replay", s.MatchID, width) {
			lines = append(lines, st.dim.Render(l))
		}
	}
	return strings.Join(lines, "\n")
}

// resultText tells the result from seat's side (-1: a spectator's): "You win!", "You lose.
// bob wins.", "You finish 3rd. zidane and bobmorane share first.", "Draw.". mood is +1 for
// a win, -1 for a loss, 0 otherwise.
func resultText(ranks []int, names []string, seat int) (text string, mood int) {
	var first []string
	for i, r := range ranks {
		if r == 1 {
			first = append(first, names[i])
		}
	}
	winners := strings.Join(first, " and ") + " wins."
	if len(first) > 1 {
		winners = strings.Join(first[:len(first)-1], ", ") + " and " + first[len(first)-1] + " share first."
	}
	switch {
	case len(first) == len(ranks):
		return "Draw.", 0
	case seat < 0 || seat >= len(ranks):
		return winners, 0
	case ranks[seat] == 1 && len(first) == 1:
		return "You win!", +1
	case ranks[seat] == 1:
		return "You share first place. " + winners, +1
	case len(ranks) == 2:
		return "You lose. " + winners, -1
	}
	shared := 0
	for _, r := range ranks {
		if r == ranks[seat] {
			shared++
		}
	}
	place := "You finish " + games.Ordinal(ranks[seat]) + " of " + fmt.Sprint(len(ranks)) + "."
	if shared > 1 {
		place = "You share " + games.Ordinal(ranks[seat]) + " place of " + fmt.Sprint(len(ranks)) + "."
	}
	return place + " " + winners, -1
}

func formatClock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	secs := int(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}

func (g *gameScreen) help(m *model) string {
	if g.snap == nil {
		return "connecting…"
	}
	e := g.room.Game()
	text := rulesText(m, e, m.width()-4)
	if _, realTime := g.snap.State.(games.RealTime); !realTime {
		cfg := m.s.app.hub.Config()
		text += "\n\n" + fmt.Sprintf("Time: %g s per move for people, %g s for programs; the rules above say what running out costs.",
			cfg.HumanMove.Seconds(), cfg.BotMove.Seconds())
	}
	leave := "q"
	if _, composed := g.snap.View().(games.Composer); composed {
		leave = "esc"
	}
	if g.clockHeld {
		text += "\n\nYour clock is stopped while you read this: your own game against house bots waits for you (it is then not rated)."
	}
	text += "\n\n" + leave + " leaves the game (a house bot plays on for you); spectators leave with esc."
	return text
}

// helpShown stops the player's clock while they read the help, where the room allows it
// (their own game against house bots); elsewhere it runs, and the help shows it.
func (g *gameScreen) helpShown(m *model, open bool) {
	if g.seat < 0 || g.snap == nil || g.snap.Status != rooms.Playing {
		return
	}
	if !open {
		if g.clockHeld {
			_ = g.room.HoldClock(g.seat, false)
		}
		g.clockHeld = false
		return
	}
	g.clockHeld = g.room.HoldClock(g.seat, true) == nil
}

// helpClock is how the player's clock stands, under the help: "your move: 0:41".
func (g *gameScreen) helpClock(m *model) string {
	s := g.snap
	if g.seat < 0 || s == nil || s.Status != rooms.Playing {
		return ""
	}
	switch {
	case s.ToMove == g.seat && s.HeldLeft > 0:
		return "your move: " + formatClock(s.HeldLeft) + " (stopped)"
	case g.clockHeld:
		return "your clock is stopped"
	case s.ToMove == g.seat && !s.Deadline.IsZero():
		return "your move: " + formatClock(s.Deadline.Sub(m.now))
	case s.ToMove == g.seat:
		return "your move"
	}
	return ""
}

// ticks: the clock runs while a turn's time is counting down on screen.
func (g *gameScreen) ticks() bool {
	return g.snap != nil && g.snap.Status == rooms.Playing && !g.snap.Deadline.IsZero()
}

// leaveWatching takes a spectator back where they came from: the wall, or the lobby.
func (g *gameScreen) leaveWatching(m *model) (screen, tea.Cmd) {
	if g.back != nil {
		m.s.detach()
		return g.back, nil
	}
	return m.toLobby("")
}
