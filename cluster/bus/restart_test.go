package bus_test

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/clustertest"
	"github.com/arena-classroom/arena/internal/until"
)

var opSlow = bus.Op[int, int]{Name: "slow", Blocks: true}

// A request that the bus carried before it restarted has lost its answer: the new bus
// refuses an answer to a request it did not deliver. The asking node sends it again as soon
// as its connection is back, not after the request's whole timeout (here an hour: without
// this, the Ask below waits that long), and the other node plays it once.
func TestARequestInFlightAcrossABusRestartIsSentAgainAtOnce(t *testing.T) {
	b := clustertest.Start(t, "a", "b")
	dial := func(name string) *bus.Conn {
		c, err := bus.Dial(bus.Config{URL: b.ClientURL(), Name: name, Key: b.Key(t, name), Timeout: time.Hour, Outage: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(c.Abandon)
		return c
	}
	a, served := dial("a"), dial("b")
	var plays atomic.Int32
	arrived, release := make(chan struct{}), make(chan struct{})
	bus.Handle(served, opSlow, func(_ string, n int) (int, error) {
		if plays.Add(1) == 1 {
			close(arrived)
			<-release // answered once the bus that carried the request is gone
		}
		return n * 2, nil
	})
	if err := served.Serve(); err != nil {
		t.Fatal(err)
	}
	type result struct {
		n   int
		err error
	}
	got := make(chan result, 1)
	go func() {
		n, err := bus.Ask(a, "b", opSlow, 21)
		got <- result{n, err}
	}()
	<-arrived
	b.Stop()
	b.Restart(t)
	until.True(t, 30*time.Second, "both nodes back on the bus", func() bool {
		return a.Connected() && served.Connected() && !a.BackSince().IsZero() && !served.BackSince().IsZero()
	})
	close(release)
	select {
	case r := <-got:
		if r.err != nil || r.n != 42 {
			t.Fatalf("the request came back as %d, %v; want 42", r.n, r.err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the request waited out its timeout: it was not sent again when the bus came back")
	}
	if n := plays.Load(); n != 1 {
		t.Fatalf("the request was played %d times, want once", n)
	}
}
