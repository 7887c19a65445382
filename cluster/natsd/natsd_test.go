package natsd

import (
	"bytes"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/internal/until"
)

func TestAClientTalksThroughTheEmbeddedServer(t *testing.T) {
	s, err := Start(Options{Listen: "127.0.0.1:0", Name: "test", Open: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	nc, err := nats.Connect(s.ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	sub, err := nc.Subscribe("ping", func(m *nats.Msg) { _ = m.Respond(append([]byte("pong "), m.Data...)) })
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	reply, err := nc.Request("ping", []byte("1"), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if string(reply.Data) != "pong 1" {
		t.Fatalf("reply %q", reply.Data)
	}
}

func TestABadAddressIsASentence(t *testing.T) {
	if _, err := Start(Options{Listen: "nowhere", Open: true}); err == nil {
		t.Fatal("started on an address without a port")
	}
}

// A bus is never open by omission: without its nodes' keys it does not start.
func TestABusWithoutNodesIsRefused(t *testing.T) {
	_, err := Start(Options{Listen: "127.0.0.1:0"})
	if err == nil || !strings.Contains(err.Error(), "--nodes FILE") || !strings.Contains(err.Error(), "arena nats init") {
		t.Fatalf("a bus without nodes: %v", err)
	}
	if _, err := Start(Options{Listen: "127.0.0.1:0", NodesFile: filepath.Join(t.TempDir(), "nodes")}); err == nil {
		t.Fatal("a bus started on a missing nodes file")
	}
}

// node is a node's name and key, for the tests.
type node struct {
	name string
	kp   nkeys.KeyPair
}

func newNode(t *testing.T, name string) node {
	t.Helper()
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	return node{name, kp}
}

func (n node) key(t *testing.T) busauth.NodeKey {
	t.Helper()
	public, err := n.kp.PublicKey()
	if err != nil {
		t.Fatal(err)
	}
	return busauth.NodeKey{Name: n.name, Key: public}
}

func (n node) line(t *testing.T) string { return busauth.NodeLine(n.name, n.kp) + "\n" }

// connect connects as the node does: signed with its key, its inboxes under its name; it
// does not reconnect, so that a connection the bus closes stays closed.
func (n node) connect(url string, more ...nats.Option) (*nats.Conn, error) {
	public, err := n.kp.PublicKey()
	if err != nil {
		return nil, err
	}
	opts := append([]nats.Option{nats.Name(n.name), nats.Nkey(public, n.kp.Sign),
		nats.CustomInboxPrefix(busauth.InboxPrefix(n.name)), nats.MaxReconnects(0)}, more...)
	return nats.Connect(url, opts...)
}

func startBus(t *testing.T, o Options) *server.Server {
	t.Helper()
	o.Listen, o.Name = "127.0.0.1:0", "test"
	s, err := Start(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	return s
}

// Only a listed key gets in: no credentials, or a key the bus does not know, is an
// authorization error.
func TestOnlyTheNodesKeysGetIn(t *testing.T) {
	a, stranger := newNode(t, "a"), newNode(t, "a")
	s := startBus(t, Options{Nodes: []busauth.NodeKey{a.key(t)}})
	if nc, err := nats.Connect(s.ClientURL(), nats.MaxReconnects(0)); !errors.Is(err, nats.ErrAuthorization) {
		if nc != nil {
			nc.Close()
		}
		t.Fatalf("a client without a key: %v, want an authorization error", err)
	}
	if nc, err := stranger.connect(s.ClientURL()); !errors.Is(err, nats.ErrAuthorization) {
		if nc != nil {
			nc.Close()
		}
		t.Fatalf("an unknown key under a known name: %v, want an authorization error", err)
	}
	nc, err := a.connect(s.ClientURL())
	if err != nil {
		t.Fatalf("a listed key: %v", err)
	}
	nc.Close()
}

// A node publishes on its own subjects only: a's heartbeat as b never reaches b, a's own
// does, and a's request to b is answered in a's inbox, which b cannot read.
func TestANodeSpeaksOnlyForItself(t *testing.T) {
	a, b := newNode(t, "a"), newNode(t, "b")
	s := startBus(t, Options{Nodes: []busauth.NodeKey{a.key(t), b.key(t)}})
	refused := make(chan error, 10)
	onError := nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { refused <- err })
	na, err := a.connect(s.ClientURL(), onError)
	if err != nil {
		t.Fatal(err)
	}
	defer na.Close()
	nb, err := b.connect(s.ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	defer nb.Close()

	heard := make(chan *nats.Msg, 10)
	if _, err := nb.ChanSubscribe(busauth.Heartbeats, heard); err != nil {
		t.Fatal(err)
	}
	if _, err := nb.Subscribe(busauth.RequestsTo("b"), func(m *nats.Msg) {
		_ = m.Respond([]byte("b answers " + m.Subject))
	}); err != nil {
		t.Fatal(err)
	}
	if err := nb.Flush(); err != nil {
		t.Fatal(err)
	}

	// The bus handles a connection's messages in order: had the first passed, b would
	// hear it before the second.
	if err := na.Publish(busauth.HeartbeatSubject("b"), []byte("a speaking as b")); err != nil {
		t.Fatal(err)
	}
	if err := na.Publish(busauth.HeartbeatSubject("a"), []byte("a")); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-heard:
		if m.Subject != busauth.HeartbeatSubject("a") || string(m.Data) != "a" {
			t.Fatalf("b heard %s %q, want a's own heartbeat", m.Subject, m.Data)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("b did not hear a's heartbeat")
	}
	select {
	case err := <-refused:
		if !strings.Contains(err.Error(), "Permissions Violation") || !strings.Contains(err.Error(), busauth.HeartbeatSubject("b")) {
			t.Errorf("a is told %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("a was not told that its heartbeat as b was refused")
	}

	reply, err := na.Request(busauth.RequestSubject("b", "a"), []byte("ping"), 10*time.Second)
	if err != nil {
		t.Fatalf("a's request to b: %v", err)
	}
	if string(reply.Data) != "b answers "+busauth.RequestSubject("b", "a") || !strings.HasPrefix(reply.Subject, busauth.InboxPrefix("a")+".") {
		t.Fatalf("a got %q on %s", reply.Data, reply.Subject)
	}

	// b cannot listen to a's answers.
	nb.SetErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { refused <- err })
	if _, err := nb.Subscribe(busauth.InboxPrefix("a")+".>", func(*nats.Msg) {}); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-refused:
		if !strings.Contains(err.Error(), "Permissions Violation for Subscription") {
			t.Errorf("b is told %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("b subscribed to a's inbox")
	}
}

// logBuffer is a goroutine-safe log.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The nodes file is read again when it changes: a node added gets in, a node removed is
// disconnected, a bad line is logged with its number and skipped; the watch stops with
// the server.
func TestTheNodesFileIsReadAgainWhenItChanges(t *testing.T) {
	defer func(d time.Duration) { pollEvery = d }(pollEvery)
	pollEvery = 20 * time.Millisecond
	a, b := newNode(t, "a"), newNode(t, "b")
	path := filepath.Join(t.TempDir(), "nodes")
	writeFile(t, path, "# the bus's nodes\n"+a.line(t))
	logs := &logBuffer{}
	s, err := Start(Options{Listen: "127.0.0.1:0", NodesFile: path, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()

	closed := make(chan struct{})
	na, err := a.connect(s.ClientURL(), nats.ClosedHandler(func(*nats.Conn) { close(closed) }))
	if err != nil {
		t.Fatal(err)
	}
	defer na.Close()
	if nc, err := b.connect(s.ClientURL()); err == nil {
		nc.Close()
		t.Fatal("b got in before its line was added")
	}

	writeFile(t, path, "# the bus's nodes\n"+a.line(t)+"b not-a-key\n"+b.line(t))
	var nb *nats.Conn
	until.Seen(t, 10*time.Second, "b let in once its line is added", func() (string, bool) {
		nb, err = b.connect(s.ClientURL())
		if err != nil {
			return err.Error(), false
		}
		return "", true
	})
	defer nb.Close()
	until.True(t, 10*time.Second, "the bad line logged", func() bool {
		return strings.Contains(logs.String(), `problem="line 3: node b: not a node's public key`)
	})
	if !strings.Contains(logs.String(), "nodes file read again") {
		t.Errorf("the reload is not logged:\n%s", logs.String())
	}

	writeFile(t, path, b.line(t))
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("a is still connected after its line was removed")
	}
	if !nb.IsConnected() {
		t.Error("b was disconnected by a reload that kept its line")
	}

	// A file gone keeps the last list.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	until.True(t, 10*time.Second, "the missing file logged", func() bool {
		return strings.Contains(logs.String(), "nodes file unreadable: the bus keeps its last list")
	})
	if nc, err := b.connect(s.ClientURL()); err != nil {
		t.Errorf("b refused after its nodes file went: %v", err)
	} else {
		nc.Close()
	}

	s.Shutdown()
	until.True(t, 10*time.Second, "the watch stopped with the server", func() bool { return watchers.Load() == 0 })
}

// An empty nodes file lets nobody in (a NATS server without users would let everybody).
func TestAnEmptyNodesFileLetsNobodyIn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nodes")
	writeFile(t, path, "# no node yet\n")
	logs := &logBuffer{}
	s := startBus(t, Options{NodesFile: path, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if nc, err := nats.Connect(s.ClientURL(), nats.MaxReconnects(0)); !errors.Is(err, nats.ErrAuthorization) {
		if nc != nil {
			nc.Close()
		}
		t.Fatalf("a client on a bus with no nodes: %v, want an authorization error", err)
	}
	if !strings.Contains(logs.String(), "lists no node") {
		t.Errorf("no warning:\n%s", logs.String())
	}
}

// With a certificate, the bus speaks TLS only: a node that trusts its CA connects with
// tls://, one that does not is refused.
func TestTheBusServesTLS(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "bus")
	if err := busauth.Init(dir, []string{"a"}, []string{"127.0.0.1"}); err != nil {
		t.Fatal(err)
	}
	kp, err := busauth.LoadKey(filepath.Join(dir, busauth.KeyFile("a")))
	if err != nil {
		t.Fatal(err)
	}
	a := node{"a", kp}
	s := startBus(t, Options{NodesFile: filepath.Join(dir, busauth.NodesFile),
		TLSCert: filepath.Join(dir, busauth.BusCertFile), TLSKey: filepath.Join(dir, busauth.BusKeyFile)})
	url := s.ClientURL()
	if !strings.HasPrefix(url, "tls://") {
		t.Fatalf("the bus's URL is %s", url)
	}
	nc, err := a.connect(url, nats.RootCAs(filepath.Join(dir, busauth.CAFile)))
	if err != nil {
		t.Fatalf("a node trusting the bus's CA: %v", err)
	}
	if !nc.TLSRequired() {
		t.Error("the connection is not TLS")
	}
	nc.Close()
	if nc, err := a.connect(url); err == nil {
		nc.Close()
		t.Fatal("a node that does not trust the bus's CA connected")
	}
	if _, err := Start(Options{Listen: "127.0.0.1:0", Nodes: []busauth.NodeKey{a.key(t)}, TLSCert: filepath.Join(dir, busauth.BusCertFile)}); err == nil {
		t.Fatal("a certificate without its key was taken")
	}
}
