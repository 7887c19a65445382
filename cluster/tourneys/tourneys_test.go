package tourneys

import (
	"testing"
	"time"

	"github.com/arena-classroom/arena/cluster"
	"github.com/arena-classroom/arena/tournament/director"
)

// A leader heard with a new term lost the lead and took it back, perhaps between two of
// its heartbeats (it was never heard following): it forgot its line, and the programs of
// this node waiting there line up again. Before, only a leader heard not leading, then
// leading, had them line up, and they waited for ever.
func TestALeaderWithANewTermHasThisNodesProgramsLineUpAgain(t *testing.T) {
	d := director.New(nil, nil)
	d.Follow()
	tr := &tournaments{d: d, mine: map[uint64]*director.Ticket{}, theirs: map[ticketKey]*director.Ticket{}}
	sam := director.NewTicket("T1", "sam", nil)
	tr.mine[7] = sam
	before := &cluster.Heartbeat{Node: "a", Leads: true, Term: 1000, Changes: 4}
	tr.Heard("a", before, &cluster.Heartbeat{Node: "a", Leads: true, Term: 2000, Changes: 1})
	select {
	case s := <-sam.Seated():
		if !s.Again {
			t.Fatalf("sam's ticket at a leader with a new term: %+v, want Again", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("sam still waits on a ticket of the leader's last term")
	}
}
