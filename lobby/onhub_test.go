package lobby

import (
	"context"
	"time"

	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// onHub is the lobby's screens on hub's rooms, with a matchmaker that fills its tables
// with house bots after fillAfter (0: an hour).
func onHub(hub *rooms.Hub, fillAfter time.Duration, o Options) *App {
	if fillAfter == 0 {
		fillAfter = time.Hour
	}
	o.Rooms = roomdir.Local(hub)
	o.Queue = matchmaker.New(o.Rooms, fillAfter, hub.Config().Now)
	return New(o)
}

// snapshotOf is the snapshot of r, a room of the test's hub (whose Snapshot never fails).
func snapshotOf(r roomdir.Room) *rooms.Snapshot {
	s, err := r.Snapshot(context.Background())
	if err != nil {
		panic(err)
	}
	return s
}
