package botsession_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
)

// BenchmarkBotMoveRoundTripSSH measures one move of a practice game over SSH on loopback:
// from the bot writing its action to it reading its next turn (the server decodes it, plays
// it, lets greedy answer, and sends the full observation). It reports the median and the
// 99th percentile.
//
//	go test -run x -bench BotMoveRoundTrip -benchtime 5000x ./lobby
func BenchmarkBotMoveRoundTripSSH(b *testing.B) {
	for _, size := range []int{10, 30} {
		b.Run(fmt.Sprintf("size%d", size), func(b *testing.B) {
			addr, _, _ := arenatest.BotArena(b, arenatest.FastHub(), time.Hour)
			c := sshtest.Dial(b, addr, "bench", sshtest.NewKey(b))
			bt := arenatest.StartBot(b, c, fmt.Sprintf("--game sevencolors --practice --vs greedy --seed 1 --games 1000000 --size %d", size))
			seen := bt.Until("turn")
			turn := seen[len(seen)-1]
			rtt := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				bt.Answer(turn)
				for turn = bt.Next(); turn.Str("type") != "turn"; turn = bt.Next() {
				}
				rtt = append(rtt, time.Since(start))
			}
			b.StopTimer()
			slices.Sort(rtt)
			b.ReportMetric(float64(rtt[len(rtt)/2].Microseconds()), "median-µs")
			b.ReportMetric(float64(rtt[len(rtt)*99/100].Microseconds()), "p99-µs")
		})
	}
}
