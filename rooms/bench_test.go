package rooms_test

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/rooms"
)

// BenchmarkHubTick measures one tick of a hub carrying many live rooms, each with two
// spectators: 7 Colors bot games (a move every tick) and four-player Perfect Aim games.
// go test -run x -bench HubTick -cpu 1 ./rooms
func BenchmarkHubTick(b *testing.B) {
	for _, tc := range []struct {
		game  string
		seats []string
		cfg   games.Config
	}{
		{"sevencolors", []string{"greedy", "mixed"}, games.Config{"size": 30}},
		{"perfectaim", []string{"zidane", "bobmorane", "anouslefouz", "indianajones"}, nil},
	} {
		b.Run(tc.game, func(b *testing.B) {
			const n = 200
			e, _ := catalog.Get(tc.game)
			c := &clock{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
			h := rooms.NewHub(rooms.Config{Now: c.Now, BotPace: -1, MaxRooms: 10 * n})
			open := func(seed uint64) {
				seats := make([]rooms.Seat, len(tc.seats))
				for i, name := range tc.seats {
					seats[i] = rooms.Seat{Kind: rooms.HouseBot, BotName: name}
				}
				r, err := h.Create(rooms.Spec{Game: e.Entry, Config: tc.cfg, Seed: seed, Seats: seats})
				if err != nil {
					b.Fatal(err)
				}
				r.Attach("", rooms.NewMailbox())
				r.Attach("", rooms.NewMailbox())
			}
			for i := range n {
				open(uint64(i + 1))
			}
			seed := uint64(n)
			b.ResetTimer()
			for range b.N {
				h.Tick(c.Add(50 * time.Millisecond))
				// Keep n games running: open new ones as games end (finished rooms linger with
				// their spectators, as in a classroom, until they are closed).
				live := 0
				for _, info := range h.List() {
					if info.Status == rooms.Playing {
						live++
					} else if r, ok := h.Find(info.ID); ok && info.Status == rooms.Finished {
						b.StopTimer()
						r.Close("")
						b.StartTimer()
					}
				}
				if live < n {
					b.StopTimer()
					for range n - live {
						seed++
						open(seed)
					}
					b.StartTimer()
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/n, "µs/playing-room/tick")
		})
	}
}
