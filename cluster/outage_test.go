package cluster

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
)

// The bus restarts (an operator restarting `arena nats`, a network blip) under a game
// between people on two nodes, watched from a third: no move is lost, nobody is ejected,
// and every node shows the same board at the end. Moves are made while the bus is down.
func TestAGameBetweenNodesRidesOutABusRestart(t *testing.T) {
	for _, down := range []time.Duration{2 * time.Second, 8 * time.Second} {
		t.Run(down.String(), func(t *testing.T) { rideOutRestart(t, down) })
	}
}

func rideOutRestart(t *testing.T, down time.Duration) {
	bus, nodes := startCluster(t, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	// The room is a's, alice plays on a, bob on c, carol watches on b.
	owned, err := a.hub.Create(rooms.Spec{Game: sevenColors(t).Entry, Config: games.Config{"size": 8}, Seed: 5,
		Seats: []rooms.Seat{{Kind: rooms.Human, Name: "alice", UserID: "key:alice"}, {Kind: rooms.Open}}})
	if err != nil {
		t.Fatal(err)
	}
	until.True(t, 10*time.Second, "the room in C's list", func() bool {
		return slices.ContainsFunc(c.dir.List(), func(i rooms.Info) bool { return i.ID == owned.ID() })
	})
	onA, _ := a.dir.Find(owned.ID())
	onC, _ := c.dir.Find(owned.ID())
	spectator, _ := b.dir.Find(owned.ID())
	if onA == nil || onC == nil || spectator == nil {
		t.Fatal("a node does not find the room")
	}
	mbAlice, mbBob, mbSpec := rooms.NewMailbox(), rooms.NewMailbox(), rooms.NewMailbox()
	if seat, _ := onA.Attach("key:alice", mbAlice); seat != 0 {
		t.Fatalf("alice attached on A to seat %d", seat)
	}
	if seat, err := onC.Join("key:bob", "bob"); err != nil || seat != 1 {
		t.Fatalf("bob joins from C: seat %d, %v", seat, err)
	}
	if seat, _ := onC.Attach("key:bob", mbBob); seat != 1 {
		t.Fatalf("bob attached on C to seat %d", seat)
	}
	if seat, _ := spectator.Attach("key:carol", mbSpec); seat != -1 {
		t.Fatalf("carol attached on B to seat %d", seat)
	}

	players := map[int]roomdir.Room{0: onA, 1: onC}
	users := map[int]string{0: "key:alice", 1: "key:bob"}
	boxes := map[int]*rooms.Mailbox{0: mbAlice, 1: mbBob}
	var seen [2]*rooms.Snapshot
	closedOn := map[*rooms.Mailbox]bool{}
	// look drains mb as latest does, remembering any picture of the room closed: a screen
	// shown one goes back to the lobby (ejected).
	look := func(mb *rooms.Mailbox, last *rooms.Snapshot) *rooms.Snapshot {
		for {
			select {
			case s := <-mb.C():
				closedOn[mb] = closedOn[mb] || s.Status == rooms.Closed
				last = s
			default:
				return last
			}
		}
	}
	moves, outages := 0, 0
	var sawReconnecting bool
	until.Seen(t, 120*time.Second, "the game played to its end through the outages", func() (string, bool) {
		snap := owned.Snapshot()
		if snap.Status == rooms.Finished {
			return "finished", true
		}
		if snap.Status != rooms.Playing || snap.ToMove < 0 || snap.Moves != moves {
			return fmt.Sprintf("%s, %d moves", snap.Status, snap.Moves), false
		}
		seat := snap.ToMove
		seen[seat] = look(boxes[seat], seen[seat])
		look(mbSpec, nil)
		if seen[seat] == nil || seen[seat].State == nil || seen[seat].Moves != snap.Moves {
			return fmt.Sprintf("seat %d's node shows move %d of %d", seat, movesOf(seen[seat]), snap.Moves), false
		}
		legal := seen[seat].State.Legal(seat)
		move := legal[moves%len(legal)]
		if moves == 6 || moves == 13 { // alice (on A), then bob (on C), move while the bus is down
			outages++
			bus.Stop()
			until.True(t, 10*time.Second, "C's screen saying it reconnects", func() bool {
				seen[1] = look(mbBob, seen[1])
				return seen[1] != nil && strings.Contains(seen[1].Notice, "reconnecting")
			})
			sawReconnecting = true
			restarted := make(chan struct{})
			go func() {
				defer close(restarted)
				time.Sleep(down) // the outage itself, not a wait for an outcome
				bus.Restart(t)
			}()
			if err := players[seat].Submit(users[seat], seat, move); err != nil {
				t.Fatalf("move %d by seat %d, made while the bus was down: %v", moves, seat, err)
			}
			<-restarted
		} else if err := players[seat].Submit(users[seat], seat, move); err != nil {
			t.Fatalf("move %d by seat %d: %v", moves, seat, err)
		}
		moves++
		return fmt.Sprintf("%d moves", moves), false
	})
	if outages != 2 || !sawReconnecting {
		t.Fatalf("the game ended after %d outages (wanted 2)", outages)
	}
	final := owned.Snapshot()
	for _, s := range final.Seats {
		if s.Kind != rooms.Human || s.Takeover != nil {
			t.Fatalf("seat %s is %v at the end (taken over: %v): someone was ejected", s.Name, s.Kind, s.Takeover != nil)
		}
	}
	for _, m := range owned.Replay().Moves {
		if m.Default {
			t.Fatalf("move %+v was a default: a move was lost", m)
		}
	}
	for name, mb := range map[string]*rooms.Mailbox{"alice on A": mbAlice, "bob on C": mbBob, "carol on B": mbSpec} {
		var last *rooms.Snapshot
		until.Seen(t, 15*time.Second, name+" seeing the end", func() (string, bool) {
			last = look(mb, last)
			return fmt.Sprintf("%d moves", movesOf(last)), last != nil && last.Status == rooms.Finished
		})
		if closedOn[mb] {
			t.Fatalf("%s was shown the room closed: ejected", name)
		}
		if got, want := last.Board(games.Palette(0)), final.Board(games.Palette(0)); got != want || last.Notice != "" {
			t.Fatalf("%s shows another board than the owner (notice %q):\n%s\nowner:\n%s", name, last.Notice, got, want)
		}
	}
	for _, n := range nodes {
		if got := n.Stats().Nodes; got != 3 {
			t.Fatalf("%s hears %d nodes after the outages", n.Name(), got)
		}
	}
}
