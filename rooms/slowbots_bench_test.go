package rooms_test

import (
	"slices"
	"testing"
	"time"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/replay/replaytest"
	"github.com/arena-classroom/arena/rooms"
)

// spinBot thinks for d of CPU (a search bot's budget), then adds 1 in the race game.
func spinBot(d time.Duration) bots.Bot {
	return replaytest.Bot(func(games.State, int) games.Action {
		for start := time.Now(); time.Since(start) < d; {
		}
		return 1
	})
}

// BenchmarkHubTickWithSlowBots measures the hub's tick while 200 rooms of house bots that
// each think for 2 ms of CPU per decision play on it: a tick must not wait for them. It
// reports the tick's duration and its lateness (how far past the 50 ms tick interval a tick
// ran) at the median and the 99th percentile.
// go test -run x -bench HubTickWithSlowBots -benchtime 200x ./rooms
func BenchmarkHubTickWithSlowBots(b *testing.B) {
	const n = 200
	const interval = 50 * time.Millisecond
	race := replaytest.Playable(false)
	entry := playable.Entry{Game: race.Game, Strongest: "slow",
		Bots: []bots.Info{{Name: "slow", New: func(uint64) bots.Bot { return spinBot(2 * time.Millisecond) }}}}
	c := &clock{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	h := rooms.NewHub(rooms.Config{Now: c.Now, BotPace: -1, MaxRooms: 10 * n})
	open := func(seed uint64) {
		_, err := h.Create(rooms.Spec{Game: entry, Config: games.Config{"target": 1000}, Seed: seed,
			Seats: []rooms.Seat{{Kind: rooms.HouseBot, BotName: "slow"}, {Kind: rooms.HouseBot, BotName: "slow"}}})
		if err != nil {
			b.Fatal(err)
		}
	}
	for i := range n {
		open(uint64(i + 1))
	}
	ticks := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		h.Tick(c.Add(interval))
		ticks = append(ticks, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(ticks)
	q := func(p float64) time.Duration { return ticks[min(len(ticks)-1, int(p*float64(len(ticks))))] }
	late := func(d time.Duration) float64 { return float64(max(0, d-interval).Microseconds()) / 1000 }
	b.ReportMetric(float64(q(0.5).Microseconds())/1000, "p50-tick-ms")
	b.ReportMetric(float64(q(0.99).Microseconds())/1000, "p99-tick-ms")
	b.ReportMetric(late(q(0.5)), "p50-late-ms")
	b.ReportMetric(late(q(0.99)), "p99-late-ms")
}
