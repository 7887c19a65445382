package lobby_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
)

func TestQueuedBotIsOnlineThenSeatedAgainstAHouseBot(t *testing.T) {
	addr, _, app := botArena(t, fastHub(), 300*time.Millisecond)
	b := startBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 10 --name Deep.Blue")
	if h := b.next(); h.str("type") != "hello" || h.str("name") != "alice/deep-blue" {
		t.Fatalf("hello %v", h)
	}
	eventually(t, 10*time.Second, "the bot to be listed online", func() bool { return slices.Contains(app.Online(), "alice/deep-blue") })
	all := b.playAll()
	starts, ends := ofType(all, "start"), ofType(all, "end")
	if len(starts) != 1 || len(ends) != 1 || ends[0]["outcome"] == nil {
		t.Fatalf("starts %v ends %v", starts, ends)
	}
	if m := starts[0].str("match"); m == "" || ends[0].str("match") != m || ends[0].str("replay") != m {
		t.Fatalf("start %v end %v: the end should name the stored match (its replay)", starts[0], ends[0])
	}
	players := starts[0]["players"].([]any)
	if len(players) != 2 || starts[0].str("room") == "" || starts[0]["seed"] == nil {
		t.Fatalf("start %v", starts[0])
	}
	names := []string{players[0].(map[string]any)["name"].(string), players[1].(map[string]any)["name"].(string)}
	if !slices.Contains(names, "alice/deep-blue") || !slices.Contains(names, "greedy") {
		t.Fatalf("players %v", names)
	}
	if code := b.st.Wait(t, 20*time.Second); code != 0 {
		t.Fatalf("exit %d: %s", code, b.st.Stderr())
	}
	eventually(t, 10*time.Second, "the bot to leave the online list", func() bool { return !slices.Contains(app.Online(), "alice/deep-blue") })
}

func TestTwoQueuedBotsPlayEachOtherAndOneCanLeaveMidGame(t *testing.T) {
	addr, hub, _ := botArena(t, fastHub(), time.Hour)
	alice := startBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 12")
	bob := startBot(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 12")
	aStart := alice.until("start")
	bStart := bob.until("start")
	match := aStart[len(aStart)-1].str("match")
	if bStart[len(bStart)-1].str("match") != match {
		t.Fatalf("not the same game: %v and %v", aStart, bStart)
	}
	// Turns alternate between the seats; alice plays two turns and leaves, and bob plays on
	// against the house bot that takes over her seat.
	bySeat := map[int]*bot{aStart[len(aStart)-1].num("seat"): alice, bStart[len(bStart)-1].num("seat"): bob}
	for mover, aliceTurns := 0, 0; aliceTurns < 2; mover = 1 - mover {
		b := bySeat[mover]
		seen := b.until("turn")
		b.answer(seen[len(seen)-1])
		if b == alice {
			aliceTurns++
		}
	}
	alice.st.CloseStdin()
	all := bob.playAll()
	ends := ofType(all, "end")
	if len(ends) != 1 || ends[0]["outcome"] == nil || ends[0].str("match") != match {
		t.Fatalf("bob's ends: %v", ends)
	}
	room := aStart[len(aStart)-1].str("room")
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
	cfg := fastHub()
	cfg.BotMove, cfg.BotBank, cfg.MaxStrikes = 200*time.Millisecond, 100*time.Millisecond, 2
	addr, _, _ := botArena(t, cfg, 100*time.Millisecond)
	b := startBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 10")
	seen := b.until("turn")
	turn := seen[len(seen)-1]
	b.send("{oops")
	warns := b.until("turn") // the default was played, and the game went on
	if got := ofType(warns, "warn"); len(got) != 1 || got[0].str("code") != "malformed" || got[0].num("id") != turn.num("id") {
		t.Fatalf("after a malformed line: %v", warns)
	}
	turn = warns[len(warns)-1]
	b.send(`{"type":"action","match":%q,"id":%d,"action":%d}`, turn.str("match"), turn.num("id"), int(turn["obs"].(map[string]any)["you"].(float64)))
	warns = b.until("turn")
	if got := ofType(warns, "warn"); len(got) != 1 || got[0].str("code") != "illegal_action" || got[0]["applied"] != float64(0) {
		t.Fatalf("after an illegal action: %v", warns)
	}
	// Now silence: two missed deadlines and a house bot plays on.
	rest := b.playAllSilently()
	var codes []string
	for _, w := range ofType(rest, "warn") {
		codes = append(codes, w.str("code"))
	}
	ends := ofType(rest, "end")
	if strings.Join(codes, " ") != "timeout timeout" || len(ends) != 1 || ends[0]["outcome"] != nil || !strings.Contains(ends[0].str("note"), "too slow") {
		t.Fatalf("warnings %v, ends %v", codes, ends)
	}
}

func TestQueuedBotResigns(t *testing.T) {
	addr, hub, _ := botArena(t, fastHub(), 100*time.Millisecond)
	b := startBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --games 1 --size 10")
	seen := b.until("turn")
	start := ofType(seen, "start")[0]
	b.send(`{"type":"resign","match":%q}`, start.str("match"))
	rest := b.playAllSilently()
	ends := ofType(rest, "end")
	if len(ends) != 1 || ends[0]["outcome"] != nil || !strings.Contains(ends[0].str("note"), "resigned") {
		t.Fatalf("after resigning: %v", rest)
	}
	r, ok := hub.Find(start.str("room"))
	if !ok {
		t.Fatal("the room is gone")
	}
	eventually(t, 10*time.Second, "the house bot to finish the game", func() bool { return r.Snapshot().Outcome != nil })
	if s := r.Snapshot().Seats[start.num("seat")]; s.Note != "resigned" {
		t.Fatalf("seat %+v", s)
	}
}
