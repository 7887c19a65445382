package botsession_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
)

func TestQueuedBotIsOnlineThenSeatedAgainstAHouseBot(t *testing.T) {
	addr, _, app := arenatest.BotArena(t, arenatest.FastHub(), 300*time.Millisecond)
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 10 --name Deep.Blue")
	if h := b.Next(); h.Str("type") != "hello" || h.Str("name") != "alice/deep-blue" {
		t.Fatalf("hello %v", h)
	}
	until.True(t, 10*time.Second, "the bot to be listed online", func() bool { return slices.Contains(app.Online(), "alice/deep-blue") })
	all := b.PlayAll()
	starts, ends := arenatest.OfType(all, "start"), arenatest.OfType(all, "end")
	if len(starts) != 1 || len(ends) != 1 || ends[0]["outcome"] == nil {
		t.Fatalf("starts %v ends %v", starts, ends)
	}
	if m := starts[0].Str("match"); m == "" || ends[0].Str("match") != m || ends[0].Str("replay") != m {
		t.Fatalf("start %v end %v: the end should name the stored match (its replay)", starts[0], ends[0])
	}
	players := starts[0]["players"].([]any)
	if len(players) != 2 || starts[0].Str("room") == "" || starts[0]["seed"] == nil {
		t.Fatalf("start %v", starts[0])
	}
	names := []string{players[0].(map[string]any)["name"].(string), players[1].(map[string]any)["name"].(string)}
	if !slices.Contains(names, "alice/deep-blue") || !slices.Contains(names, "greedy") {
		t.Fatalf("players %v", names)
	}
	if code := b.St.Wait(t, 20*time.Second); code != 0 {
		t.Fatalf("exit %d: %s", code, b.St.Stderr())
	}
	until.True(t, 10*time.Second, "the bot to leave the online list", func() bool { return !slices.Contains(app.Online(), "alice/deep-blue") })
}

func TestTwoQueuedBotsPlayEachOtherAndOneCanLeaveMidGame(t *testing.T) {
	addr, hub, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	alice := arenatest.StartBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 12")
	bob := arenatest.StartBot(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 12")
	aStart := alice.Until("start")
	bStart := bob.Until("start")
	match := aStart[len(aStart)-1].Str("match")
	if bStart[len(bStart)-1].Str("match") != match {
		t.Fatalf("not the same game: %v and %v", aStart, bStart)
	}
	// Turns alternate between the seats; alice plays two turns and leaves, and bob plays on
	// against the house bot that takes over her seat.
	bySeat := map[int]*arenatest.Bot{aStart[len(aStart)-1].Num("seat"): alice, bStart[len(bStart)-1].Num("seat"): bob}
	for mover, aliceTurns := 0, 0; aliceTurns < 2; mover = 1 - mover {
		b := bySeat[mover]
		seen := b.Until("turn")
		b.Answer(seen[len(seen)-1])
		if b == alice {
			aliceTurns++
		}
	}
	alice.St.CloseStdin()
	all := bob.PlayAll()
	ends := arenatest.OfType(all, "end")
	if len(ends) != 1 || ends[0]["outcome"] == nil || ends[0].Str("match") != match {
		t.Fatalf("bob's ends: %v", ends)
	}
	room := aStart[len(aStart)-1].Str("room")
	r, ok := hub.Find(room)
	if !ok {
		t.Fatalf("room %s is gone", room)
	}
	seats := r.Snapshot().Seats
	var notes []string
	for _, s := range seats {
		notes = append(notes, s.Note)
	}
	if !slices.Contains(notes, "resigned") {
		t.Fatalf("seat notes %q: alice's seat should say she left", notes)
	}
}

func TestQueuedBotWarningsAndStrikesInALiveRoom(t *testing.T) {
	cfg := arenatest.FastHub()
	cfg.BotMove, cfg.BotBank, cfg.MaxStrikes = 200*time.Millisecond, 100*time.Millisecond, 2
	addr, _, _ := arenatest.BotArena(t, cfg, 100*time.Millisecond)
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 10")
	seen := b.Until("turn")
	turn := seen[len(seen)-1]
	b.Send("{oops")
	warns := b.Until("turn") // the default was played, and the game went on
	if got := arenatest.OfType(warns, "warn"); len(got) != 1 || got[0].Str("code") != "malformed" || got[0].Num("id") != turn.Num("id") {
		t.Fatalf("after a malformed line: %v", warns)
	}
	turn = warns[len(warns)-1]
	b.Send(`{"type":"action","match":%q,"id":%d,"action":%d}`, turn.Str("match"), turn.Num("id"), int(turn["obs"].(map[string]any)["you"].(float64)))
	warns = b.Until("turn")
	if got := arenatest.OfType(warns, "warn"); len(got) != 1 || got[0].Str("code") != "illegal_action" || got[0]["applied"] != float64(0) {
		t.Fatalf("after an illegal action: %v", warns)
	}
	// Now silence: two missed deadlines and a house bot plays on.
	rest := b.ReadAll()
	var codes []string
	for _, w := range arenatest.OfType(rest, "warn") {
		codes = append(codes, w.Str("code"))
	}
	ends := arenatest.OfType(rest, "end")
	if strings.Join(codes, " ") != "timeout timeout" || len(ends) != 1 || ends[0]["outcome"] != nil || !strings.Contains(ends[0].Str("note"), "too slow") {
		t.Fatalf("warnings %v, ends %v", codes, ends)
	}
}

func TestQueuedBotResigns(t *testing.T) {
	addr, hub, _ := arenatest.BotArena(t, arenatest.FastHub(), 100*time.Millisecond)
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 10")
	seen := b.Until("turn")
	start := arenatest.OfType(seen, "start")[0]
	b.Send(`{"type":"resign","match":%q}`, start.Str("match"))
	rest := b.ReadAll()
	ends := arenatest.OfType(rest, "end")
	if len(ends) != 1 || ends[0]["outcome"] != nil || !strings.Contains(ends[0].Str("note"), "resigned") {
		t.Fatalf("after resigning: %v", rest)
	}
	r, ok := hub.Find(start.Str("room"))
	if !ok {
		t.Fatal("the room is gone")
	}
	until.True(t, 10*time.Second, "the house bot to finish the game", func() bool { return r.Snapshot().Outcome != nil })
	if s := r.Snapshot().Seats[start.Num("seat")]; s.Note != "resigned" {
		t.Fatalf("seat %+v", s)
	}
}
