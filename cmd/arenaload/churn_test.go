package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// The lobby scenario with --churn: a player opens 7 Colors rooms one after another while the
// sessions sit in the lobby, whose screens hear of it; the report says how many opened.
func TestChurnOpensRoomsWhileTheLobbyIsMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server as a process")
	}
	_, authorized := sshtest.KeyFile(t)
	addr, metrics := startServer(t, authorized)
	o := options{addr: addr, scenario: "lobby", metrics: metrics, term: "xterm-256color",
		sessions: 2, rooms: 1, duration: 5 * time.Second, churn: 1, churnPlay: 2 * time.Second}
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := run(ctx, o, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	text := out.String()
	for _, want := range []string{"churn: 1 players", "2 connected, 0 failed", "allocations/s", "lobby changes  ", "0 connections failed"} {
		if !strings.Contains(text, want) {
			t.Fatalf("the report lacks %q:\n%s", want, text)
		}
	}
	m := regexp.MustCompile(`churn +(\d+) rooms opened by 1 players`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no churn line:\n%s", text)
	}
	if n, _ := strconv.Atoi(m[1]); n < 2 {
		t.Fatalf("%d rooms opened in 5 s, a player leaving every 2 s:\n%s", n, text)
	}
	// The rooms are 7 Colors rooms of the churn's player, listed as any room is.
	list, err := command(o, "rooms")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(list, "sevencolors") || !strings.Contains(list, "load8000 vs greedy") {
		t.Fatalf("the rooms:\n%s", list)
	}
}
