package lobby

import (
	"context"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/keyboard"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

// session is one person's connection: their identity, terminal, and the room they are in.
type session struct {
	app     *App
	ssh     *server.Session
	who     keys.Identity
	palette games.Palette
	// keyboard is the person's keyboard's layout: guessed from their language.
	keyboard keyboard.Layout
	lang     lang.Lang      // the language the person reads (server.Session.Lang)
	st       *widget.Styles // shared with the sessions of the same colour profile: never changed
	program  *tea.Program
	mb       *rooms.Mailbox

	mu     sync.Mutex
	room   roomdir.Room
	ticket *matchmaker.Ticket

	// wantsLobby: the screen shown draws the lobby's shared state (lobbyMsg is for it).
	wantsLobby atomic.Bool
	// watchdog hangs up a connection whose screen stopped taking messages; made by the first
	// send and reused (only forward sends).
	watchdog *time.Timer
}

func newSession(a *App, s *server.Session) *session {
	return &session{
		app: a, ssh: s, who: s.Who, palette: s.Palette, keyboard: layoutOf(s), lang: s.Lang,
		st: newStyles(s), mb: rooms.NewMailbox(),
	}
}

// layoutOf is the person's keyboard: the one they chose, else their language's.
func layoutOf(s *server.Session) keyboard.Layout {
	if l, err := keyboard.Parse(s.Keyboard); err == nil {
		return l
	}
	return keyboard.Of(s.Lang)
}

// snapMsg carries a room snapshot into the program.
type snapMsg struct{ snap *rooms.Snapshot }

// forward drains the session's mailbox into the program, with the lobby's changes and the
// client's window changes: one goroutine per session, never one per frame. A terminal that
// stops taking frames for StallTimeout loses its connection; nobody else notices, because
// the hub only ever drops snapshots in the mailbox.
func (s *session) forward(ctx context.Context, windows <-chan ssh.Window) {
	defer func() {
		if p := recover(); p != nil {
			s.app.log.Error("forwarder panicked", "user", s.who.Name, "panic", p, "stack", string(debug.Stack()))
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case win, ok := <-windows:
			if !ok {
				windows = nil // closed: the session is ending
				continue
			}
			s.send(s.ssh.WindowSize(win))
		case <-s.app.lobbyChanged():
			switch {
			case s.wantsLobby.Load():
				s.send(lobbyMsg{})
			case s.calledNow():
				s.send(callMsg{}) // any other screen: a game, a replay, the rules
			}
		case snap := <-s.mb.C():
			s.send(snapMsg{snap})
			s.app.framesSent.Add(1)
		}
	}
}

// send hands msg to the program. A terminal that stops taking frames for StallTimeout loses
// its connection.
func (s *session) send(msg tea.Msg) {
	if s.watchdog == nil {
		s.watchdog = time.AfterFunc(s.app.stall, func() {
			s.app.log.Warn("session stopped reading; closing its connection", "user", s.who.Name)
			s.hangUp()
		})
	} else {
		s.watchdog.Reset(s.app.stall)
	}
	s.program.Send(msg)
	s.watchdog.Stop()
}

// attach moves the session into room r (leaving any other) and returns its seat and the
// latest snapshot. With an error (a room of another node that does not answer) the snapshot
// is still one to show, and the seat -1.
func (s *session) attach(r roomdir.Room) (int, *rooms.Snapshot, error) {
	s.mu.Lock()
	old := s.room
	s.room = r
	s.mu.Unlock()
	ctx := s.context()
	if old != nil && old != r {
		if err := old.Detach(context.WithoutCancel(ctx), s.mb); err != nil {
			s.app.log.Debug("leaving a room for another", "user", s.who.Name, "room", old.ID(), "err", err)
		}
	}
	seat, snap, err := r.Attach(ctx, s.who.ID, s.mb)
	where := "watching " + r.ID()
	if seat >= 0 {
		where = "playing " + r.ID()
	}
	s.app.setPresence(s, where)
	return seat, snap, err
}

// detach leaves the current room and cancels any wait in a queue.
func (s *session) detach() { s.leave(false) }

// drop is detach for a connection that ended: a player of a running game keeps the seat for
// the room's grace time, to come back to it (see rooms.Room.Drop).
func (s *session) drop() { s.leave(true) }

func (s *session) leave(dropped bool) {
	s.mu.Lock()
	old, t := s.room, s.ticket
	s.room, s.ticket = nil, nil
	s.mu.Unlock()
	// Not the session's context: a connection that ended still leaves its room.
	ctx := context.WithoutCancel(s.context())
	var err error
	switch {
	case old != nil && dropped:
		err = old.Drop(ctx, s.mb)
	case old != nil:
		err = old.Detach(ctx, s.mb)
	}
	if err != nil {
		// The view here has ended all the same; the room's node may count it a while longer.
		s.app.log.Debug("leaving a room", "user", s.who.Name, "room", old.ID(), "dropped", dropped, "err", err)
	}
	if t != nil && !s.app.mm.Cancel(t) {
		// Seated just as we gave up: give the seat away at once. (If the waiting command took
		// the assignment first, the room hands the absent seat to a bot after its grace.)
		select {
		case a := <-t.Done():
			if a.Room != nil {
				if err := a.Room.Leave(ctx, s.who.ID); err != nil {
					s.app.log.Warn("a seat given up on leaving the queue is still held", "user", s.who.Name, "room", a.Room.ID(), "err", err)
				}
			}
		default:
		}
	}
	s.app.setPresence(s, "lobby")
}

// queue puts the session in the matchmaker for game e and returns the ticket it holds
// there and a command that waits for the seat.
func (s *session) queue(t *matchmaker.Ticket) (*matchmaker.Ticket, tea.Cmd, error) {
	t, err := s.app.mm.Enqueue(t)
	if err != nil {
		return nil, nil, err
	}
	s.mu.Lock()
	s.ticket = t
	s.mu.Unlock()
	s.app.setPresence(s, "waiting for "+t.Game.Game.Name()) // lang:keep where a person is, for the operator's metrics
	ctx := s.context()
	return t, func() tea.Msg {
		select {
		case a := <-t.Done():
			s.mu.Lock()
			if s.ticket == t {
				s.ticket = nil
			}
			s.mu.Unlock()
			return assignedMsg{ticket: t, Assignment: a}
		case <-ctx.Done():
			return nil
		}
	}, nil
}

type assignedMsg struct {
	ticket *matchmaker.Ticket
	matchmaker.Assignment
}

// hangUp closes the session's whole connection. Closing only the channel is not enough for a
// client that stopped reading: the close message itself would wait behind the blocked writes.
func (s *session) hangUp() {
	if c, ok := s.ssh.SSH.Context().Value(ssh.ContextKeyConn).(gossh.Conn); ok {
		_ = c.Close()
		return
	}
	_ = s.ssh.SSH.Close()
}

// context ends with the session's connection (never, for a session without one: tests).
func (s *session) context() context.Context {
	if s.ssh == nil || s.ssh.SSH == nil {
		return context.Background()
	}
	return s.ssh.SSH.Context()
}

// addr is the session's network address (its host), against which rooms are counted.
func (s *session) addr() string { return s.ssh.Host() }

// calledNow reports whether a tournament calls this person (to a game, or with its end).
func (s *session) calledNow() bool {
	if s.app.director == nil || s.who.Guest {
		return false
	}
	_, ok := s.app.director.CallFor(s.who.ID)
	return ok
}
