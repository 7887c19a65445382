package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/arena-classroom/arena/cluster"
	"github.com/arena-classroom/arena/health"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
)

// errStopped is a wait for a part ended by a signal: the node stops before it served.
var errStopped = errors.New("stopped while waiting") // lang:keep never shown: the node stops

// backoff is how long a node waits between two tries of a part that does not answer: from
// first, doubling, at most last.
type backoff struct{ first, last time.Duration }

var partBackoff = backoff{first: 500 * time.Millisecond, last: 15 * time.Second}

// waitFor tries a part the node needs at start (its store, its bus) until it answers, its
// error is final (not unreachable), or stop. A node started before its database or bus
// waits for them instead of dying: it says so in one line when the part first fails, and
// in one when it answers, not one per try.
func waitFor(what string, log *slog.Logger, stop <-chan struct{}, b backoff, unreachable func(error) bool, try func() error) error {
	wait, tries := b.first, 0
	var since time.Time
	for {
		err := try()
		tries++
		switch {
		case err == nil:
			if tries > 1 {
				log.Info(what+" answers: starting", "waited", time.Since(since).Round(time.Second).String(), "tries", tries)
			}
			return nil
		case !unreachable(err):
			return err
		case tries == 1:
			since = time.Now()
			log.Warn(what+" unreachable: waiting for it, not ready meanwhile", "err", err)
		}
		select {
		case <-stop:
			return errStopped
		case <-time.After(wait):
		}
		wait = min(2*wait, b.last)
	}
}

// hubTicks is when the hub last ticked, for its readiness check.
type hubTicks struct{ last atomic.Int64 }

func (h *hubTicks) tick(now time.Time) { h.last.Store(now.UnixNano()) }

// hubLate is how long a hub may go without a tick and still be ready: many ticks' worth on
// a loaded machine, and well under the balancer's checks' cadence times their count.
const hubLate = 5 * time.Second

// readiness are the checks of /readyz: the SSH server listens, the store answers a query,
// the bus is connected (in a cluster), the hub's tick loop runs.
func readiness(h *health.Health, st *store.Store, node *cluster.Node, hub *rooms.Hub, srv *server.Server) {
	h.Add(health.Check{Name: "ssh", Probe: func(context.Context) error {
		if srv.Addr() == nil {
			return errors.New("not listening yet") // lang:keep /readyz, read by administrators
		}
		return nil
	}})
	h.Add(health.Check{Name: "store", Probe: st.Ping})
	if node != nil {
		h.Add(health.Check{Name: "bus", Probe: func(context.Context) error {
			if !node.BusConnected() {
				return errors.New("not connected to the bus") // lang:keep /readyz, read by administrators
			}
			return nil
		}})
	}
	ticks := &hubTicks{}
	ticks.tick(time.Now())
	hub.OnTick(ticks.tick)
	h.Add(health.Check{Name: "hub", Probe: func(context.Context) error {
		if late := time.Since(time.Unix(0, ticks.last.Load())); late > hubLate {
			return fmt.Errorf("no tick for %v", late.Round(time.Second)) // lang:keep /readyz, read by administrators
		}
		return nil
	}})
}
