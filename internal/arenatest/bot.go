package arenatest

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

// BotArena serves the arena over SSH (quietly) on a hub ticking in real time.
func BotArena(t testing.TB, hubCfg rooms.Config, fillAfter time.Duration) (string, *rooms.Hub, *commands.App) {
	t.Helper()
	hub := rooms.NewHub(hubCfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); hub.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	app := commands.New(commands.Options{Hub: hub, FillAfter: fillAfter, Logger: slog.New(slog.DiscardHandler)})
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.Logger = slog.New(slog.DiscardHandler) })
	return addr, hub, app
}

// Msg is one decoded line from the server.
type Msg map[string]any

// Str is field k as a string.
func (m Msg) Str(k string) string { s, _ := m[k].(string); return s }

// Num is field k as an int.
func (m Msg) Num(k string) int { f, _ := m[k].(float64); return int(f) }

// Bot is a test program on a `bot` session: it reads every line and can answer turns.
type Bot struct {
	t  testing.TB
	St *sshtest.Stream
}

// StartBot opens `bot ARGS` on c.
func StartBot(t testing.TB, c *gossh.Client, args string) *Bot {
	t.Helper()
	return &Bot{t: t, St: sshtest.StartStream(t, c, "bot "+args)}
}

// Next returns the next line, nil once the session's stdout has ended.
func (b *Bot) Next() Msg {
	b.t.Helper()
	line, ok := b.St.ReadLine(b.t, 20*time.Second)
	if !ok {
		return nil
	}
	var m Msg
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		b.t.Fatalf("stdout carried a line that is not JSON: %q", line)
	}
	return m
}

// Until reads lines up to the first of type typ, returning them all.
func (b *Bot) Until(typ string) []Msg {
	b.t.Helper()
	var seen []Msg
	for {
		m := b.Next()
		if m == nil {
			b.t.Fatalf("the session ended before a %q line; saw %v; stderr:\n%s", typ, seen, b.St.Stderr())
		}
		seen = append(seen, m)
		if m.Str("type") == typ {
			return seen
		}
	}
}

// Send writes a line.
func (b *Bot) Send(format string, args ...any) { b.St.Send(b.t, fmt.Sprintf(format, args...)) }

// Answer plays the first legal action of turn.
func (b *Bot) Answer(turn Msg) {
	legal := turn["legal"].([]any)
	action, _ := json.Marshal(legal[0]) // as the game wrote it: 4, "end", {"attack":[1,2]}
	b.Send(`{"type":"action","match":%q,"id":%d,"action":%s}`, turn.Str("match"), turn.Num("id"), action)
}

// PlayAll answers every turn with its first legal action until stdout ends.
func (b *Bot) PlayAll() []Msg {
	b.t.Helper()
	var all []Msg
	for m := b.Next(); m != nil; m = b.Next() {
		all = append(all, m)
		if m.Str("type") == "turn" {
			b.Answer(m)
		}
	}
	return all
}

// OfType keeps the lines of type typ.
func OfType(all []Msg, typ string) []Msg {
	var out []Msg
	for _, m := range all {
		if m.Str("type") == typ {
			out = append(out, m)
		}
	}
	return out
}

// FastHub is a hub fast enough for tests of whole games.
func FastHub() rooms.Config {
	return rooms.Config{TickHz: 200, BotPace: time.Millisecond, BotMove: 2 * time.Second, BotBank: 5 * time.Second}
}

// ReadAll reads every line until stdout ends, answering nothing.
func (b *Bot) ReadAll() []Msg {
	var all []Msg
	for m := b.Next(); m != nil; m = b.Next() {
		all = append(all, m)
	}
	return all
}
