package widget

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"

	"github.com/arena-classroom/arena/internal/termtext"
)

// Styles are one session's lipgloss styles, made from its own renderer (never the global one).
type Styles struct {
	Title, Dim, Key, Selected, Warn, Good, Bad, Heading, Box, Plain lipgloss.Style
	Help                                                            help.Model // footers and key lists (KeyMap)
}

// Wrap folds text to width cells (at least 20), keeping its own line breaks.
func (st *Styles) Wrap(text string, width int) string {
	return st.Plain.Width(max(width, 20)).Render(text)
}

func NewStyles(r *lipgloss.Renderer) *Styles {
	st := &Styles{
		Title:    r.NewStyle().Bold(true).Foreground(lipgloss.Color("213")),
		Dim:      r.NewStyle().Foreground(lipgloss.Color("245")),
		Key:      r.NewStyle().Bold(true).Foreground(lipgloss.Color("81")),
		Selected: r.NewStyle().Bold(true).Foreground(lipgloss.Color("231")).Background(lipgloss.Color("62")),
		Warn:     r.NewStyle().Foreground(lipgloss.Color("214")),
		Good:     r.NewStyle().Bold(true).Foreground(lipgloss.Color("120")),
		Bad:      r.NewStyle().Bold(true).Foreground(lipgloss.Color("203")),
		Heading:  r.NewStyle().Bold(true).Underline(true),
		Plain:    r.NewStyle(),
		Box:      r.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(lipgloss.Color("240")).Padding(0, 1),
	}
	st.Help = newHelp(st)
	return st
}

// newHelp is the bubbles help model drawn with a session's styles (never lipgloss's global
// renderer): "k does · k does" for footers, a key column beside what each does for ? pages.
func newHelp(st *Styles) help.Model {
	h := help.New()
	h.ShortSeparator = " · "
	h.Styles = help.Styles{
		Ellipsis:       st.Dim,
		ShortKey:       st.Key,
		ShortDesc:      st.Dim,
		ShortSeparator: st.Dim,
		// Two spaces or more between the columns: reflow reads the lines as a table's rows.
		FullKey:       st.Key.PaddingRight(1),
		FullDesc:      st.Plain,
		FullSeparator: st.Plain,
	}
	return h
}

// Item draws one line of a menu or a list, width cells wide. The chosen line is marked with
// a pointer as well as a colour, so that it shows on terminals without colour.
func Item(st *Styles, text string, width int, chosen bool) string {
	if chosen {
		return st.Selected.Render("› " + termtext.Fit(text, width))
	}
	return "  " + termtext.Fit(text, width)
}
