package lobby

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/rooms"
)

// queueScreen waits for a quick match: another person, else a house bot after the wait.
type queueScreen struct {
	entry     catalog.Entry
	cfg       map[string]int
	ticket    *matchmaker.Ticket
	fillAfter time.Duration // until house bots take the empty seats
	since     time.Time
	err       error
}

// cancel is the queue's way out: it leaves the queue for where the person came from.
func (q *queueScreen) cancel(m screen.Model) key.Binding {
	if q.err != nil {
		return widget.Back(m.BackTo(nil), true)
	}
	return widget.Back(lang.N("cancel"), true)
}

func (q *queueScreen) Keys(m screen.Model) widget.KeyMap {
	return widget.KeyMap{Short: []key.Binding{q.cancel(m)}, Full: [][]key.Binding{{q.cancel(m)}}}
}

func (q *queueScreen) Init(m screen.Model) tea.Cmd {
	if q.ticket != nil {
		return nil
	}
	q.since = time.Now()
	queued, err := m.Queue(&matchmaker.Ticket{
		UserID: m.Who().ID, Name: m.Who().Name, Kind: rooms.Human, Game: q.entry.Entry, Config: q.cfg,
	})
	if err != nil {
		q.err = err
		return nil
	}
	q.ticket, q.fillAfter = queued.Ticket, queued.FillAfter
	return queued.Wait
}

func (q *queueScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case assignedMsg:
		if msg.ticket != q.ticket {
			return q, nil
		}
		if msg.Err != nil {
			return m.Back(nil, m.Lang().Sprintf("quick match: %s", lang.Say(msg.Err, m.Lang())))
		}
		g := newGameScreen(msg.Room)
		return g, g.Init(m)
	case tea.KeyMsg:
		if key.Matches(msg, q.cancel(m)) {
			return m.Back(nil, "")
		}
	}
	return q, nil
}

func (q *queueScreen) View(m screen.Model) string {
	st, l := m.Styles(), m.Lang()
	name := l.Say(q.entry.Game.Name())
	var b strings.Builder
	b.WriteString(m.Header(st.Dim.Render(name)) + "\n\n")
	if q.err != nil {
		b.WriteString(st.Bad.Render(termtext.Reflow(lang.Say(q.err, l), m.Width()-1)) + "\n\n" + m.Footer(q.Keys(m)))
		return b.String()
	}
	what := name
	if n, ok := q.cfg["size"]; ok {
		what += fmt.Sprintf(" (%d×%d)", n, n)
	}
	b.WriteString(st.Heading.Render(l.Sprintf("Quick match: %s", what)) + "\n\n")
	waited := max(m.Now().Sub(q.since), 0) // a clock that went back must not index the spinner with -1
	left := q.fillAfter - waited
	if left < 0 {
		left = 0
	}
	spinner := []string{"◐", "◓", "◑", "◒"}[int(waited/(500*time.Millisecond))%4]
	// The seconds are written without a thousands separator, as a countdown is.
	secs := st.Key.Render(l.Sprintf("%ss", strconv.Itoa(int(left.Seconds()+0.5))))
	looking := l.Sprintf("Looking for an opponent…")
	fill := l.Sprintf("If nobody comes, %s takes the seat in %s.", st.Key.Render(q.entry.Strongest), secs)
	if n := matchmaker.TableSize(q.entry.Entry); n > 2 {
		looking = l.Sprintf("Looking for players (%d at a table)…", n)
		fill = l.Sprintf("If nobody comes, %s takes the empty seats in %s.", st.Key.Render(q.entry.Strongest), secs)
	}
	b.WriteString(st.Key.Render(spinner) + " " + looking + "\n\n")
	b.WriteString(termtext.Reflow(fill, m.Width()-1) + "\n\n")
	b.WriteString(m.Footer(q.Keys(m)))
	return b.String()
}

func (q *queueScreen) Help(m screen.Model) string {
	return m.Lang().Sprintf("Quick match seats you with the next person who asks for the same game\nand board size. After the wait, a house bot takes the empty seat.")
}

func (*queueScreen) Ticks() bool { return true }
