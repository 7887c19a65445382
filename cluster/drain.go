package cluster

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament/director"
)

// Drain hands this node's games over to the other nodes before it stops (a rolling
// restart): a game with people in it moves to the node with the fewest rooms, taken up
// there from its moves (the referee plays them again), and its people find their seat
// there when they reconnect, within the grace time. A tournament game without people
// closes without a result: its programs' connections end with this node, and the director
// plays it again where they reconnect. It reports how many games moved, and how many of them
// could not (they end here, as on a node that dies).
func (n *Node) Drain() (moved, failed int) {
	for _, info := range n.hub.List() {
		if info.Status != rooms.Playing {
			continue
		}
		r, ok := n.hub.Find(info.ID)
		if !ok {
			continue
		}
		people := slices.ContainsFunc(info.Seats, func(s rooms.SeatInfo) bool { return s.Kind == rooms.Human })
		switch {
		case !people && director.TournamentOf(info) != "":
			// Programs and house bots: the director plays it again where the programs
			// reconnect (a game of house bots alone, from the same seed, ends the same).
			r.CloseSaying(lang.T("this server restarts: the game is played again on another"))
			continue
		case !people:
			continue // programs' practice and house bots: their players leave with this node
		}
		to, next, err := n.handOver(r, info)
		if err != nil {
			failed++
			n.log.Warn("a game could not move before the restart", "room", info.ID, "err", err)
			continue
		}
		moved++
		n.log.Info("game moved before the restart", "room", info.ID, "to", to)
		r.MovedTo(next, lang.T("this server restarts: the game goes on on another; reconnect to take your seat again"))
	}
	return moved, failed
}

// handOver opens r's game on the least busy other node, from its moves so far.
func (n *Node) handOver(r *rooms.Room, info rooms.Info) (to, next string, err error) {
	to = n.leastBusyPeer()
	if to == "" {
		return "", "", fmt.Errorf("no other node to take it")
	}
	rp := r.Replay()
	if rp == nil {
		return "", "", fmt.Errorf("the game has not started")
	}
	e, ok := catalog.Get(info.Game)
	if !ok {
		return "", "", fmt.Errorf("no game %q", info.Game)
	}
	raw, err := json.Marshal(rp)
	if err != nil {
		return "", "", err
	}
	// Its people reconnect (through the balancer) and find their seats there: they have at
	// least their move's time to, not the short grace of a dropped connection.
	cfg := n.hub.Config()
	w := wireSpec{Game: info.Game, Config: info.Config, Seed: rp.Seed, Private: info.Private, Tag: info.Tag,
		Unpaced: info.Fast || info.MoveGap > 0, Fast: info.Fast, MoveGap: info.MoveGap, Replay: raw,
		AbsentGrace: max(cfg.AbsentGrace, cfg.HumanMove, r.Grace()), Was: info.ID}
	for _, s := range info.Seats {
		ws := wireSeat{Kind: s.Kind, Name: s.Name, UserID: s.UserID, BotName: s.Bot}
		takeover := s.Takeover
		if s.Kind == rooms.Remote { // its program leaves with this node: a house bot plays on
			ws.Kind, ws.BotName = rooms.HouseBot, e.Strongest
			if takeover == nil {
				takeover = &rooms.Takeover{FromMove: len(rp.Moves), By: e.Strongest}
			}
		}
		w.Seats = append(w.Seats, ws)
		w.Takeovers = append(w.Takeovers, takeover)
	}
	created, err := bus.Ask(n.bus, to, opCreate, w)
	if err != nil {
		return "", "", err
	}
	return to, created.ID, nil
}

// leastBusyPeer is the live node with the fewest rooms, "" alone.
func (n *Node) leastBusyPeer() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	best, fewest := "", 0
	for name, p := range n.peers {
		if busy := len(p.last.Rooms); best == "" || busy < fewest || busy == fewest && name < best {
			best, fewest = name, busy
		}
	}
	return best
}
