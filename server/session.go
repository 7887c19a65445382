package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/muesli/termenv"

	"github.com/arena-classroom/arena/internal/termrender"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
)

// stage is one layer of the session middleware; handlers return the exit status.
type stage func(next sessionHandler) sessionHandler

type sessionHandler func(sess ssh.Session) int

type identityKey struct{}

// IdentityFrom returns the identity the server resolved for a session's connection.
func IdentityFrom(ctx ssh.Context) (keys.Identity, bool) {
	who, ok := ctx.Value(identityKey{}).(keys.Identity)
	return who, ok
}

// handler builds the middleware chain: recovery outermost (so that nothing below can take
// the server down), then logging, admission (limits, identity), and routing.
func (s *Server) handler() ssh.Handler {
	h := s.route
	for _, st := range []stage{s.admit, s.logging, s.recovery} {
		h = st(h)
	}
	return func(sess ssh.Session) {
		// Add under mu, before Shutdown sets closing and starts waiting: a WaitGroup must not
		// grow from zero while someone waits on it.
		s.mu.Lock()
		if s.closing.Load() {
			s.mu.Unlock()
			fmt.Fprintln(sess.Stderr(), s.langOf(sess).Say(shuttingDown))
			_ = sess.Exit(ExitTryAgain)
			return
		}
		s.handlers.Add(1)
		s.mu.Unlock()
		defer s.handlers.Done()
		code := h(sess)
		_ = sess.Exit(code)
	}
}

// shuttingDown is what a session that comes as the server shuts down is told.
var shuttingDown = lang.N("arena: the server is shutting down (for a moment: this is temporary); please come back in a minute")

// langOf is the language a session's client asked for with its locale (LANG, LC_ALL…),
// else the server's: what the server says before the arena has read the key's stored
// choice (refusals, limits, a crash).
func (s *Server) langOf(sess ssh.Session) lang.Lang {
	l, _ := lang.Choose("", sess.Environ(), s.cfg.Lang)
	return l
}

// ExitTryAgain (EX_TEMPFAIL) ends a session refused for a while only: the server shutting
// down, its database not answering. The starter kits run their command again on it, with a
// growing wait (docs/bots.md lists every status).
const ExitTryAgain = 75

// farewell is what a person's terminal is told as the server shuts down: the operator's
// words (Config.Farewell, a cluster's node that restarts), or see you soon, in l.
func (s *Server) farewell(l lang.Lang) string {
	if f := s.farewellText.Load(); f != nil {
		return l.Sprintf("arena: %s", f.In(l)) + "\n"
	}
	return l.Sprintf("arena: the server is shutting down; see you soon.") + "\n"
}

// SetFarewell replaces what people's terminals are told as the server shuts down (one line,
// said in each person's language): a node of a cluster that restarts says how to come back.
func (s *Server) SetFarewell(text lang.Text) { s.farewellText.Store(&text) }

// recovery turns a panic in a session into a logged error and a polite exit status 1.
func (s *Server) recovery(next sessionHandler) sessionHandler {
	return func(sess ssh.Session) (code int) {
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("session panicked", "panic", fmt.Sprint(r), "user", sess.User(),
					"remote", remoteIP(sess.RemoteAddr()), "stack", string(debug.Stack()))
				fmt.Fprintln(sess.Stderr(), s.langOf(sess).Sprintf("arena: something went wrong on our side; sorry. Please reconnect."))
				code = 1
			}
		}()
		return next(sess)
	}
}

