package store

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/until"
)

// take takes the lease name for holder, failing the test on an error.
func take(t *testing.T, s *Store, name, holder string, ttl time.Duration) (Lease, bool) {
	t.Helper()
	l, ok, err := s.TakeLease(context.Background(), name, holder, ttl)
	if err != nil {
		t.Fatalf("TakeLease(%s, %s, %v): %v", name, holder, ttl, err)
	}
	return l, ok
}

// leases lists the live leases of prefix as "name:holder …".
func leases(t *testing.T, s *Store, prefix string) string {
	t.Helper()
	ls, err := s.Leases(context.Background(), prefix)
	if err != nil {
		t.Fatalf("Leases(%q): %v", prefix, err)
	}
	out := ""
	for _, l := range ls {
		if out != "" {
			out += " "
		}
		out += l.Name + ":" + l.Holder
	}
	return out
}

// A free lease is taken for ttl, on the database's clock; its holder renews it, keeping
// when it took it.
func TestTakeLeaseFreeThenRenewed(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		l, ok := take(t, s, "director", "node-a", time.Minute)
		if !ok || l.Name != "director" || l.Holder != "node-a" || l.Expires.Sub(l.Since) != time.Minute {
			t.Fatalf("a free lease: %+v, %v", l, ok)
		}
		// The database's clock is the machine's here, give or take the call.
		if d := time.Since(l.Since); d < -time.Minute || d > time.Minute {
			t.Fatalf("taken at %v, %v ago", l.Since, d)
		}
		r, ok := take(t, s, "director", "node-a", 2*time.Minute)
		if !ok || r.Holder != "node-a" || r.Since != l.Since || r.Expires.Before(l.Expires.Add(time.Minute)) {
			t.Fatalf("renewed %+v: %+v, %v", l, r, ok)
		}
		if got := leases(t, s, ""); got != "director:node-a" {
			t.Fatalf("leases: %q", got)
		}
	})
}

// Another holder is refused a lease held, told who holds it until when, and changes
// nothing.
func TestTakeLeaseRefusesAnotherHolder(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		held, _ := take(t, s, "director", "node-a", time.Minute)
		l, ok := take(t, s, "director", "node-b", time.Hour)
		if ok || l != held {
			t.Fatalf("node-b asking for node-a's lease %+v: %+v, %v", held, l, ok)
		}
		again, ok := take(t, s, "director", "node-a", time.Minute)
		if !ok || again.Since != held.Since {
			t.Fatalf("node-a's lease after node-b was refused: %+v, %v", again, ok)
		}
	})
}

// A lease that ran out is anyone's: one taken already run out (a ttl below zero) at once,
// one of 50 ms once the database's clock passes it.
func TestTakeLeaseAfterItRunsOut(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		if l, ok := take(t, s, "director", "node-a", -time.Millisecond); !ok || !l.Expires.Before(l.Since) {
			t.Fatalf("a lease taken run out: %+v, %v", l, ok)
		}
		if got := leases(t, s, ""); got != "" {
			t.Fatalf("a lease that ran out is listed: %q", got)
		}
		l, ok := take(t, s, "director", "node-b", time.Minute)
		if !ok || l.Holder != "node-b" {
			t.Fatalf("node-b after node-a's lease ran out: %+v, %v", l, ok)
		}

		short, ok := take(t, s, "node-letter/A", "node-a", 50*time.Millisecond)
		if !ok {
			t.Fatalf("a free letter: %+v", short)
		}
		until.True(t, 10*time.Second, "node-a's letter A running out for node-b", func() bool {
			l, ok := take(t, s, "node-letter/A", "node-b", time.Minute)
			if !ok && l != short {
				t.Fatalf("node-b refused %+v, told %+v", short, l)
			}
			return ok
		})
		if got := leases(t, s, ""); got != "director:node-b node-letter/A:node-b" {
			t.Fatalf("leases: %q", got)
		}
	})
}

