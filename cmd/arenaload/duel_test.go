package main

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// A screen reads the text of a terminal's writes without their escape sequences, even when
// a sequence or a phrase is split between two reads, and times a phrase by the read that
// completed it.
func TestScreenAwaitsPhrasesAcrossReads(t *testing.T) {
	s := newScreen()
	t0 := time.Unix(1000, 0)
	s.write([]byte("\x1b[2J\x1b[1;1H\x1b]0;arena\x07Quick\x1b[1m ma"), t0)
	s.write([]byte("tch\x1b[0m\x1b[3;5HYour tu"), t0.Add(time.Second))
	s.write([]byte("rn\x1b"), t0.Add(2*time.Second))
	s.write([]byte("[32m!\x1b[m\r\n"), t0.Add(3*time.Second))
	ctx := context.Background()
	m, at, err := s.await(ctx, time.Second, seenHome)
	if err != nil || m[0] != "Quick match" || !at.Equal(t0.Add(time.Second)) {
		t.Fatalf("home: %q at %v, %v", m, at, err)
	}
	m, at, err = s.await(ctx, time.Second, seenTurn)
	if err != nil || m[0] != "Your turn!" || !at.Equal(t0.Add(3*time.Second)) {
		t.Fatalf("turn: %q at %v, %v", m, at, err)
	}
	// What was awaited is forgotten: the same phrase is not found twice.
	if _, _, err := s.await(ctx, 10*time.Millisecond, seenTurn); !errors.Is(err, errNotSeen) {
		t.Fatalf("the turn seen twice: %v", err)
	}
	// Cursor moves part the lines: no phrase spans two places of the screen.
	s.write([]byte("Your\x1b[4;1H turn!"), t0)
	if _, _, err := s.await(ctx, 10*time.Millisecond, seenTurn); !errors.Is(err, errNotSeen) {
		t.Fatalf("a phrase across a cursor move: %v", err)
	}
}

// The code of a private room is read from the waiting room's line, styled as the lobby
// styles it.
func TestScreenReadsThePrivateRoomsCode(t *testing.T) {
	s := newScreen()
	s.write([]byte("Give your friend this code: \x1b[38;5;42mB7K2Q\x1b[0m\r\n"), time.Now())
	m, _, err := s.await(context.Background(), time.Second, seenCode)
	if err != nil || m[1] != "B7K2Q" {
		t.Fatalf("code %q, %v", m, err)
	}
}

// A screen keeps a bounded tail while nobody awaits, and an await is woken by a later write.
func TestScreenIsBoundedAndWakesAwaiters(t *testing.T) {
	s := newScreen()
	for range 100 {
		s.write(bytes.Repeat([]byte("x"), 4096), time.Now())
	}
	if len(s.text) > maxScreenText {
		t.Fatalf("%d bytes kept", len(s.text))
	}
	go func() {
		time.Sleep(20 * time.Millisecond)
		s.write([]byte("bob is playing…"), time.Now())
	}()
	m, _, err := s.await(context.Background(), 5*time.Second, seenAnswer)
	if err != nil || m[0] != "is playing" {
		t.Fatalf("%q, %v", m, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := s.await(ctx, time.Second, regexp.MustCompile("never")); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled await: %v", err)
	}
}

func TestPlayingAimListsThePerfectAimRoomsBeingPlayed(t *testing.T) {
	list := "ROOM  GAME        STATE    WATCHING  PLAYERS\n" +
		"c42t  perfectaim  playing         0  load9000 vs zidane\n" +
		"apwz  sevencolors playing         0  a vs b\n" +
		"bsfq  perfectaim  waiting         0  c\n" +
		"b2aa  perfectaim  playing        12  load9001 vs zidane\n"
	if got := strings.Join(playingAim(list), ","); got != "c42t,b2aa" {
		t.Fatalf("playingAim: %s", got)
	}
}

// The play scenario with --rooms-addr, against one server (both addresses the same): each
// session joins its partner's private room through the lobby and times its keys.
func TestPlayWithRoomsAddrTimesKeyEcho(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server as a process")
	}
	_, authorized := sshtest.KeyFile(t)
	addr, metrics := startServer(t, authorized)
	o := options{addr: addr, roomsAddr: addr, scenario: "play", metrics: metrics, term: "xterm-256color",
		sessions: 2, rooms: 1, duration: 4 * time.Second, ramp: 0}
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := run(ctx, o, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, want := range []string{"2 connected, 0 failed", "their rooms made through " + addr, "key echo           p50", "hub tick"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

// Several --metrics: each server's figures under its URL, the bus's where the server is a
// node of a cluster, the memory a session only for the first.
func TestReportServerPrintsEachNode(t *testing.T) {
	at := time.Unix(1000, 0)
	node := func(secs, cpu, busOut, framesOut float64) *sample {
		return &sample{at: at.Add(time.Duration(secs) * time.Second), values: map[string]float64{
			"process_cpu_seconds_total": cpu, "process_resident_memory_bytes": 64 << 20,
			"go_memstats_mallocs_total": cpu * 1000, "arena_lobby_announcements_total": cpu * 2,
			"arena_screens_drawn_total": cpu * 10, "arena_cluster_nodes": 3,
			`arena_bus_bytes_total{direction="out"}`:  busOut,
			`arena_bus_frames_total{direction="out"}`: framesOut,
		}}
	}
	a := []*sample{node(0, 0, 0, 0), node(0, 1, 0, 0)}
	b := []*sample{node(10, 5, 1000, 10), node(10, 6, 201000, 110)}
	o := options{metrics: "http://a/metrics, http://b/metrics"}
	var out bytes.Buffer
	reportServer(&out, o, a, a, b, 100)
	text := out.String()
	for _, want := range []string{"server http://a/metrics\nserver CPU         0.500 cores, 500 allocations/s", "server http://b/metrics\nserver CPU         0.500 cores, 500 allocations/s",
		"out 20100 B/s (0.0 and 201.0 B/s a client)", "110 out (of rooms here)", "(64 MiB before: 0 KiB a session)", "(64 MiB before)\n", "lobby changes      10 announced to the lobby's screens (1.0/s)",
		"screens drawn      50 (5.0/s), 100 allocations a screen"} {
		if !strings.Contains(text, want) {
			t.Fatalf("the report lacks %q:\n%s", want, text)
		}
	}
}
