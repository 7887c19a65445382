package rooms_test

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
)

// recorded keeps what OnFinish was given.
type recorded struct {
	mu    sync.Mutex
	infos []rooms.Info
}

func hubRecording(t *testing.T) (*rooms.Hub, *clock, *recorded) {
	t.Helper()
	rec := &recorded{}
	c := &clock{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	h := rooms.NewHub(rooms.Config{Now: c.Now, BotPace: -1, HumanMove: 10 * time.Second,
		OnFinish: func(info rooms.Info, _ replay.Replay) error {
			rec.mu.Lock()
			defer rec.mu.Unlock()
			rec.infos = append(rec.infos, info)
			return nil
		}})
	return h, c, rec
}

func (r *recorded) last(t *testing.T) rooms.Info {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.infos) == 0 {
		t.Fatal("nothing recorded")
	}
	return r.infos[len(r.infos)-1]
}

// Issue 13: leaving right after the start must not earn the house bot's win. The bot plays
// on (someone watches), and the stored result ranks the one who left last and says who
// took over from which move.
func TestALeaverIsRecordedAsLosingWhateverTheBotDoes(t *testing.T) {
	// Look for a race in which the bot playing for alice wins on the board.
	for seed := uint64(1); seed <= 40; seed++ {
		h, c, rec := hubRecording(t)
		r, err := h.Create(rooms.Spec{Game: race, Seed: seed, Seats: []rooms.Seat{
			{Kind: rooms.Human, Name: "alice", UserID: "key:alice"},
			{Kind: rooms.HouseBot, BotName: "one"},
		}})
		if err != nil {
			t.Fatal(err)
		}
		r.Attach("", rooms.NewMailbox()) // a spectator: the game plays on
		r.Leave("key:alice")
		tickUntil(t, h, c, func() bool { return r.Snapshot().Status == rooms.Finished })
		if rp := r.Replay(); rp.Outcome == nil || rp.Outcome.Ranks[0] != 1 {
			continue
		}
		waitSnap(t, h, c, r, func(s *rooms.Snapshot) bool { return s.Saved })
		info := rec.last(t)
		if info.Result == nil || info.Result.Ranks[0] != 2 || info.Result.Ranks[1] != 1 {
			t.Fatalf("recorded result %+v: alice left, so she ranks last though her bot won", info.Result)
		}
		tk := info.Seats[0].Takeover
		if tk == nil || tk.FromMove != 0 || tk.By != race.Strongest || info.Seats[0].UserID != "key:alice" {
			t.Fatalf("seat 0 %+v: want a takeover by %s from move 0, still alice's seat", info.Seats[0], race.Strongest)
		}
		if info.Seats[1].Takeover != nil {
			t.Fatalf("the house bot's own seat has a takeover: %+v", info.Seats[1])
		}
		if s := r.Snapshot(); s.Outcome == nil || s.Outcome.Ranks[0] != 2 {
			t.Fatalf("the result shown %+v differs from the one recorded", s.Outcome)
		}
		return
	}
	t.Fatal("no seed where the bot playing for alice wins on the board")
}

// Issue 13: a game that everyone has left and nobody watches ends at once, recorded as lost
// by those who left, instead of playing on bot against bot for nobody.
func TestADesertedRoomEndsAtOnce(t *testing.T) {
	h, c, rec := hubRecording(t)
	r := humanVsBot(t, h, "one")
	h.Tick(c.Add(50 * time.Millisecond))
	h.WaitThinking()
	r.Leave("key:alice")
	h.Tick(c.Add(50 * time.Millisecond))
	h.WaitThinking()
	if s := r.Snapshot(); s.Status != rooms.Finished {
		t.Fatalf("status %s after everyone left: want finished at once", s.Status)
	}
	waitSnap(t, h, c, r, func(s *rooms.Snapshot) bool { return s.Saved })
	info := rec.last(t)
	if info.Result == nil || info.Result.Ranks[0] != 2 || info.Result.Ranks[1] != 1 || info.Seats[0].Takeover == nil {
		t.Fatalf("recorded %+v: alice left, so she lost", info)
	}
}

// Issue 13: live rooms are bounded per owner and per address; a finished room no longer
// counts.
func TestRoomsPerOwnerAndAddressAreBounded(t *testing.T) {
	c := &clock{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	h := rooms.NewHub(rooms.Config{Now: c.Now, BotPace: -1, MaxRoomsPerOwner: 2, MaxRoomsPerAddr: 3})
	create := func(owner, addr string) (*rooms.Room, error) {
		return h.Create(rooms.Spec{Game: race, Seed: 1, Owner: owner, Addr: addr, Seats: []rooms.Seat{
			{Kind: rooms.Human, Name: owner, UserID: owner}, {Kind: rooms.HouseBot, BotName: "one"}}})
	}
	first, err := create("key:a", "10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := create("key:a", "10.0.0.1"); err != nil {
		t.Fatal(err)
	}
	var tooMany *rooms.TooManyRoomsError
	if _, err := create("key:a", "10.0.0.1"); !errors.As(err, &tooMany) || !strings.Contains(err.Error(), "you already have 2 games running") {
		t.Fatalf("a third room for key:a: %v", err)
	}
	if _, err := create("key:b", "10.0.0.1"); err != nil {
		t.Fatalf("key:b's first room: %v", err)
	}
	if _, err := create("key:c", "10.0.0.1"); !errors.As(err, &tooMany) || !strings.Contains(err.Error(), "from your network address") {
		t.Fatalf("a fourth room from one address: %v", err)
	}
	if _, err := create("key:c", "10.0.0.2"); err != nil {
		t.Fatalf("another address: %v", err)
	}
	first.Close("test")
	if _, err := create("key:a", "10.0.0.1"); err != nil {
		t.Fatalf("after one of its rooms closed, key:a may start another: %v", err)
	}
}
