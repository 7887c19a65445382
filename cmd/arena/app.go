package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/arena-classroom/arena/lobby"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
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
}

// newApp builds the arena behind the SSH server (lobby, rooms, commands) and starts the hub.
// stop ends the hub.
func newApp(opts appOptions) (app server.App, stop func(), err error) {
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	cfg := rooms.Config{TickHz: opts.TickHz, HumanMove: opts.HumanMove, BotMove: opts.BotMove, Logger: logger,
		MaxRoomsPerOwner: opts.GamesPerPlayer, MaxRoomsPerAddr: opts.GamesPerAddr}
	if opts.Store != nil {
		cfg.OnFinish = saveMatch(opts.Store)
	}
	hub := rooms.NewHub(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		hub.Run(ctx)
	}()
	lo := lobby.Options{Hub: hub, FillAfter: opts.FillAfter, Logger: logger}
	if opts.Store != nil {
		lo.Names = storeNames{opts.Store}
	}
	a := lobby.New(lo)
	return a, func() { cancel(); <-done; hub.WaitSaves() }, nil
}

// saveMatch records a finished room in the store; the room announces its result once this
// returns.
func saveMatch(st *store.Store) func(rooms.Info, replay.Replay) error {
	return func(info rooms.Info, rp replay.Replay) error {
		ended := time.Now()
		cfg, err := json.Marshal(rp.Config)
		if err != nil {
			return err
		}
		// The recorded result, in which players who left rank last; the replay keeps the
		// rules' own outcome.
		out, err := json.Marshal(info.Result)
		if err != nil {
			return err
		}
		log, err := json.Marshal(rp)
		if err != nil {
			return err
		}
		rec := store.MatchRecord{
			ID:   info.MatchID,
			Game: rp.Game, Seed: rp.Seed, Config: cfg, Outcome: out, Replay: log,
			StartedAt: info.Created, EndedAt: ended,
		}
		for _, s := range info.Seats {
			seat := store.SeatRecord{Name: s.Name}
			if s.Kind == rooms.HouseBot && s.UserID == "" {
				seat.Bot = s.Name
			} else {
				seat.ID = s.UserID
			}
			if s.Takeover != nil {
				seat.LeftAtMove, seat.ReplacedBy = s.Takeover.FromMove, s.Takeover.By
			}
			rec.Seats = append(rec.Seats, seat)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return st.SaveMatch(ctx, rec)
	}
}

// storeNames releases names in the store, in the lobby's terms.
type storeNames struct{ st *store.Store }

func (n storeNames) ReleaseName(ctx context.Context, name string) (string, error) {
	owner, err := n.st.ReleaseName(ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		return "", lobby.ErrNameNotHeld
	}
	return owner, err
}
