package rooms_test

import (
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/rooms"
)

// program records what a room tells a Remote seat.
type program struct {
	mu      sync.Mutex
	started bool
	turns   []turnMsg
	refused []string
	ended   bool
	outcome *games.Outcome
}

type turnMsg struct {
	id         int
	move, bank time.Duration
}

func (p *program) Start(rooms.Seated, int, games.State) { p.mu.Lock(); p.started = true; p.mu.Unlock() }
func (p *program) Turn(_ rooms.Seated, _ int, turn int, _ games.State, move, bank time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.turns = append(p.turns, turnMsg{turn, move, bank})
}
func (p *program) Refused(_ rooms.Seated, _ int, _ int, err error, _ games.Action) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.refused = append(p.refused, games.IllegalCode(err))
}
func (p *program) End(_ rooms.Seated, _ int, o *games.Outcome) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ended, p.outcome = true, o
}

func (p *program) lastTurn() turnMsg {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.turns) == 0 {
		return turnMsg{}
	}
	return p.turns[len(p.turns)-1]
}

func programRoom(t *testing.T, h *rooms.Hub, p *program) *rooms.Room {
	t.Helper()
	r, err := h.Create(rooms.Spec{Game: race, Seed: 5, Seats: []rooms.Seat{
		{Kind: rooms.Remote, Name: "prog", UserID: "key:student", Controller: p},
		{Kind: rooms.HouseBot, BotName: "one"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestAProgramIsAskedAndItsAnswersCountOnce(t *testing.T) {
	h, c := newHub(t, nil)
	p := &program{}
	r := programRoom(t, h, p)
	h.Tick(c.Add(0))
	h.WaitThinking()
	first := p.lastTurn()
	if !p.started || first.id == 0 || first.move != 500*time.Millisecond || first.bank != 5*time.Second {
		t.Fatalf("start %v first turn %+v", p.started, first)
	}
	if !r.Answer(0, first.id, 2) {
		t.Fatal("answer refused")
	}
	if r.Answer(0, first.id, 2) {
		t.Fatal("a second answer to the same turn was accepted")
	}
	if r.Answer(0, first.id+100, 2) {
		t.Fatal("an answer to a turn never asked was accepted")
	}
	tickUntil(t, h, c, func() bool { return r.Snapshot().Status == rooms.Finished || p.lastTurn().id != first.id })
	if rp := r.Replay(); rp.Moves[0].Seat != 0 || rp.Moves[0].Action != 2 {
		t.Fatalf("first move %+v, want the program's 2", rp.Moves[0])
	}
}

func TestASlowAnswerIsChargedToTheBank(t *testing.T) {
	h, c := newHub(t, nil)
	p := &program{}
	r := programRoom(t, h, p)
	h.Tick(c.Add(0))
	h.WaitThinking()
	first := p.lastTurn()
	c.Add(1500 * time.Millisecond) // a second beyond the move limit
	r.Answer(0, first.id, 1)
	tickUntil(t, h, c, func() bool { return p.lastTurn().id != first.id })
	if got := p.lastTurn().bank; got != 4*time.Second {
		t.Fatalf("bank after a 1.5 s answer: %v, want 4s", got)
	}
}

func TestIllegalAnswersAreRefusedAndMissedDeadlinesStrikeOut(t *testing.T) {
	h, c := newHub(t, nil)
	p := &program{}
	r := programRoom(t, h, p)
	h.Tick(c.Add(0))
	h.WaitThinking()
	r.Answer(0, p.lastTurn().id, 7) // the race takes 1..3
	h.Tick(c.Add(50 * time.Millisecond))
	h.WaitThinking()
	if len(p.refused) != 1 || p.refused[0] == "timeout" {
		t.Fatalf("refusals %v, want one for the illegal step", p.refused)
	}
	// Now never answer: the bank drains on the first miss, then three strikes replace it.
	tickUntil(t, h, c, func() bool {
		s := r.Snapshot()
		return s.Status == rooms.Finished || s.Seats[0].Kind == rooms.HouseBot
	})
	s := r.Snapshot()
	if s.Seats[0].Note != "too slow: replaced" {
		t.Fatalf("seat %+v", s.Seats[0])
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.ended || p.outcome != nil {
		t.Fatal("the replaced program was not told its game ended for it")
	}
	timeouts := 0
	for _, code := range p.refused {
		if code == "timeout" {
			timeouts++
		}
	}
	if timeouts != 3 {
		t.Fatalf("%d timeouts reported, want 3", timeouts)
	}
}

// A program whose node is out of reach (the cluster's bus restarts) keeps its turn: its
// clock waits with the time it had left, then runs on from there.
func TestAProgramOutOfReachKeepsItsTurn(t *testing.T) {
	h, c := newHub(t, nil)
	p := &program{}
	r := programRoom(t, h, p)
	h.Tick(c.Add(0))
	h.WaitThinking()
	first := p.lastTurn()
	c.Add(time.Second) // 4.5 s of move and bank left
	all := func(rooms.Controller) bool { return true }
	r.HoldPrograms(all, true)
	for range 10 { // a minute away: far past the 5.5 s the turn had
		h.Tick(c.Add(6 * time.Second))
		h.WaitThinking()
	}
	if len(p.refused) != 0 || r.Snapshot().Moves != 0 {
		t.Fatalf("the turn of a program out of reach timed out: refusals %v, %d moves", p.refused, r.Snapshot().Moves)
	}
	r.HoldPrograms(all, false)
	h.Tick(c.Add(4 * time.Second)) // within what it had left
	h.WaitThinking()
	if !r.Answer(0, first.id, 2) {
		t.Fatal("the answer after the program came back was refused")
	}
	tickUntil(t, h, c, func() bool { return r.Snapshot().Moves > 0 })
	if rp := r.Replay(); rp.Moves[0].Default || rp.Moves[0].Action != 2 {
		t.Fatalf("first move %+v, want the program's 2", rp.Moves[0])
	}
	// Back in reach, a program that does not answer times out as ever.
	tickUntil(t, h, c, func() bool { p.mu.Lock(); defer p.mu.Unlock(); return len(p.refused) > 0 })
}

// A program whose connection is lost in a tournament's game voids it: the room closes with
// no result, for its tournament to play it again. Elsewhere the program resigns, and a
// house bot plays on for it.
func TestALostProgramVoidsATournamentsGameAndResignsElsewhere(t *testing.T) {
	for _, void := range []bool{true, false} {
		h, c := newHub(t, nil)
		p, other := &program{}, &program{}
		r, err := h.Create(rooms.Spec{Game: race, Seed: 5, VoidWhenLost: void, Seats: []rooms.Seat{
			{Kind: rooms.Remote, Name: "prog", UserID: "key:student", Controller: p},
			{Kind: rooms.Remote, Name: "other", UserID: "key:other", Controller: other},
		}})
		if err != nil {
			t.Fatal(err)
		}
		h.Tick(c.Add(0))
		h.WaitThinking()
		r.Lost(0)
		h.Tick(c.Add(10 * time.Millisecond))
		s := r.Snapshot()
		switch {
		case void && (s.Status != rooms.Closed || s.Result != nil || !other.ended || other.outcome != nil):
			t.Fatalf("a tournament's game after a lost program: %s, result %v; the other program told of its end %v (%v)",
				s.Status, s.Result, other.ended, other.outcome)
		case !void && (s.Status != rooms.Playing && s.Status != rooms.Finished || s.Seats[0].Kind != rooms.HouseBot):
			t.Fatalf("a game after a lost program: %s, seat 0 played by %v; want a house bot playing on", s.Status, s.Seats[0].Kind)
		}
	}
}
