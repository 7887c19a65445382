package rooms_test

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/rooms"
)

// instant is a program that answers every turn at once, with its first legal action, from
// a goroutine of its own (as the protocol's reader would).
type instant struct {
	program
	watch *turnaround // shared by the room's programs; nil: not measured
}

// turnaround measures the time from an answer to the next turn its room asks.
type turnaround struct {
	mu   sync.Mutex
	last time.Time
	took []time.Duration
}

func (p *instant) Turn(r rooms.Seated, seat, turn int, st games.State, move, bank time.Duration) {
	now := time.Now()
	p.program.Turn(r, seat, turn, st, move, bank)
	if w := p.watch; w != nil {
		w.mu.Lock()
		if !w.last.IsZero() {
			w.took = append(w.took, now.Sub(w.last))
		}
		w.mu.Unlock()
	}
	a := st.DefaultAction(seat)
	if legal := st.Legal(seat); len(legal) > 0 {
		a = legal[0]
	}
	go func() {
		if w := p.watch; w != nil {
			w.mu.Lock()
			w.last = time.Now()
			w.mu.Unlock()
		}
		r.Answer(seat, turn, a)
	}()
}

// serveUntil serves the hub's ready rooms, never ticking, until cond holds.
func serveUntil(t testing.TB, h *rooms.Hub, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if h.ServeReady(16) == 0 {
			if time.Now().After(deadline) {
				t.Fatal("the fast room stopped moving")
			}
			runtime.Gosched()
		}
	}
}

// A room of programs only plays each answer as soon as it comes: the whole game is played
// without a single tick of the hub, on a clock that never moves.
func TestAFastRoomPlaysAsSoonAsProgramsAnswer(t *testing.T) {
	fin := &finished{}
	h, c := newHub(t, fin)
	start := c.Now()
	a, b := &instant{}, &instant{}
	r, err := h.Create(rooms.Spec{Game: race, Seed: 9, Unpaced: true, Fast: true, Seats: []rooms.Seat{
		{Kind: rooms.Remote, Name: "a", UserID: "key:a", Controller: a},
		{Kind: rooms.Remote, Name: "b", UserID: "key:b", Controller: b},
	}})
	if err != nil {
		t.Fatal(err)
	}
	serveUntil(t, h, func() bool {
		a.program.mu.Lock()
		defer a.program.mu.Unlock()
		return a.ended
	})
	h.WaitSaves()
	if !c.Now().Equal(start) || len(fin.got) != 1 || fin.got[0].Outcome == nil {
		t.Fatalf("clock moved %v, games recorded %d", c.Now().Sub(start), len(fin.got))
	}
	if n := len(fin.got[0].Moves); n < 4 {
		t.Fatalf("a game of %d moves", n)
	}
	_ = r
}

// Fast rooms are served first come, first served: a room that has played goes behind the
// others that were waiting, however quickly its programs answer again.
func TestFastRoomsTakeTurns(t *testing.T) {
	h, _ := newHub(t, nil)
	progs := map[string][2]*program{}
	room := map[string]*rooms.Room{}
	for _, name := range []string{"A", "B"} {
		p := [2]*program{{}, {}}
		r, err := h.Create(rooms.Spec{Game: race, Seed: 4, Unpaced: true, Fast: true, Seats: []rooms.Seat{
			{Kind: rooms.Remote, Name: name + "1", UserID: "key:" + name + "1", Controller: p[0]},
			{Kind: rooms.Remote, Name: name + "2", UserID: "key:" + name + "2", Controller: p[1]},
		}})
		if err != nil {
			t.Fatal(err)
		}
		progs[name], room[name] = p, r
	}
	if n := h.ServeReady(10); n != 2 {
		t.Fatalf("%d rooms served at the start, want both", n)
	}
	turns := func(name string) int {
		n := 0
		for _, p := range progs[name] {
			p.mu.Lock()
			n += len(p.turns)
			p.mu.Unlock()
		}
		return n
	}
	answer := func(name string) {
		t.Helper()
		for seat, p := range progs[name] {
			if turn := p.lastTurn(); turn.id != 0 && room[name].Answer(seat, turn.id, 1) {
				return
			}
		}
		t.Fatalf("room %s had no turn to answer", name)
	}
	answer("A")
	answer("B")
	if h.ServeReady(1) != 1 || turns("A") != 2 || turns("B") != 1 {
		t.Fatalf("first served: turns A %d, B %d; want A, which answered first", turns("A"), turns("B"))
	}
	answer("A") // A answers again at once: it waits behind B all the same
	if h.ServeReady(1) != 1 || turns("B") != 2 || turns("A") != 2 {
		t.Fatalf("second served: turns A %d, B %d; want B, which was waiting", turns("A"), turns("B"))
	}
	if h.ServeReady(1) != 1 || turns("A") != 3 {
		t.Fatalf("third served: turns A %d, want A's second answer played", turns("A"))
	}
}

// A room with a person keeps the hub's pace: an answer waits for the next tick.
func TestARoomWithAPersonIsNeverFast(t *testing.T) {
	h, c := newHub(t, nil)
	p := &program{}
	r, err := h.Create(rooms.Spec{Game: race, Seed: 4, Unpaced: true, Fast: true, Seats: []rooms.Seat{
		{Kind: rooms.Remote, Name: "prog", UserID: "key:prog", Controller: p},
		{Kind: rooms.Human, Name: "ann", UserID: "key:ann"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	h.Tick(c.Add(0))
	first := p.lastTurn()
	if first.id == 0 || !r.Answer(0, first.id, 1) {
		t.Fatalf("the program's turn: %+v", first)
	}
	if n := h.ServeReady(10); n != 0 {
		t.Fatalf("%d rooms served between ticks; a person's room waits for the tick", n)
	}
}

// BenchmarkFastRoomTurnaround plays 7 Colors 20×20 between two programs that answer at once,
// on the hub's real loop: ns/op is a game; turnaround-p50-µs is the time from an answer to
// the next turn the room asks.
func BenchmarkFastRoomTurnaround(b *testing.B) {
	entry, _ := catalog.Get("sevencolors")
	h := rooms.NewHub(rooms.Config{MaxRooms: 1 << 20})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go h.Run(ctx)
	var took []time.Duration
	for i := 0; b.Loop(); i++ {
		w := &turnaround{}
		a, c := &instant{watch: w}, &instant{watch: w}
		_, err := h.Create(rooms.Spec{Game: entry.Entry, Seed: uint64(i + 1), Unpaced: true, Fast: true, Seats: []rooms.Seat{
			{Kind: rooms.Remote, Name: "a", UserID: "key:a", Controller: a},
			{Kind: rooms.Remote, Name: "c", UserID: "key:c", Controller: c},
		}})
		if err != nil {
			b.Fatal(err)
		}
		for {
			a.program.mu.Lock()
			ended := a.ended
			a.program.mu.Unlock()
			if ended {
				break
			}
			runtime.Gosched()
		}
		w.mu.Lock()
		took = append(took, w.took...)
		w.mu.Unlock()
	}
	if len(took) == 0 {
		return
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds())/1e3, "turnaround-p50-µs")
	b.ReportMetric(float64(took[len(took)*99/100].Nanoseconds())/1e3, "turnaround-p99-µs")
}
