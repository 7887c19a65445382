package lobby

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/rooms"
)

// watchScreen lists the live rooms, to watch one: those being played first, then those
// just finished, apart.
type watchScreen struct {
	cursor int
	// moved: the person moved the cursor. Until then it stands on the first room being
	// played, and on none when every room has finished (a finished room is never chosen
	// for them).
	moved bool
	home  *homeScreen
	drawn []rooms.Info // the rooms as last drawn: enter watches the one shown
}

// chosen is the room the cursor stands on in list, -1 for none.
func (w *watchScreen) chosen(list []rooms.Info) int {
	if w.cursor >= len(list) || !w.moved && w.cursor >= screen.Unfinished(list) {
		return -1
	}
	return w.cursor
}

// listKeys are the keys of a screen that is a list to choose from (live rooms, programs
// waiting): what enter does is the screen's.
func listKeys(does string) struct{ up, down, choose key.Binding } {
	return struct{ up, down, choose key.Binding }{
		up:     widget.Bind("↑/k", lang.N("the line above"), "up", "k"),
		down:   widget.Bind("↓/j", lang.N("the line below"), "down", "j"),
		choose: widget.Bind("enter/space", does, "enter", " "),
	}
}

var watchKeys = listKeys(lang.N("watch the room"))

func (w *watchScreen) Keys(m screen.Model) widget.KeyMap {
	k := watchKeys
	back := widget.Back(m.BackTo(w.home), true)
	return widget.KeyMap{
		Short: []key.Binding{widget.Pair(lang.N("choose"), k.up, k.down), widget.Pair(lang.N("watch"), k.choose), back},
		Full:  [][]key.Binding{{k.up, k.down, k.choose, back}},
	}
}

func (w *watchScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return w, nil
	}
	list := w.drawn // what the person sees: a room that closed meanwhile is not another
	switch keys := watchKeys; {
	case key.Matches(k, keys.up):
		if w.chosen(list) >= 0 {
			w.cursor = max(w.cursor-1, 0)
		}
		w.moved = true
	case key.Matches(k, keys.down):
		if w.chosen(list) >= 0 {
			w.cursor = min(w.cursor+1, max(len(list)-1, 0))
		}
		w.moved = true
	case key.Matches(k, widget.Back("", true)):
		return m.Back(w.home, "")
	case key.Matches(k, keys.choose):
		if i := w.chosen(list); i >= 0 {
			if r, ok := m.Rooms().Find(list[i].ID); ok {
				g := newGameScreen(r)
				g.back = w // leaving it comes back to the list
				return g, g.Init(m)
			}
			m.Notify(m.Lang().Sprintf("that room has just closed"))
		}
	}
	return w, nil
}

func (w *watchScreen) View(m screen.Model) string {
	st, l := m.Styles(), m.Lang()
	var b strings.Builder
	b.WriteString(m.Header("") + "\n\n" + st.Heading.Render(l.Sprintf("Live rooms")) + "\n\n")
	list := m.Lobby().Visible(m.Who().ID, m.Who().Admin)
	w.drawn = list
	live := screen.Unfinished(list)
	if live == 0 {
		b.WriteString(st.Dim.Render(l.Sprintf("No game is being played right now.")) + "\n")
	}
	w.cursor = min(w.cursor, max(len(list)-1, 0))
	chosen := w.chosen(list)
	for i, r := range list {
		if i == live {
			b.WriteString("\n" + st.Heading.Render(l.Sprintf("Just finished")) + "\n")
		}
		b.WriteString(widget.Item(st, roomLineIn(m.Lang(), r), min(m.Width()-4, 90), i == chosen) + "\n")
	}
	b.WriteString("\n" + m.Footer(w.Keys(m)))
	return b.String()
}

func (w *watchScreen) Help(m screen.Model) string {
	return m.Lang().Sprintf("Choose a room and press enter to watch it. Spectators see the same board\nas the players. From a shell: ssh -t HOST watch ROOM.")
}

func (*watchScreen) ShowsLobby() {}

// Name is what a footer calls the list of live rooms: a room watched from it says "esc rooms".
func (*watchScreen) Name() string { return lang.N("rooms") }
