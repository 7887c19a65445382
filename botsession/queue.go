package botsession

import (
	"context"
	"time"

	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/presence"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/rooms"
)

// queueBot waits in the game's queue like a person in quick match, plays the rooms the
// matchmaker seats it in, and queues again, until it has played args.games games (0: until
// it leaves).
func (a *Sessions) queueBot(ctx context.Context, conn *program.Conn, args botArgs, who keys.Identity, name string, presence *presence.Key) int {
	e := args.entry
	maxStrikes := a.rooms.Config().MaxStrikes
	conn.Plan(args.games)
	for played := 0; args.games == 0 || played < args.games; played++ {
		ctl := a.newController(conn, e.Game, maxStrikes, who.ID)
		t, err := a.queue.Enqueue(&matchmaker.Ticket{UserID: who.ID, Name: name, Kind: rooms.Remote, Game: e.Entry, Config: args.config, Controller: ctl, AnySize: args.anySize()})
		if err != nil {
			conn.Fail(err, time.Second)
			return 1
		}
		a.presence.Set(presence, name, "bot waiting for "+e.Game.Name()) // lang:keep presence is stored for other readers (see report)
		conn.Tell(lang.T("waiting for opponents in the %s queue", e.Game.ID()))
		var as matchmaker.Assignment
		select {
		case as = <-t.Done():
		case <-ctx.Done():
			if !a.queue.Cancel(t) {
				// Seated as it left: the controller gives the seat to a house bot.
				<-t.Done()
			}
			return 0
		}
		if as.Err != nil {
			conn.Fail(lang.Errorf("could not open a room: %s", as.Err), time.Second)
			return 1
		}
		a.presence.Set(presence, name, "bot playing "+e.Game.Name()+" in "+as.Room.ID()) // lang:keep presence is stored for other readers (see report)
		select {
		case <-ctl.Ended():
		case <-ctx.Done():
			// The controller gives the seat up when the connection ends.
			if conn.Err() != nil {
				conn.Tell(lang.T("game %s: your program left during it: a house bot plays on in its seat", as.Room.MatchID()))
			}
			return 0
		}
	}
	return 0
}
