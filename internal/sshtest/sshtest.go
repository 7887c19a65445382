// Package sshtest runs the arena's SSH server in tests and talks to it as real clients do
// (golang.org/x/crypto/ssh, with or without a PTY), for end-to-end tests of every package.
//
//	addr, _ := sshtest.Start(t, app)
//	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
//	term := sshtest.NewTerm(t, c)
//	term.WaitFor(t, "7 Colors", 5*time.Second)
//	term.Send("\r")
package sshtest

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
)

// Option adjusts the server configuration before Start builds it (limits, guests, data dir).
type Option func(*server.Config)

// Start serves app on 127.0.0.1 with a fresh data directory (host key, database: see
// storetest.Where) and the default configuration adjusted by opts. The server is shut down when the test ends.
func Start(t testing.TB, app server.App, opts ...Option) (addr string, srv *server.Server) {
	t.Helper()
	cfg := server.DefaultConfig()
	cfg.Listen = "127.0.0.1:0"
	cfg.DataDir = t.TempDir()
	logs := &testLog{t: t}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	for _, o := range opts {
		o(&cfg)
	}
	st, err := store.Open(context.Background(), storetest.Where(t, filepath.Join(cfg.DataDir, store.FileName)))
	if err != nil {
		t.Fatalf("sshtest: %v", err)
	}
	srv, err = server.New(cfg, st, app)
	if err != nil {
		st.Close()
		t.Fatalf("sshtest: %v", err)
	}
	l, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		st.Close()
		t.Fatalf("sshtest: %v", err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("sshtest: shutdown: %v", err)
		}
		if err := <-served; err != nil && !errors.Is(err, server.ErrServerClosed) {
			t.Errorf("sshtest: serve: %v", err)
		}
		st.Close()
		logs.close()
	})
	return l.Addr().String(), srv
}

// testLog sends server logs to the test's log until the test ends (t.Log after that panics).
type testLog struct {
	t    testing.TB
	mu   sync.Mutex
	done bool
}

func (w *testLog) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.t.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

func (w *testLog) close() {
	w.mu.Lock()
	w.done = true
	w.mu.Unlock()
}

// NewKey makes a fresh ed25519 client key.
func NewKey(t testing.TB) ssh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Dial connects as user with key, or as a guest (keyboard-interactive, no key) when key is
// nil. The connection is closed when the test ends.
func Dial(t testing.TB, addr, user string, key ssh.Signer) *ssh.Client {
	t.Helper()
	c, err := DialErr(addr, user, key)
	if err != nil {
		t.Fatalf("sshtest: dial %s as %q: %v", addr, user, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// DialErr is Dial returning the error, for tests of refusals.
func DialErr(addr, user string, key ssh.Signer) (*ssh.Client, error) {
	return ssh.Dial("tcp", addr, ClientConfig(user, key, nil))
}

// ClientConfig is the client configuration Dial uses; hostKey, when not nil, receives the
// server's host key.
func ClientConfig(user string, key ssh.Signer, hostKey *ssh.PublicKey) *ssh.ClientConfig {
	auth := []ssh.AuthMethod{ssh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
		return nil, nil // a guest answers nothing
	})}
	if key != nil {
		auth = []ssh.AuthMethod{ssh.PublicKeys(key)}
	}
	return &ssh.ClientConfig{
		User: user,
		Auth: auth,
		HostKeyCallback: func(_ string, _ net.Addr, k ssh.PublicKey) error {
			if hostKey != nil {
				*hostKey = k
			}
			return nil
		},
		Timeout: 10 * time.Second,
	}
}
