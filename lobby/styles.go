package lobby

import (
	"io"
	"sync"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/server"
)

// styleSets are the styles made for each renderer: the server shares one renderer between
// the sessions with the same colour profile, and so do they the styles (a set is ~5 KiB).
var styleSets sync.Map // *lipgloss.Renderer → *widget.Styles

var plainRenderer = lipgloss.NewRenderer(io.Discard, termenv.WithProfile(termenv.Ascii))

func newStyles(s *server.Session) *widget.Styles {
	r := s.Renderer
	if r == nil {
		r = plainRenderer
	}
	if st, ok := styleSets.Load(r); ok {
		return st.(*widget.Styles)
	}
	st, _ := styleSets.LoadOrStore(r, widget.NewStyles(r))
	return st.(*widget.Styles)
}
