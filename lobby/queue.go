package lobby

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/catalog"
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
	return widget.Back("cancel", true)
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
			return m.Back(nil, "quick match: "+msg.Err.Error())
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
	st := m.Styles()
	var b strings.Builder
	b.WriteString(m.Header(st.Dim.Render(q.entry.Game.Name())) + "\n\n")
	if q.err != nil {
		b.WriteString(st.Bad.Render(q.err.Error()) + "\n\n" + m.Footer(q.Keys(m)))
		return b.String()
	}
	what := q.entry.Game.Name()
	if n, ok := q.cfg["size"]; ok {
		what += fmt.Sprintf(" (%d×%d)", n, n)
	}
	b.WriteString(st.Heading.Render("Quick match: "+what) + "\n\n")
	waited := max(m.Now().Sub(q.since), 0) // a clock that went back must not index the spinner with -1
	left := q.fillAfter - waited
	if left < 0 {
		left = 0
	}
	spinner := []string{"◐", "◓", "◑", "◒"}[int(waited/(500*time.Millisecond))%4]
	looking, seats := "an opponent", "the seat"
	if n := matchmaker.TableSize(q.entry.Entry); n > 2 {
		looking, seats = fmt.Sprintf("players (%d at a table)", n), "the empty seats"
	}
	fmt.Fprintf(&b, "%s Looking for %s…\n\n", st.Key.Render(spinner), looking)
	fmt.Fprintf(&b, "If nobody comes, %s takes %s in %s.\n\n", st.Key.Render(q.entry.Strongest), seats, st.Key.Render(fmt.Sprintf("%.0fs", left.Seconds())))
	b.WriteString(m.Footer(q.Keys(m)))
	return b.String()
}

func (q *queueScreen) Help(_ screen.Model) string {
	return "Quick match seats you with the next person who asks for the same game\nand board size. After the wait, a house bot takes the empty seat."
}

func (*queueScreen) Ticks() bool { return true }
