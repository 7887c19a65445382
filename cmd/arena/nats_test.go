package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
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

// natsLog is a goroutine-safe buffer for natsMain's log.
type natsLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *natsLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *natsLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// startNats runs `arena nats` with args in-process and waits until it serves; it returns
// the server's URL and a stop that checks it stopped cleanly.
func startNats(t *testing.T, args ...string) (url string, logs *natsLog, stop func()) {
	t.Helper()
	logs = &natsLog{}
	stopCh := make(chan struct{})
	done := make(chan int, 1)
	go func() { done <- natsMain(args, io.Discard, logs, osEnvInEnglish, stopCh) }()
	urlRe := regexp.MustCompile(`msg=serving url=((?:nats|tls)://\S+)`)
	deadline := time.Now().Add(20 * time.Second)
	for {
		if m := urlRe.FindStringSubmatch(logs.String()); m != nil {
			url = m[1]
			break
		}
		select {
		case code := <-done:
			t.Fatalf("arena nats exited with %d:\n%s", code, logs.String())
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("arena nats did not start:\n%s", logs.String())
		}
	}
	stopped := false
	return url, logs, func() {
		t.Helper()
		if stopped {
			return
		}
		stopped = true
		close(stopCh)
		select {
		case code := <-done:
			if code != 0 {
				t.Fatalf("arena nats: exit %d:\n%s", code, logs.String())
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("arena nats did not stop:\n%s", logs.String())
		}
		if !strings.Contains(logs.String(), "msg=stopped") {
			t.Fatalf("no clean stop in the log:\n%s", logs.String())
		}
	}
}

// natsInitDir runs arena nats init into a new directory and returns it with its output.
func natsInitDir(t *testing.T, args ...string) (dir, out string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "bus")
	var stdout, stderr bytes.Buffer
	if code := natsMain(append([]string{"init", dir}, args...), &stdout, &stderr, noEnv, nil); code != 0 {
		t.Fatalf("arena nats init: exit %d: %s", code, stderr.String())
	}
	return dir, stdout.String() + stderr.String()
}

// nodeConn connects to the bus as the node name, with its key from dir, as a node does.
func nodeConn(t *testing.T, url, dir, name string, more ...nats.Option) (*nats.Conn, error) {
	t.Helper()
	kp, err := busauth.LoadKey(filepath.Join(dir, busauth.KeyFile(name)))
	if err != nil {
		t.Fatal(err)
	}
	public, err := kp.PublicKey()
	if err != nil {
		t.Fatal(err)
	}
	return nats.Connect(url, append([]nats.Option{nats.Name(name), nats.Nkey(public, kp.Sign),
		nats.CustomInboxPrefix(busauth.InboxPrefix(name)), nats.MaxReconnects(0)}, more...)...)
}

// seeds are the secrets of the key files in dir.
func seeds(t *testing.T, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.nkey"))
	if len(files) == 0 {
		t.Fatalf("no key files in %s", dir)
	}
	var out []string
	for _, f := range files {
		kp, err := busauth.LoadKey(f)
		if err != nil {
			t.Fatal(err)
		}
		seed, err := kp.Seed()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(seed))
	}
	return out
}

