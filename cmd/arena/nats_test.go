package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"net"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
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
	go func() { done <- natsMain(args, logs, stopCh) }()
	urlRe := regexp.MustCompile(`msg=serving url=(nats://\S+)`)
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

// `arena nats` is a NATS server: two clients talk through it (publish/subscribe, and a
// request answered), and once stopped it is gone: its port is closed.
func TestNatsCarriesMessagesAndStops(t *testing.T) {
	url, logs, stop := startNats(t, "--listen", "127.0.0.1:0", "--name", "bus-test")
	defer stop()
	if !strings.Contains(logs.String(), "name=bus-test") {
		t.Errorf("the server's name is not in the log:\n%s", logs.String())
	}
	pub, err := nats.Connect(url, nats.Name("pub"))
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	sub, err := nats.Connect(url, nats.Name("sub"), nats.MaxReconnects(0))
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()

	got := make(chan *nats.Msg, 4)
	s, err := sub.ChanSubscribe("arena.test.>", got)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Unsubscribe()
	if _, err := sub.Subscribe("arena.ping", func(m *nats.Msg) { _ = m.Respond(append([]byte("pong "), m.Data...)) }); err != nil {
		t.Fatal(err)
	}
	if err := sub.Flush(); err != nil { // the server has the subscriptions
		t.Fatal(err)
	}
	if err := pub.Publish("arena.test.hello", []byte("from pub")); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-got:
		if m.Subject != "arena.test.hello" || string(m.Data) != "from pub" {
			t.Fatalf("received %s %q", m.Subject, m.Data)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the message did not arrive")
	}
	reply, err := pub.Request("arena.ping", []byte("1"), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if string(reply.Data) != "pong 1" {
		t.Fatalf("reply %q", reply.Data)
	}

	closed := make(chan struct{})
	sub.SetClosedHandler(func(*nats.Conn) { close(closed) })
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
}

func TestParseNatsFlagsAndEnvironment(t *testing.T) {
	none := func(string) string { return "" }
	c, err := parseNats(nil, io.Discard, none)
	if err != nil || c.listen != "127.0.0.1:4222" || c.name != "" || c.log {
		t.Fatalf("defaults: %+v, %v", c, err)
	}
	env := func(k string) string {
		if k == "ARENA_NATS_LISTEN" {
			return ":4333"
		}
		return ""
	}
	if c, err := parseNats(nil, io.Discard, env); err != nil || c.listen != ":4333" {
		t.Fatalf("ARENA_NATS_LISTEN: %+v, %v", c, err)
	}
	c, err = parseNats([]string{"--listen", "10.0.0.5:4222", "--name", "bus", "--log"}, io.Discard, env)
	if err != nil || c.listen != "10.0.0.5:4222" || c.name != "bus" || !c.log {
		t.Fatalf("flags over the environment: %+v, %v", c, err)
	}
	for _, args := range [][]string{{"extra"}, {"--nope"}, {"--listen"}} {
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
// the usage, an address it cannot listen on exits 1 with a sentence; `arena help` lists it.
func TestNatsHelpAndErrors(t *testing.T) {
	var out bytes.Buffer
	if code := natsMain([]string{"--help"}, &out, nil); code != 0 || !strings.Contains(out.String(), "Usage: arena nats") {
		t.Fatalf("arena nats --help: exit %d, %q", code, out.String())
	}
	out.Reset()
	if code := natsMain([]string{"--nope"}, &out, nil); code != 2 || !strings.Contains(out.String(), "Usage: arena nats") {
		t.Fatalf("arena nats --nope: exit %d, %q", code, out.String())
	}
	out.Reset()
	if code := natsMain([]string{"--listen", "nowhere"}, &out, nil); code != 1 || !strings.Contains(out.String(), "nowhere") {
		t.Fatalf("arena nats --listen nowhere: exit %d, %q", code, out.String())
	}
	var code int
	help := captureStdout(t, func() { code = run([]string{"help"}) })
	if code != 0 || !strings.Contains(help, "arena nats [--listen ADDR]") {
		t.Fatalf("arena help does not list arena nats:\n%s", help)
	}
}
