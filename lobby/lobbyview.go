package lobby

import (
	"cmp"
	"slices"
	"sync"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/rooms"
)

// lobbyView is the lobby's shared state, made once per change for every session (the
// rooms' own rule: a snapshot made once, drawn for every viewer). The model takes the
// latest in Update, when the lobby changes; screens draw it and choose from it, and never
// read the hub, the matchmaker or who is online while drawing. Never changed once made.
type lobbyView struct {
	key      [3]uint64    // the versions it was made at: presence, hub, matchmaker
	rooms    []rooms.Info // every live room, oldest first; a person sees rooms.Visible of them
	online   []string     // who is connected, here and on a cluster's other nodes
	queued   map[string]int
	programs map[string][]matchmaker.WaitingProgram // by game
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
	v := &lobbyView{key: key, rooms: a.hub.List(), online: a.Online(), queued: map[string]int{},
		programs: map[string][]matchmaker.WaitingProgram{}}
	for _, e := range catalog.All() {
		id := e.Game.ID()
		v.queued[id] = a.mm.Waiting(id)
		v.programs[id] = a.mm.WaitingPrograms(id)
	}
	a.views.last = v
	return v
}

// visible are the live rooms person may see listed (a private room only to its players
// and teachers), the rooms being played or waiting first, then those just finished.
func (v *lobbyView) visible(person string, admin bool) []rooms.Info {
	list := rooms.Visible(v.rooms, person, admin)
	slices.SortStableFunc(list, func(a, b rooms.Info) int {
		return cmp.Compare(finishedLast(a), finishedLast(b))
	})
	return list
}

// finishedLast orders rooms just finished after the others.
func finishedLast(r rooms.Info) int {
	if r.Status == rooms.Finished {
		return 1
	}
	return 0
}

// unfinished counts the rooms of list (as visible orders them) not finished.
func unfinished(list []rooms.Info) int {
	n := 0
	for n < len(list) && list[n].Status != rooms.Finished {
		n++
	}
	return n
}
