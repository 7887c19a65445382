package commands_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// practiceArena is arena serve's arena on a store, keeping keep practice games per key,
// with teacher's key as an admin.
func practiceArena(t *testing.T, keep int, teacher gossh.Signer) (string, *store.Store) {
	t.Helper()
	st := arenatest.Store(t)
	cfg := arenatest.FastHub()
	cfg.OnFinish = director.New(st, nil).OnFinish(st.SaveMatch)
	hub := rooms.NewHub(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); hub.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done; hub.WaitSaves() })
	app := commands.New(commands.Options{Hub: hub, Archive: st, Logger: slog.New(slog.DiscardHandler)})
	app.Bots().KeepPractice(keep)
	adminFile := arenatest.AdminKeys(t, teacher)
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.AdminKeysFile = adminFile; c.Logger = slog.New(slog.DiscardHandler) })
	return addr, st
}

var keptID = regexp.MustCompile(`; replay (p_[0-9a-z]+_[0-9a-z]+)\n`)

// practise plays games of 7 Colors against greedy as key, and returns the ids the result
// lines name, in order, and the session's stderr.
func practise(t *testing.T, addr string, key gossh.Signer, games string) ([]string, string) {
	t.Helper()
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "ada", key), "--game sevencolors --size 5 --practice --vs greedy --games "+games)
	b.PlayAll()
	if code := b.St.Wait(t, 20*time.Second); code != 0 {
		t.Fatalf("practice ended with %d: %s", code, b.St.Stderr())
	}
	stderr := b.St.Stderr()
	var ids []string
	for _, m := range keptID.FindAllStringSubmatch(stderr, -1) {
		ids = append(ids, m[1])
	}
	return ids, stderr
}

type practiceRow struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Seat  int    `json:"seat"`
	Ranks []int  `json:"ranks"`
}

func historyRows(t *testing.T, c *gossh.Client, args string) []practiceRow {
	t.Helper()
	out, errOut, code := sshtest.Exec(t, c, "history "+args+" --json")
	var rows []practiceRow
	if err := json.Unmarshal([]byte(out), &rows); err != nil || code != 0 {
		t.Fatalf("history --json %s: %v %d %q %q", args, err, code, out, errOut)
	}
	return rows
}

