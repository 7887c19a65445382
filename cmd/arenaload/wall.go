package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The wall scenario: each session is a classroom projector, `ssh -t HOST wall`, showing
// every live game at once in a window of 160×50 (six 20×20 boards, as the wall's help
// says). The harness first starts the watch scenario's --rooms Perfect Aim rooms through
// --rooms-addr. On a cluster whose two addresses are two nodes, every board on the walls is
// another node's room, and the wall draws each of its tiles from that room's picture,
// which the walls' node must get from the rooms' node: the report says what the walls cost
// that node (its CPU, the messages and bytes it sends on the bus), beside what they cost
// their own, so that 40 walls can be set against 40 spectators (the watch scenario) of the
// same rooms. Each wall's screen is read, as a person would read it: the rooms whose tiles
// it drew and the count its header gave, so that a wall that shows nothing is not taken
// for a cheap one.

// watches says whether the scenario's sessions look at rooms the harness starts first.
func (o options) watches() bool { return o.scenario == "watch" || o.scenario == "wall" }

// terminal is the clients' terminal, in columns and rows: --window, or the scenario's (80×24;
// a projector's for the wall, which draws as many boards as its window holds).
func (o options) terminal() (cols, rows int, err error) {
	w := o.window
	if w == "" {
		w = "80x24"
		if o.scenario == "wall" {
			w = "160x50"
		}
	}
	c, r, ok := strings.Cut(w, "x")
	cols, err1 := strconv.Atoi(c)
	rows, err2 := strconv.Atoi(r)
	if !ok || err1 != nil || err2 != nil || cols < 20 || rows < 10 || cols > 1000 || rows > 1000 {
		return 0, 0, fmt.Errorf("--window %q is not COLSxROWS, from 20x10 to 1000x1000", o.window)
	}
	return cols, rows, nil
}

// wallSeen is what a wall's screen showed: the started rooms whose tiles it drew, and the
// games being played by its header's count.
type wallSeen struct {
	drawn   map[string]bool
	playing int // the header's last count; -1 before it was read
}

// wallPhrases finds, on a wall's screen, its header's count of the games being played (the
// first group: "No game" being none) or the tile of one of rooms (the second: its id, which
// starts the tile's title).
func wallPhrases(rooms []string) *regexp.Regexp {
	ids := make([]string, len(rooms))
	for i, id := range rooms {
		ids[i] = regexp.QuoteMeta(id)
	}
	return regexp.MustCompile(`the wall · (?:tournament \S+ · )?(\d+) games? being played|No game is being played|(?:^|\n| )(` +
		strings.Join(ids, "|") + `) `)
}

// see takes one phrase wallPhrases found.
func (w *wallSeen) see(m []string) {
	switch {
	case m[1] != "":
		w.playing, _ = strconv.Atoi(m[1])
	case m[2] != "":
		if w.drawn == nil {
			w.drawn = map[string]bool{}
		}
		w.drawn[m[2]] = true
	default:
		w.playing = 0
	}
}

// readWall reads what c's wall shows until ctx ends.
func (c *client) readWall(ctx context.Context, rooms []string) {
	c.mu.Lock()
	c.wall.playing = -1
	c.mu.Unlock()
	re := wallPhrases(rooms)
	for {
		m, _, err := c.screen.await(ctx, time.Minute, re)
		if errors.Is(err, errNotSeen) {
			continue // a wall whose boards alone move: its header and titles are not drawn again
		}
		if err != nil {
			return
		}
		c.mu.Lock()
		c.wall.see(m)
		c.mu.Unlock()
	}
}

// reportRooms prints, for the scenarios that watch the rooms the harness started: how many
// of them were still being played at the end (finished games cost less to show), what the
// walls showed, and the two nodes' cost side by side: the rooms' node (its CPU, and the
// bus messages and bytes it sent, a session) and the sessions' node.
func reportRooms(out io.Writer, o options, clients []*client, rooms []string, mid, after []*sample) {
	fmt.Fprintln(out)
	if n, err := stillPlaying(o, rooms); err == nil {
		fmt.Fprintf(out, "rooms              %d of %d still being played at the end\n", n, len(rooms))
	} else {
		fmt.Fprintf(out, "rooms              %d started; could not list them at the end: %v\n", len(rooms), err)
	}
	if o.scenario == "wall" {
		var drawn, playing []float64
		for _, c := range clients {
			c.mu.Lock()
			drawn = append(drawn, float64(len(c.wall.drawn)))
			playing = append(playing, float64(c.wall.playing))
			c.mu.Unlock()
		}
		fmt.Fprintf(out, "walls              %.0f rooms' tiles drawn p50 (min %.0f); the header said p50 %.0f games being played (min %.0f)\n",
			percentile(drawn, 0.5), percentile(drawn, 0), percentile(playing, 0.5), percentile(playing, 0))
	}
	urls := metricsURLs(o.metrics)
	owner := o.ownerMetrics()
	for i, url := range urls {
		if i >= len(mid) || i >= len(after) || (i != 0 && i != owner) {
			continue
		}
		who := "sessions' node"
		switch {
		case i == owner && owner == 0:
			who = "one node"
		case i == owner:
			who = "rooms' node"
		}
		fmt.Fprintf(out, "%-18s %s\n", who, nodeCost(mid[i], after[i], len(clients), url))
	}
}

// ownerMetrics is the index in --metrics of the rooms' node: the second URL when the rooms
// are made through another node than --addr, else the first.
func (o options) ownerMetrics() int {
	if o.roomsAddr != "" && o.roomsAddr != o.addr {
		return 1
	}
	return 0
}

// nodeCost is a node's CPU and bus traffic between two samples, and the bus out a session
// of n: what a viewer costs the node.
func nodeCost(mid, after *sample, n int, url string) string {
	if mid == nil || after == nil {
		return "could not be read from " + url
	}
	secs := after.at.Sub(mid.at).Seconds()
	rate := func(series string) float64 { return (after.get(series) - mid.get(series)) / secs }
	msgsOut, bytesOut := rate(`arena_bus_messages_total{direction="out"}`), rate(`arena_bus_bytes_total{direction="out"}`)
	per := float64(max(n, 1))
	return fmt.Sprintf("CPU %.2f cores; bus out %.0f messages/s, %s/s (%.1f messages/s, %s/s a session); in %.0f messages/s, %s/s",
		rate("process_cpu_seconds_total"), msgsOut, decimalBytes(bytesOut), msgsOut/per, decimalBytes(bytesOut/per),
		rate(`arena_bus_messages_total{direction="in"}`), decimalBytes(rate(`arena_bus_bytes_total{direction="in"}`)))
}

// decimalBytes writes a byte count as the figures of docs/operations.md do: B, KB, MB
// (powers of 1,000).
func decimalBytes(b float64) string {
	switch {
	case b >= 1e6:
		return fmt.Sprintf("%.1f MB", b/1e6)
	case b >= 1e3:
		return fmt.Sprintf("%.1f KB", b/1e3)
	}
	return fmt.Sprintf("%.0f B", b)
}

// stillPlaying counts the rooms still being played, as the rooms' node lists them.
func stillPlaying(o options, rooms []string) (int, error) {
	if o.roomsAddr != "" {
		o.addr = o.roomsAddr
	}
	list, err := command(o, "rooms")
	if err != nil {
		return 0, err
	}
	playing := map[string]bool{}
	for _, id := range playingAim(list) {
		playing[id] = true
	}
	n := 0
	for _, id := range rooms {
		if playing[id] {
			n++
		}
	}
	return n, nil
}
