package commands_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/bits"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// Dice that a bot could know in advance (issue "Security round two", item 3): DiceWars' seed
// decides every roll, and a bot that learns it rebuilds the game and attacks only when its
// copy says it wins. These tests play a DiceWars assignment and a DiceWars tournament as a
// student's program over SSH and scan every byte the student receives (hello, start, turn,
// end, warn lines, stderr, replays and histories) for any number derived from a game's seed.

// seedArena is arena serve's arena on a store, with the director, assignments, replays and
// teacher's key as an admin; every practice and assignment seed is reported to watch.
func seedArena(t *testing.T, teacher gossh.Signer, watch func(uint64)) (string, *store.Store) {
	t.Helper()
	adminFile := arenatest.AdminKeys(t, teacher)
	st := arenatest.Store(t)
	secret, err := st.SeedSecret(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	d := director.New(st, nil)
	cfg := arenatest.FastHub()
	cfg.OnFinish = d.OnFinish(st.SaveMatch)
	cfg.Secret = secret
	hub := rooms.NewHub(cfg)
	d.SetHub(hub)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{}, 2)
	go func() { hub.Run(ctx); done <- struct{}{} }()
	go func() { d.Run(ctx); done <- struct{}{} }()
	t.Cleanup(func() { cancel(); <-done; <-done; hub.WaitSaves() })
	app := commands.New(commands.Options{Hub: hub, Archive: st, Assignments: st, Tournaments: st, Director: d,
		Logger: slog.New(slog.DiscardHandler)})
	app.Bots().WatchSeeds(watch)
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.AdminKeysFile = adminFile; c.Logger = slog.New(slog.DiscardHandler) })
	return addr, st
}

// seedWitness collects seeds the way a player could write them: decimal, hex, and the
// neighbours S±k of each (game i of a batch played seed S+i).
type seedWitness struct {
	mu    sync.Mutex
	seeds []uint64
}

func (w *seedWitness) add(s uint64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.seeds = append(w.seeds, s)
}

func (w *seedWitness) list() []uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]uint64(nil), w.seeds...)
}

// neighbours is how far from a seed the scan looks (a batch of up to 2k+1 games).
const neighbours = 40

// spellings are the ways seeds (and their neighbours) could be written: decimal, hex in
// both cases. Numbers of fewer than six digits are left out: they occur in any game.
func spellings(seeds []uint64) map[string]uint64 {
	out := make(map[string]uint64)
	for _, s := range seeds {
		for d := -neighbours; d <= neighbours; d++ {
			v := s + uint64(d)
			if d < 0 && uint64(-d) >= s {
				continue
			}
			if dec := fmt.Sprint(v); len(dec) >= 6 {
				out[dec] = s
			}
			if hex := fmt.Sprintf("%x", v); len(hex) >= 6 {
				out[hex], out[strings.ToUpper(hex)] = s, s
			}
		}
	}
	return out
}

// mustNotReveal fails if text, what a player received, holds one of seeds in any spelling.
func mustNotReveal(t *testing.T, what, text string, seeds []uint64) {
	t.Helper()
	for spelled, s := range spellings(seeds) {
		if i := strings.Index(text, spelled); i >= 0 {
			t.Errorf("%s reveals seed %d (as %q): …%s…", what, s, spelled, text[max(0, i-80):min(len(text), i+len(spelled)+40)])
		}
	}
}

// readAll reads every line a bot session sends, answering each turn with its first legal
// action; after is called with each "end".
func readAll(t *testing.T, b *arenatest.Bot, after func(end arenatest.Msg)) (stdout string) {
	t.Helper()
	var all strings.Builder
	for {
		line, ok := b.St.ReadLine(t, 60*time.Second)
		if !ok {
			return all.String()
		}
		all.WriteString(line + "\n")
		var m arenatest.Msg
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("stdout carried a line that is not JSON: %q", line)
		}
		switch m.Str("type") {
		case "turn":
			b.Answer(m)
		case "end":
			if after != nil {
				after(m)
			}
		}
	}
}

