package lobby

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/garden"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// Keys typed faster than the room answers are not lost: three enters in a row place three
// creatures in Garden Tensions, each on its own decision, and keys typed ahead of a turn
// that passes to the opponent go nowhere.
func TestKeysTypedAheadReachTheNextDecision(t *testing.T) {
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	hub := rooms.NewHub(rooms.Config{Now: func() time.Time { return now }, BotPace: -1})
	e, _ := catalog.Get("garden")
	r, err := hub.Create(rooms.Spec{Game: e.Entry, Seed: 4, Seats: []rooms.Seat{
		{Kind: rooms.Human, Name: "anna", UserID: "k"}, {Kind: rooms.HouseBot, BotName: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	srv := terminal("k", "anna", 80, 24, games.Plain)
	m := &model{s: newSession(onHub(hub, 0, Options{}), srv), now: now}
	g := newGameScreen(roomdir.LocalRoom(r))
	m.screen = g
	g.Init(m)
	if g.seat != 0 {
		t.Fatalf("seated at %d", g.seat)
	}
	// step lets the room take what was sent and shows the screen its new snapshot.
	step := func() *garden.State {
		t.Helper()
		for range 40 {
			now = now.Add(50 * time.Millisecond)
			hub.Tick(now)
			snap := r.Snapshot()
			m.Update(snapMsg{snap})
			if snap.ToMove == 0 && g.turn.draft != nil {
				break
			}
		}
		return r.Snapshot().State.(*garden.State)
	}
	press := func(ks ...string) {
		for _, k := range ks {
			m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		}
	}
	enter := func() { m.Update(tea.KeyMsg{Type: tea.KeyEnter}) }

	press("1") // the cooks
	var s *garden.State
	for s = step(); s.Phase() != garden.Conquest || s.Turn() != 0; s = step() {
	}
	// A first move makes room: the start cell alone (3 creatures, 5 at most) could not take
	// three more, and the creatures that find no room are lost.
	enter()
	enter()
	s = step()
	if s.CellsOf(0) != 2 {
		t.Fatalf("the first move left %d cells", s.CellsOf(0))
	}
	press("e", "e") // ends the conquest; the second e only asks before ending the reinforcement
	s = step()
	if s.Phase() != garden.Reinforcement || s.Player(0).Pending < 3 {
		t.Fatalf("phase %v, %d to place", s.Phase(), s.Player(0).Pending)
	}
	creatures := s.CreaturesOf(0)
	enter()
	enter()
	enter()
	for range 3 {
		s = step()
	}
	if got := s.CreaturesOf(0); got != creatures+3 {
		t.Fatalf("three enters placed %d creatures", got-creatures)
	}
	if g.turn.early != nil {
		t.Fatalf("keys left over: %q", g.turn.early)
	}
	// Keys typed after the turn's last decision do not play the next turn.
	for s.Player(0).Pending > 0 {
		enter()
		s = step()
	}
	press("e")
	enter()
	enter() // would choose a cell and move from it
	for s = step(); s.Turn() != 0 || s.Phase() != garden.Conquest; s = step() {
	}
	if s.ActionsLeft() != garden.ActionsPerTurn || g.turn.early != nil {
		t.Fatalf("a key typed before the opponent's turn played on: %d actions left, %q kept", s.ActionsLeft(), g.turn.early)
	}
}
