package matchmaker

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/replay/replaytest"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Add(d time.Duration) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
	return c.t
}

func newTestMatchmaker() (*Matchmaker, *rooms.Hub, *testClock) {
	c := &testClock{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	hub := rooms.NewHub(rooms.Config{Now: c.Now})
	return New(roomdir.Local(hub), 10*time.Second, c.Now), hub, c
}

func ticket(user string) *Ticket {
	return &Ticket{UserID: user, Name: user, Kind: rooms.Human, Game: twoSeatRace()}
}

// twoSeatRace is the race game limited to two seats, like 7 Colors.
func twoSeatRace() (e playable.Entry) {
	e = replaytest.Playable(false)
	e.Game = twoSeats{e.Game}
	return e
}

func assigned(t *testing.T, tk *Ticket) Assignment {
	t.Helper()
	select {
	case a := <-tk.Done():
		return a
	default:
		t.Fatalf("%s was not seated", tk.UserID)
		return Assignment{}
	}
}

func TestTwoHumansArePairedAtOnce(t *testing.T) {
	mm, _, _ := newTestMatchmaker()
	a, err := mm.Enqueue(ticket("alice"))
	if err != nil {
		t.Fatal(err)
	}
	if mm.Waiting("race") != 1 {
		t.Fatal("alice is not waiting")
	}
	b, _ := mm.Enqueue(ticket("bob"))
	aa, ab := assigned(t, a), assigned(t, b)
	if aa.Room == nil || aa.Room != ab.Room || aa.Seat != 0 || ab.Seat != 1 {
		t.Fatalf("alice %+v bob %+v: want the same room, alice first", aa, ab)
	}
	seats := aa.Room.Info().Seats
	if seats[0].Kind != rooms.Human || seats[1].Kind != rooms.Human {
		t.Fatalf("seats %+v", seats)
	}
}

func TestAHouseBotFillsTheSeatAfterTheWait(t *testing.T) {
	mm, hub, c := newTestMatchmaker()
	a, _ := mm.Enqueue(ticket("alice"))
	hub.Tick(c.Add(9 * time.Second))
	select {
	case <-a.Done():
		t.Fatal("filled before the wait")
	default:
	}
	hub.Tick(c.Add(time.Second))
	got := assigned(t, a)
	seats := got.Room.Info().Seats
	if got.Seat != 0 || seats[1].Kind != rooms.HouseBot || seats[1].Name != "max" {
		t.Fatalf("seats %+v, want alice then the strongest bot", seats)
	}
}

func TestCancelLeavesTheQueueAndNobodyIsPairedWithThemselves(t *testing.T) {
	mm, hub, c := newTestMatchmaker()
	a, _ := mm.Enqueue(ticket("alice"))
	if _, err := mm.Enqueue(ticket("alice")); err == nil {
		t.Fatal("alice queued twice")
	}
	if !mm.Cancel(a) {
		t.Fatal("cancel failed")
	}
	// Whoever waited on the ticket wakes up, told it was cancelled (no goroutine is left
	// blocked on a ticket nobody will ever seat).
	select {
	case as := <-a.Done():
		if !errors.Is(as.Err, ErrCancelled) || as.Room != nil {
			t.Fatalf("a cancelled ticket's assignment: %+v", as)
		}
	default:
		t.Fatal("a cancelled ticket's waiter was not woken")
	}
	hub.Tick(c.Add(time.Minute))
	select {
	case as := <-a.Done():
		t.Fatalf("a cancelled ticket was seated: %+v", as)
	default:
	}
	if len(hub.List()) != 0 {
		t.Fatal("a room was opened for nobody")
	}
}

func TestDifferentBoardSizesDoNotMeet(t *testing.T) {
	mm, _, _ := newTestMatchmaker()
	a := ticket("alice")
	a.Config = map[string]int{"target": 10}
	b := ticket("bob")
	b.Config = map[string]int{"target": 30}
	mm.Enqueue(a)
	mm.Enqueue(b)
	select {
	case <-a.Done():
		t.Fatal("players of different configs were paired")
	default:
	}
}

// twoSeats wraps a game to take exactly two players.
type twoSeats struct{ games.Game }

func (twoSeats) Seats() (int, int) { return 2, 2 }

// quietProgram is a controller that ignores everything (the room's clock handles it).
type quietProgram struct{}

func (quietProgram) Start(rooms.Seated, int, games.State) {}
func (quietProgram) Turn(rooms.Seated, int, int, games.State, time.Duration, time.Duration) {
}
func (quietProgram) Refused(rooms.Seated, int, int, error, games.Action) {}
func (quietProgram) End(rooms.Seated, int, *games.Outcome)               {}

func TestAPersonCanChallengeAWaitingProgram(t *testing.T) {
	mm, _, _ := newTestMatchmaker()
	bot := &Ticket{UserID: "key:student", Name: "student/bot", Kind: rooms.Remote, Game: twoSeatRace(), Controller: quietProgram{}}
	if _, err := mm.Enqueue(bot); err != nil {
		t.Fatal(err)
	}
	waiting := mm.WaitingPrograms("race")
	if len(waiting) != 1 || waiting[0].Name != "student/bot" {
		t.Fatalf("waiting programs %+v", waiting)
	}
	if _, err := mm.Challenge(waiting[0], "key:student", "student", 0); err == nil {
		t.Fatal("a student played their own program")
	}
	r, err := mm.Challenge(waiting[0], "key:dave", "dave", 0)
	if err != nil {
		t.Fatal(err)
	}
	got := assigned(t, bot)
	seats := r.Info().Seats
	if got.Room != r || got.Seat != 1 || seats[0].UserID != "key:dave" || seats[1].Kind != rooms.Remote {
		t.Fatalf("assignment %+v seats %+v", got, seats)
	}
	if _, err := mm.Challenge(waiting[0], "key:erin", "erin", 0); err != ErrProgramGone {
		t.Fatalf("second challenge: %v", err)
	}
	if len(mm.WaitingPrograms("race")) != 0 {
		t.Fatal("the program is still listed as waiting")
	}
}

// A program that chose no board size plays at the size its challenger asks for; one that
// chose keeps its own.
func TestAProgramWithoutASizePlaysAtItsChallengersSize(t *testing.T) {
	e, _ := catalog.Get("sevencolors")
	for _, c := range []struct {
		anySize bool
		want    int
	}{{true, 30}, {false, 20}} {
		mm, _, _ := newTestMatchmaker()
		bot := &Ticket{UserID: "key:student", Name: "bot", Kind: rooms.Remote, Game: e.Entry, Config: games.Config{"size": 20}, AnySize: c.anySize, Controller: quietProgram{}}
		if _, err := mm.Enqueue(bot); err != nil {
			t.Fatal(err)
		}
		waiting := mm.WaitingPrograms("sevencolors")
		if len(waiting) != 1 || waiting[0].AnySize != c.anySize {
			t.Fatalf("waiting programs %+v", waiting)
		}
		r, err := mm.Challenge(waiting[0], "key:dave", "dave", 30)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Info().Config["size"]; got != c.want {
			t.Errorf("any size %v: played on %d×%d, want %d×%d", c.anySize, got, got, c.want, c.want)
		}
		if bot.Config["size"] != 20 {
			t.Fatal("the challenge changed the program's own settings")
		}
	}
}
