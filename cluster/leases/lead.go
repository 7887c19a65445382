package leases

import (
	"context"
	"log/slog"
	"time"

	"github.com/arena-classroom/arena/store"
)

// Director names the lease of the node that runs the cluster's tournaments.
const Director = "director"

// Holder is what a node does with a lease. Lead runs when it takes the lease (as taken:
// its Since tells this lead from the next); Held at each take and renewal, with when the
// lease runs out unless renewed (ttl from before the node asked, on its own clock); Follow
// when another node took it after this one failed to renew in time. Held may be nil.
type Holder struct {
	Lead   func(store.Lease)
	Held   func(until time.Time)
	Follow func()
}

// Lead holds the lease name for node while it can, until ctx ends, and tells h. Every
// live node keeps asking, so that another takes over within ttl of the holder's death.
// The lease is given back when ctx ends.
//
// A store that does not answer takes the lease from nobody: while it is out, no other
// node can take the lease either, so the holder keeps leading (its games go on, their
// results wait for the store) and learns whether it still holds the lease once the store
// answers again. Past the lease's end (Held said when) it must act as a leader no more
// until then: another node may have asked the store first, and lead. Following at the first silence made a 20 s database outage hand every
// tournament from the leader to itself, and left its programs waiting on tickets of the
// director it had been.
func Lead(ctx context.Context, s Store, name, node string, ttl time.Duration, log *slog.Logger, h Holder) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	every := ttl / 3
	leading := false
	var renewed time.Time
	for {
		asked := time.Now()
		l, ok, err := s.TakeLease(ctx, name, node, ttl)
		switch {
		case err != nil && ctx.Err() == nil:
			log.Warn("lease", "lease", name, "err", err, "leading", leading,
				"renewed", renewed.Format(time.TimeOnly))
		case err != nil:
		case ok && !leading:
			leading, renewed = true, asked
			log.Info("lease taken", "lease", name)
			if h.Held != nil {
				h.Held(asked.Add(ttl))
			}
			h.Lead(l)
		case ok:
			renewed = asked
			if h.Held != nil {
				h.Held(asked.Add(ttl))
			}
		case leading:
			leading = false
			log.Error("lease lost to another node", "lease", name)
			h.Follow()
		}
		select {
		case <-ctx.Done():
			if leading {
				release, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				if err := s.ReleaseLease(release, name, node); err != nil {
					log.Warn("release lease", "lease", name, "err", err)
				}
				cancel()
			}
			return
		case <-time.After(every):
		}
	}
}
