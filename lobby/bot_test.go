package lobby_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/lobby"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

// botArena serves the lobby over SSH on a hub ticking in real time.
func botArena(t testing.TB, hubCfg rooms.Config, fillAfter time.Duration) (string, *rooms.Hub, *lobby.App) {
	t.Helper()
	hub := rooms.NewHub(hubCfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); hub.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	app := lobby.New(lobby.Options{Hub: hub, FillAfter: fillAfter, Logger: slog.New(slog.DiscardHandler)})
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.Logger = slog.New(slog.DiscardHandler) })
	return addr, hub, app
}

// msg is one decoded line from the server.
type msg map[string]any

func (m msg) str(k string) string { s, _ := m[k].(string); return s }
func (m msg) num(k string) int    { f, _ := m[k].(float64); return int(f) }

// bot is a test program on a `bot` session: it reads every line and can answer turns.
type bot struct {
	t  testing.TB
	st *sshtest.Stream
}

func startBot(t testing.TB, c *gossh.Client, args string) *bot {
	t.Helper()
	return &bot{t: t, st: sshtest.StartStream(t, c, "bot "+args)}
}

// next returns the next line, nil once the session's stdout has ended.
func (b *bot) next() msg {
	b.t.Helper()
	line, ok := b.st.ReadLine(b.t, 20*time.Second)
	if !ok {
		return nil
	}
	var m msg
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		b.t.Fatalf("stdout carried a line that is not JSON: %q", line)
	}
	return m
}

// until reads lines up to the first of type typ, returning them all.
func (b *bot) until(typ string) []msg {
	b.t.Helper()
	var seen []msg
	for {
		m := b.next()
		if m == nil {
			b.t.Fatalf("the session ended before a %q line; saw %v; stderr:\n%s", typ, seen, b.st.Stderr())
		}
		seen = append(seen, m)
		if m.str("type") == typ {
			return seen
		}
	}
}

func (b *bot) send(format string, args ...any) { b.st.Send(b.t, fmt.Sprintf(format, args...)) }

// answer plays the first legal action of turn.
func (b *bot) answer(turn msg) {
	legal := turn["legal"].([]any)
	action, _ := json.Marshal(legal[0]) // as the game wrote it: 4, "end", {"attack":[1,2]}
	b.send(`{"type":"action","match":%q,"id":%d,"action":%s}`, turn.str("match"), turn.num("id"), action)
}

// playAll answers every turn with its first legal action until stdout ends.
func (b *bot) playAll() []msg {
	b.t.Helper()
	var all []msg
	for m := b.next(); m != nil; m = b.next() {
		all = append(all, m)
		if m.str("type") == "turn" {
			b.answer(m)
		}
	}
	return all
}

func ofType(all []msg, typ string) []msg {
	var out []msg
	for _, m := range all {
		if m.str("type") == typ {
			out = append(out, m)
		}
	}
	return out
}

func fastHub() rooms.Config {
	return rooms.Config{TickHz: 200, BotPace: time.Millisecond, BotMove: 2 * time.Second, BotBank: 5 * time.Second}
}

func TestBotPracticeIsReproducible(t *testing.T) {
	addr, _, _ := botArena(t, fastHub(), time.Hour)
	key := sshtest.NewKey(t)
	run := func() []msg {
		b := startBot(t, sshtest.Dial(t, addr, "alice", key), "--game sevencolors --practice --vs greedy --seed 42 --games 3 --size 10")
		all := b.playAll()
		if code := b.st.Wait(t, 20*time.Second); code != 0 {
			t.Fatalf("exit %d; stderr:\n%s", code, b.st.Stderr())
		}
		if !strings.Contains(b.st.Stderr(), "practice over: ") {
			t.Fatalf("stderr has no summary:\n%s", b.st.Stderr())
		}
		return all
	}
	first := run()
	hello := first[0]
	if hello.str("type") != "hello" || hello.num("protocol") != 1 || hello.str("game") != "sevencolors" || hello.str("name") != "alice" {
		t.Fatalf("hello %v", hello)
	}
	starts, ends := ofType(first, "start"), ofType(first, "end")
	if len(starts) != 3 || len(ends) != 3 {
		t.Fatalf("%d starts and %d ends, want 3 games", len(starts), len(ends))
	}
	for i, s := range starts {
		if s.num("seed") != 42+i || s.num("seat") != i%2 {
			t.Fatalf("game %d: start %v, want seed %d and seat %d", i, s, 42+i, i%2)
		}
		if ends[i]["outcome"] == nil || ends[i].str("match") != s.str("match") {
			t.Fatalf("game %d: end %v", i, ends[i])
		}
	}
	for _, w := range ofType(first, "warn") {
		t.Fatalf("a legal bot was warned: %v", w)
	}
	second := run()
	if !reflect.DeepEqual(first, second) {
		t.Fatal("two practice runs with the same seed differ")
	}
}

