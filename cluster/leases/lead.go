package leases

import (
	"context"
	"log/slog"
	"time"
)

// Director names the lease of the node that runs the cluster's tournaments.
const Director = "director"

// Lead holds the lease name for node while it can, until ctx ends: lead runs when the node
// takes it, follow when it loses it (another node took it after this one failed to renew
// in time). Every live node keeps asking, so that another takes over within ttl of the
// holder's death. The lease is given back when ctx ends.
//
// A store that does not answer takes the lease from nobody: while it is out, no other
// node can take the lease either, so the holder keeps leading (its games go on, their
// results wait for the store) and learns whether it still holds the lease once the store
// answers again. Following at the first silence made a 20 s database outage hand every
// tournament from the leader to itself, and left its programs waiting on tickets of the
// director it had been.
func Lead(ctx context.Context, s Store, name, node string, ttl time.Duration, log *slog.Logger, lead, follow func()) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	every := ttl / 3
	leading := false
	var renewed time.Time
	for {
		asked := time.Now()
		_, ok, err := s.TakeLease(ctx, name, node, ttl)
		switch {
		case err != nil && ctx.Err() == nil:
			log.Warn("lease", "lease", name, "err", err, "leading", leading,
				"renewed", renewed.Format(time.TimeOnly))
		case err != nil:
		case ok && !leading:
			leading, renewed = true, asked
			log.Info("lease taken", "lease", name)
			lead()
		case ok:
			renewed = asked
		case leading:
			leading = false
			log.Error("lease lost to another node", "lease", name)
			follow()
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
