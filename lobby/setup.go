package lobby

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// setupScreen is where a person sets up a new room before it opens: how many play (for games
// of more than two), the game's settings, and, against house bots, which bot takes each other
// seat. A private room opens with the other seats free for friends.
type setupScreen struct {
	entry   catalog.Entry
	home    *homeScreen
	vsBots  bool
	players int
	bots    []string // one per other seat, when vsBots
	cfg     games.Config
	row     int
}

func newSetupScreen(e catalog.Entry, cfg games.Config, vsBots bool, home *homeScreen) *setupScreen {
	s := &setupScreen{entry: e, home: home, vsBots: vsBots, cfg: cfg}
	s.setPlayers(e.Game.Describe().DefaultPlayers(e.Game.Seats()))
	return s
}

// setupRow is one line of the form: a label, the value shown, and how ←/→ change it.
type setupRow struct {
	label, value, about string
	step                func(delta int)
}

func (s *setupScreen) rows(l lang.Lang) []setupRow {
	var out []setupRow
	if lo, hi := s.entry.Game.Seats(); lo < hi {
		out = append(out, setupRow{label: l.Sprintf("Players"), value: fmt.Sprint(s.players),
			about: l.Sprintf("%d to %d, you included", lo, hi),
			step:  func(d int) { s.setPlayers(min(max(s.players+d, lo), hi)) }})
	}
	for i := range s.bots {
		label := l.Sprintf("Opponent")
		if len(s.bots) > 1 {
			label = l.Sprintf("Seat %d", i+2)
		}
		about := ""
		if info, ok := bots.Find(s.entry.Bots, s.bots[i]); ok {
			about = sayKnown(l, info.About)
		}
		out = append(out, setupRow{label: label, value: s.bots[i], about: about,
			step: func(d int) { s.bots[i] = s.nextBot(s.bots[i], d) }})
	}
	for _, st := range s.entry.Game.Describe().Settings {
		if st.ByArena {
			continue
		}
		value := fmt.Sprint(s.cfg[st.Key])
		if st.Key == "size" {
			value = fmt.Sprintf("%d×%d", s.cfg[st.Key], s.cfg[st.Key])
		}
		out = append(out, setupRow{label: settingLabel(l, st.Key), value: value, about: sayKnown(l, st.Doc),
			step: func(d int) { s.cfg[st.Key] = stepChoice(settingChoices(st), s.cfg[st.Key], d) }})
	}
	return out
}

// firstBotRow is the row of the first bot: after the players' row, when there is one.
func (s *setupScreen) firstBotRow() int {
	if lo, hi := s.entry.Game.Seats(); lo < hi {
		return 1
	}
	return 0
}

// setPlayers sets the number of players, giving new seats the strongest bot.
func (s *setupScreen) setPlayers(n int) {
	s.players = n
	if !s.vsBots {
		return
	}
	for len(s.bots) < n-1 {
		s.bots = append(s.bots, s.entry.Strongest)
	}
	s.bots = s.bots[:n-1]
}

func (s *setupScreen) nextBot(name string, d int) string {
	i := slices.IndexFunc(s.entry.Bots, func(b bots.Info) bool { return b.Name == name })
	n := len(s.entry.Bots)
	return s.entry.Bots[((i+d)%n+n)%n].Name
}

// settingLabel: "size" is the board size; other keys read as they are, in l where the
// catalog has them.
func settingLabel(l lang.Lang, key string) string {
	switch key {
	case "size":
		return l.Sprintf("Board size")
	case "rounds":
		return l.Sprintf("Rounds")
	case "areas":
		return l.Sprintf("Areas")
	}
	return strings.ToUpper(key[:1]) + key[1:]
}

// sayKnown is s in l when the catalog has it (a game's or a bot's own words, translated
// where their packages put them in the catalogs), else s as it is.
func sayKnown(l lang.Lang, s string) string {
	if l.Has(s) {
		return l.Say(s)
	}
	return s
}

// settingChoices are the values ←/→ go through: every value of a short range, else its ends,
// its default and every multiple of 5 between.
func settingChoices(st games.Setting) []int {
	var out []int
	step := 1
	if st.Max-st.Min > 12 {
		step = 5
	}
	for v := st.Min; v <= st.Max; v++ {
		if v%step == 0 || v == st.Min || v == st.Max || v == st.Default {
			out = append(out, v)
		}
	}
	return out
}

// stepChoice moves from v by d places among choices (v need not be one of them).
func stepChoice(choices []int, v, d int) int {
	i, found := slices.BinarySearch(choices, v)
	switch {
	case d > 0 && found:
		i++
	case d < 0:
		i--
	}
	return choices[min(max(i, 0), len(choices)-1)]
}

var setupKeys = struct{ up, down, less, more, open key.Binding }{
	up:   widget.Bind("↑/k", lang.N("the line above"), "up", "k"),
	down: widget.Bind("↓/j/tab", lang.N("the line below"), "down", "j", "tab"),
	less: widget.Bind("←/h/-", lang.N("change the line's value: less, or the previous bot"), "left", "h", "-"),
	more: widget.Bind("→/l/+", lang.N("change the line's value: more, or the next bot"), "right", "l", "+"),
	open: widget.Bind("enter/space", lang.N("open the room"), "enter", " "),
}

