package lobby_test

import (
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
)

// azertyKeyOf is the key a Perfect Aim player presses on an AZERTY keyboard to move: the
// places of QWERTY's w a s d.
var azertyKeyOf = map[perfectaim.Action]string{
	perfectaim.MoveUp: "z", perfectaim.MoveLeft: "q", perfectaim.MoveDown: "s", perfectaim.MoveRight: "d",
}

// A French person (LANG=fr_FR.UTF-8, sent as OpenSSH sends it) plays Perfect Aim with z q
// s d: the footer shows them, q moves left rather than leaving (esc leaves), and the key
// pressed becomes the move of its place.
func TestAnAZERTYPlayerMovesWithZQSD(t *testing.T) {
	origin := time.Now()
	fast := func() time.Time { return origin.Add(20 * time.Since(origin)) }
	addr, hub, _ := arena(t, rooms.Config{TickHz: 50, Now: fast}, commands.Options{})
	alice := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), sshtest.Command("play perfectaim --vs zidane"),
		sshtest.Size(100, 30), sshtest.Env("LANG=fr_FR.UTF-8"))
	room := onlyRoom(t, hub)
	screen := alice.WaitFor(t, "zqsd", 10*time.Second)
	if strings.Contains(screen, "esc/q") {
		t.Fatalf("q leaves the game on an AZERTY keyboard, where it moves left:\n%s", screen)
	}
	var chosen perfectaim.Action
	moved := false
	until.True(t, 20*time.Second, "one of alice's AZERTY keys becoming her move", func() bool {
		snap := room.Snapshot()
		st, ok := snap.State.(*perfectaim.State)
		if !ok || snap.Status != rooms.Playing {
			return snap.Status == rooms.Finished
		}
		for _, m := range room.Replay().Moves {
			if m.Seat == 0 && m.Action != perfectaim.Wait && !m.Default {
				if m.Action != chosen {
					t.Fatalf("alice pressed %q (AZERTY for %v) and played %v", azertyKeyOf[chosen], chosen, m.Action)
				}
				moved = true
				return true
			}
		}
		if !st.Player(st.SeatColor(0)).Alive {
			return true
		}
		if chosen == "" {
			for _, a := range []perfectaim.Action{perfectaim.MoveLeft, perfectaim.MoveUp, perfectaim.MoveDown, perfectaim.MoveRight} {
				if st.Valid(st.SeatColor(0), a) {
					chosen = a
					break
				}
			}
		}
		if chosen != "" {
			alice.Send(t, azertyKeyOf[chosen])
		}
		return false
	})
	if out := alice.Output(); strings.Contains(out, "leave the game (any other key: stay)") || strings.Contains(out, lang.French.Sprintf("leave the game (any other key: stay)")) {
		t.Fatal("q asked alice whether she leaves")
	}
	if !moved {
		t.Log("alice died or the game ended before her first move: only the footer and q were checked")
	}
}

// toAZERTY is the key an AZERTY keyboard has at the place of QWERTY key k.
func toAZERTY(k string) string {
	if a, ok := map[string]string{"q": "a", "a": "q", "w": "z", "z": "w"}[k]; ok {
		return a
	}
	return k
}

// A French person plays War Hammer with the AZERTY cluster (a z e / q d / w x c): the move
// typed at the places of hunter's keys is hunter's move.
func TestAnAZERTYPlayerStepsInWarHammer(t *testing.T) {
	addr, hub, _ := arena(t, rooms.Config{TickHz: 100}, commands.Options{})
	e, _ := catalog.Get("warhammer")
	alice := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), sshtest.Command("play warhammer --vs random"),
		sshtest.Size(100, 30), sshtest.Env("LANG=fr_FR.UTF-8"))
	room := onlyRoom(t, hub)
	alice.WaitFor(t, "azeqdwxc", 10*time.Second)
	hunter, _ := e.Bot("hunter", 1)
	var snap *rooms.Snapshot
	until.True(t, 10*time.Second, "alice's turn", func() bool {
		snap = room.Snapshot()
		return snap.Status == rooms.Playing && snap.ToMove == 0
	})
	code := hunter.Choose(snap.State, 0).(int)
	var keys []string
	for _, k := range draftKeys(t, e, snap.State, 0, code) {
		keys = append(keys, toAZERTY(k))
	}
	m := play(t, room, alice, yourTurnIn(snap, 0, lang.French), keys...)
	if m.Default || m.Seat != 0 || m.Action != code {
		t.Fatalf("alice typed %v on AZERTY for move %d and played %+v", keys, code, m)
	}
}

// A French person plays 7 couleurs on AZERTY with the colours' initials a to g: letters that
// are initials are not places, so a stays the colour A (not QWERTY's q, at its place) —
// a whole game, choosing A whenever it takes something.
func TestAnAZERTYPlayerTypesSevenColorsInitials(t *testing.T) {
	addr, hub, _ := arena(t, rooms.Config{TickHz: 100}, commands.Options{})
	alice := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), sshtest.Command("play sevencolors --vs greedy --size 6"),
		sshtest.Size(100, 30), sshtest.Env("LANG=fr_FR.UTF-8"))
	room := onlyRoom(t, hub)
	typedA := 0
	snap := room.Snapshot()
	until.True(t, 10*time.Second, "the game starting", func() bool { snap = room.Snapshot(); return snap.Status != rooms.Waiting })
	for moves := 0; snap.Status == rooms.Playing; moves++ {
		if moves > 4*36 {
			t.Fatal("the game did not end within its move cap")
		}
		if snap.ToMove != 0 {
			until.True(t, 10*time.Second, "greedy's move", func() bool {
				snap = room.Snapshot()
				return snap.Status != rooms.Playing || snap.ToMove == 0
			})
			continue
		}
		legal := snap.State.Legal(0)
		colour := legal[0].(int)
		for _, a := range legal {
			if a.(int) == 3 { // A: the letter a, where QWERTY has q
				colour = 3
			}
		}
		key := string(rune('a' + colour - 3))
		if key == "a" {
			typedA++
		}
		m := play(t, room, alice, yourTurnIn(snap, 0, lang.French), key)
		if m.Default || m.Action != colour {
			t.Fatalf("alice typed %q on AZERTY for colour %d and played %+v", key, colour, m)
		}
		until.True(t, 10*time.Second, "the room publishing the move", func() bool {
			snap = room.Snapshot()
			return snap.Status != rooms.Playing || snap.ToMove != 0
		})
	}
	if typedA == 0 {
		t.Log("A never took anything for alice: only the other initials were typed")
	}
}
