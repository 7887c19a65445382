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
			log.Warn("lease", "lease", name, "err", err)
			if leading && time.Since(renewed) > ttl {
				leading = false
				log.Error("lease lost: the store did not answer in time", "lease", name)
				follow()
			}
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
