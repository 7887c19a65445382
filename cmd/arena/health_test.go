package main

import (
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/cluster/clustertest"
	"github.com/arena-classroom/arena/internal/netfault"
	"github.com/arena-classroom/arena/internal/pgtest"
	"github.com/arena-classroom/arena/internal/until"
)

// readyz is what GET /readyz answers: its status and body.
func readyz(t *testing.T, base string) (int, string) {
	t.Helper()
	resp, err := http.Get(base + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// A node started while its database is down waits for it instead of dying: /readyz says
// it is starting, its log says so once, and it serves as soon as the database answers.
func TestANodeStartedBeforeItsDatabaseWaitsForIt(t *testing.T) {
	if !pgtest.Available() {
		t.Skip("needs PostgreSQL (scripts/with-postgres)")
	}
	where, err := url.Parse(pgtest.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	db := netfault.New(t, where.Host)
	db.Down() // the database is not up yet
	where.Host = db.Addr()
	logs := &syncBuffer{changed: make(chan struct{}, 1)}
	stopCh := make(chan struct{})
	done := make(chan int, 1)
	args := []string{"--listen", "127.0.0.1:0", "--data", t.TempDir(), "--store", where.String(), "--health", "127.0.0.1:0"}
	go func() { done <- serveMain(args, logs, noEnv, stopCh) }()
	stop := sync.OnceFunc(func() { close(stopCh) })
	defer stop() // and serveMain ends, when the test failed half way

	var base string
	until.Seen(t, time.Minute, "the health listener in the log", func() (string, bool) {
		m := regexp.MustCompile(`msg=health addr=(http://\S+)/readyz`).FindStringSubmatch(logs.String())
		if m != nil {
			base = m[1]
		}
		return logs.String(), m != nil
	})
	until.True(t, time.Minute, "the node saying it waits for its store", func() bool {
		return strings.Contains(logs.String(), `msg="store unreachable: waiting for it, not ready meanwhile"`)
	})
	if code, body := readyz(t, base); code != http.StatusServiceUnavailable || !strings.Contains(body, "starting") {
		t.Fatalf("/readyz while the store is down: %d %q", code, body)
	}
	if code, _ := healthz(t, base); code != http.StatusOK {
		t.Errorf("/healthz while waiting: %d", code)
	}

	db.Up()
	until.Seen(t, 2*time.Minute, "the node serving once its store answers", func() (string, bool) {
		return logs.String(), strings.Contains(logs.String(), "msg=serving")
	})
	until.Seen(t, time.Minute, "/readyz saying ready", func() (string, bool) {
		code, body := readyz(t, base)
		return body, code == http.StatusOK && strings.HasPrefix(body, "ready\n") && strings.Contains(body, "store: ok")
	})
	if n := strings.Count(logs.String(), "store unreachable"); n != 1 {
		t.Errorf("the wait is said %d times, not once:\n%s", n, logs.String())
	}
	if !strings.Contains(logs.String(), `msg="store answers: starting"`) {
		t.Errorf("no line saying the store answers:\n%s", logs.String())
	}
	stop()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d:\n%s", code, logs.String())
	}
}

// healthz is GET /healthz's status.
func healthz(t *testing.T, base string) (int, string) {
	t.Helper()
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// A node started while its bus is down waits for it instead of dying, as for its
// database: /readyz says it is starting, its log says so once, and it serves, and hears
// the bus, as soon as the bus is up.
func TestANodeStartedBeforeItsBusWaitsForIt(t *testing.T) {
	if !pgtest.Available() {
		t.Skip("needs PostgreSQL (scripts/with-postgres): the nodes of a cluster share one")
	}
	bus := clustertest.Start(t, "a")
	keyFile := bus.KeyFile(t, "a")
	bus.Stop() // the bus is not up yet
	logs := &syncBuffer{changed: make(chan struct{}, 1)}
	stopCh := make(chan struct{})
	done := make(chan int, 1)
	args := []string{"--listen", "127.0.0.1:0", "--data", t.TempDir(), "--health", "127.0.0.1:0",
		"--store", pgtest.Database(t), "--cluster", bus.ClientURL(), "--cluster-key", keyFile, "--node", "a"}
	go func() { done <- serveMain(args, logs, noEnv, stopCh) }()
	stop := sync.OnceFunc(func() { close(stopCh) })
	defer stop()

	var base string
	until.Seen(t, time.Minute, "the health listener in the log", func() (string, bool) {
		m := regexp.MustCompile(`msg=health addr=(http://\S+)/readyz`).FindStringSubmatch(logs.String())
		if m != nil {
			base = m[1]
		}
		return logs.String(), m != nil
	})
	until.Seen(t, time.Minute, "the node saying it waits for its bus", func() (string, bool) {
		return logs.String(), strings.Contains(logs.String(), `msg="bus unreachable: waiting for it, not ready meanwhile"`)
	})
	if code, body := readyz(t, base); code != http.StatusServiceUnavailable || !strings.Contains(body, "starting") {
		t.Fatalf("/readyz while the bus is down: %d %q", code, body)
	}
	if code, _ := healthz(t, base); code != http.StatusOK {
		t.Errorf("/healthz while waiting: %d", code)
	}

	bus.Restart(t)
	until.Seen(t, 2*time.Minute, "the node serving once its bus answers", func() (string, bool) {
		return logs.String(), strings.Contains(logs.String(), "msg=serving")
	})
	until.Seen(t, time.Minute, "/readyz saying ready, the bus ok", func() (string, bool) {
		code, body := readyz(t, base)
		return body, code == http.StatusOK && strings.Contains(body, "bus: ok")
	})
	if n := strings.Count(logs.String(), "bus unreachable"); n != 1 {
		t.Errorf("the wait is said %d times, not once:\n%s", n, logs.String())
	}
	stop()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d:\n%s", code, logs.String())
	}
}
