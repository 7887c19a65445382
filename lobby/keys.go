package lobby

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/widget"
)

// globalKeys work on every screen: the model handles them before the screen sees a key.
var globalKeys = struct{ quit, help key.Binding }{
	quit: widget.Bind("ctrl+c", lang.N("leave the arena, from anywhere"), "ctrl+c"),
	help: widget.Bind("?", lang.N("this help (↑/↓ scroll it when it is long; any other key closes it)"), "?"),
}

// Footer is the screen's short help on one line of the window, cut with "…" where it is
// too long.
func (m *model) Footer(km widget.KeyMap) string {
	h := m.s.st.Help
	h.Width = m.Width()
	return h.ShortHelpView(m.translated(km.ShortHelp()))
}

// translated are bindings whose help says what they do in the person's language (the
// bindings are written in English, their key in the catalogs).
func (m *model) translated(bs []key.Binding) []key.Binding {
	if m.s.lang == "" || m.s.lang == lang.English {
		return bs
	}
	out := make([]key.Binding, len(bs))
	for i, b := range bs {
		help := b.Help()
		if m.s.lang.Has(help.Desc) {
			b.SetHelp(help.Key, m.s.lang.Sprintf(help.Desc))
		}
		out[i] = b
	}
	return out
}

// keysText is the keys part of a ? page: each group of the screen's bindings, then the
// global ones, as rows of a two-column table that reflow folds to the window.
func (m *model) keysText(km widget.KeyMap) string {
	h := m.s.st.Help
	var parts []string
	for _, g := range append(km.FullHelp(), []key.Binding{globalKeys.help, globalKeys.quit}) {
		if block := h.FullHelpView([][]key.Binding{m.translated(g)}); block != "" {
			lines := strings.Split(block, "\n")
			for i, l := range lines {
				lines[i] = "  " + strings.TrimRight(l, " ")
			}
			parts = append(parts, strings.Join(lines, "\n"))
		}
	}
	return m.s.st.Heading.Render(m.s.lang.Sprintf("Keys")) + "\n" + strings.Join(parts, "\n\n")
}
