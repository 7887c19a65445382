package lobby

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/matchmaker"
)

// programScreen lists the students' programs waiting in the queue, to play one.
type programScreen struct {
	entry  catalog.Entry
	cursor int
	home   *homeScreen
	drawn  []matchmaker.WaitingProgram // the programs as last drawn: enter plays the one shown
}

var programKeys = listKeys(lang.N("play the program"))

func (p *programScreen) Keys(m screen.Model) widget.KeyMap {
	k := programKeys
	back := widget.Back(m.BackTo(p.home), true)
	return widget.KeyMap{
		Short: []key.Binding{widget.Pair(lang.N("choose"), k.up, k.down), widget.Pair(lang.N("play it"), k.choose), back},
		Full:  [][]key.Binding{{k.up, k.down, k.choose, back}},
	}
}

func (p *programScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return p, nil
	}
	list := p.drawn // what the person sees: a program that left meanwhile is not another
	switch keys := programKeys; {
	case key.Matches(k, keys.up):
		p.cursor = max(p.cursor-1, 0)
	case key.Matches(k, keys.down):
		p.cursor = min(p.cursor+1, max(len(list)-1, 0))
	case key.Matches(k, widget.Back("", true)):
		return m.Back(p.home, "")
	case key.Matches(k, keys.choose):
		if p.cursor >= len(list) {
			return p, nil
		}
		cfg := challengeConfig(p.entry, list[p.cursor], m.Width(), m.Height())
		// Told before the game starts, not once the clock runs: the program's board must fit.
		if w, h := windowFor(p.entry, cfg); w > m.Width() || h > m.Height() {
			m.Notify(m.Lang().Sprintf("%s plays on a board that needs a window of %d×%d (yours is %d×%d): enlarge it, or choose another program",
				plaintext.Clean(list[p.cursor].Name), w, h, m.Width(), m.Height()))
			return p, nil
		}
		r, err := m.Challenge(list[p.cursor], cfg["size"])
		if err != nil {
			m.Notify(lang.Say(err, m.Lang()))
			return p, nil
		}
		g := newGameScreen(r)
		return g, g.Init(m)
	}
	return p, nil
}

func (p *programScreen) View(m screen.Model) string {
	st, l := m.Styles(), m.Lang()
	var b strings.Builder
	b.WriteString(m.Header(st.Dim.Render(l.Say(p.entry.Game.Name()))) + "\n\n" + st.Heading.Render(l.Sprintf("Programs waiting for an opponent")) + "\n\n")
	list := m.Lobby().Programs[p.entry.Game.ID()]
	p.drawn = list
	if len(list) == 0 {
		b.WriteString(st.Dim.Render(l.Sprintf("None right now. A program joins the queue with")) + "\n")
		b.WriteString("  ssh -T -p PORT HOST bot --game " + p.entry.Game.ID() + "\n") // lang:keep a command
	}
	p.cursor = min(p.cursor, max(len(list)-1, 0))
	for i, w := range list {
		settings := ""
		if n, ok := w.Config["size"]; ok {
			settings = fmt.Sprintf("%d×%d", n, n)
			if w.AnySize {
				settings = l.Sprintf("any size")
			}
		}
		b.WriteString(widget.Item(st, fmt.Sprintf("%-24s %s", plaintext.Clean(w.Name), settings), 40, i == p.cursor) + "\n")
	}
	b.WriteString("\n" + m.Footer(p.Keys(m)))
	return b.String()
}

func (p *programScreen) Help(m screen.Model) string {
	return m.Lang().Sprintf("Students' bots wait here for opponents. Pick one to play it: you move first.\nThe game uses the program's board size, or one that fits your window if the program chose none (\"any size\").")
}

// challengeConfig is the settings a person in a width × height window plays program w in:
// the program's, on a board that fits the window if the program chose no size.
func challengeConfig(e catalog.Entry, w matchmaker.WaitingProgram, width, height int) games.Config {
	if !w.AnySize {
		return w.Config
	}
	mine, err := humanConfig(e, 0, width, height)
	if err != nil || mine["size"] == 0 {
		return w.Config
	}
	cfg := w.Config.Clone()
	cfg["size"] = mine["size"]
	return cfg
}

func (*programScreen) ShowsLobby() {}
