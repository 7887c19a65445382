package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// A wall's screen is read for its header's count and the tiles of the rooms started, the
// tiles' titles styled and several on a line, as the wall draws them.
func TestWallScreenReadsTheCountAndTheTiles(t *testing.T) {
	c := &client{screen: newScreen()}
	c.wall.playing = -1
	s := "\x1b[2J\x1b[1;1Harena · load0001\x1b[2m        the wall · 3 games being played\x1b[0m\r\n" +
		"\x1b[1mc42t Perfect Aim · load9000 vs zidane\x1b[0m  \x1b[1mc42u Perfect Aim · load9001 vs zidane\x1b[0m\r\n" +
		"\x1b[7mc99z 7 Colors · a vs b\x1b[0m\r\n"
	c.screen.write([]byte(s), time.Now())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.readWall(ctx, []string{"c42t", "c42u", "c42v"}); close(done) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c.mu.Lock()
		drawn, playing := len(c.wall.drawn), c.wall.playing
		c.mu.Unlock()
		if drawn == 2 && playing == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("read %d tiles, count %d", drawn, playing)
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The games end: the header's count follows, to none.
	c.screen.write([]byte("\x1b[1;40Hthe wall · 1 game being played"), time.Now())
	c.screen.write([]byte("\x1b[3;1HNo game is being played right now."), time.Now())
	time.Sleep(50 * time.Millisecond)
	cancel()
	<-done
	if c.wall.playing != 0 || !c.wall.drawn["c42t"] || c.wall.drawn["c99z"] {
		t.Fatalf("%+v", c.wall)
	}
}

func TestTerminalIsTheScenariosOrWindow(t *testing.T) {
	for _, tc := range []struct {
		scenario, window string
		cols, rows       int
	}{{"watch", "", 80, 24}, {"wall", "", 160, 50}, {"wall", "200x60", 200, 60}, {"lobby", "100x30", 100, 30}} {
		cols, rows, err := options{scenario: tc.scenario, window: tc.window}.terminal()
		if err != nil || cols != tc.cols || rows != tc.rows {
			t.Errorf("%s %q: %dx%d, %v", tc.scenario, tc.window, cols, rows, err)
		}
	}
	for _, bad := range []string{"160", "160x", "x50", "160×50", "10x10", "160x50x2"} {
		if _, _, err := (options{scenario: "wall", window: bad}).terminal(); err == nil {
			t.Errorf("--window %q accepted", bad)
		}
	}
}

// The rooms' node is the second --metrics when the rooms are made through another node, and
// its bus out is given a session, beside the sessions' node; on one node, one line.
func TestReportRoomsSetsTheRoomsNodeBesideTheSessionsNode(t *testing.T) {
	at := time.Unix(1000, 0)
	node := func(secs, cpu, msgsOut, bytesOut float64) *sample {
		return &sample{at: at.Add(time.Duration(secs) * time.Second), values: map[string]float64{
			"process_cpu_seconds_total":                 cpu,
			`arena_bus_messages_total{direction="out"}`: msgsOut, `arena_bus_bytes_total{direction="out"}`: bytesOut,
		}}
	}
	mid := []*sample{node(0, 0, 0, 0), node(0, 0, 0, 0), node(0, 0, 0, 0)}
	after := []*sample{node(10, 1, 100, 1000), node(10, 4, 86520, 217e6), node(10, 9, 0, 0)}
	clients := []*client{{wall: wallSeen{playing: 30, drawn: map[string]bool{"a": true}}}, {wall: wallSeen{playing: 29}}}
	o := options{scenario: "wall", addr: "127.0.0.1:1", roomsAddr: "127.0.0.1:2", metrics: "http://a/metrics,http://b/metrics,http://c/metrics"}
	var out bytes.Buffer
	reportRooms(&out, o, clients, []string{"a", "b"}, mid, after)
	text := out.String()
	for _, want := range []string{"rooms              2 started; could not list them",
		"walls              1 rooms' tiles drawn p50 (min 0); the header said p50 30 games being played (min 29)",
		"sessions' node     CPU 0.10 cores; bus out 10 messages/s, 100 B/s (5.0 messages/s, 50 B/s a session)",
		"rooms' node        CPU 0.40 cores; bus out 8652 messages/s, 21.7 MB/s (4326.0 messages/s, 10.8 MB/s a session)"} {
		if !strings.Contains(text, want) {
			t.Fatalf("the report lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "0.90 cores") {
		t.Fatalf("a third node reported:\n%s", text)
	}
	o.roomsAddr = o.addr
	out.Reset()
	reportRooms(&out, o, clients, nil, mid, after)
	if !strings.Contains(out.String(), "one node           CPU 0.10 cores") || strings.Contains(out.String(), "0.40 cores") {
		t.Fatalf("one node:\n%s", out.String())
	}
}

// The wall scenario against one server: the walls show the rooms the harness started.
func TestWallShowsTheRoomsStarted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server as a process")
	}
	_, authorized := sshtest.KeyFile(t)
	addr, metrics := startServer(t, authorized)
	o := options{addr: addr, scenario: "wall", metrics: metrics, term: "xterm-256color",
		sessions: 2, rooms: 2, duration: 4 * time.Second, ramp: 0}
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := run(ctx, o, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, want := range []string{"2 connected, 0 failed", "of 2 still being played at the end",
		"walls              2 rooms' tiles drawn p50 (min 2)", "one node           CPU"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("the report lacks %q:\n%s", want, out.String())
		}
	}
}
