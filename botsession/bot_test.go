package botsession_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/botsession"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

func TestBotPracticeIsReproducible(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	key := sshtest.NewKey(t)
	run := func() []arenatest.Msg {
		b := arenatest.StartBot(t, sshtest.Dial(t, addr, "alice", key), "--game sevencolors --practice --vs greedy --seed 42 --games 3 --size 10")
		all := b.PlayAll()
		if code := b.St.Wait(t, 20*time.Second); code != 0 {
			t.Fatalf("exit %d; stderr:\n%s", code, b.St.Stderr())
		}
		if !strings.Contains(b.St.Stderr(), "practice over: ") {
			t.Fatalf("stderr has no summary:\n%s", b.St.Stderr())
		}
		return all
	}
	first := run()
	hello := first[0]
	if hello.Str("type") != "hello" || hello.Num("protocol") != 1 || hello.Str("game") != "sevencolors" || hello.Str("name") != "alice" {
		t.Fatalf("hello %v", hello)
	}
	starts, ends := arenatest.OfType(first, "start"), arenatest.OfType(first, "end")
	if len(starts) != 3 || len(ends) != 3 {
		t.Fatalf("%d starts and %d ends, want 3 games", len(starts), len(ends))
	}
	for i, s := range starts {
		if s.Num("seed") != 42+i || s.Num("seat") != i%2 {
			t.Fatalf("game %d: start %v, want seed %d and seat %d", i, s, 42+i, i%2)
		}
		if ends[i]["outcome"] == nil || ends[i].Str("match") != s.Str("match") {
			t.Fatalf("game %d: end %v", i, ends[i])
		}
	}
	for _, w := range arenatest.OfType(first, "warn") {
		t.Fatalf("a legal bot was warned: %v", w)
	}
	second := run()
	if !reflect.DeepEqual(first, second) {
		t.Fatal("two practice runs with the same seed differ")
	}
}

func TestBotSessionsNeedAKeyAndValidOptions(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	guest := sshtest.Dial(t, addr, "visitor", nil)
	out, _, code := sshtest.Exec(t, guest, "bot --game sevencolors --practice")
	if code == 0 || !strings.Contains(out, `"type":"error"`) || !strings.Contains(out, "public key") {
		t.Fatalf("guest: exit %d, stdout %q", code, out)
	}
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	for args, want := range map[string]string{
		"bot":                                "--game is required",
		"bot --game chess":                   "unknown game",
		"bot --game sevencolors --vs greedy": "--practice",
		"bot --game sevencolors --practice --vs x": `no house bot "x"`,
		"bot --game sevencolors --size 99":         "size",
	} {
		out, _, code := sshtest.Exec(t, c, args)
		var m arenatest.Msg
		if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &m); err != nil || m.Str("type") != "error" || !strings.Contains(m.Str("msg"), want) || code == 0 {
			t.Errorf("%s: exit %d, stdout %q; want an error line mentioning %q", args, code, out, want)
		}
	}
}