// `arena nats` is the nodes' bus: two nodes of its nodes file talk through it (a
// heartbeat, a request answered), a client without a key is refused, and once stopped it
// is gone: its port is closed.
func TestNatsCarriesMessagesAndStops(t *testing.T) {
	dir, _ := natsInitDir(t, "--nodes", "a,b")
	url, logs, stop := startNats(t, "--listen", "127.0.0.1:0", "--name", "bus-test", "--nodes", filepath.Join(dir, "nodes"))
	defer stop()
	if !strings.Contains(logs.String(), "name=bus-test") {
		t.Errorf("the server's name is not in the log:\n%s", logs.String())
	}
	if nc, err := nats.Connect(url, nats.MaxReconnects(0)); !errors.Is(err, nats.ErrAuthorization) {
		if nc != nil {
			nc.Close()
		}
		t.Fatalf("a client without a key: %v, want an authorization error", err)
	}
	a, err := nodeConn(t, url, dir, "a")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := nodeConn(t, url, dir, "b")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()

	got := make(chan *nats.Msg, 4)
	s, err := b.ChanSubscribe(busauth.Heartbeats, got)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Unsubscribe()
	if _, err := b.Subscribe(busauth.RequestsTo("b"), func(m *nats.Msg) { _ = m.Respond(append([]byte("pong "), m.Data...)) }); err != nil {
		t.Fatal(err)
	}
	if err := b.Flush(); err != nil { // the server has the subscriptions
		t.Fatal(err)
	}
	if err := a.Publish(busauth.HeartbeatSubject("a"), []byte("from a")); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-got:
		if m.Subject != busauth.HeartbeatSubject("a") || string(m.Data) != "from a" {
			t.Fatalf("received %s %q", m.Subject, m.Data)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the message did not arrive")
	}
	reply, err := a.Request(busauth.RequestSubject("b", "a"), []byte("1"), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if string(reply.Data) != "pong 1" {
		t.Fatalf("reply %q", reply.Data)
	}

	closed := make(chan struct{})
	b.SetClosedHandler(func(*nats.Conn) { close(closed) })
	stop()
	select {
	case <-closed: // the server went away, and this client, told not to reconnect, closed
	case <-time.After(10 * time.Second):
		t.Fatal("a client is still connected to a stopped server")
	}
	addr := strings.TrimPrefix(url, "nats://")
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Fatalf("%s still takes connections after the stop", addr)
	}
	for _, seed := range seeds(t, dir) {
		if strings.Contains(logs.String(), seed) {
			t.Fatal("a node's secret key is in the bus's log")
		}
	}
}

