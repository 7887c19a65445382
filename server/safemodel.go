package server

import (
	"runtime/debug"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/internal/termrender"
)

// safeModel runs the App's model and turns a panic in Init, Update or View into the end of
// this one program: logged by the server with its stack, rather than printed on the
// server's stdout by bubbletea (which stays as the second line of defence, and the only one
// for commands, which bubbletea runs in its own goroutines).
//
// It also draws: bubbletea calls View after Init and after every Update, in its event loop,
// and the view goes to screen; bubbletea, which runs without a renderer, gets "".
type safeModel struct {
	inner   tea.Model
	screen  *termrender.Renderer
	crashed bool
	onPanic func(r any, stack []byte)
	quit    func() // ends the program from outside the event loop (a View panic)
}

func (m *safeModel) catch(cmd *tea.Cmd) {
	if r := recover(); r != nil {
		m.crashed = true
		m.onPanic(r, debug.Stack())
		*cmd = tea.Quit
	}
}

func (m *safeModel) Init() (cmd tea.Cmd) {
	defer m.catch(&cmd)
	return m.inner.Init()
}

func (m *safeModel) Update(msg tea.Msg) (model tea.Model, cmd tea.Cmd) {
	model = m // also what a recovered panic returns
	if m.crashed {
		return m, tea.Quit
	}
	defer m.catch(&cmd)
	if win, ok := msg.(tea.WindowSizeMsg); ok {
		m.screen.Resize(win.Width, win.Height)
	}
	next, cmd := m.inner.Update(msg)
	m.inner = next
	return m, cmd
}

func (m *safeModel) View() string {
	if m.crashed {
		return ""
	}
	defer func() {
		if r := recover(); r != nil {
			m.crashed = true
			m.onPanic(r, debug.Stack())
			m.quit()
		}
	}()
	m.screen.Render(m.inner.View())
	if d, ok := m.inner.(Drawer); ok {
		d.Drawn()
	}
	return ""
}

// Drawer is implemented by models that want to know when their view has been written to the
// terminal (the lobby times room snapshots to the screen).
type Drawer interface {
	Drawn()
}