func TestSpecPrintsTheSchemaWithARealTurn(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	out, _, code := sshtest.Exec(t, c, "spec sevencolors")
	if code != 0 || !strings.Contains(out, "board[y][x]") || !strings.Contains(out, `< {"type":"turn","match":"m_example","id":1,"obs":{"size":5,"you":1,"board":[[`) ||
		!strings.Contains(out, `"time":{"move_ms":2000,"bank_ms":5000}`) {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if _, errOut, code := sshtest.Exec(t, c, "spec chess"); code != 2 || !strings.Contains(errOut, "unknown game") {
		t.Fatalf("spec chess: exit %d, %q", code, errOut)
	}
}

func TestBotMalformedOversizedAndStaleLinesAreWarned(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --practice --seed 3 --size 10")
	seen := b.Until("turn")
	turn := seen[len(seen)-1]
	b.Send("this is not json")
	warn := b.Until("warn")[0]
	if warn.Str("code") != "malformed" || warn.Num("id") != turn.Num("id") || warn["applied"] != float64(0) {
		t.Fatalf("warn %v for a garbage line at turn %v", warn, turn.Num("id"))
	}
	b.Until("turn") // the default was played: the game goes on
	b.Send(`{"type":"ping","pad":"%s"}`, strings.Repeat("x", 70<<10))
	if w := b.Until("warn"); w[0].Str("code") != "line_too_long" || w[0]["applied"] != float64(0) {
		t.Fatalf("after a 70 KiB line: %v", w)
	}
	turn = b.Until("turn")[0]
	b.Send(`{"type":"action","match":%q,"id":%d,"action":3}`, turn.Str("match"), turn.Num("id")-1)
	if w := b.Until("warn"); w[0].Str("code") != "stale_id" {
		t.Fatalf("after a stale id: %v", w)
	}
	b.Send(`{"type":"ping"}`)
	if p := b.Next(); p.Str("type") != "pong" {
		t.Fatalf("ping answered with %v", p)
	}
	b.Send(`{"type":"action","match":%q,"id":%d,"action":%d}`, turn.Str("match"), turn.Num("id"), int(turn["obs"].(map[string]any)["you"].(float64)))
	if w := b.Until("warn"); w[0].Str("code") != "illegal_action" || !strings.Contains(w[0].Str("msg"), "your own") {
		t.Fatalf("after playing its own colour: %v", w)
	}
	rest := b.PlayAll()
	if end := arenatest.OfType(rest, "end"); len(end) != 1 || end[0]["outcome"] == nil {
		t.Fatalf("the game did not end normally: %v", end)
	}
	if code := b.St.Wait(t, 20*time.Second); code != 0 {
		t.Fatalf("exit %d", code)
	}
	errText := b.St.Stderr()
	for _, want := range []string{"warning (turn", "malformed", "line_too_long", "your own"} {
		if !strings.Contains(errText, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errText)
		}
	}
}

func TestBotTimeBankAndStrikes(t *testing.T) {
	cfg := arenatest.FastHub()
	cfg.BotMove, cfg.BotBank, cfg.MaxStrikes = 30*time.Millisecond, 60*time.Millisecond, 2
	addr, _, _ := arenatest.BotArena(t, cfg, time.Hour)
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --practice --seed 5 --size 10")
	all := b.ReadAll()
	turns, warns, ends := arenatest.OfType(all, "turn"), arenatest.OfType(all, "warn"), arenatest.OfType(all, "end")
	if len(turns) != 2 || len(warns) != 2 || len(ends) != 1 {
		t.Fatalf("turns %d, warns %v, ends %v", len(turns), warns, ends)
	}
	if turns[0]["time"].(map[string]any)["bank_ms"] != float64(60) || turns[1]["time"].(map[string]any)["bank_ms"] != float64(0) {
		t.Fatalf("banks: %v then %v", turns[0]["time"], turns[1]["time"])
	}
	for _, w := range warns {
		if w.Str("code") != "timeout" || w["applied"] != float64(0) {
			t.Fatalf("warn %v", w)
		}
	}
	if ends[0]["outcome"] != nil || !strings.Contains(ends[0].Str("note"), "too slow") {
		t.Fatalf("end %v", ends[0])
	}
	if code := b.St.Wait(t, 20*time.Second); code != 0 || !strings.Contains(b.St.Stderr(), "lost") {
		t.Fatalf("exit %d; stderr:\n%s", code, b.St.Stderr())
	}
}

