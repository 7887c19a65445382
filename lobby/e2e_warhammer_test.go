package lobby_test

import (
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
)

// draftKeys are the keys that compose action a for seat in st, found by playing them on a
// draft of the game's own view: a key for each choice, a press to take it, one more for a
// choice that kills.
func draftKeys(t *testing.T, e catalog.Entry, st games.State, seat int, code int) []string {
	t.Helper()
	first, hammer := code/8, code%8
	firstKeys := []string{"right", "up", "left", "down", "d", "e", "w", "q", "a", "z", "x", "c"}
	hammerKeys := []string{"d", "e", "w", "q", "a", "z", "x", "c"}
	d := e.View.(games.Composer).Compose(st, seat)
	var keys []string
	press := func(k string) bool {
		keys = append(keys, k)
		a, done, used := d.Key(k)
		if !used {
			t.Fatalf("key %q not taken after %v", k, keys)
		}
		if done && a != code {
			t.Fatalf("keys %v played %v, want %d", keys, a, code)
		}
		return done
	}
	for _, k := range []string{firstKeys[first], firstKeys[first], "enter", hammerKeys[hammer], hammerKeys[hammer], "enter"} {
		if press(k) {
			return keys
		}
	}
	t.Fatalf("keys %v did not finish the move %d", keys, code)
	return nil
}

// Two people and a house bot play War Hammer to its end through the lobby over SSH — a
// private room set up for three, joined with its code, the last seat given to a bot — while a
// third person watches. Every move of the people goes through the two-choice draft.
func TestWarHammerPrivateRoomOfThreeOverSSH(t *testing.T) {
	addr, hub, _ := arena(t, rooms.Config{TickHz: 100}, commands.Options{FillAfter: time.Hour})
	e, ok := catalog.Get("warhammer")
	if !ok {
		t.Fatal("War Hammer is not in the catalog")
	}
	alice := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)))
	alice.WaitFor(t, "Quick match", 10*time.Second)
	// The War Hammer tab, then "Create a private room": three players on a 10×10 board.
	alice.Type(t, "tab", "tab")
	alice.WaitFor(t, "[War Hammer]", 10*time.Second)
	alice.Type(t, "4")
	alice.WaitFor(t, "A private room of War Hammer", 10*time.Second)
	alice.Type(t, "right", "down", "left", "left")
	alice.WaitFor(t, "10×10", 10*time.Second)
	alice.Type(t, "enter")
	room := onlyRoom(t, hub)
	alice.WaitFor(t, room.Code(), 10*time.Second)
	if n := len(room.Snapshot().Seats); n != 3 {
		t.Fatalf("the room has %d seats, want 3", n)
	}

	bob := sshtest.NewTerm(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)))
	bob.WaitFor(t, "Quick match", 10*time.Second)
	bob.Type(t, "5")
	bob.WaitFor(t, "Join a private room", 10*time.Second)
	bob.Type(t, room.Code(), "enter")
	until.True(t, 10*time.Second, "bob taking seat 2", func() bool { return room.Snapshot().Seats[1].Name == "bob" })
	alice.Type(t, "b") // a house bot takes the last seat, and the game starts
	until.True(t, 10*time.Second, "the game starting", func() bool { return room.Snapshot().Status == rooms.Playing })
	carol := sshtest.NewTerm(t, sshtest.Dial(t, addr, "carol", sshtest.NewKey(t)), sshtest.Command("watch "+room.Code())) // a private room: watched with its code
	carol.WaitFor(t, "alice", 10*time.Second)

	terms := []*sshtest.Term{alice, bob}
	hunter, _ := e.Bot("hunter", 1)
	snap := room.Snapshot()
	if snap.Seats[2].Kind != rooms.HouseBot {
		t.Fatalf("seat 3 is %v, want a house bot", snap.Seats[2].Kind)
	}
	for turns := 0; snap.Status == rooms.Playing; turns++ {
		if turns > 1000 {
			t.Fatal("the game did not end")
		}
		mover := snap.ToMove
		if mover < 0 || mover >= len(terms) {
			until.True(t, 10*time.Second, "the house bot playing", func() bool {
				next := room.Snapshot()
				return next.Status != rooms.Playing || next.ToMove != mover
			})
			snap = room.Snapshot()
			continue
		}
		// The person plays what hunter would, typed on the draft.
		code := hunter.Choose(snap.State, mover).(int)
		keys := draftKeys(t, e, snap.State, mover, code)
		t.Logf("turn %d: %s types %v", turns, snap.Seats[mover].Name, keys)
		if m := play(t, room, terms[mover], yourTurn(snap, mover), keys...); m.Default || m.Seat != mover {
			t.Fatalf("turn %d: %+v, want seat %d's own move", turns, m, mover)
		}
		until.True(t, 10*time.Second, "the room publishing the turn", func() bool {
			snap = room.Snapshot()
			return snap.Status != rooms.Playing || snap.ToMove != mover
		})
	}
	final := waitSaved(t, room)
	w := final.Outcome.Winner()
	if w < 0 {
		t.Fatalf("outcome %+v: War Hammer has one winner", final.Outcome)
	}
	result := final.Seats[w].Name + " wins."
	carol.WaitFor(t, result, 10*time.Second)
	for i, term := range terms {
		if i == w {
			term.WaitFor(t, "You win!", 10*time.Second)
		} else {
			term.WaitFor(t, "You finish "+ordinalOf(final.Outcome.Ranks[i])+" of 3. "+result, 10*time.Second)
		}
	}
	if !strings.Contains(carol.Output(), "Last moves") {
		t.Error("the spectator saw no log")
	}
}

func ordinalOf(n int) string { return map[int]string{1: "1st", 2: "2nd", 3: "3rd"}[n] }