// A student plays a DiceWars assignment twice: nothing they receive tells a game's seed, the
// assignment's seed or a neighbour of either; each run has its own 53-bit seeds; --seed is
// refused.
func TestADiceWarsAssignmentRevealsNoSeed(t *testing.T) {
	teacher, student := sshtest.NewKey(t), sshtest.NewKey(t)
	var played seedWitness
	addr, st := seedArena(t, teacher, played.add)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	out, errOut, status := sshtest.Exec(t, prof, "assignment create --game dicewars --vs seed --games 3 --config areas=12 --pass 90%")
	if status != 0 {
		t.Fatalf("create: %d %q", status, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	code := lines[len(lines)-1]
	as, err := st.Assignment(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}

	refused := arenatest.StartBot(t, sshtest.Dial(t, addr, "sam", student), "--game dicewars --assignment "+code+" --seed 5")
	refused.PlayAll()
	refused.St.Wait(t, 10*time.Second)
	if !strings.Contains(refused.St.Stderr(), "--seed does not go with --assignment") {
		t.Fatalf("--seed with an assignment: %q", refused.St.Stderr())
	}

	var received strings.Builder
	var runs [][]uint64
	for run := range 2 {
		before := len(played.list())
		b := arenatest.StartBot(t, sshtest.Dial(t, addr, "sam", student), "--game dicewars --assignment "+code)
		received.WriteString(readAll(t, b, nil))
		if status := b.St.Wait(t, 20*time.Second); status != 0 {
			t.Fatalf("run %d: exit %d; stderr:\n%s", run, status, b.St.Stderr())
		}
		received.WriteString(b.St.Stderr())
		if !strings.Contains(b.St.Stderr(), "recorded") {
			t.Fatalf("run %d was not recorded: %s", run, b.St.Stderr())
		}
		runs = append(runs, played.list()[before:])
	}
	seeds := played.list()
	if len(seeds) != 6 || len(runs[0]) != 3 {
		t.Fatalf("%d games seen, want 3 a run: %v", len(seeds), seeds)
	}
	for _, s := range seeds {
		if bits.Len64(s) < 40 {
			t.Errorf("seed %d: an assignment's DiceWars seeds have 53 bits", s)
		}
	}
	for _, a := range runs[0] {
		for _, b := range runs[1] {
			if a == b {
				t.Fatalf("two runs share seed %d: the first run's games would foretell the second's dice", a)
			}
		}
	}
	mustNotReveal(t, "the assignment's session", received.String(), append(seeds, as.Seed))
}

// A student's program plays a DiceWars tournament (a double round robin against the seed
// bot, of a seed the teacher chose): nothing it receives, nor the replays and histories it
// asks for while the tournament runs, tells a seed of its games or the tournament's; once
// the tournament is over a replay shows its own game's seed, and only that one.
func TestADiceWarsTournamentRevealsNoSeed(t *testing.T) {
	teacher, student := sshtest.NewKey(t), sshtest.NewKey(t)
	addr, st := seedArena(t, teacher, nil)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	const base = 7_654_321_987_654
	code := createTournament(t, prof, fmt.Sprintf("--game dicewars --format double-round-robin --config areas=12 --seed %d", base), "seed")

	sam := sshtest.Dial(t, addr, "sam", student)
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "sam", student), "--game dicewars --tournament "+code)
	until.True(t, 20*time.Second, "the program entering", func() bool { return len(standings(t, prof, code).Standings) >= 2 })
	if _, errOut, status := sshtest.Exec(t, prof, "tournament start "+code); status != 0 {
		t.Fatalf("start: %d %q", status, errOut)
	}

	var asked strings.Builder // what the student read with other commands while it ran
	var firstGame string
	stdout := readAll(t, b, func(end arenatest.Msg) {
		if firstGame != "" {
			return
		}
		// Game 1 is over and stored, game 2 is due: the tournament runs.
		firstGame = end.Str("replay")
		if s := standings(t, prof, code); s.State != store.TournamentRunning {
			t.Fatalf("after the first game the tournament is %s", s.State)
		}
		for _, cmd := range []string{"replay " + firstGame + " --json", "history --json", "history"} {
			out, errOut, status := sshtest.Exec(t, sam, cmd)
			if status != 0 {
				t.Fatalf("%s: %d %q", cmd, status, errOut)
			}
			asked.WriteString(out + errOut)
		}
	})
	b.St.Wait(t, 20*time.Second)
	if s := standings(t, prof, code); s.State != store.TournamentFinished || s.GamesPlayed != 2 {
		t.Fatalf("the tournament: %+v", s)
	}

	ctx := context.Background()
	results, err := st.TournamentGames(ctx, code)
	if err != nil || len(results) != 2 {
		t.Fatalf("%d results (%v), want 2", len(results), err)
	}
	seedOf := make(map[string]uint64)
	var seeds []uint64
	for _, r := range results {
		m, err := st.Match(ctx, r.MatchID)
		if err != nil {
			t.Fatal(err)
		}
		if bits.Len64(m.Seed) < 40 {
			t.Errorf("game %s: seed %d; a tournament's seeds have 53 bits", m.ID, m.Seed)
		}
		seedOf[m.ID] = m.Seed
		seeds = append(seeds, m.Seed)
	}
	if _, ok := seedOf[firstGame]; !ok {
		t.Fatalf("the first game's end named %q, not a stored game of the tournament", firstGame)
	}
	all := append(seeds, base)
	mustNotReveal(t, "the program's stdout", stdout, all)
	mustNotReveal(t, "the program's stderr", b.St.Stderr(), all)
	mustNotReveal(t, "replay and history during the tournament", asked.String(), all)
	if !strings.Contains(stdout, `"type":"turn"`) || !strings.Contains(asked.String(), `"moves"`) {
		t.Fatalf("the scan saw no game: stdout %d bytes, replay %d bytes", len(stdout), asked.Len())
	}

	// Over: a game's replay shows its own seed (keyed, it tells nothing of the others), and
	// nothing of the other game's or the tournament's.
	for id, own := range seedOf {
		out, errOut, status := sshtest.Exec(t, sam, "replay "+id+" --json")
		if status != 0 {
			t.Fatalf("replay %s: %d %q", id, status, errOut)
		}
		var got struct{ Seed *uint64 }
		if err := json.Unmarshal([]byte(out), &got); err != nil || got.Seed == nil || *got.Seed != own {
			t.Errorf("replay %s once the tournament is over: seed %v, want %d", id, got.Seed, own)
		}
		var others []uint64
		for _, s := range all {
			if s != own {
				others = append(others, s)
			}
		}
		mustNotReveal(t, "replay "+id+" after the tournament", out, others)
	}
}