func TestBotLimitsPerKey(t *testing.T) {
	addr, _, app := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	app.Bots().SetLimits(botsession.Limits{Sessions: 1, Limits: program.Limits{Rate: 0.01, Burst: 5}})
	key := sshtest.NewKey(t)
	c := sshtest.Dial(t, addr, "alice", key)
	waiting := arenatest.StartBot(t, c, "--game sevencolors")
	if h := waiting.Next(); h.Str("type") != "hello" {
		t.Fatalf("first session: %v", h)
	}
	out, _, code := sshtest.Exec(t, c, "bot --game sevencolors --practice")
	if code == 0 || !strings.Contains(out, "too many bot sessions") {
		t.Fatalf("second session: exit %d, %q", code, out)
	}
	// Ten pings in one write: the server may close the session as soon as it has read the
	// sixth, so a test writing them one by one could find the channel closed.
	waiting.St.Send(t, strings.TrimSuffix(strings.Repeat(`{"type":"ping"}`+"\n", 10), "\n"))
	var got []string
	for m := waiting.Next(); m != nil; m = waiting.Next() {
		got = append(got, m.Str("type"))
	}
	if strings.Join(got, " ") != "pong pong pong pong pong error" {
		t.Fatalf("a flood of pings got %v, want five pongs then an error", got)
	}
	// The session slot is free again once the first has gone.
	until.True(t, 10*time.Second, "the slot to be released", func() bool {
		out, _, _ := sshtest.Exec(t, c, "bot --game sevencolors --practice --games 1 --size 4 --seed 1")
		return strings.Contains(out, `"type":"hello"`)
	})
}

func TestBotIsToldWhenTheServerShutsDown(t *testing.T) {
	hub := rooms.NewHub(arenatest.FastHub())
	app := commands.New(commands.Options{Hub: hub, FillAfter: time.Hour, Logger: slog.New(slog.DiscardHandler)})
	addr, srv := sshtest.Start(t, app, func(c *server.Config) { c.Logger = slog.New(slog.DiscardHandler) })
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors")
	if h := b.Next(); h.Str("type") != "hello" {
		t.Fatalf("hello %v", h)
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}()
	if m := b.Next(); m.Str("type") != "error" || !strings.Contains(m.Str("msg"), "shutting down") {
		t.Fatalf("got %v, want an error line", m)
	}
}

// Issue 13: a --games count that would make the server plan billions of games is refused
// with a sentence, at once, and the server goes on serving.
func TestBotPracticeGamesBounded(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	for _, n := range []string{"2000000000", "9223372036854775807", "10001"} {
		out, errOut, code := sshtest.Exec(t, c, "bot --game sevencolors --practice --games "+n)
		var m arenatest.Msg
		if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &m); err != nil || m.Str("type") != "error" ||
			!strings.Contains(m.Str("msg"), "a practice session plays at most 10,000 games") || code != 2 {
			t.Fatalf("--games %s: exit %d, stdout %q, stderr %q", n, code, out, errOut)
		}
	}
	b := arenatest.StartBot(t, c, "--game sevencolors --practice --games 1 --size 4 --seed 1")
	if ends := arenatest.OfType(b.PlayAll(), "end"); len(ends) != 1 {
		t.Fatalf("a practice game after the refusals: ends %v", ends)
	}
}

// Issue 13: a program that closes its input right after asking something still gets what
// was queued for it (here a pong, in a queued game a turn), then one error line saying the
// session ends; nothing is dropped without a word.
func TestBotClosingStdinGetsWhatWasQueued(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	b := arenatest.StartBot(t, c, "--game sevencolors --practice --games 3 --size 6 --seed 1")
	b.Send(`{"type":"ping"}`)
	if err := b.St.CloseStdin(); err != nil {
		t.Fatal(err)
	}
	var all []arenatest.Msg
	for m := b.Next(); m != nil; m = b.Next() {
		all = append(all, m)
	}
	if len(arenatest.OfType(all, "hello")) != 1 || len(arenatest.OfType(all, "pong")) != 1 {
		t.Fatalf("after closing stdin: %v; want the hello and the pong", all)
	}
	// The input may end before the first game starts (a loaded server) or during it: the
	// error line says which.
	errs := arenatest.OfType(all, "error")
	said := ""
	if len(errs) == 1 {
		said = errs[0].Str("msg")
	}
	when := strings.Contains(said, "before its first game") || strings.Contains(said, "during game 1")
	if !strings.Contains(said, "output ended (it exited or closed stdout)") || !when || all[len(all)-1].Str("type") != "error" {
		t.Fatalf("after closing stdin: %v; want one last error line saying the program's output ended, and when", all)
	}
	if code := b.St.Wait(t, 20*time.Second); code == 0 {
		t.Fatal("a session whose program left ended with status 0")
	}
}
