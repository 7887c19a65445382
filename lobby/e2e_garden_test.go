package lobby_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
)

// gardenPlay is what the person plays: the first clan; BBQ or Pool when offered; the attack
// where it outnumbers the defender most; two expansions a turn at most; then "end"; each
// creature on the first cell with room.
func gardenPlay(s *garden.State, seat int) garden.Action {
	switch s.Phase() {
	case garden.ChoosingClans:
		return s.Legal(seat)[0].(garden.Action)
	case garden.Reinforcement:
		return garden.PlaceAction(s.PlaceTargets(seat)[0])
	}
	var attack, expand *garden.Action
	gap := 0
	for _, a := range s.ConquestActions(seat) {
		switch {
		case a.Verb == garden.BBQPower || a.Verb == garden.PoolPower:
			return a
		case a.Verb != garden.Move:
		case s.Cell(a.To).Empty():
			if expand == nil {
				expand = &a
			}
		case int(s.Cell(a.From).Creatures-s.Cell(a.To).Creatures) > gap:
			attack, gap = &a, int(s.Cell(a.From).Creatures-s.Cell(a.To).Creatures)
		}
	}
	switch {
	case attack != nil:
		return *attack
	case expand != nil && s.ActionsLeft() > garden.ActionsPerTurn-2:
		return *expand
	}
	return garden.EndAction
}

// gardenKeys are the keys that compose a on the game's own draft: cells typed as their row
// and column, powers from the menu, e (twice with creatures left to place).
func gardenKeys(t *testing.T, e catalog.Entry, s *garden.State, seat int, a garden.Action) []string {
	t.Helper()
	cell := func(h garden.Hex) []string { return []string{strconv.Itoa(h.R()), strconv.Itoa(h.Q()), "enter"} }
	var keys []string
	switch a.Verb {
	case garden.End:
		keys = []string{"e"}
		if s.Phase() == garden.Reinforcement && len(s.PlaceTargets(seat)) > 0 {
			keys = append(keys, "e")
		}
	case garden.ClanChoice:
		keys = []string{strconv.Itoa(slices.Index(garden.Clans[:], a.Clan) + 1)}
	case garden.Place:
		keys = cell(a.To)
	case garden.Move:
		keys = append(cell(a.From), cell(a.To)...)
	default: // a power: its place in the menu, then its target
		var menu []garden.Verb
		for _, c := range s.ConquestActions(seat) {
			if c.Verb != garden.Move && !slices.Contains(menu, c.Verb) {
				menu = append(menu, c.Verb)
			}
		}
		keys = append([]string{"p", strconv.Itoa(slices.Index(menu, a.Verb) + 1)}, cell(a.To)...)
	}
	d := e.View.(games.Composer).Compose(s, seat)
	for i, k := range keys {
		got, done, used := d.Key(k)
		if !used || done != (i == len(keys)-1) || done && got != a {
			t.Fatalf("keys %v for %v: key %d gives %v (done %v, used %v); prompt %q", keys, a, i, got, done, used, d.Prompt())
		}
	}
	return keys
}

// A person plays Garden Tensions against the heuristic through the lobby over SSH while
// someone watches: "Play house bots", the heuristic chosen and 10 rounds; every decision,
// the clan and each creature placed included, typed on the draft.
func TestAPersonPlaysGardenAgainstTheHeuristicOverSSH(t *testing.T) {
	addr, hub, _ := arena(t, rooms.Config{TickHz: 100, BotPace: time.Millisecond}, commands.Options{FillAfter: time.Hour})
	e, _ := catalog.Get("garden")
	alice := sshtest.NewTerm(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)))
	alice.WaitFor(t, "Quick match", 10*time.Second)
	alice.Type(t, "tab", "tab", "tab", "tab")
	alice.WaitFor(t, "[Garden Tensions]", 10*time.Second)
	alice.Type(t, "2")
	alice.WaitFor(t, "Garden Tensions against house bots", 10*time.Second)
	alice.Type(t, "left") // minimax → heuristic
	alice.WaitFor(t, "◀ heuristic ▶", 10*time.Second)
	alice.Type(t, "down", "left", "left", "left", "left", "left", "left", "left", "left") // 50 rounds → 10
	alice.WaitFor(t, "◀ 10 ▶", 10*time.Second)
	alice.Type(t, "enter")
	room := onlyRoom(t, hub)
	until.True(t, 10*time.Second, "the game starting", func() bool { return room.Snapshot().Status == rooms.Playing })
	if snap := room.Snapshot(); snap.Seats[1].Bot != "heuristic" || snap.State.(*garden.State).Rounds() != 10 {
		t.Fatalf("seat 2 is %q, %d rounds", snap.Seats[1].Bot, snap.State.(*garden.State).Rounds())
	}
	carol := sshtest.NewTerm(t, sshtest.Dial(t, addr, "carol", sshtest.NewKey(t)), sshtest.Command("watch "+room.ID()))
	carol.WaitFor(t, "alice", 10*time.Second)

	snap := room.Snapshot()
	typed := map[garden.Verb]int{}
	for steps := 0; snap.Status == rooms.Playing; steps++ {
		if steps > 2000 {
			t.Fatal("the game did not end")
		}
		if snap.ToMove != 0 {
			until.True(t, 20*time.Second, "the heuristic playing", func() bool {
				next := room.Snapshot()
				return next.Status != rooms.Playing || next.ToMove == 0
			})
			snap = room.Snapshot()
			continue
		}
		s := snap.State.(*garden.State)
		a := gardenPlay(s, 0)
		if m := play(t, room, alice, yourTurn(snap, 0), gardenKeys(t, e, s, 0, a)...); m.Default || m.Seat != 0 || m.Action != a {
			t.Fatalf("step %d: %+v, want alice playing %v", steps, m, a)
		}
		typed[a.Verb]++
		// Wait for the snapshot that shows the decision.
		decided := snap.Moves
		until.True(t, 10*time.Second, "the room publishing the move", func() bool {
			snap = room.Snapshot()
			return snap.Status != rooms.Playing || snap.Moves > decided
		})
	}
	final := waitSaved(t, room)
	if typed[garden.ClanChoice] != 1 || typed[garden.Move] == 0 || typed[garden.Place] == 0 || typed[garden.End] == 0 {
		t.Fatalf("alice typed %v (by verb): every kind of decision should have come", typed)
	}
	t.Logf("alice typed %v (by verb); outcome %+v", typed, *final.Outcome)
	want := map[int]string{-1: "Draw.", 0: "alice wins.", 1: "heuristic wins."}[final.Outcome.Winner()]
	carol.WaitFor(t, want, 10*time.Second)
	if !strings.Contains(carol.Output(), "Last moves") || !strings.Contains(carol.Output(), "SKY") {
		t.Error("the spectator saw no garden or no log")
	}
}
