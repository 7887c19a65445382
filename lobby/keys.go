package lobby

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
)

// keyMap is a screen's keys: every key the screen reacts to is one of its bindings, and its
// footer (short) and the keys part of its ? page (full) are drawn from those bindings by
// bubbles/help, so that what a screen does and what its help says are one list. A binding
// that does nothing in the screen's present state is disabled, and then neither shown nor
// matched. (help.KeyMap.)
type keyMap struct {
	short []key.Binding   // the footer, in order (pairs of bindings may be joined: see pair)
	full  [][]key.Binding // every binding the screen handles, in groups, for the ? page
}

func (k keyMap) ShortHelp() []key.Binding  { return k.short }
func (k keyMap) FullHelp() [][]key.Binding { return k.full }

// bind is a binding: the keys (as tea.KeyMsg.String() spells them) and its help.
func bind(help, does string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, does))
}

// enabled is b, disabled unless on: a key the screen has no use for in its present state.
func enabled(b key.Binding, on bool) key.Binding {
	b.SetEnabled(on)
	return b
}

// pair joins bindings that the footer shows as one ("↑/↓ choose"): every key of each, and
// the first key of each help ("↑/k" and "↓/j" give "↑/↓"). The full help lists them apart.
func pair(does string, bs ...key.Binding) key.Binding {
	var keys, help []string
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		keys = append(keys, b.Keys()...)
		first, _, _ := strings.Cut(b.Help().Key, "/")
		help = append(help, first)
	}
	return enabled(bind(strings.Join(help, "/"), does, keys...), len(keys) > 0)
}

// globalKeys work on every screen: the model handles them before the screen sees a key.
var globalKeys = struct{ quit, help key.Binding }{
	quit: bind("ctrl+c", "leave the arena, from anywhere", "ctrl+c"),
	help: bind("?", "this help (any key closes it)", "?"),
}

// helpKey is the footer's "? help".
var helpKey = bind("?", "help", "?")

// pagerKeyMap is what scrolls a pager: bubbles' viewport keys, and Home/End (g/G) to either
// end. Screens that page a text list these among their keys.
type pagerKeyMap struct {
	up, down, pageUp, pageDown, halfUp, halfDown, top, bottom key.Binding
}

func newPagerKeys() pagerKeyMap {
	return pagerKeyMap{
		up:       bind("↑/k", "scroll up a line", "up", "k"),
		down:     bind("↓/j", "scroll down a line", "down", "j"),
		pageUp:   bind("pgup/b", "a page up", "pgup", "b"),
		pageDown: bind("pgdn/space/f", "a page down", "pgdown", " ", "f"),
		halfUp:   bind("u", "half a page up", "u", "ctrl+u"),
		halfDown: bind("d", "half a page down", "d", "ctrl+d"),
		top:      bind("home/g", "the top", "home", "g"),
		bottom:   bind("end/G", "the end", "end", "G"),
	}
}

func (p pagerKeyMap) all() []key.Binding {
	return []key.Binding{p.up, p.down, p.pageUp, p.pageDown, p.halfUp, p.halfDown, p.top, p.bottom}
}

// newHelp is the bubbles help model drawn with a session's styles (never lipgloss's global
// renderer): "k does · k does" for footers, a key column beside what each does for ? pages.
func newHelp(st *styles) help.Model {
	h := help.New()
	h.ShortSeparator = " · "
	h.Styles = help.Styles{
		Ellipsis:       st.dim,
		ShortKey:       st.key,
		ShortDesc:      st.dim,
		ShortSeparator: st.dim,
		// Two spaces or more between the columns: reflow reads the lines as a table's rows.
		FullKey:       st.key.PaddingRight(1),
		FullDesc:      st.plain,
		FullSeparator: st.plain,
	}
	return h
}

// footer is the screen's short help on one line of the window, cut with "…" where it is
// too long.
func (m *model) footer(km keyMap) string {
	h := m.s.st.help
	h.Width = m.width()
	return h.ShortHelpView(km.ShortHelp())
}

// keysText is the keys part of a ? page: each group of the screen's bindings, then the
// global ones, as rows of a two-column table that reflow folds to the window.
func (m *model) keysText(km keyMap) string {
	h := m.s.st.help
	var parts []string
	for _, g := range append(km.FullHelp(), []key.Binding{globalKeys.help, globalKeys.quit}) {
		if block := h.FullHelpView([][]key.Binding{g}); block != "" {
			lines := strings.Split(block, "\n")
			for i, l := range lines {
				lines[i] = "  " + strings.TrimRight(l, " ")
			}
			parts = append(parts, strings.Join(lines, "\n"))
		}
	}
	return m.s.st.heading.Render("Keys") + "\n" + strings.Join(parts, "\n\n")
}
