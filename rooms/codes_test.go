package rooms_test

import (
	"fmt"
	"testing"

	"github.com/arena-classroom/arena/rooms"
)

// nodeCodes is a cluster node's drawer: every id and join code it draws starts with the
// node's letter, so that no two nodes can hand out the same, and it counts the codes the hub
// said were taken.
type nodeCodes struct {
	node  string
	asked int
}

// draw tries the node's codes in order from the first: every draw after the first meets
// codes already taken.
func (n *nodeCodes) draw(taken func(string) bool) string {
	for i := 0; ; i++ {
		c := fmt.Sprintf("%s%03d", n.node, i)
		n.asked++
		if !taken(c) {
			return c
		}
	}
}

func (n *nodeCodes) RoomID(taken func(string) bool) string   { return n.draw(taken) }
func (n *nodeCodes) JoinCode(taken func(string) bool) string { return n.draw(taken) }

// The hub draws room ids and join codes with the drawer it is given, never reusing one that
// is taken on the hub.
func TestTheHubDrawsCodesWithItsDrawer(t *testing.T) {
	codes := &nodeCodes{node: "B"}
	h := rooms.NewHub(rooms.Config{Codes: codes, BotPace: -1})
	seen := map[string]bool{}
	for range 3 {
		r, err := h.Create(rooms.Spec{Game: race, Private: true, Seats: []rooms.Seat{
			{Kind: rooms.Human, Name: "alice", UserID: "key:alice" + fmt.Sprint(len(seen))}, {Kind: rooms.Open},
		}})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []string{r.ID(), r.Code()} {
			if c[0] != 'B' || seen[c] {
				t.Fatalf("code %q: not the drawer's, or drawn twice (seen %v)", c, seen)
			}
			seen[c] = true
		}
		if found, ok := h.Find(r.Code()); !ok || found != r {
			t.Fatalf("join code %q finds no room", r.Code())
		}
	}
	if codes.asked <= len(seen) {
		t.Fatalf("the drawer was asked %d times for %d codes: the hub never said one was taken", codes.asked, len(seen))
	}
}
