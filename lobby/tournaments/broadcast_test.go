package tournaments

import (
	"testing"

	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament"
)

func game(id string, names ...string) rooms.Info {
	info := rooms.Info{ID: id, Status: rooms.Finished}
	for _, n := range names {
		info.Seats = append(info.Seats, rooms.SeatInfo{Name: n})
	}
	return info
}

// The wall replays first the game between the highest-ranked entrants, then the closest
// by points, then the one that finished first.
func TestTheWallReplaysTheGameOfTheLeadersFirst(t *testing.T) {
	standings := []tournament.Standing{{Rank: 1, Name: "ada", Points: 5}, {Rank: 2, Name: "bob", Points: 4},
		{Rank: 3, Name: "cy", Points: 4}, {Rank: 4, Name: "dee", Points: 1}}
	for _, tc := range []struct {
		pending []rooms.Info
		want    string
	}{
		{nil, ""},
		{[]rooms.Info{game("r1", "cy", "dee"), game("r2", "ada", "bob"), game("r3", "ada", "dee")}, "r2"},
		// ranks 1+4 and 2+3 tie: bob and cy are closer by points
		{[]rooms.Info{game("r1", "ada", "dee"), game("r2", "bob", "cy")}, "r2"},
		// the same players twice: the first finished first
		{[]rooms.Info{game("r1", "ada", "bob"), game("r2", "bob", "ada")}, "r1"},
		// a name the standings do not know ranks last
		{[]rooms.Info{game("r1", "zed", "dee"), game("r2", "cy", "dee")}, "r2"},
	} {
		i := pickReplay(tc.pending, standings)
		got := ""
		if i >= 0 {
			got = tc.pending[i].ID
		}
		if got != tc.want {
			t.Errorf("pickReplay(%v) = %q, want %q", tc.pending, got, tc.want)
		}
	}
}

// The movers are marked against the last ranked standings, not the entrants' list before
// the start.
func TestTheWallMarksWhoMoved(t *testing.T) {
	unranked := []tournament.Standing{{ID: "a"}, {ID: "b"}}
	first := []tournament.Standing{{ID: "a", Rank: 1}, {ID: "b", Rank: 2}}
	swapped := []tournament.Standing{{ID: "b", Rank: 1}, {ID: "a", Rank: 2}}
	if m := movers(unranked, first); len(m) != 0 {
		t.Errorf("the first ranks marked movers: %v", m)
	}
	if m := movers(first, swapped); m["b"] != "▲" || m["a"] != "▼" {
		t.Errorf("movers = %v", m)
	}
	if m := movers(first, first); len(m) != 0 {
		t.Errorf("nobody moved, yet %v", m)
	}
}
