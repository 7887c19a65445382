package server

import (
	"io"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keys"
)

// Session is what the server knows about one SSH session when it hands it to the App.
type Session struct {
	SSH      ssh.Session
	Who      keys.Identity
	Args     []string // the exec command split into words; empty for a plain `ssh host`
	PTY      bool
	Width    int // clamped window size (PTY sessions)
	Height   int
	Palette  games.Palette      // from the client's TERM and colour profile
	Renderer *lipgloss.Renderer // made once per session with bm.MakeRenderer
}

// App is the arena behind the SSH server: the lobby, rooms and commands. The server owns
// transport, identity, limits and middleware; the App owns everything a user sees.
type App interface {
	// Interactive builds the Bubble Tea model for a PTY session: the lobby for no args, or the
	// screen a command asks for (["play","GAME","--vs","BOT"], ["watch","K7QX"]).
	// attach is called with the program before it runs (the app's forwarder needs it). A
	// non-nil error is shown to the user as is, and the session exits with status 1.
	Interactive(s *Session) (model tea.Model, attach func(*tea.Program), err error)
	// Exec runs a command without a PTY (`rooms`, later `bot`, `spec`), writing to stdout and
	// stderr, and returns the exit status. It must return when s.SSH.Context() is done.
	Exec(s *Session, stdin io.Reader, stdout, stderr io.Writer) int
}
