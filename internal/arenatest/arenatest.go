// Package arenatest starts a whole arena in a test: a hub ticking in real time (or on a
// clock the test moves, Manual), the commands, lobby and bot sessions on it, and the SSH
// server in front on 127.0.0.1:0.
//
//	addr, hub, app := arenatest.Start(t, rooms.Config{TickHz: 100}, commands.Options{})
//	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
package arenatest

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
)

// Start runs the hub in real time, builds the arena on it with opts (opts.Hub is set here;
// a nil Logger logs to the test) and serves it over SSH until the test ends.
func Start(t *testing.T, hubCfg rooms.Config, opts commands.Options, srvOpts ...sshtest.Option) (string, *rooms.Hub, *commands.App) {
	t.Helper()
	hub := rooms.NewHub(hubCfg)
	addr, app, _ := StartOn(t, hub, opts, srvOpts...)
	return addr, hub, app
}

// StartOn is Start on a hub made by the caller (a cluster's node makes its hub's codes),
// with the SSH server too.
func StartOn(t *testing.T, hub *rooms.Hub, opts commands.Options, srvOpts ...sshtest.Option) (string, *commands.App, *server.Server) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); hub.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	opts.Hub = hub
	if opts.Logger == nil {
		opts.Logger = Logger(t)
	}
	app := commands.New(opts)
	addr, srv := sshtest.Start(t, app, srvOpts...)
	return addr, app, srv
}

// Manual is Start with a hub that never ticks on its own: its time is clock's, and each of
// the test's clock.Tick is one tick of the hub, so that a test can live through minutes of
// the arena in a few ticks, or through seconds in which nothing may happen. (hubCfg.Now is
// the clock's.)
func Manual(t *testing.T, hubCfg rooms.Config, opts commands.Options, srvOpts ...sshtest.Option) (string, *Clock, *commands.App) {
	t.Helper()
	c := &Clock{now: time.Unix(1e9, 0)}
	hubCfg.Now = c.Now
	c.hub = rooms.NewHub(hubCfg)
	addr, app := serve(t, c.hub, opts, srvOpts...)
	return addr, c, app
}

// Clock is the time of a hub that a test ticks itself (Manual).
type Clock struct {
	hub *rooms.Hub
	mu  sync.Mutex
	now time.Time
}

// Now is the hub's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Tick moves the time on by d and ticks the hub once, at the new time: everything the
// hub does on a tick (rooms, the matchmaker, the lobby's announcements) is done when it
// returns.
func (c *Clock) Tick(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	now := c.now
	c.mu.Unlock()
	c.hub.Tick(now)
}

// Hub is the hub the clock ticks.
func (c *Clock) Hub() *rooms.Hub { return c.hub }

// serve builds the arena on hub with opts (opts.Hub is set here; a nil Logger logs to the
// test) and serves it over SSH until the test ends.
func serve(t *testing.T, hub *rooms.Hub, opts commands.Options, srvOpts ...sshtest.Option) (string, *commands.App) {
	t.Helper()
	opts.Hub = hub
	if opts.Logger == nil {
		opts.Logger = Logger(t)
	}
	app := commands.New(opts)
	addr, _ := sshtest.Start(t, app, srvOpts...)
	return addr, app
}

// Logger writes log lines to the test's log while the test runs (t.Log after the end
// panics, and a server's goroutines may still log then).
func Logger(t *testing.T) *slog.Logger {
	w := &testLog{t: t}
	t.Cleanup(func() { w.mu.Lock(); w.done = true; w.mu.Unlock() })
	return slog.New(slog.NewTextHandler(w, nil))
}

type testLog struct {
	t    *testing.T
	mu   sync.Mutex
	done bool
}

func (w *testLog) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.t.Log(strings.TrimSpace(string(p)))
	}
	return len(p), nil
}

// AdminKeys writes an admin keys file that lists teacher, and returns its path.
func AdminKeys(t testing.TB, teacher gossh.Signer) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "admin_keys")
	if err := os.WriteFile(file, gossh.MarshalAuthorizedKey(teacher.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

// Store opens a fresh store (SQLite, or PostgreSQL: see storetest), closed when the test
// ends.
func Store(t testing.TB) *store.Store {
	t.Helper()
	return storetest.Open(t)
}
