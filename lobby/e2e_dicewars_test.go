package lobby_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/games/dicewars"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
)

// dicewarsKeys are the keys that compose action a on a fresh draft: "e" to end, else the
// attacking area's number, enter, the target's, enter.
func dicewarsKeys(a dicewars.Action) []string {
	if a == dicewars.End {
		return []string{"e"}
	}
	var keys []string
	for _, n := range []int{a.From, a.To} {
		for _, r := range strconv.Itoa(n) {
			keys = append(keys, string(r))
		}
		keys = append(keys, "enter")
	}
	return keys
}

// Two people and two house bots play DiceWars to its end through the lobby over SSH while a
// third person watches: a private room of four, joined with its code, the free seats given
// to bots; every move of the people is typed.
func TestDiceWarsPrivateRoomOfFourOverSSH(t *testing.T) {
	addr, hub, _ := arena(t, rooms.Config{TickHz: 100, BotPace: time.Millisecond}, commands.Options{FillAfter: time.Hour})
	e, _ := catalog.Get("dicewars")
	alice := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)))
	alice.WaitFor(t, "Quick match", 10*time.Second)
	alice.Type(t, "tab", "tab", "tab")
	alice.WaitFor(t, "[DiceWars]", 10*time.Second)
	alice.Type(t, "4")
	alice.WaitFor(t, "A private room of DiceWars", 10*time.Second)
	alice.Type(t, "down", "left", "left", "left", "left") // areas 30 → 10
	alice.WaitFor(t, "10", 10*time.Second)
	alice.Type(t, "enter")
	room := onlyRoom(t, hub)
	alice.WaitFor(t, room.Code(), 10*time.Second)
	if n := len(room.Snapshot().Seats); n != 4 {
		t.Fatalf("%d seats, want 4 (DiceWars' default)", n)
	}
	bob := sshtest.NewTerm(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)))
	bob.WaitFor(t, "Quick match", 10*time.Second)
	bob.Type(t, "5")
	bob.WaitFor(t, "Join a private room", 10*time.Second)
	bob.Type(t, room.Code(), "enter")
	until.True(t, 10*time.Second, "bob taking seat 2", func() bool { return room.Snapshot().Seats[1].Name == "bob" })
	alice.Type(t, "b")
	until.True(t, 10*time.Second, "the game starting", func() bool { return room.Snapshot().Status == rooms.Playing })
	carol := sshtest.NewTerm(t, sshtest.Dial(t, addr, "carol", sshtest.NewKey(t)), sshtest.Command("watch "+room.Code())) // a private room: watched with its code
	carol.WaitFor(t, "alice", 10*time.Second)

	terms := []*sshtest.Term{alice, bob}
	seedBot, _ := e.Bot("seed", 1)
	snap := room.Snapshot()
	for steps := 0; snap.Status == rooms.Playing; steps++ {
		if steps > 5000 {
			t.Fatal("the game did not end")
		}
		mover := snap.ToMove
		if mover < 0 || mover >= len(terms) {
			until.True(t, 20*time.Second, "the house bots playing", func() bool {
				next := room.Snapshot()
				return next.Status != rooms.Playing || next.ToMove != mover
			})
			snap = room.Snapshot()
			continue
		}
		a := seedBot.Choose(snap.State, mover).(dicewars.Action)
		if m := play(t, room, terms[mover], yourTurn(snap, mover), dicewarsKeys(a)...); m.Default || m.Seat != mover || m.Action != a {
			t.Fatalf("step %d: %+v, want seat %d playing %v", steps, m, mover, a)
		}
		// Wait for the snapshot that shows the move. (Not a change of what is seen: an "end"
		// with every area full and the stock at its cap changes nothing but whose turn it is.)
		decided := snap.Moves
		until.True(t, 10*time.Second, "the room publishing the move", func() bool {
			snap = room.Snapshot()
			return snap.Status != rooms.Playing || snap.Moves > decided
		})
	}
	final := waitSaved(t, room)
	names := make([]string, len(final.Seats))
	for i, s := range final.Seats {
		names[i] = s.Name
	}
	w := final.Outcome.Winner()
	want := "wins."
	if w < 0 {
		want = "share first"
	}
	carol.WaitFor(t, want, 10*time.Second)
	if !strings.Contains(carol.Output(), "attacks") {
		t.Error("the spectator saw no battle")
	}
}
