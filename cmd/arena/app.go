package main

import (
	"errors"
	"log/slog"

	"github.com/arena-classroom/arena/server"
)

// appOptions is what the server command hands to the arena app.
type appOptions struct {
	Logger *slog.Logger
	// TickHz is the hub's tick rate.
	TickHz int
}

// newApp builds the arena behind the SSH server (lobby, rooms, commands). stop ends its
// rooms and background work.
func newApp(opts appOptions) (app server.App, stop func(), err error) {
	return nil, func() {}, errNotBuilt
}

var errNotBuilt = errors.New("the arena app is not built yet")
