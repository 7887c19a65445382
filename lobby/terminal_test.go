package lobby

import (
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/server"
)

// terminal is a person's terminal for the tests that drive a model directly: who, the
// window, the palette (with the colour profile that goes with it), drawn nowhere.
func terminal(id, name string, width, height int, p games.Palette) *server.Session {
	profile := termenv.Ascii
	switch p {
	case games.ANSI16:
		profile = termenv.ANSI
	case games.ANSI256:
		profile = termenv.ANSI256
	}
	return &server.Session{Who: keys.Identity{ID: id, Name: name}, Width: width, Height: height, Palette: p,
		Renderer: lipgloss.NewRenderer(io.Discard, termenv.WithProfile(profile))}
}
