package lobby

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"

	"github.com/arena-classroom/arena/lobby/widget"
)

// globalKeys work on every screen: the model handles them before the screen sees a key.
var globalKeys = struct{ quit, help key.Binding }{
	quit: widget.Bind("ctrl+c", "leave the arena, from anywhere", "ctrl+c"),
	help: widget.Bind("?", "this help (any key closes it)", "?"),
}

// helpKey is the footer's "? help".
var helpKey = widget.Bind("?", "help", "?")

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
func (m *model) footer(km widget.KeyMap) string {
	h := m.s.st.help
	h.Width = m.width()
	return h.ShortHelpView(km.ShortHelp())
}

// keysText is the keys part of a ? page: each group of the screen's bindings, then the
// global ones, as rows of a two-column table that reflow folds to the window.
func (m *model) keysText(km widget.KeyMap) string {
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