func (s *setupScreen) Keys(m screen.Model) widget.KeyMap {
	k := setupKeys
	back := widget.Back(m.BackTo(s.home), true)
	open := lang.N("open the room")
	if s.vsBots {
		open = lang.N("play")
	}
	k.open.SetHelp(k.open.Help().Key, open)
	return widget.KeyMap{
		Short: []key.Binding{widget.Pair(lang.N("choose"), k.up, k.down), widget.Pair(lang.N("change"), k.less, k.more), widget.Pair(open, k.open), back},
		Full:  [][]key.Binding{{k.up, k.down, k.less, k.more, k.open, back}},
	}
}

func (s *setupScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return s, nil
	}
	rows := s.rows(m.Lang())
	switch keys := setupKeys; {
	case key.Matches(k, keys.up):
		s.row = (s.row + len(rows) - 1) % len(rows)
	case key.Matches(k, keys.down):
		s.row = (s.row + 1) % len(rows)
	case key.Matches(k, keys.less):
		rows[s.row].step(-1)
	case key.Matches(k, keys.more):
		rows[s.row].step(+1)
	case key.Matches(k, widget.Back("", true)):
		return m.Back(s.home, "")
	case key.Matches(k, keys.open):
		r, err := s.open(m)
		if err != nil {
			m.Notify(lang.Say(err, m.Lang()))
			return s, nil
		}
		g := newGameScreen(r)
		return g, g.Init(m)
	}
	return s, nil
}

// open creates the room: the person in seat 1, then the bots or the free seats.
func (s *setupScreen) open(m screen.Model) (roomdir.Room, error) {
	if s.vsBots {
		return vsBots(m.Rooms(), m.Who(), m.Addr(), s.entry, s.cfg, strings.Join(s.bots, ","))
	}
	seats := []rooms.Seat{{Kind: rooms.Human, Name: m.Who().Name, UserID: m.Who().ID}}
	for len(seats) < s.players {
		seats = append(seats, rooms.Seat{Kind: rooms.Open})
	}
	return m.Rooms().Create(rooms.Spec{Game: s.entry.Entry, Config: s.cfg, Private: true, Owner: m.Who().ID, Addr: m.Addr(), Seats: seats})
}

func (s *setupScreen) View(m screen.Model) string {
	st, l := m.Styles(), m.Lang()
	name := l.Say(s.entry.Game.Name())
	var b strings.Builder
	b.WriteString(m.Header(st.Dim.Render(name)) + "\n\n")
	title := l.Sprintf("A private room of %s", name)
	if s.vsBots {
		title = l.Sprintf("%s against house bots", name)
	}
	b.WriteString(st.Heading.Render(title) + "\n\n")
	rows := s.rows(l)
	labels := 12 // the labels' column: as wide as the widest label, in any language
	for _, r := range rows {
		labels = max(labels, ansi.StringWidth(r.label))
	}
	for i, r := range rows {
		value := "  " + r.value + "  "
		if i == s.row {
			value = "◀ " + r.value + " ▶"
		}
		b.WriteString(widget.Item(st, r.label, labels, i == s.row) + " " + st.Key.Render(value) + "\n")
	}
	// What the chosen row means, in full: a bot's style, a setting's rule.
	if about := rows[s.row].about; about != "" {
		what := rows[s.row].label
		if s.row >= s.firstBotRow() && s.row < s.firstBotRow()+len(s.bots) {
			what = rows[s.row].value
		}
		b.WriteString("\n" + st.Dim.Render(termtext.Reflow(l.Sprintf("%s: %s", what, about), m.Width()-4)) + "\n")
	}
	if !boardFits(s.entry, s.cfg, m.Width(), m.Height()) {
		b.WriteString("\n" + st.Warn.Render(termtext.Reflow(l.Sprintf("This board is larger than your window: enlarge it or choose less."), m.Width()-1)))
	}
	b.WriteString("\n")
	if !s.vsBots {
		b.WriteString(termtext.Reflow(l.Sprintf("You get a code to give your friends; the room starts when every seat is taken."), m.Width()-1) + "\n\n")
	}
	b.WriteString(m.Footer(s.Keys(m)))
	return b.String()
}

func (s *setupScreen) Help(m screen.Model) string {
	l := m.Lang()
	var b strings.Builder
	b.WriteString(l.Sprintf("Set up the room: choose a line, change its value, then open the room.") + "\n\n")
	if s.vsBots {
		b.WriteString(l.Sprintf("House bots of %s:", l.Say(s.entry.Game.Name())) + "\n\n")
		for _, bot := range s.entry.Bots {
			fmt.Fprintf(&b, "  %-18s %s\n", bot.Name, sayKnown(l, bot.About))
		}
		b.WriteString("\n" + l.Sprintf("%s is the strongest; quick match seats it when nobody comes.", s.entry.Strongest))
	} else {
		b.WriteString(l.Sprintf("Your friends choose \"Join with a code\" in the lobby and type the code.\nWaiting, b fills the free seats with house bots."))
	}
	return b.String()
}