// logging writes one line per session when it ends.
func (s *Server) logging(next sessionHandler) sessionHandler {
	return func(sess ssh.Session) int {
		start := time.Now()
		code := next(sess)
		attrs := []any{
			"remote", remoteIP(sess.RemoteAddr()),
			"cmd", truncate(sess.RawCommand(), 120),
			"exit", code,
			"duration", time.Since(start).Round(time.Millisecond).String(),
		}
		_, _, pty := sess.Pty()
		attrs = append(attrs, "pty", pty)
		if who, ok := IdentityFrom(sess.Context()); ok {
			attrs = append(attrs, "user", who.Name, "id", keys.Short(who.ID))
			if who.Admin {
				attrs = append(attrs, "admin", true)
			}
		} else {
			attrs = append(attrs, "user", truncate(sess.User(), 40))
		}
		s.log.Info("session", attrs...)
		return code
	}
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// admit applies the limits and resolves the identity; refusals are one clear line.
func (s *Server) admit(next sessionHandler) sessionHandler {
	return func(sess ssh.Session) int {
		cs := connStateOf(sess.Context())
		if cs == nil {
			ip := remoteIP(sess.RemoteAddr())
			cs = &connState{ip: ip, key: addressKey(ip, s.cfg.IPv6Prefix)}
		}
		// Refusals are said in the language the client's locale asks for (the key's stored
		// choice is the arena's to read, later): one line on stderr.
		refuse := func(msg lang.Text) int {
			l := s.langOf(sess)
			fmt.Fprintln(sess.Stderr(), l.Sprintf("arena: %s", msg.In(l)))
			return 1
		}
		// A refusal that a wait cures (the arena or the address full, connections too fast,
		// the key's sessions at their limit while an old one lingers): 75, and the starter
		// kits come back by themselves (docs/bots.md).
		refuseForNow := func(msg lang.Text) int {
			refuse(msg)
			return ExitTryAgain
		}
		if refusal := cs.refused(); refusal.Key != "" {
			return refuseForNow(refusal)
		}
		// Splitting a command into words costs more than linearly: measure it first.
		if n := len(sess.RawCommand()); n > s.cfg.MaxCommandBytes {
			s.refused.add(RefusedCommandLength)
			return refuse(lang.T("that command is %s bytes long; commands have at most %s", strconv.Itoa(n), strconv.Itoa(s.cfg.MaxCommandBytes)))
		}
		who, err := s.identity(sess, cs)
		if err != nil {
			s.log.Error("identity", "remote", cs.ip, "err", err)
			s.refused.add(RefusedStore)
			refuse(lang.T("we could not load your account right now: the arena's database does not answer. This is temporary; try again in a few seconds (the starter kits do, by themselves)"))
			return ExitTryAgain
		}
		release, ok := s.perKey.acquire(who.ID)
		if !ok {
			s.refused.add(RefusedSessionsPerKey)
			return refuseForNow(lang.T("too many sessions for your key (limit %d); close one and try again", s.cfg.MaxSessionsPerKey))
		}
		defer release()
		return next(sess)
	}
}

// identity resolves the connection's identity once; its sessions share it.
func (s *Server) identity(sess ssh.Session, cs *connState) (keys.Identity, error) {
	cs.once.Do(func() {
		ctx := sess.Context()
		hint := keys.SanitizeName(sess.User(), s.cfg.ReservedNames...)
		if pk := sess.PublicKey(); pk != nil {
			fp := keys.Fingerprint(pk)
			name, err := s.accounts.ClaimName(ctx, fp, hint)
			if err != nil {
				known, ok := s.known.name(fp)
				if !ok {
					cs.whoError = err
					return
				}
				// The store does not answer, but this node knows the key: served under the
				// name it had, as before the outage.
				s.log.Warn("the store does not answer: a key this node knows is served from memory", "name", known, "id", keys.Short(fp), "err", err)
				name = known
			} else {
				s.known.remember(fp, name)
			}
			cs.who = keys.Identity{ID: fp, Name: name, Admin: s.admins.IsAdmin(fp)}
			cs.nameNote = keys.NameNote(sess.User(), name, s.cfg.ReservedNames...)
		} else {
			var b [8]byte
			_, _ = rand.Read(b[:])
			id := "guest:" + hex.EncodeToString(b[:])
			cs.who = keys.Identity{ID: id, Name: keys.GuestName(id), Guest: true}
		}
		ctx.SetValue(identityKey{}, cs.who)
	})
	return cs.who, cs.whoError
}

// nameNoteOf is why the connection's name is not the one it asked for (no Key when it is).
func nameNoteOf(ctx ssh.Context) lang.Text {
	if cs := connStateOf(ctx); cs != nil {
		return cs.nameNote
	}
	return lang.Text{}
}

// route hands PTY sessions to a Bubble Tea program and the others to App.Exec.
func (s *Server) route(sess ssh.Session) int {
	who, _ := IdentityFrom(sess.Context())
	ctx, cancel := context.WithCancel(sess.Context())
	defer cancel()
	ls := &liveSession{cancel: cancel}
	if !s.track(ls) {
		fmt.Fprintln(sess.Stderr(), s.langOf(sess).Say(shuttingDown))
		return ExitTryAgain
	}
	defer s.untrack(ls)
	wrapped := &sessionWithContext{Session: sess, ctx: ctx}
	if _, _, isPTY := sess.Pty(); isPTY {
		return s.interactive(wrapped, who, ls)
	}
	return s.exec(wrapped, who)
}

func (s *Server) track(ls *liveSession) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing.Load() {
		return false
	}
	s.sessions[ls] = true
	return true
}