func TestParseNatsFlagsAndEnvironment(t *testing.T) {
	none := func(string) string { return "" }
	c, err := parseNats([]string{"--nodes", "n"}, io.Discard, none)
	if err != nil || c.listen != "127.0.0.1:4222" || c.name != "" || c.log || c.nodes != "n" || c.tlsCert != "" || c.plaintext || c.print {
		t.Fatalf("defaults: %+v, %v", c, err)
	}
	vars := map[string]string{"ARENA_NATS_LISTEN": ":4333", "ARENA_NATS_NODES": "/bus/nodes",
		"ARENA_NATS_TLS_CERT": "/bus/cert.pem", "ARENA_NATS_TLS_KEY": "/bus/key.pem"}
	env := func(k string) string { return vars[k] }
	if c, err := parseNats(nil, io.Discard, env); err != nil || c.listen != ":4333" || c.nodes != "/bus/nodes" ||
		c.tlsCert != "/bus/cert.pem" || c.tlsKey != "/bus/key.pem" {
		t.Fatalf("the environment: %+v, %v", c, err)
	}
	c, err = parseNats([]string{"--listen", "10.0.0.5:4222", "--name", "bus", "--log", "--nodes", "f", "--tls-cert", "c", "--tls-key", "k"}, io.Discard, env)
	if err != nil || c.listen != "10.0.0.5:4222" || c.name != "bus" || !c.log || c.nodes != "f" || c.tlsCert != "c" || c.tlsKey != "k" {
		t.Fatalf("flags over the environment: %+v, %v", c, err)
	}
	for _, listen := range []string{"127.0.0.1:0", "localhost:4222", "[::1]:4222", "127.0.0.2:4222"} {
		if _, err := parseNats([]string{"--nodes", "n", "--listen", listen}, io.Discard, none); err != nil {
			t.Errorf("--listen %s (this host) refused: %v", listen, err)
		}
	}
	for _, listen := range []string{":4222", "0.0.0.0:4222", "10.0.0.5:4222", "nats.school.example:4222"} {
		_, err := parseNats([]string{"--nodes", "n", "--listen", listen}, io.Discard, none)
		if err == nil || !strings.Contains(err.Error(), "the bus leaves this host: give it --tls-cert and --tls-key") {
			t.Errorf("--listen %s without TLS: %v", listen, err)
		}
		if _, err := parseNats([]string{"--nodes", "n", "--listen", listen, "--plaintext"}, io.Discard, none); err != nil {
			t.Errorf("--listen %s --plaintext: %v", listen, err)
		}
		if _, err := parseNats([]string{"--nodes", "n", "--listen", listen, "--tls-cert", "c", "--tls-key", "k"}, io.Discard, none); err != nil {
			t.Errorf("--listen %s with TLS: %v", listen, err)
		}
	}
	if _, err := parseNats(nil, io.Discard, none); err == nil || !strings.Contains(err.Error(), "--nodes FILE") || !strings.Contains(err.Error(), "arena nats init") {
		t.Errorf("no --nodes: %v", err)
	}
	for _, args := range [][]string{{"extra"}, {"--nope"}, {"--listen"}, {"--nodes", "n", "--tls-cert", "c"},
		{"--nodes", "n", "--tls-key", "k"}, {"--nodes", "n", "--plaintext", "--tls-cert", "c", "--tls-key", "k"}} {
		if _, err := parseNats(args, io.Discard, none); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
	var help bytes.Buffer
	if _, err := parseNats([]string{"--help"}, &help, none); !errors.Is(err, flag.ErrHelp) || !strings.Contains(help.String(), "--listen ADDR") {
		t.Errorf("--help: %v, %q", err, help.String())
	}
}

// `arena nats --help` says how to use it and exits 0; a wrong command line exits 2 with
// the usage, an address it cannot listen on or a missing nodes file exits 1 with a
// sentence; `arena help` lists it.
func TestNatsHelpAndErrors(t *testing.T) {
	var out bytes.Buffer
	if code := natsMain([]string{"--help"}, io.Discard, &out, noEnv, nil); code != 0 || !strings.Contains(out.String(), "Usage: arena nats") {
		t.Fatalf("arena nats --help: exit %d, %q", code, out.String())
	}
	out.Reset()
	if code := natsMain([]string{"--nope"}, io.Discard, &out, noEnv, nil); code != 2 || !strings.Contains(out.String(), "Usage: arena nats") {
		t.Fatalf("arena nats --nope: exit %d, %q", code, out.String())
	}
	out.Reset()
	if code := natsMain(nil, io.Discard, &out, noEnv, nil); code != 2 || !strings.Contains(out.String(), "needs its nodes' keys") {
		t.Fatalf("arena nats without --nodes: exit %d, %q", code, out.String())
	}
	out.Reset()
	if code := natsMain([]string{"--listen", ":4222", "--nodes", "n"}, io.Discard, &out, noEnv, nil); code != 2 || !strings.Contains(out.String(), "arena nats init --tls-host HOST") {
		t.Fatalf("arena nats --listen :4222 without TLS: exit %d, %q", code, out.String())
	}
	dir, _ := natsInitDir(t, "--nodes", "a")
	nodes := filepath.Join(dir, "nodes")
	out.Reset()
	if code := natsMain([]string{"--listen", "nowhere", "--nodes", nodes}, io.Discard, &out, noEnv, nil); code != 1 || !strings.Contains(out.String(), "nowhere") {
		t.Fatalf("arena nats --listen nowhere: exit %d, %q", code, out.String())
	}
	out.Reset()
	missing := filepath.Join(dir, "missing")
	if code := natsMain([]string{"--listen", "127.0.0.1:0", "--nodes", missing}, io.Discard, &out, noEnv, nil); code != 1 || !strings.Contains(out.String(), missing) {
		t.Fatalf("arena nats --nodes MISSING: exit %d, %q", code, out.String())
	}
	var code int
	help := captureStdout(t, func() { code = run([]string{"help"}, noEnv) })
	if code != 0 || !strings.Contains(help, "arena nats init|[--listen ADDR]") {
		t.Fatalf("arena help does not list arena nats:\n%s", help)
	}
}

// arena nats init makes the keys and prints the commands that use them, never a secret;
// the bus it prints runs, TLS and all, and lets the node in with its key and the CA; run
// again it refuses, unless --if-absent, which changes nothing.
func TestNatsInitPrintsCommandsThatWork(t *testing.T) {
	dir, out := natsInitDir(t, "--nodes", "n1,n2", "--tls-host", "127.0.0.1,localhost")
	for _, want := range []string{
		"--nodes " + filepath.Join(dir, "nodes") + " --tls-cert " + filepath.Join(dir, "bus-cert.pem") + " --tls-key " + filepath.Join(dir, "bus-key.pem"),
		"arena serve --cluster tls://127.0.0.1:4222 --node n1 --cluster-key " + filepath.Join(dir, "n1.nkey") + " --cluster-ca " + filepath.Join(dir, "ca.pem"),
		"--node n2 --cluster-key " + filepath.Join(dir, "n2.nkey"),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("init does not print %q:\n%s", want, out)
		}
	}
	for _, seed := range seeds(t, dir) {
		if strings.Contains(out, seed) {
			t.Fatal("init printed a secret key")
		}
	}

	// The bus's command as printed, on a free port.
	var line string
	for l := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "arena nats ") {
			line = strings.TrimSpace(l)
		}
	}
	args := strings.Fields(strings.TrimPrefix(line, "arena nats "))
	if len(args) < 2 || args[0] != "--listen" || args[1] != ":4222" {
		t.Fatalf("the bus's command line: %q", line)
	}
	args[1] = "127.0.0.1:0"
	url, _, stop := startNats(t, args...)
	defer stop()
	if !strings.HasPrefix(url, "tls://") {
		t.Fatalf("the bus serves %s", url)
	}
	nc, err := nodeConn(t, url, dir, "n1", nats.RootCAs(filepath.Join(dir, "ca.pem")))
	if err != nil {
		t.Fatalf("node n1 with its key and the CA: %v", err)
	}
	nc.Close()

	var stdout, stderr bytes.Buffer
	if code := natsMain([]string{"init", dir, "--nodes", "n1,n2"}, &stdout, &stderr, noEnv, nil); code != 1 || !strings.Contains(stderr.String(), "exists already") {
		t.Fatalf("init again: exit %d, %q", code, stderr.String())
	}
	stdout.Reset()
	if code := natsMain([]string{"init", "--nodes", "n3", dir, "--if-absent"}, &stdout, &stderr, noEnv, nil); code != 0 || !strings.Contains(stdout.String(), "nothing made") {
		t.Fatalf("init --if-absent on a made directory: exit %d, %q", code, stdout.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "n3.nkey")); err == nil {
		t.Fatal("init --if-absent made a key")
	}
}

