package lobby

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/rooms"
)

// watchScreen lists the live rooms, to watch one.
type watchScreen struct {
	cursor int
	home   *homeScreen
	drawn  []rooms.Info // the rooms as last drawn: enter watches the one shown
}

// listKeys are the keys of a screen that is a list to choose from (live rooms, programs
// waiting): what enter does is the screen's.
func listKeys(does string) struct{ up, down, choose, back key.Binding } {
	return struct{ up, down, choose, back key.Binding }{
		up:     widget.Bind("↑/k", "the line above", "up", "k"),
		down:   widget.Bind("↓/j", "the line below", "down", "j"),
		choose: widget.Bind("enter/space", does, "enter", " "),
		back:   widget.Bind("esc/q", "back to the lobby", "esc", "q"),
	}
}

var watchKeys = listKeys("watch the room")

func (w *watchScreen) Keys(_ screen.Model) widget.KeyMap {
	k := watchKeys
	return widget.KeyMap{
		Short: []key.Binding{widget.Pair("choose", k.up, k.down), widget.Pair("watch", k.choose), widget.Pair("back", k.back)},
		Full:  [][]key.Binding{{k.up, k.down, k.choose, k.back}},
	}
}

func (w *watchScreen) Update(sm screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	m := sm.(*model)
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return w, nil
	}
	list := w.drawn // what the person sees: a room that closed meanwhile is not another
	switch keys := watchKeys; {
	case key.Matches(k, keys.up):
		w.cursor = max(w.cursor-1, 0)
	case key.Matches(k, keys.down):
		w.cursor = min(w.cursor+1, max(len(list)-1, 0))
	case key.Matches(k, keys.back):
		return w.home, nil
	case key.Matches(k, keys.choose):
		if w.cursor < len(list) {
			if r, ok := m.s.app.hub.Find(list[w.cursor].ID); ok {
				g := newGameScreen(r)
				return g, g.Init(m)
			}
		}
		m.notice = "that room has just closed"
	}
	return w, nil
}

func (w *watchScreen) View(sm screen.Model) string {
	m := sm.(*model)
	st := m.s.st
	var b strings.Builder
	b.WriteString(m.Header("") + "\n\n" + st.Heading.Render("Live rooms") + "\n\n")
	list := m.visibleRooms()
	w.drawn = list
	if len(list) == 0 {
		b.WriteString(st.Dim.Render("No live rooms right now.") + "\n")
	}
	w.cursor = min(w.cursor, max(len(list)-1, 0))
	for i, r := range list {
		b.WriteString(item(st, roomLine(r), min(m.Width()-4, 90), i == w.cursor) + "\n")
	}
	b.WriteString("\n" + m.Footer(w.Keys(m)))
	return b.String()
}

func (w *watchScreen) Help(_ screen.Model) string {
	return "Choose a room and press enter to watch it. Spectators see the same board\nas the players. From a shell: ssh -t HOST watch ROOM."
}

func (*watchScreen) ShowsLobby() {}
