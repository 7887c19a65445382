package botsession

import (
	"encoding/json"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
)

// seatedRoom is a room as a controller sees it, recording how a seat was given up.
type seatedRoom struct{ told chan string }

func (r *seatedRoom) ID() string                         { return "r1" }
func (r *seatedRoom) MatchID() string                    { return "m1" }
func (r *seatedRoom) Info() rooms.Info                   { return rooms.Info{} }
func (r *seatedRoom) Replay() *replay.Replay             { return nil }
func (r *seatedRoom) Answer(int, int, games.Action) bool { return true }
func (r *seatedRoom) AnswerMalformed(int, int, string, json.RawMessage) bool {
	return true
}
func (r *seatedRoom) Resign(int) { r.told <- "resign" }
func (r *seatedRoom) Lost(int)   { r.told <- "lost" }

// A program whose connection drops while it is being seated (a node stopping, the Wi-Fi)
// has lost its connection, not resigned: in a tournament its game is void and played
// again, not counted as lost. One that resigned resigns.
func TestAProgramGoneAsItIsSeatedIsLostNotResigned(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	for _, resign := range []bool{false, true} {
		pr, pw := io.Pipe()
		c := program.NewConn(pr, io.Discard, program.ConnOptions{})
		ctl := NewController(c, e.Game, 3)
		if resign {
			ctl.abandon(true)
		} else {
			c.Close(errors.New("the connection dropped"))
			pw.Close()
			deadline := time.After(10 * time.Second)
			for !ctl.isGone() {
				select {
				case <-deadline:
					t.Fatal("the controller never saw its connection drop")
				case <-time.After(time.Millisecond):
				}
			}
		}
		room := &seatedRoom{told: make(chan string, 2)}
		ctl.Start(room, 0, nil)
		want := map[bool]string{false: "lost", true: "resign"}[resign]
		select {
		case got := <-room.told:
			if got != want {
				t.Fatalf("resigned %v: the room was told %q, want %q", resign, got, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("resigned %v: the room was never told", resign)
		}
	}
}

func (ctl *Controller) isGone() bool {
	ctl.mu.Lock()
	defer ctl.mu.Unlock()
	return ctl.gone
}
