package main

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/arena-classroom/arena/cluster"
	"github.com/arena-classroom/arena/cluster/leases"
	"github.com/arena-classroom/arena/cluster/quickmatch"
	"github.com/arena-classroom/arena/cluster/tourneys"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/metrics"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// appOptions is what the server command hands to the arena app.
type appOptions struct {
	Logger *slog.Logger
	// Store keeps finished matches; nil keeps nothing.
	Store *store.Store
	// TickHz is the hub's tick rate.
	TickHz int
	// FillAfter is how long quick match waits before a house bot takes a seat.
	FillAfter time.Duration
	// HumanMove and BotMove are the per-decision time limits.
	HumanMove, BotMove time.Duration
	// GamesPerPlayer and GamesPerAddr bound the live games one person, and one address, start.
	GamesPerPlayer, GamesPerAddr int
	// Metrics, when set, hears the hub and times the store's writes.
	Metrics *metrics.Metrics
	// Cluster, when set, is this node's place in a cluster: its rooms are the cluster's.
	Cluster *cluster.Node
	// LivePace is a tournament's live pace in moves a second (0: the director's default).
	LivePace float64
	// Leases is where the nodes of a cluster hold the tournaments' lead, for DirectorTTL
	// (nil and 0: the store, for directorTTL); tests steer the lead with them.
	Leases      leases.Store
	DirectorTTL time.Duration
}

// directorTTL is how long a cluster waits for a silent director before another node leads.
const directorTTL = 15 * time.Second

// newApp builds the arena behind the SSH server (lobby, rooms, commands) and starts the hub.
// stop ends the hub.
func newApp(opts appOptions) (app *commands.App, hub *rooms.Hub, stop func(), err error) {
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	cfg := rooms.Config{TickHz: opts.TickHz, HumanMove: opts.HumanMove, BotMove: opts.BotMove, Logger: logger,
		MaxRoomsPerOwner: opts.GamesPerPlayer, MaxRoomsPerAddr: opts.GamesPerAddr}
	if opts.Cluster != nil {
		cfg.Codes = opts.Cluster.Codes()
	}
	var dir *director.Director
	if opts.Store != nil {
		// The key of the seeds nobody may predict (house bots, tournament and assignment
		// games): the store's, so that a tournament re-run on this data plays the same games.
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		secret, err := opts.Store.SeedSecret(ctx)
		cancel()
		if err != nil {
			return nil, nil, nil, err
		}
		cfg.Secret = secret
		// Tournament games are recorded with their result in one transaction (see director).
		dir = director.New(opts.Store, logger)
		if opts.LivePace > 0 {
			dir.LiveGap = time.Duration(float64(time.Second) / opts.LivePace)
		}
		cfg.OnFinish = dir.OnFinish(opts.Store.SaveMatch)
	}
	if opts.Metrics != nil {
		cfg.Observer = opts.Metrics
		if cfg.OnFinish != nil {
			cfg.OnFinish = opts.Metrics.Store(opts.Store.Backend(), cfg.OnFinish)
		}
	}
	hub = rooms.NewHub(cfg)
	if opts.Cluster != nil {
		// Before anything asks the cluster for rooms: the director places its games there.
		if err := opts.Cluster.Serve(hub); err != nil {
			return nil, nil, nil, err
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		hub.Run(ctx)
	}()
	if dir != nil {
		dir.SetHub(hub)
		if opts.Cluster != nil {
			// One node of a cluster runs the tournaments: whichever holds the lease. It
			// places their games on all the nodes; the others send it what they are asked.
			dir.Follow()
			lead := tourneys.Serve(opts.Cluster, dir)
			var lease leases.Store = opts.Store
			if opts.Leases != nil {
				lease = opts.Leases
			}
			ttl := cmp.Or(opts.DirectorTTL, directorTTL)
			go leases.Lead(ctx, lease, leases.Director, opts.Cluster.Name(), ttl, logger, leases.Holder{
				Lead: func(l store.Lease) {
					logger.Info("leading the tournaments")
					if err := lead.Take(ctx, l.Since); err != nil {
						logger.Error("tournaments could not all be resumed; trying again", "err", err)
					}
				},
				// Past its lease's end, a leader that cannot renew it (the store is out)
				// waits to learn whether another node took the lead: it starts no game.
				Held: dir.HeldUntil,
				Follow: func() {
					logger.Warn("following the tournaments' leader: another node took the lead")
					lead.Lose()
				},
			})
		} else if err := dir.Load(ctx); err != nil {
			// A tournament that cannot be read waits, and is read again a while later
			// (the director's Step); the others go on.
			logger.Error("tournaments could not all be resumed; trying again", "err", err)
		}
		go dir.Run(ctx)
	}
	lo := commands.Options{Hub: hub, FillAfter: opts.FillAfter, Logger: logger}
	if opts.Cluster != nil {
		lo.Rooms = opts.Cluster.Directory()
		lo.OnlineElsewhere = opts.Cluster.OnlineElsewhere
	}
	if opts.Metrics != nil {
		lo.FrameDrawn = opts.Metrics.FrameDrawn
	}
	if opts.Store != nil {
		lo.Names = storeNames{opts.Store}
		lo.Accounts = opts.Store
		lo.Archive = opts.Store
		lo.Assignments = opts.Store
		lo.Tournaments = opts.Store
		lo.Director = dir
	}
	a := commands.New(lo)
	if opts.Cluster != nil {
		quickmatch.Serve(opts.Cluster, a.Matchmaker())
		opts.Cluster.ShareOnline(a.Online)
	}
	return a, hub, func() { cancel(); <-done; hub.WaitSaves() }, nil
}

// storeNames releases names in the store, in the lobby's terms.
type storeNames struct{ st *store.Store }

func (n storeNames) ReleaseName(ctx context.Context, name string) (string, error) {
	owner, err := n.st.ReleaseName(ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		return "", commands.ErrNameNotHeld
	}
	return owner, err
}
