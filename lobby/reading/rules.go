// Package reading is the lobby's screens of text to read, from the home menu: a game's rules
// and keys, a game's leaderboard. They are shown through the screen contract (lobby/screen).
package reading

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
)

// rulesScreen is a game's rules and keys, scrolled.
type rulesScreen struct {
	entry catalog.Entry
	back  screen.Screen
	page  *widget.Pager
}

// NewRules is game e's rules and keys; esc goes back to back.
func NewRules(e catalog.Entry, back screen.Screen) screen.Screen {
	return &rulesScreen{entry: e, back: back}
}

func (r *rulesScreen) pager() *widget.Pager {
	if r.page == nil {
		r.page = widget.NewPager()
	}
	return r.page
}

func (r *rulesScreen) Keys(m screen.Model) widget.KeyMap {
	back := widget.Back(m.BackTo(r.back), true)
	return widget.KeyMap{Short: []key.Binding{back}, Full: [][]key.Binding{{back}, r.pager().Keys.All()}}
}

func (r *rulesScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		if key.Matches(k, widget.Back("", true)) {
			return m.Back(r.back, "")
		}
		r.pager().Key(k)
	}
	return r, nil
}

func (r *rulesScreen) View(m screen.Model) string {
	// The header and a blank line above, a blank line and the key line below.
	r.pager().Set(rulesText(m, r.entry.Entry, m.Width()-2), m.Height()-4)
	keys := m.Footer(r.Keys(m))
	if w := r.page.WhereIn(m.Lang()); w != "" {
		keys += m.Styles().Dim.Render(" · " + w)
	}
	return m.Header(m.Styles().Dim.Render(r.entry.Game.Name())) + "\n\n" + r.page.View() + "\n\n" + keys
}

func (r *rulesScreen) Help(m screen.Model) string {
	return m.Lang().Sprintf("The rules and keys of %s.", r.entry.Game.Name())
}

// rulesText is a game's rules and keys, folded to width cells, in the person's language
// (the game's view speaks it, games.ViewIn), with the letters of a cluster of places as the
// person's keyboard has them (keyboard.Layout.Show: z q s d on AZERTY for w a s d).
func rulesText(m screen.Model, e playable.Entry, width int) string {
	st := m.Styles()
	v := games.ViewIn(e.View, m.Lang())
	ks := slices.Clone(v.Keys())
	for i := range ks {
		if ks[i].Cluster {
			ks[i].Keys = m.Keyboard().Show(ks[i].Keys)
		}
	}
	return st.Heading.Render(e.Game.Name()) + "\n\n" + termtext.Reflow(v.Rules(), width) + "\n\n" +
		st.Heading.Render(m.Lang().Sprintf("Keys")) + "\n" + keyTable(ks, width, func(k string) string { return st.Key.Render(k) })
}

// keyTable lays out a game's keys as two columns within width cells: the keys (styled by
// key) in a column as wide as the widest, what they do folded beside them; keys too wide
// for a column of their own put what they do on the next line.
func keyTable(keys []games.KeyHelp, width int, key func(string) string) string {
	col := 0
	for _, k := range keys {
		col = max(col, ansi.StringWidth(k.Keys))
	}
	col = min(col, 22)
	var b strings.Builder
	for _, k := range keys {
		pad := col - ansi.StringWidth(k.Keys)
		does := termtext.WrapWords(k.Does, max(width-2-col-2, 16))
		if pad < 0 {
			b.WriteString("  " + key(k.Keys) + "\n")
			pad = col
			b.WriteString("  " + strings.Repeat(" ", pad) + "  " + does[0] + "\n")
		} else {
			b.WriteString("  " + key(k.Keys) + strings.Repeat(" ", pad) + "  " + does[0] + "\n")
		}
		for _, more := range does[1:] {
			b.WriteString("  " + strings.Repeat(" ", col) + "  " + more + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
