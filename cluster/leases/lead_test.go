package leases

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/store"
)

// fakeStore holds one lease; it can stop answering, or give the lease to another node.
type fakeStore struct {
	mu     sync.Mutex
	down   bool
	other  bool // another node holds the lease
	asked  atomic.Int64
	holder string
}

func (f *fakeStore) TakeLease(_ context.Context, name, holder string, _ time.Duration) (store.Lease, bool, error) {
	f.asked.Add(1)
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case f.down:
		return store.Lease{}, false, errors.New("connection refused")
	case f.other:
		return store.Lease{Name: name, Holder: "other"}, false, nil
	}
	f.holder = holder
	return store.Lease{Name: name, Holder: holder}, true, nil
}

func (f *fakeStore) ReleaseLease(context.Context, string, string) error    { return nil }
func (f *fakeStore) Leases(context.Context, string) ([]store.Lease, error) { return nil, nil }

func (f *fakeStore) set(down, other bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down, f.other = down, other
}

// The leader keeps the lead through a store that does not answer for many times the
// lease's life (nobody else can take it meanwhile), and follows only once the store says
// that another node holds it.
func TestALeaderKeepsTheLeadThroughAStoreOutage(t *testing.T) {
	s := &fakeStore{}
	var leads, follows atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	ttl := 30 * time.Millisecond
	go func() {
		defer close(done)
		Lead(ctx, s, Director, "node0", ttl, nil, Holder{Lead: func(store.Lease) { leads.Add(1) }, Follow: func() { follows.Add(1) }})
	}()
	defer func() { cancel(); <-done }()
	until.True(t, 10*time.Second, "the lead taken", func() bool { return leads.Load() == 1 })

	s.set(true, false)
	from := s.asked.Load()
	// Ten asks, a third of the lease's life apart: the outage outlasts the lease three times.
	until.True(t, 10*time.Second, "ten asks of a store that does not answer", func() bool { return s.asked.Load() >= from+10 })
	if follows.Load() != 0 {
		t.Fatal("the leader followed while the store did not answer")
	}
	s.set(false, false)
	from = s.asked.Load()
	until.True(t, 10*time.Second, "the store answering again", func() bool { return s.asked.Load() >= from+3 })
	if leads.Load() != 1 || follows.Load() != 0 {
		t.Fatalf("after the outage: led %d times, followed %d; want the one lead kept", leads.Load(), follows.Load())
	}
	s.set(false, true)
	until.True(t, 10*time.Second, "following once another node holds the lease", func() bool { return follows.Load() == 1 })
}
