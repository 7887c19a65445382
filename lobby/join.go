package lobby

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
)

// joinScreen takes a friend's private room code. ? is no code character: here it types
// nothing and opens no help (model.Update), so that a code is typed without surprises.
type joinScreen struct {
	code widget.CodeInput
	home *homeScreen
}

func newJoinScreen(m screen.Model, home *homeScreen) *joinScreen {
	return &joinScreen{code: widget.NewCodeInput(m.Lang().Sprintf("Code: "), m.Styles().Plain, m.Styles().Key, m.Styles().Dim), home: home}
}

var joinKeys = struct{ join key.Binding }{
	join: widget.Bind("enter", lang.N("join"), "enter"),
}

// back leaves the code being typed: esc only, since q may be typed in a code.
func (j *joinScreen) back(m screen.Model) key.Binding { return widget.Back(m.BackTo(j.home), false) }

func (j *joinScreen) Keys(m screen.Model) widget.KeyMap {
	return widget.KeyMap{
		Short: []key.Binding{joinKeys.join, j.back(m)},
		Full:  [][]key.Binding{{joinKeys.join, j.back(m)}, j.code.Editing()},
	}
}

func (j *joinScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return j, nil
	}
	switch {
	case key.Matches(k, j.back(m)):
		return m.Back(j.home, "")
	case key.Matches(k, joinKeys.join):
		code := j.code.Value()
		r, ok := m.Rooms().Find(code)
		if !ok || r.Code() == "" || !strings.EqualFold(r.Code(), code) {
			m.Notify(m.Lang().Sprintf("no private room with code %q — check the code with your friend", code))
			return j, nil
		}
		if _, err := r.Join(m.Context(), m.Who().ID, m.Who().Name); err != nil {
			m.Notify(lang.Say(err, m.Lang()))
			return j, nil
		}
		g := newGameScreen(r)
		return g, g.Init(m)
	default:
		j.code.Update(k)
	}
	return j, nil
}

func (j *joinScreen) View(m screen.Model) string {
	st := m.Styles()
	j.code.SetPrompt(m.Lang().Sprintf("Code: ")) // the language may have changed since
	return m.Header("") + "\n\n" + st.Heading.Render(m.Lang().Sprintf("Join a private room")) + "\n\n" +
		j.code.View() + "\n\n" + m.Footer(j.Keys(m))
}

func (j *joinScreen) Help(m screen.Model) string {
	return m.Lang().Sprintf("Type the code your friend sees on their screen (five letters and digits),\nthen enter.")
}
