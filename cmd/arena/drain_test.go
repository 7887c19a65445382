package main

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
)

// A node drained under scripts/cluster-local's balancer (deploy/haproxy-hosts.cfg: checks
// of /readyz, redispatch) while clients keep connecting through it in a bounded loop: no
// client that connects once the drain has begun is refused or cut. The draining node
// refuses new connections at once, and HAProxy tries them on another node, for as long as
// its checks have not yet taken the node out; the drain moves the node's game with a
// person meanwhile.
func TestDrainingANodeUnderTheBalancerLosesNoConnection(t *testing.T) {
	lookTool(t, "haproxy", "haproxy")
	lc := startLocalCluster(t)
	const balancer = "127.0.0.1:2222"

	// A person in a game, through the balancer: their node is the one drained, so that the
	// drain has a game to move.
	personKey := sshtest.NewKey(t)
	pc, err := dialFrom("127.0.0.9", balancer, "ada", personKey)
	if err != nil {
		t.Fatalf("the person connects: %v\n%s", err, lc.log.String())
	}
	defer pc.Close()
	person := sshtest.NewTerm(t, pc, sshtest.Command("play sevencolors --vs greedy"))
	person.WaitScreen(t, "greedy", time.Minute)
	drained := ""
	until.True(t, 30*time.Second, "a node counting the person's terminal session", func() bool {
		for n := 1; n <= 3; n++ {
			if metricValue(t, 9300+n, `arena_sessions{kind="terminal"}`) > 0 {
				drained = fmt.Sprintf("node%d", n)
				return true
			}
		}
		return false
	})

	type attempt struct {
		began time.Time
		err   error
	}
	var (
		mu       sync.Mutex
		attempts []attempt
		stop     = make(chan struct{})
		wg       sync.WaitGroup
	)
	finished := func(after time.Time) (ok, failed int) {
		mu.Lock()
		defer mu.Unlock()
		for _, a := range attempts {
			if a.began.After(after) {
				if a.err == nil {
					ok++
				} else {
					failed++
				}
			}
		}
		return ok, failed
	}
	for g := range 3 {
		key := sshtest.NewKey(t)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				// Each connection from an address of its own (127.0.1.x), as a class's
				// students come: one address's connection rate is limited.
				src := fmt.Sprintf("127.0.1.%d", 1+(g*83+n)%250)
				began := time.Now()
				err := connectAndAsk(src, balancer, fmt.Sprintf("client%d", g), key)
				mu.Lock()
				attempts = append(attempts, attempt{began, err})
				mu.Unlock()
			}
		}()
	}
	stopClients := sync.OnceFunc(func() {
		close(stop)
		wg.Wait()
	})
	defer stopClients()

	until.True(t, time.Minute, "10 clients served before the drain", func() bool {
		ok, _ := finished(time.Time{})
		return ok >= 10
	})
	pid := lc.pids[drained]
	drainAt := time.Now()
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	person.WaitFor(t, "connect again", time.Minute)
	until.True(t, 2*time.Minute, drained+" exits", func() bool {
		return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
	})
	goneAt := time.Now()
	// HAProxy takes a node out after two failed checks 2 s apart: clients that connect
	// meanwhile are the ones a stopped node would have cost.
	until.True(t, 2*time.Minute, "40 clients served after the node's exit", func() bool {
		ok, _ := finished(goneAt)
		return ok >= 40
	})
	stopClients()

	ok, failed := finished(drainAt)
	mu.Lock()
	for _, a := range attempts {
		if a.began.After(drainAt) && a.err != nil {
			t.Errorf("a client that connected %v after the drain began: %v", a.began.Sub(drainAt).Round(time.Millisecond), a.err)
		} else if a.err != nil {
			t.Logf("a client that connected before the drain (on the drained node: its session ends with it): %v", a.err)
		}
	}
	mu.Unlock()
	t.Logf("%s drained (%v from SIGTERM to its exit); clients since the drain began: %d served, %d refused or cut", drained, goneAt.Sub(drainAt).Round(time.Millisecond), ok, failed)
	if t.Failed() {
		t.Logf("cluster-local:\n%s", lc.log.String())
	}
	lc.stop(t)
}

// dialFrom connects to addr as user from the local address src (any of 127/8 on loopback).
func dialFrom(src, addr, user string, key gossh.Signer) (*gossh.Client, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}, Timeout: 30 * time.Second}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	cfg := sshtest.ClientConfig(user, key, nil)
	cfg.Timeout = 30 * time.Second
	cc, chans, reqs, err := gossh.NewClientConn(conn, addr, cfg)
	if err != nil {
		conn.Close()
		return nil, err
	}
	return gossh.NewClient(cc, chans, reqs), nil
}

// connectAndAsk is one short visit: connect, ask whoami twice on the same connection (a
// session that outlives its first command), leave.
func connectAndAsk(src, addr, user string, key gossh.Signer) error {
	c, err := dialFrom(src, addr, user, key)
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer c.Close()
	for i := range 2 {
		s, err := c.NewSession()
		if err != nil {
			return fmt.Errorf("session %d: %w", i+1, err)
		}
		out, err := s.Output("whoami")
		s.Close()
		if err != nil || !strings.Contains(string(out), "name:") {
			return fmt.Errorf("whoami %d: %v %q", i+1, err, out)
		}
	}
	return nil
}

// metricValue is the value of the line of 127.0.0.1:PORT/metrics that starts with series
// (name and labels, as the exposition writes them); 0 when absent or unreachable.
func metricValue(t *testing.T, port int, series string) float64 {
	t.Helper()
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/metrics", port))
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), series+" "); ok {
			v, _ := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			return v
		}
	}
	return 0
}