func (s *Server) untrack(ls *liveSession) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.sessions, ls)
}

func (s *Server) exec(sess *sessionWithContext, who keys.Identity) int {
	l, from := lang.Choose("", sess.Environ(), s.cfg.Lang)
	sv := &Session{
		Lang:     l,
		LangFrom: from,
		SSH:      sess,
		Who:      who,
		NameNote: nameNoteOf(sess.Context()),
		Args:     sess.Command(),
		v6Prefix: s.cfg.IPv6Prefix,
		Palette:  plainPalette,
		Renderer: rendererFor(termenv.Ascii),
	}
	// A terminal whose locale is Latin-1 gets Latin-1 (another non-UTF-8 one, ASCII), as the
	// lobby does: what a person
	// reads on stderr always, stdout unless it is for programs (the bot protocol's lines,
	// --json and --csv stay UTF-8, as their formats say).
	var stdout io.Writer = sess
	var stderr io.Writer = sess.Stderr()
	if cs := lang.CharsetOf(sess.Environ()); cs != lang.UTF8 {
		stderr = cs.Writer(stderr)
		if forPeople(sv.Args) {
			stdout = cs.Writer(sess)
		}
	}
	// Said at once, before whatever the command prints: a person who connected as root
	// learns why the arena calls them player-68bdd1.
	if sv.NameNote.Key != "" {
		fmt.Fprintf(stderr, "arena: %s\n", sv.NameNote.In(sv.Lang))
	}
	return s.app.Exec(sv, sess, stdout, stderr)
}

// forPeople reports whether a command's standard output is for a person to read, not for
// a program: not the bot protocol's sessions, nor output asked as JSON or CSV.
func forPeople(args []string) bool {
	if len(args) > 0 && (args[0] == "bot" || args[0] == "check") {
		return false
	}
	for _, a := range args {
		if a == "--json" || a == "--csv" || strings.HasPrefix(a, "--json=") || strings.HasPrefix(a, "--csv=") {
			return false
		}
	}
	return true
}

