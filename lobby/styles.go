package lobby

import (
	"github.com/arena-classroom/arena/internal/plaintext"

	"io"
	"sync"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/arena-classroom/arena/server"
)

// styles are one session's lipgloss styles, made from its own renderer (never the global one).
type styles struct {
	title, dim, key, selected, warn, good, bad, heading, box, plain lipgloss.Style
	help                                                            help.Model // footers and key lists (keys.go)
}

// wrap folds text to width cells (at least 20), keeping its own line breaks.
func (st *styles) wrap(text string, width int) string {
	return st.plain.Width(max(width, 20)).Render(text)
}

// styleSets are the styles made for each renderer: the server shares one renderer between
// the sessions with the same colour profile, and so do they the styles (a set is ~5 KiB).
var styleSets sync.Map // *lipgloss.Renderer → *styles

var plainRenderer = lipgloss.NewRenderer(io.Discard, termenv.WithProfile(termenv.Ascii))

func newStyles(s *server.Session) *styles {
	r := s.Renderer
	if r == nil {
		r = plainRenderer
	}
	if st, ok := styleSets.Load(r); ok {
		return st.(*styles)
	}
	st, _ := styleSets.LoadOrStore(r, makeStyles(r))
	return st.(*styles)
}

func makeStyles(r *lipgloss.Renderer) *styles {
	st := &styles{
		title:    r.NewStyle().Bold(true).Foreground(lipgloss.Color("213")),
		dim:      r.NewStyle().Foreground(lipgloss.Color("245")),
		key:      r.NewStyle().Bold(true).Foreground(lipgloss.Color("81")),
		selected: r.NewStyle().Bold(true).Foreground(lipgloss.Color("231")).Background(lipgloss.Color("62")),
		warn:     r.NewStyle().Foreground(lipgloss.Color("214")),
		good:     r.NewStyle().Bold(true).Foreground(lipgloss.Color("120")),
		bad:      r.NewStyle().Bold(true).Foreground(lipgloss.Color("203")),
		heading:  r.NewStyle().Bold(true).Underline(true),
		plain:    r.NewStyle(),
		box:      r.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(lipgloss.Color("240")).Padding(0, 1),
	}
	st.help = newHelp(st)
	return st
}

// clean strips control and escape characters from text one user shows to another.
func clean(s string) string { return plaintext.Clean(s) }
