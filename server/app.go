package server

import (
	"io"
	"net"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
)

// Session is what the server knows about one SSH session when it hands it to the App.
type Session struct {
	SSH ssh.Session
	Who keys.Identity
	// NameNote says why Who.Name is not the name the client asked for (`ssh root@host`: "root
	// is reserved: you are player-68bdd1; …"), in the person's language; no Key when it is.
	// The server has written it on stderr for a command; the lobby shows it on its first
	// screen.
	NameNote lang.Text
	Args     []string // the exec command split into words; empty for a plain `ssh host`
	PTY      bool
	Width    int // clamped window size (PTY sessions)
	Height   int
	Palette  games.Palette // from the client's TERM and colour profile
	// Lang is the language the person reads the arena in, and LangFrom where it came from
	// (the client's locale, or the server's default: lang.Choose).
	Lang     lang.Lang
	LangFrom lang.Source
	// Keyboard is the layout the person chose (keyboard azerty); "" while they chose none:
	// their language's is taken (keyboard.Of).
	Keyboard string
	Renderer *lipgloss.Renderer // for the session's colour profile, shared by the sessions with the same

	v6Prefix     int               // Config.IPv6Prefix, for Host
	windows      <-chan ssh.Window // the client's window changes (PTY sessions)
	windowsTaken bool
	clamp        func(w, h int) (int, int)
}

// TakeWindowChanges is for an App that runs a loop of its own for each session (the
// server's would be one goroutine more): called from attach, it hands over the client's
// window changes, and the App then sends the program WindowSize(w) for each, draining the
// channel until it is closed or the session ends. Without a call, the server forwards them.
// Nil for sessions without a PTY.
func (s *Session) TakeWindowChanges() <-chan ssh.Window {
	s.windowsTaken = true
	return s.windows
}

// WindowSize is the message for a window change: its size clamped to the server's limits.
func (s *Session) WindowSize(w ssh.Window) tea.WindowSizeMsg {
	width, height := w.Width, w.Height
	if s.clamp != nil {
		width, height = s.clamp(width, height)
	}
	return tea.WindowSizeMsg{Width: width, Height: height}
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

// Host is the session's network address without its port, against which rooms and
// tournament entries are counted: an IPv6 address as its /64 (Config.IPv6Prefix), whose
// hosts may take any address of it; "" without one.
func (s *Session) Host() string {
	if s == nil || s.SSH == nil {
		return ""
	}
	a := s.SSH.RemoteAddr()
	if a == nil {
		return ""
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return addressKey(host, s.v6Prefix)
}