func TestNatsInitHelpAndErrors(t *testing.T) {
	var out bytes.Buffer
	if code := natsMain([]string{"init", "--help"}, io.Discard, &out, noEnv, nil); code != 0 || !strings.Contains(out.String(), "arena nats init DIR --nodes") {
		t.Fatalf("arena nats init --help: exit %d, %q", code, out.String())
	}
	for _, args := range [][]string{{}, {"--nodes", "a"}, {"dir"}, {"dir", "--nodes", "a", "extra"}, {"dir", "--nope"}} {
		out.Reset()
		if code := natsMain(append([]string{"init"}, args...), io.Discard, &out, noEnv, nil); code != 2 {
			t.Errorf("arena nats init %v: exit %d, %q", args, code, out.String())
		}
	}
	out.Reset()
	dir := filepath.Join(t.TempDir(), "bus")
	if code := natsMain([]string{"init", dir, "--nodes", "a.b"}, io.Discard, &out, noEnv, nil); code != 1 || !strings.Contains(out.String(), "not a node's name") {
		t.Fatalf("a bad node name: exit %d, %q", code, out.String())
	}
	// Without TLS, the printed bus is the loopback one.
	_, printed := natsInitDir(t, "--nodes", "a")
	if !strings.Contains(printed, "arena serve --cluster nats://127.0.0.1:4222 --node a --cluster-key ") || strings.Contains(printed, "--cluster-ca") {
		t.Errorf("init without TLS prints:\n%s", printed)
	}
}

