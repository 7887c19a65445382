package lobby

import (
	"sync"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/matchmaker"
)

// lobbyView is the lobby's shared state, made once per change for every session (the
// rooms' own rule: a snapshot made once, drawn for every viewer). The model takes the
// latest in Update, when the lobby changes; screens draw it and choose from it, and never
// read the hub, the matchmaker or who is online while drawing. Never changed once made.
type lobbyView struct {
	key [3]uint64 // the versions it was made at: presence, hub, matchmaker
	screen.Lobby
}

// lobbyViews makes the lobby's view at most once per change, on the first session's
// demand after it (off the hub's tick: the cluster's queue may be a request away).
type lobbyViews struct {
	mu   sync.Mutex
	last *lobbyView
}

// lobbyNow is the lobby's view as of now.
func (a *App) lobbyNow() *lobbyView {
	key := [3]uint64{a.presence.Version(), a.hub.Version(), a.mm.Version()}
	a.views.mu.Lock()
	defer a.views.mu.Unlock()
	if v := a.views.last; v != nil && v.key == key {
		return v
	}
	v := &lobbyView{key: key, Lobby: screen.Lobby{Rooms: a.hub.List(), Online: a.Online(), Queued: a.mm.WaitingCounts(),
		Programs: map[string][]matchmaker.WaitingProgram{}}}
	for _, e := range catalog.All() {
		id := e.Game.ID()
		v.Programs[id] = a.mm.WaitingPrograms(id)
	}
	a.views.last = v
	return v
}