func (s *Server) interactive(sess *sessionWithContext, who keys.Identity, ls *liveSession) int {
	pty, _, _ := sess.Pty()
	w, h := s.cfg.clamp(pty.Window.Width, pty.Window.Height)
	env := sess.Environ() // includes TERM from the pty request
	palette, profile := colors(pty.Term, env)
	l, from := lang.Choose("", env, s.cfg.Lang)
	sv := &Session{
		Lang:     l,
		LangFrom: from,
		SSH:      sess,
		Who:      who,
		NameNote: nameNoteOf(sess.Context()),
		Args:     sess.Command(),
		v6Prefix: s.cfg.IPv6Prefix,
		PTY:      true,
		Width:    w,
		Height:   h,
		Palette:  palette,
		Renderer: rendererFor(profile),
		windows:  windowChanges(sess.Context()),
		clamp:    s.cfg.clamp,
	}
	model, attach, err := s.app.Interactive(sv)
	if err != nil {
		fmt.Fprintf(sess.Stderr(), "%s\n", lang.Say(err, sv.Lang))
		return 1
	}
	// Our renderer, not Bubble Tea's: it draws each view as the model produces it, the lines
	// that changed only, and has no clock of its own (Bubble Tea's woke every session 20
	// times a second). No frame-rate cap either: Bubble Tea computes a view after every
	// update anyway, and writing the lines that changed costs less than computing them.
	// End gives the client's terminal back however the program ends: here for the messages
	// below to show on it, deferred for a panic.
	// A terminal whose locale is Latin-1 gets Latin-1 (lang.Latin1Writer): its French
	// letters as they are, the screens' other characters as ones it has.
	var out io.Writer = sess
	var stderr io.Writer = sess.Stderr()
	if cs := lang.CharsetOf(env); cs != lang.UTF8 {
		out, stderr = cs.Writer(sess), cs.Writer(sess.Stderr())
	}
	screen := termrender.New(out, w, h)
	defer screen.End()
	safe := &safeModel{inner: model, screen: screen, onPanic: func(r any, stack []byte) {
		s.log.Error("screen panicked", "panic", fmt.Sprint(r), "user", who.Name, "id", keys.Short(who.ID), "stack", string(stack))
	}}
	p := tea.NewProgram(safe,
		tea.WithInput(newThrottledInput(sess, s.cfg.KeyRate, s.cfg.KeyBurst)),
		tea.WithOutput(sess), // nothing is written through it: no renderer
		tea.WithEnvironment(env),
		tea.WithContext(sess.Context()),
		tea.WithoutSignalHandler(), // signals belong to the server process
		tea.WithFilter(dropSuspend),
		tea.WithoutRenderer(),
	)
	safe.quit = func() { go p.Quit() }
	if attach != nil {
		attach(p)
	}
	ls.mu.Lock()
	ls.prog = p
	ls.mu.Unlock()
	if s.closing.Load() { // Shutdown began before the program was registered
		go p.Quit()
	}

	// The client's window changes, clamped, become WindowSizeMsgs (the first one is the
	// pty-req's size, already queued), unless the App forwards them in its own loop.
	if !sv.windowsTaken {
		stop := make(chan struct{})
		defer close(stop)
		go s.forwardWindow(sv, p, stop)
	}

	_, err = p.Run()
	screen.End()
	switch {
	case safe.crashed || errors.Is(err, tea.ErrProgramPanic):
		if !safe.crashed { // caught by bubbletea (a command's goroutine), which printed the stack
			s.log.Error("screen panicked", "user", who.Name, "id", keys.Short(who.ID), "err", err)
		}
		fmt.Fprintln(stderr, sv.Lang.Sprintf("arena: this screen crashed; sorry. Please reconnect."))
		return 1
	case s.closing.Load():
		fmt.Fprint(stderr, s.farewell(sv.Lang))
		return 0
	case err != nil && !errors.Is(err, tea.ErrProgramKilled) && !errors.Is(err, tea.ErrInterrupted):
		s.log.Warn("screen ended with an error", "user", who.Name, "err", err)
		return 1
	case err == nil:
		// What the session says as it ends (a screen it was opened into was left), on the
		// shell's screen given back: the client's terminal is raw, so lines end in CR LF.
		if f, ok := model.(Farewell); ok {
			if bye := f.Farewell(); bye != "" {
				fmt.Fprint(out, strings.ReplaceAll(bye, "\n", "\r\n")+"\r\n")
			}
		}
	}
	return 0
}

// Farewell is an interactive model that may say something as its session ends.
type Farewell interface{ Farewell() string }

func (s *Server) forwardWindow(sv *Session, p *tea.Program, stop <-chan struct{}) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("window forwarder panicked", "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
		}
	}()
	for {
		select {
		case <-stop:
			return
		case win, ok := <-sv.windows:
			if !ok {
				return
			}
			p.Send(sv.WindowSize(win)) // returns once the program ends
		}
	}
}

// dropSuspend filters ctrl+z's SuspendMsg: bubbletea would stop the whole server process.
func dropSuspend(_ tea.Model, msg tea.Msg) tea.Msg {
	if _, ok := msg.(tea.SuspendMsg); ok {
		return nil
	}
	return msg
}

// sessionWithContext is a session whose Context also ends when the server shuts down (or
// the session is ended), so that App.Exec and the Bubble Tea program stop in time.
type sessionWithContext struct {
	ssh.Session
	ctx context.Context
}

func (s *sessionWithContext) Context() ssh.Context {
	return shutdownContext{Context: s.Session.Context(), ctx: s.ctx}
}

// shutdownContext is the connection's ssh.Context (values, locking, metadata) with the
// cancellation of a derived context.
type shutdownContext struct {
	ssh.Context
	ctx context.Context
}

func (c shutdownContext) Done() <-chan struct{} { return c.ctx.Done() }
func (c shutdownContext) Err() error            { return c.ctx.Err() }

// AfterFunc lets a context derived from this one (Bubble Tea's, the App's) hang on ctx's
// cancellation: without it, package context watches this unknown kind of context with a
// goroutine per derived context.
func (c shutdownContext) AfterFunc(f func()) (stop func() bool) { return context.AfterFunc(c.ctx, f) }