// War Hammer's seed is public (it makes the board): its house bots' seeds must not follow
// from it. In practice with a seed the student chose, the random bot plays the same moves on
// the same server (practice stays reproducible) and other moves on a server of another
// secret: its moves are not a function of the public seed.
func TestHouseBotsAreNotSeededFromThePublicSeed(t *testing.T) {
	movesOf := func(secret seed.Secret) []string {
		cfg := arenatest.FastHub()
		cfg.Secret = secret
		addr, _, _ := arenatest.BotArena(t, cfg, time.Hour)
		b := arenatest.StartBot(t, sshtest.Dial(t, addr, "sam", sshtest.NewKey(t)), "--game warhammer --practice --vs random --seed 77 --games 2")
		var boards []string
		for _, m := range b.PlayAll() {
			if m.Str("type") == "turn" {
				obs, _ := json.Marshal(m["obs"])
				boards = append(boards, string(obs))
			}
		}
		return boards
	}
	one := seed.Secret(bytes.Repeat([]byte{1}, seed.SecretSize))
	a, again, other := movesOf(one), movesOf(one), movesOf(seed.Secret(bytes.Repeat([]byte{2}, seed.SecretSize)))
	if len(a) == 0 || strings.Join(a, "\n") != strings.Join(again, "\n") {
		t.Fatal("the same seed on the same server: other games (practice must stay reproducible)")
	}
	if strings.Join(a, "\n") == strings.Join(other, "\n") {
		t.Fatal("two secrets, the same bot moves: the bots draw from the public seed")
	}
	if rooms.BotSeed(one, 77, 1) == rooms.BotSeed(one, 78, 1) || rooms.BotSeed(one, 77, 0) == rooms.BotSeed(one, 77, 1) {
		t.Fatal("bot seeds ignore the game or the seat")
	}
}

// Practice of DiceWars without --seed: the server draws each game's seed (53 bits, keyed),
// sends none on stdout and names none before the game (match ids are game numbers), and
// prints each game's own on its result line once it is over, to play it again. A seed the
// student chose is theirs: shown, and game i plays it + i.
func TestDiceWarsPracticeShowsASeedOnlyOnceItsGameIsOver(t *testing.T) {
	var played seedWitness
	teacher := sshtest.NewKey(t)
	addr, _ := seedArena(t, teacher, played.add)
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, "sam", sshtest.NewKey(t)), "--game dicewars --practice --vs seed --games 3 --config areas=12")
	stdout := readAll(t, b, nil)
	b.St.Wait(t, 20*time.Second)
	seeds := played.list()
	if len(seeds) != 3 {
		t.Fatalf("%d games, want 3", len(seeds))
	}
	mustNotReveal(t, "practice's stdout", stdout, seeds)
	for i, m := range []string{`"match":"p_1"`, `"match":"p_2"`, `"match":"p_3"`} {
		if !strings.Contains(stdout, m) {
			t.Errorf("game %d is not match p_%d", i+1, i+1)
		}
	}
	stderr := b.St.Stderr()
	for i, s := range seeds {
		if bits.Len64(s) < 40 {
			t.Errorf("seed %d: a drawn DiceWars seed has 53 bits", s)
		}
		result := fmt.Sprintf("game %d (seed %d, seat %d): ", i+1, s, i%2)
		at := strings.Index(stderr, result)
		if at < 0 {
			t.Fatalf("no result line %q in:\n%s", result, stderr)
		}
		mustNotReveal(t, fmt.Sprintf("stderr before game %d's result", i+1), stderr[:at], seeds[i:])
	}

	chosen := arenatest.StartBot(t, sshtest.Dial(t, addr, "sam", sshtest.NewKey(t)), "--game dicewars --practice --vs seed --games 2 --seed 424242 --config areas=12")
	readAll(t, chosen, nil)
	chosen.St.Wait(t, 20*time.Second)
	if got := played.list()[3:]; len(got) != 2 || got[0] != 424242 || got[1] != 424243 {
		t.Fatalf("--seed 424242 played seeds %v", got)
	}
	if !strings.Contains(chosen.St.Stderr(), "seeds 424242… (repeat with --seed 424242)") {
		t.Fatalf("a chosen seed is not shown: %s", chosen.St.Stderr())
	}
}
