package dicewars

import (
	"flag"
	"fmt"
	"testing"

	"github.com/arena-classroom/arena/bots"
)

var rr = flag.Int("rr", 0, "games of the four house bots together for the strength table (0: skip)")

// TestRoundRobin prints the share of first places of the four bots playing together, seats
// rotating: go test -run TestRoundRobin -v ./bots/dicewars -rr=400
func TestRoundRobin(t *testing.T) {
	if *rr == 0 {
		t.Skip("give -rr=N to play the table")
	}
	wins := make([]int, len(All))
	for g := range *rr {
		bs := make([]bots.Bot, len(All))
		seatOf := make([]int, len(All)) // the bot in each seat
		for seat := range All {
			k := (seat + g) % len(All)
			seatOf[seat] = k
			bs[seat] = All[k].New(uint64(g*8 + seat))
		}
		o := playGame(bs, uint64(g))
		for seat, r := range o.Ranks {
			if r == 1 {
				wins[seatOf[seat]]++
			}
		}
	}
	for k, info := range All {
		fmt.Printf("%-8s %5.1f%% first\n", info.Name, 100*float64(wins[k])/float64(*rr))
	}
}