// Only its holder gives a lease back; then it is free at once.
func TestReleaseLeaseByItsHolderOnly(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		take(t, s, "director", "node-a", time.Hour)
		if err := s.ReleaseLease(ctx, "director", "node-b"); err != nil {
			t.Fatal(err)
		}
		if got := leases(t, s, ""); got != "director:node-a" {
			t.Fatalf("after node-b gave back node-a's lease: %q", got)
		}
		if err := s.ReleaseLease(ctx, "director", "node-a"); err != nil {
			t.Fatal(err)
		}
		if got := leases(t, s, ""); got != "" {
			t.Fatalf("after node-a gave its lease back: %q", got)
		}
		if _, ok := take(t, s, "director", "node-b", time.Hour); !ok {
			t.Fatal("node-b refused a lease given back")
		}
		// Giving back what nobody holds is no error.
		if err := s.ReleaseLease(ctx, "nothing", "node-a"); err != nil {
			t.Fatal(err)
		}
	})
}

// Leases lists the live leases of a prefix by name, the prefix taken literally.
func TestLeasesByPrefix(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		s := open(t, where)
		take(t, s, "node-letter/C", "node-c", time.Hour)
		take(t, s, "node-letter/A", "node-a", time.Hour)
		take(t, s, "node-letter/B", "node-b", -time.Second) // ran out
		take(t, s, "director", "node-a", time.Hour)
		take(t, s, "node-letters", "node-x", time.Hour)
		for prefix, want := range map[string]string{
			"node-letter/": "node-letter/A:node-a node-letter/C:node-c",
			"":             "director:node-a node-letter/A:node-a node-letter/C:node-c node-letters:node-x",
			"node_letter":  "",
			"node-letter%": "",
			"node-letter*": "",
			"N":            "",
		} {
			if got := leases(t, s, prefix); got != want {
				t.Errorf("Leases(%q) = %q, want %q", prefix, got, want)
			}
		}
		ls, err := s.Leases(context.Background(), "director")
		if err != nil || len(ls) != 1 || ls[0].Expires.Sub(ls[0].Since) != time.Hour {
			t.Fatalf("the director's lease: %+v, %v", ls, err)
		}
	})
}

// Nodes racing for a lease, each with a store of its own (a pool on PostgreSQL; a handle
// on the one file on SQLite), leave exactly one holder, whom every other is told: for a
// lease never taken (an insert), then for one that ran out (an update).
func TestTakeLeaseRace(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		const nodes = 20
		stores := make([]*Store, nodes)
		for i := range stores {
			stores[i] = open(t, where)
		}
		race := func(round string) string {
			t.Helper()
			var (
				wg    sync.WaitGroup
				start = make(chan struct{})
				got   [nodes]Lease
				won   [nodes]bool
				errs  [nodes]error
			)
			for i, s := range stores {
				wg.Go(func() {
					<-start
					got[i], won[i], errs[i] = s.TakeLease(context.Background(), "director", fmt.Sprintf("node-%02d", i), time.Hour)
				})
			}
			close(start)
			wg.Wait()
			winner := ""
			for i := range nodes {
				if errs[i] != nil {
					t.Fatalf("%s: node-%02d: %v", round, i, errs[i])
				}
				if won[i] {
					if winner != "" {
						t.Fatalf("%s: both %s and %s hold the lease", round, winner, got[i].Holder)
					}
					winner = got[i].Holder
				}
			}
			if winner == "" {
				t.Fatalf("%s: nobody took the lease: %+v", round, got)
			}
			for i := range nodes {
				if got[i].Holder != winner {
					t.Fatalf("%s: node-%02d was told %s holds it, not %s", round, i, got[i].Holder, winner)
				}
			}
			if l := leases(t, stores[0], ""); l != "director:"+winner {
				t.Fatalf("%s: leases %q, won by %s", round, l, winner)
			}
			return winner
		}
		first := race("a lease never taken")
		// Its holder lets it run out: a ttl below zero ends it now.
		var i int
		fmt.Sscanf(first, "node-%d", &i)
		if _, ok := take(t, stores[i], "director", first, -time.Second); !ok {
			t.Fatalf("%s could not renew its lease", first)
		}
		race("a lease run out")
	})
}