func TestBotSessionsNeedAKeyAndValidOptions(t *testing.T) {
	addr, _, _ := botArena(t, fastHub(), time.Hour)
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
		var m msg
		if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &m); err != nil || m.str("type") != "error" || !strings.Contains(m.str("msg"), want) || code == 0 {
			t.Errorf("%s: exit %d, stdout %q; want an error line mentioning %q", args, code, out, want)
		}
	}
}

func TestSpecPrintsTheSchemaWithARealTurn(t *testing.T) {
	addr, _, _ := botArena(t, fastHub(), time.Hour)
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
	addr, _, _ := botArena(t, fastHub(), time.Hour)
	b := startBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --practice --seed 3 --size 10")
	seen := b.until("turn")
	turn := seen[len(seen)-1]
	b.send("this is not json")
	warn := b.until("warn")[0]
	if warn.str("code") != "malformed" || warn.num("id") != turn.num("id") || warn["applied"] != float64(0) {
		t.Fatalf("warn %v for a garbage line at turn %v", warn, turn.num("id"))
	}
	b.until("turn") // the default was played: the game goes on
	b.send(`{"type":"ping","pad":"%s"}`, strings.Repeat("x", 70<<10))
	if w := b.until("warn"); w[0].str("code") != "line_too_long" || w[0]["applied"] != float64(0) {
		t.Fatalf("after a 70 KiB line: %v", w)
	}
	turn = b.until("turn")[0]
	b.send(`{"type":"action","match":%q,"id":%d,"action":3}`, turn.str("match"), turn.num("id")-1)
	if w := b.until("warn"); w[0].str("code") != "stale_id" {
		t.Fatalf("after a stale id: %v", w)
	}
	b.send(`{"type":"ping"}`)
	if p := b.next(); p.str("type") != "pong" {
		t.Fatalf("ping answered with %v", p)
	}
	b.send(`{"type":"action","match":%q,"id":%d,"action":%d}`, turn.str("match"), turn.num("id"), int(turn["obs"].(map[string]any)["you"].(float64)))
	if w := b.until("warn"); w[0].str("code") != "illegal_action" || !strings.Contains(w[0].str("msg"), "your own") {
		t.Fatalf("after playing its own colour: %v", w)
	}
	rest := b.playAll()
	if end := ofType(rest, "end"); len(end) != 1 || end[0]["outcome"] == nil {
		t.Fatalf("the game did not end normally: %v", end)
	}
	if code := b.st.Wait(t, 20*time.Second); code != 0 {
		t.Fatalf("exit %d", code)
	}
	errText := b.st.Stderr()
	for _, want := range []string{"warning (turn", "malformed", "line_too_long", "your own"} {
		if !strings.Contains(errText, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errText)
		}
	}
}

func TestBotTimeBankAndStrikes(t *testing.T) {
	cfg := fastHub()
	cfg.BotMove, cfg.BotBank, cfg.MaxStrikes = 30*time.Millisecond, 60*time.Millisecond, 2
	addr, _, _ := botArena(t, cfg, time.Hour)
	b := startBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors --practice --seed 5 --size 10")
	all := b.playAllSilently()
	turns, warns, ends := ofType(all, "turn"), ofType(all, "warn"), ofType(all, "end")
	if len(turns) != 2 || len(warns) != 2 || len(ends) != 1 {
		t.Fatalf("turns %d, warns %v, ends %v", len(turns), warns, ends)
	}
	if turns[0]["time"].(map[string]any)["bank_ms"] != float64(60) || turns[1]["time"].(map[string]any)["bank_ms"] != float64(0) {
		t.Fatalf("banks: %v then %v", turns[0]["time"], turns[1]["time"])
	}
	for _, w := range warns {
		if w.str("code") != "timeout" || w["applied"] != float64(0) {
			t.Fatalf("warn %v", w)
		}
	}
	if ends[0]["outcome"] != nil || !strings.Contains(ends[0].str("note"), "too slow") {
		t.Fatalf("end %v", ends[0])
	}
	if code := b.st.Wait(t, 20*time.Second); code != 0 || !strings.Contains(b.st.Stderr(), "lost") {
		t.Fatalf("exit %d; stderr:\n%s", code, b.st.Stderr())
	}
}

// playAllSilently reads every line and answers nothing.
func (b *bot) playAllSilently() []msg {
	var all []msg
	for m := b.next(); m != nil; m = b.next() {
		all = append(all, m)
	}
	return all
}