// --print-config is the nodes file as nats-server's configuration, which nats-server
// reads as the same users; a bad line is said on stderr.
func TestNatsPrintConfig(t *testing.T) {
	dir, _ := natsInitDir(t, "--nodes", "a,b")
	nodes := filepath.Join(dir, "nodes")
	f, err := os.OpenFile(nodes, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.WriteString("c not-a-key\n")
	f.Close()
	var stdout, stderr bytes.Buffer
	if code := natsMain([]string{"--print-config", "--nodes", nodes}, &stdout, &stderr, noEnv, nil); code != 0 {
		t.Fatalf("--print-config: exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "node c: not a node's public key") {
		t.Errorf("the bad line is not said: %q", stderr.String())
	}
	conf := filepath.Join(t.TempDir(), "nats.conf")
	if err := os.WriteFile(conf, stdout.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	opts, err := server.ProcessConfigFile(conf)
	if err != nil {
		t.Fatalf("nats-server refuses it: %v\n%s", err, stdout.String())
	}
	if len(opts.Nkeys) != 2 {
		t.Fatalf("%d users, want a and b", len(opts.Nkeys))
	}
	for _, u := range opts.Nkeys {
		if !nkeys.IsValidPublicUserKey(u.Nkey) || u.Permissions == nil {
			t.Errorf("user %+v", u)
		}
	}
	for _, seed := range seeds(t, dir) {
		if strings.Contains(stdout.String(), seed) {
			t.Fatal("--print-config printed a secret key")
		}
	}
}

// --plaintext off this host starts, with a warning in the log.
func TestNatsPlaintextWarns(t *testing.T) {
	dir, _ := natsInitDir(t, "--nodes", "a")
	_, logs, stop := startNats(t, "--listen", "0.0.0.0:0", "--plaintext", "--nodes", filepath.Join(dir, "nodes"))
	stop()
	if !strings.Contains(logs.String(), "level=WARN") || !strings.Contains(logs.String(), "without TLS") {
		t.Fatalf("no warning:\n%s", logs.String())
	}
}

// arena nats --metrics tells an administrator's Prometheus that the bus is up, how many
// nodes are connected and what went through it.
func TestTheBusServesItsMetrics(t *testing.T) {
	dir, _ := natsInitDir(t, "--nodes", "a")
	url, logs, stop := startNats(t, "--listen", "127.0.0.1:0", "--nodes", filepath.Join(dir, "nodes"), "--metrics", "127.0.0.1:0")
	defer stop()
	m := regexp.MustCompile(`msg=metrics addr=(http://\S+)`).FindStringSubmatch(logs.String())
	if m == nil {
		t.Fatalf("no metrics address in the log:\n%s", logs.String())
	}
	a, err := nodeConn(t, url, dir, "a")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var body string
	until.Seen(t, 10*time.Second, "the bus's metrics counting node a", func() (string, bool) {
		resp, err := http.Get(m[1])
		if err != nil {
			return err.Error(), false
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		body = string(b)
		return body, strings.Contains(body, "arena_nats_connections 1")
	})
	for _, want := range []string{"arena_nats_up 1", `arena_nats_messages_total{direction="in"}`, "arena_build_info{"} {
		if !strings.Contains(body, want) {
			t.Errorf("no %q in the bus's metrics", want)
		}
	}
}
