package commands_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// archiveArena is an arena that records finished games in a store, as `arena serve` does.
func archiveArena(t *testing.T) string {
	t.Helper()
	addr, _ := archiveArenaStore(t)
	return addr
}

// archiveArenaStore is archiveArena with its store, for tests that store games themselves.
func archiveArenaStore(t *testing.T) (string, *store.Store) {
	t.Helper()
	st := arenatest.Store(t)
	cfg := arenatest.FastHub()
	cfg.OnFinish = director.New(st, nil).OnFinish(st.SaveMatch) // as arena serve records games
	hub := rooms.NewHub(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); hub.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done; hub.WaitSaves() })
	app := commands.New(commands.Options{Hub: hub, FillAfter: 50 * time.Millisecond, Archive: st, Logger: slog.New(slog.DiscardHandler)})
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.Logger = slog.New(slog.DiscardHandler) })
	return addr, st
}

// A program's live game is stored: its `end` names the replay, `history` lists it, `replay
// --json` exports every move with its position, and `replay` on a terminal plays it again to
// the recorded result.
func TestAStoredGameIsListedExportedAndReplayed(t *testing.T) {
	addr := archiveArena(t)
	key := sshtest.NewKey(t)
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "alice", key), "--game sevencolors --size 5 --games 1")
	all := b.PlayAll()
	ends := arenatest.OfType(all, "end")
	if len(ends) != 1 || ends[0].Str("replay") == "" {
		t.Fatalf("ends %v: the end names no replay", ends)
	}
	id := ends[0].Str("replay")

	c := sshtest.Dial(t, addr, "alice", key)
	out, errOut, code := sshtest.Exec(t, c, "history")
	if code != 0 || !strings.Contains(out, id) || !strings.Contains(out, "sevencolors") {
		t.Fatalf("history: %d %q %q", code, out, errOut)
	}
	out, _, code = sshtest.Exec(t, c, "history --json --game sevencolors")
	var rows []struct {
		ID    string   `json:"id"`
		Seats []string `json:"seats"`
		Ranks []int    `json:"ranks"`
		Seat  int      `json:"seat"`
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil || code != 0 || len(rows) != 1 || rows[0].ID != id ||
		rows[0].Seat < 0 || rows[0].Seats[rows[0].Seat] != "alice" || len(rows[0].Ranks) != 2 {
		t.Fatalf("history --json: %v %q", err, out)
	}

	out, errOut, code = sshtest.Exec(t, c, "replay "+id+" --json")
	var export struct {
		ID      string          `json:"id"`
		Game    string          `json:"game"`
		Start   json.RawMessage `json:"start"`
		Outcome struct {
			Ranks []int `json:"ranks"`
		} `json:"outcome"`
		Moves []struct {
			Seat     int             `json:"seat"`
			Action   json.RawMessage `json:"action"`
			Events   []any           `json:"events"`
			Position json.RawMessage `json:"position"`
		} `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &export); err != nil || code != 0 {
		t.Fatalf("replay --json: %v %d %q", err, code, errOut)
	}
	if export.ID != id || export.Game != "sevencolors" || len(export.Start) == 0 || len(export.Moves) == 0 ||
		len(export.Outcome.Ranks) != 2 {
		t.Fatalf("export %+v", export)
	}
	for i, m := range export.Moves {
		if len(m.Position) == 0 || len(m.Action) == 0 {
			t.Fatalf("move %d: %+v", i, m)
		}
	}

	// The game was rated: alice and the house bot are on the leaderboard, alice provisional.
	out, errOut, code = sshtest.Exec(t, c, "leaderboard sevencolors --json")
	var board []struct {
		Name        string  `json:"name"`
		Games       int     `json:"games"`
		Provisional bool    `json:"provisional"`
		Bot         bool    `json:"bot"`
		Rating      float64 `json:"rating"`
	}
	if err := json.Unmarshal([]byte(out), &board); err != nil || code != 0 || len(board) != 2 {
		t.Fatalf("leaderboard --json: %v %d %q %q", err, code, out, errOut)
	}
	for _, r := range board {
		if r.Games != 1 || !r.Provisional || r.Bot == (r.Name == "alice") {
			t.Fatalf("leaderboard row %+v", r)
		}
	}
	if out, _, code := sshtest.Exec(t, c, "leaderboard sevencolors"); code != 0 || !strings.Contains(out, "alice") || !strings.Contains(out, "μ − 3σ") {
		t.Fatalf("leaderboard: %q", out)
	}
	if _, errOut, code := sshtest.Exec(t, c, "leaderboard chess"); code != 2 || !strings.Contains(errOut, "unknown game") {
		t.Fatalf("leaderboard chess: %d %q", code, errOut)
	}

	// On a terminal: the replay's last move shows the recorded result.
	term := sshtest.NewTerm(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)), sshtest.Command("replay "+id))
	term.WaitFor(t, "replay "+id, 10*time.Second)
	term.Send(t, "G")
	term.WaitFor(t, func(s string) bool { return strings.Contains(s, " wins.") || strings.Contains(s, "Draw.") }, 10*time.Second)
	term.WaitFor(t, "move "+itoa(len(export.Moves))+"/"+itoa(len(export.Moves)), 10*time.Second)
	term.Send(t, "q") // the session was opened into the replay: leaving it ends the session
	term.WaitFor(t, "The replay is closed.", 10*time.Second)
	if code := term.Wait(t, 10*time.Second); code != 0 {
		t.Fatalf("the replay ended with status %d", code)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestArchiveCommandsExplainWhatIsWrong(t *testing.T) {
	addr := archiveArena(t)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	for _, tc := range []struct {
		cmd  string
		code int
		says string
	}{
		{"replay nope --json", 1, `no stored game "nope"`},
		{"replay nope", 1, "needs a terminal"},
		{"replay", 2, "usage: replay ID"},
		{"replay a b --json", 2, "usage: replay ID"},
		{"history bob", 1, `nobody here is called "bob"`},
		{"history --game chess", 2, `unknown game "chess"`},
		{"history --limit 0", 2, "usage: history"},
	} {
		_, errOut, code := sshtest.Exec(t, c, tc.cmd)
		if code != tc.code || !strings.Contains(errOut, tc.says) {
			t.Errorf("%s: status %d, %q; want %d and %q", tc.cmd, code, errOut, tc.code, tc.says)
		}
	}
	// A house bot's history is found by its name, and a player without games has none.
	if out, _, code := sshtest.Exec(t, c, "history greedy"); code != 0 || !strings.Contains(out, "no stored games of greedy") {
		t.Errorf("history greedy: %d %q", code, out)
	}
}
