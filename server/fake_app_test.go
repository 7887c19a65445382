package server_test

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/server"
)

// fakeApp stands in for the arena: its screen shows the identity and echoes keys, its
// commands report what the server handed them.
type fakeApp struct{}

func paletteName(p games.Palette) string {
	switch p {
	case games.Plain:
		return "plain"
	case games.ANSI16:
		return "ansi16"
	case games.ANSI256:
		return "ansi256"
	}
	return "?"
}

func (fakeApp) Interactive(s *server.Session) (tea.Model, func(*tea.Program), error) {
	if len(s.Args) > 0 {
		switch s.Args[0] {
		case "fail":
			return nil, nil, errors.New("no such game: " + strings.Join(s.Args[1:], " "))
		case "boom":
			panic("fake app: Interactive exploded")
		}
	}
	m := &fakeModel{s: s, w: s.Width, h: s.Height, fill: len(s.Args) > 0 && s.Args[0] == "fill"}
	return m, func(*tea.Program) { m.attached = true }, nil
}

func (fakeApp) Exec(s *server.Session, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(s.Args) == 0 {
		fmt.Fprintln(stderr, "usage: whoami | echo | exit N | panic | wait")
		return 2
	}
	switch s.Args[0] {
	case "whoami":
		ctxWho, ok := server.IdentityFrom(s.SSH.Context())
		fmt.Fprintf(stdout, "name=%s id=%s guest=%v admin=%v pty=%v palette=%s ctx=%v host=%s\n",
			s.Who.Name, s.Who.ID, s.Who.Guest, s.Who.Admin, s.PTY, paletteName(s.Palette), ok && ctxWho == s.Who, s.Host())
		return 0
	case "echo":
		n, _ := io.Copy(stdout, stdin)
		fmt.Fprintf(stderr, "%d bytes\n", n)
		return 0
	case "exit":
		n, _ := strconv.Atoi(s.Args[1])
		fmt.Fprintln(stderr, "leaving")
		return n
	case "panic":
		panic("fake app: Exec exploded")
	case "wait":
		fmt.Fprintln(stdout, "waiting")
		<-s.SSH.Context().Done()
		fmt.Fprintln(stdout, "bye")
		return 3
	}
	fmt.Fprintf(stderr, "unknown command %q\n", s.Args[0])
	return 2
}

type fakeModel struct {
	s        *server.Session
	w, h     int
	last     string
	attached bool
	keys     int // key messages received
	// viewPanics makes the next View panic.
	viewPanics bool
	// fill draws the whole window, a different letter at each size (a large lobby screen).
	fill bool
}

func (m *fakeModel) Init() tea.Cmd { return nil }

func (m *fakeModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case tea.KeyMsg:
		if msg.Type == tea.KeyUp {
			return m, nil // a key that changes nothing on the screen
		}
		m.last = msg.String()
		m.keys++
		switch m.last {
		case "q":
			return m, tea.Quit
		case "p":
			panic("fake app: Update exploded")
		case "v":
			m.viewPanics = true
		case "ctrl+z":
			return m, tea.Suspend // what a careless screen might do
		}
	case tea.SuspendMsg:
		m.last = "SUSPENDED"
	}
	return m, nil
}

func (m *fakeModel) View() string {
	if m.viewPanics {
		panic("fake app: View exploded")
	}
	if m.fill {
		line := strings.Repeat(string(rune('a'+(m.w+m.h)%26)), m.w)
		return strings.Repeat(line+"\n", m.h-1) + line
	}
	return fmt.Sprintf("hello %s\nid=%s guest=%v admin=%v\nattached=%v\nsize=%dx%d palette=%s args=%s\nkey: %s keys=%d\n",
		m.s.Who.Name, m.s.Who.ID, m.s.Who.Guest, m.s.Who.Admin, m.attached,
		m.w, m.h, paletteName(m.s.Palette), strings.Join(m.s.Args, ","), m.last, m.keys)
}