func TestBotLimitsPerKey(t *testing.T) {
	addr, _, app := botArena(t, fastHub(), time.Hour)
	app.SetBotLimits(lobby.BotLimits{Sessions: 1, Limits: program.Limits{Rate: 0.01, Burst: 5}})
	key := sshtest.NewKey(t)
	c := sshtest.Dial(t, addr, "alice", key)
	waiting := startBot(t, c, "--game sevencolors")
	if h := waiting.next(); h.str("type") != "hello" {
		t.Fatalf("first session: %v", h)
	}
	out, _, code := sshtest.Exec(t, c, "bot --game sevencolors --practice")
	if code == 0 || !strings.Contains(out, "too many bot sessions") {
		t.Fatalf("second session: exit %d, %q", code, out)
	}
	// Ten pings in one write: the server may close the session as soon as it has read the
	// sixth, so a test writing them one by one could find the channel closed.
	waiting.st.Send(t, strings.TrimSuffix(strings.Repeat(`{"type":"ping"}`+"\n", 10), "\n"))
	var got []string
	for m := waiting.next(); m != nil; m = waiting.next() {
		got = append(got, m.str("type"))
	}
	if strings.Join(got, " ") != "pong pong pong pong pong error" {
		t.Fatalf("a flood of pings got %v, want five pongs then an error", got)
	}
	// The session slot is free again once the first has gone.
	eventually(t, 10*time.Second, "the slot to be released", func() bool {
		out, _, _ := sshtest.Exec(t, c, "bot --game sevencolors --practice --games 1 --size 4 --seed 1")
		return strings.Contains(out, `"type":"hello"`)
	})
}

func TestBotIsToldWhenTheServerShutsDown(t *testing.T) {
	hub := rooms.NewHub(fastHub())
	app := lobby.New(lobby.Options{Hub: hub, FillAfter: time.Hour, Logger: slog.New(slog.DiscardHandler)})
	addr, srv := sshtest.Start(t, app, func(c *server.Config) { c.Logger = slog.New(slog.DiscardHandler) })
	b := startBot(t, sshtest.Dial(t, addr, "alice", sshtest.NewKey(t)), "--game sevencolors")
	if h := b.next(); h.str("type") != "hello" {
		t.Fatalf("hello %v", h)
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}()
	if m := b.next(); m.str("type") != "error" || !strings.Contains(m.str("msg"), "shutting down") {
		t.Fatalf("got %v, want an error line", m)
	}
}

// Issue 13: a --games count that would make the server plan billions of games is refused
// with a sentence, at once, and the server goes on serving.
func TestBotPracticeGamesBounded(t *testing.T) {
	addr, _, _ := botArena(t, fastHub(), time.Hour)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	for _, n := range []string{"2000000000", "9223372036854775807", "10001"} {
		out, errOut, code := sshtest.Exec(t, c, "bot --game sevencolors --practice --games "+n)
		var m msg
		if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &m); err != nil || m.str("type") != "error" ||
			!strings.Contains(m.str("msg"), "a practice session plays at most 10000 games") || code != 2 {
			t.Fatalf("--games %s: exit %d, stdout %q, stderr %q", n, code, out, errOut)
		}
	}
	b := startBot(t, c, "--game sevencolors --practice --games 1 --size 4 --seed 1")
	if ends := ofType(b.playAll(), "end"); len(ends) != 1 {
		t.Fatalf("a practice game after the refusals: ends %v", ends)
	}
}

// Issue 13: a program that closes its input right after asking something still gets what
// was queued for it (here a pong, in a queued game a turn), then one error line saying the
// session ends; nothing is dropped without a word.
func TestBotClosingStdinGetsWhatWasQueued(t *testing.T) {
	addr, _, _ := botArena(t, fastHub(), time.Hour)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	b := startBot(t, c, "--game sevencolors --practice --games 3 --size 6 --seed 1")
	b.send(`{"type":"ping"}`)
	if err := b.st.CloseStdin(); err != nil {
		t.Fatal(err)
	}
	var all []msg
	for m := b.next(); m != nil; m = b.next() {
		all = append(all, m)
	}
	if len(ofType(all, "hello")) != 1 || len(ofType(all, "pong")) != 1 {
		t.Fatalf("after closing stdin: %v; want the hello and the pong", all)
	}
	errs := ofType(all, "error")
	if len(errs) != 1 || !strings.Contains(errs[0].str("msg"), "input ended") || all[len(all)-1].str("type") != "error" {
		t.Fatalf("after closing stdin: %v; want one last error line saying the input ended", all)
	}
	if code := b.st.Wait(t, 20*time.Second); code == 0 {
		t.Fatal("a session whose program left ended with status 0")
	}
}