// A practice of 3 games over SSH is kept: each result line names its replay, history
// --practice lists them (KIND practice) and each replays to the result the history shows;
// another key sees none of them, a teacher sees them all, and no rating moved.
func TestPracticeIsKeptForItsPlayerUnrated(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr, st := practiceArena(t, 0, teacher)
	ada := sshtest.NewKey(t)
	ids, stderr := practise(t, addr, ada, "3")
	if len(ids) != 3 || strings.Contains(stderr, "not kept") {
		t.Fatalf("the result lines name %v:\n%s", ids, stderr)
	}
	c := sshtest.Dial(t, addr, "ada", ada)
	rows := historyRows(t, c, "--practice")
	var listed []string
	for _, r := range rows {
		listed = append(listed, r.ID)
		if r.Kind != "practice" || r.Seat < 0 || len(r.Ranks) != 2 {
			t.Errorf("history --practice row %+v", r)
		}
		out, errOut, code := sshtest.Exec(t, c, "replay "+r.ID+" --json")
		var export struct {
			ID      string `json:"id"`
			Outcome struct {
				Ranks []int `json:"ranks"`
			} `json:"outcome"`
			Moves []json.RawMessage `json:"moves"`
		}
		if err := json.Unmarshal([]byte(out), &export); err != nil || code != 0 || export.ID != r.ID ||
			!slices.Equal(export.Outcome.Ranks, r.Ranks) || len(export.Moves) == 0 {
			t.Errorf("replay %s --json: %v %d %q", r.ID, err, code, errOut)
		}
	}
	if want := []string{ids[2], ids[1], ids[0]}; !slices.Equal(listed, want) {
		t.Fatalf("history --practice lists %v, want the last first %v", listed, want)
	}
	if out, _, _ := sshtest.Exec(t, c, "history"); strings.Count(out, " practice\n") != 3 || !strings.Contains(out, "KIND") {
		t.Errorf("history does not mark the practice games:\n%s", out)
	}
	if rows := historyRows(t, c, "--live"); len(rows) != 0 {
		t.Errorf("history --live lists practice: %+v", rows)
	}

	// The server's accounts are another store's (sshtest's): ada's name is claimed in the
	// archive's too, for history ada to find her key.
	if _, err := st.ClaimName(context.Background(), gossh.FingerprintSHA256(ada.PublicKey()), "ada"); err != nil {
		t.Fatal(err)
	}
	bob := sshtest.Dial(t, addr, "bob", sshtest.NewKey(t))
	if out, _, code := sshtest.Exec(t, bob, "history --practice"); code != 0 || !strings.Contains(out, "no stored practice games of bob") {
		t.Errorf("bob's history --practice: %d %q", code, out)
	}
	if rows := historyRows(t, bob, "ada"); len(rows) != 0 {
		t.Errorf("bob sees ada's practice: %+v", rows)
	}
	if _, errOut, code := sshtest.Exec(t, bob, "history ada --practice"); code != 1 || !strings.Contains(errOut, "their player's and teachers' only") {
		t.Errorf("bob's history ada --practice: %d %q", code, errOut)
	}
	if _, errOut, code := sshtest.Exec(t, bob, "replay "+ids[0]+" --json"); code != 1 || !strings.Contains(errOut, "is a practice game: only its player and teachers") {
		t.Errorf("bob replays ada's practice game: %q", errOut)
	}
	prof := sshtest.Dial(t, addr, "marie", teacher)
	if rows := historyRows(t, prof, "ada --practice"); len(rows) != 3 {
		t.Errorf("the teacher's history ada --practice: %+v", rows)
	}
	if _, errOut, code := sshtest.Exec(t, prof, "replay "+ids[0]+" --json"); code != 0 {
		t.Errorf("the teacher cannot replay ada's practice: %q", errOut)
	}

	board, err := st.Leaderboard(context.Background(), "sevencolors", 10)
	if err != nil || len(board) != 0 {
		t.Errorf("practice rated: %+v %v", board, err)
	}
}

// With 2 kept per key, a practice of 3 games keeps its last 2: the first is pruned as the
// third is stored.
func TestPracticeKeepsTheLatestOfAKey(t *testing.T) {
	addr, _ := practiceArena(t, 2, sshtest.NewKey(t))
	ada := sshtest.NewKey(t)
	ids, stderr := practise(t, addr, ada, "3")
	if len(ids) != 3 {
		t.Fatalf("the result lines name %v:\n%s", ids, stderr)
	}
	c := sshtest.Dial(t, addr, "ada", ada)
	var listed []string
	for _, r := range historyRows(t, c, "--practice") {
		listed = append(listed, r.ID)
	}
	if want := []string{ids[2], ids[1]}; !slices.Equal(listed, want) {
		t.Fatalf("history --practice lists %v, want %v", listed, want)
	}
	if _, errOut, code := sshtest.Exec(t, c, "replay "+ids[0]+" --json"); code == 0 || !strings.Contains(errOut, "no stored game") {
		t.Errorf("the pruned game replays: %d %q", code, errOut)
	}
}

// A store that cannot be written loses nothing of the practice: its games are played to
// the end, and stderr says once that they were not kept.
func TestPracticeGoesOnWhenItCannotBeKept(t *testing.T) {
	addr, st := practiceArena(t, 0, sshtest.NewKey(t))
	st.Close()
	_, stderr := practise(t, addr, sshtest.NewKey(t), "3")
	if strings.Count(stderr, "not kept") != 1 || !strings.Contains(stderr, "practice over: ") || strings.Count(stderr, "game 3 (") != 1 {
		t.Fatalf("stderr:\n%s", stderr)
	}
}
