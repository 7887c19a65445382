package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/tournament/director"
)

// recordingArena is an arena over SSH that stores its finished games, as arena serve does.
func recordingArena(t *testing.T) string {
	t.Helper()
	st := arenatest.Store(t)
	cfg := arenatest.FastHub()
	cfg.OnFinish = director.New(st, nil).OnFinish(st.SaveMatch)
	hub := rooms.NewHub(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); hub.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done; hub.WaitSaves() })
	app := commands.New(commands.Options{Hub: hub, FillAfter: 50 * time.Millisecond, Archive: st, Logger: slog.New(slog.DiscardHandler)})
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.Logger = slog.New(slog.DiscardHandler) })
	return addr
}

// storedGame plays one quick-match game over SSH (a house bot fills the table) with a
// program that answers turn ID with legal[ID % len(legal)], as testdata/rerun/pick.py
// does, exports it with replay ID --json into a file, and returns the file, the program's
// seat and the legal actions of each turn it read, by id. With refuse > 0 it answers, as
// pick.py with REFUSED does, an illegal colour once (7 Colors).
func storedGame(t *testing.T, addr, name, args string, refuse int) (file string, seat int, legal map[int][]any) {
	file, seat, legal, _ = storedGameLines(t, addr, name, args, refuse)
	return file, seat, legal
}

// storedGameLines is storedGame with every line the program read, in order.
func storedGameLines(t *testing.T, addr, name, args string, refuse int) (file string, seat int, legal map[int][]any, lines []string) {
	t.Helper()
	key := sshtest.NewKey(t)
	b := arenatest.StartBot(t, sshtest.Dial(t, addr, name, key), args)
	legal = map[int][]any{}
	id := ""
	for {
		line, ok := b.St.ReadLine(t, 20*time.Second)
		if !ok {
			break
		}
		lines = append(lines, line+"\n")
		var m arenatest.Msg
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		switch m.Str("type") {
		case "start":
			seat = m.Num("seat")
		case "turn":
			l := m["legal"].([]any)
			legal[m.Num("id")] = l
			action, _ := json.Marshal(l[m.Num("id")%len(l)])
			if refuse > 0 && m.Num("id") >= refuse {
				for colour := 3; colour <= 9; colour++ {
					if !strings.Contains(fmt.Sprint(l), fmt.Sprint(colour)) {
						action, refuse = []byte(fmt.Sprint(colour)), 0
						break
					}
				}
			}
			b.Send(`{"type":"action","match":%q,"id":%d,"action":%s}`, m.Str("match"), m.Num("id"), action)
		case "end":
			id = m.Str("replay")
		}
	}
	if id == "" {
		t.Fatalf("no stored game; stderr:\n%s", b.St.Stderr())
	}
	out, errOut, code := sshtest.Exec(t, sshtest.Dial(t, addr, name, key), "replay "+id+" --json")
	if code != 0 {
		t.Fatalf("replay --json: %d %q", code, errOut)
	}
	file = filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return file, seat, legal, lines
}

// moveOfTurn is the move number (from 1) at which the program read turn id, from the
// export's clocks.
func moveOfTurn(t *testing.T, file string, id int) int {
	t.Helper()
	raw, _ := os.ReadFile(file)
	var ex struct {
		Moves []struct {
			Turn int `json:"turn"`
		} `json:"moves"`
	}
	if err := json.Unmarshal(raw, &ex); err != nil {
		t.Fatal(err)
	}
	for i, m := range ex.Moves {
		if m.Turn == id {
			return i + 1
		}
	}
	t.Fatalf("no move of turn %d in the export", id)
	return 0
}

func rerunOnce(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = rerunEnv{stdout: &out, stderr: &errOut, lacks: func() string { return "" }}.run(append(args, "--no-sandbox"))
	return code, out.String(), errOut.String()
}

// arena rerun feeds a program the turn lines of a stored game: the same program matches
// every decision (exit 0), a changed one is stopped at its first differing decision, with
// both answers and the commands that reproduce it (exit 1); --play-on plays the game out.
// 7 Colors, and DiceWars, whose dice come from the stored seed.
func TestRerunFindsTheFirstDifferingDecision(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	addr := recordingArena(t)
	pick, _ := filepath.Abs("testdata/rerun/pick.py")
	for _, tc := range []struct{ game, args string }{
		{"sevencolors", "--game sevencolors --size 10 --games 1"},
		{"dicewars", "--game dicewars --games 1"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			file, seat, legal, read := storedGameLines(t, addr, "rr"+tc.game[:4], tc.args, 0)
			log := filepath.Join(t.TempDir(), "read.log")
			code, out, errOut := rerunOnce(t, file, "--seat", fmt.Sprint(seat), "exec:python3 "+pick+" 0 0 "+log)
			want := fmt.Sprintf("all %d decisions of seat %d match the stored game\n", len(legal), seat)
			if code != 0 || !strings.HasSuffix(out, want) {
				t.Fatalf("the same program: %d\n%s%s", code, out, errOut)
			}
			// It read what it read over SSH: the hello, the start and every turn line, byte
			// for byte (the end's outcome is the same; the server's end also names the replay).
			again, _ := os.ReadFile(log)
			reread := strings.SplitAfter(string(again), "\n")
			compared := 0
			for i, line := range read {
				if strings.Contains(line, `"type":"end"`) {
					break
				}
				compared++
				if i >= len(reread) || reread[i] != line {
					got := ""
					if i < len(reread) {
						got = reread[i]
					}
					t.Fatalf("line %d: over SSH the program read\n%.300s\nrerun gave it\n%.300s", i+1, line, got)
				}
			}
			if !strings.HasPrefix(read[0], `{"type":"hello"`) || !strings.HasPrefix(read[1], `{"type":"start"`) || compared != 2+len(legal) {
				t.Fatalf("%d lines compared, %d turns; the first two: %.100s %.100s", compared, len(legal), read[0], read[1])
			}
			// The changed kit answers otherwise from turn 3 on, at the first turn with three
			// legal actions or more.
			first := 0
			for id := 3; id <= len(legal); id++ {
				if l := legal[id]; len(l) >= 3 {
					first = id
					break
				}
			}
			if first == 0 {
				t.Fatalf("no turn from 3 on with three legal actions: %v", legal)
			}
			n := moveOfTurn(t, file, first)
			stored, _ := json.Marshal(legal[first][first%len(legal[first])])
			changed, _ := json.Marshal(legal[first][(first+1)%len(legal[first])])
			code, out, errOut = rerunOnce(t, file, "--seat", fmt.Sprint(seat), "exec:python3 "+pick+" 3")
			k := 0
			for id := range legal {
				if id <= first {
					k++
				}
			}
			for _, says := range []string{
				fmt.Sprintf("decision %d of %d (move %d, turn %d) differs:\n", k, len(legal), n, first),
				fmt.Sprintf("  the stored game: %s\n  your program:    %s\n", stored, changed),
				fmt.Sprintf(" --input %d --seat %d > turn.json", n, seat),
				fmt.Sprintf("--position %d > position.json", n),
				fmt.Sprintf("arena position obs --game %s --seat %d < position.json", tc.game, seat),
			} {
				if !strings.Contains(out, says) {
					t.Errorf("the changed program: %q is not in\n%s", says, out)
				}
			}
			if code != 1 || strings.Contains(out, "match the stored game") {
				t.Fatalf("the changed program: %d\n%s%s", code, out, errOut)
			}
			code, out, errOut = rerunOnce(t, file, "--seat", fmt.Sprint(seat), "--play-on", "exec:python3 "+pick+" 3")
			if code != 1 || !strings.Contains(out, "played on: ranks") || !strings.Contains(out, "the stored game: ranks") ||
				!strings.Contains(out, "playing on with your program in seat") {
				t.Fatalf("--play-on: %d\n%s%s", code, out, errOut)
			}
			t.Logf("%s: %d decisions; the changed program differs at decision %d (move %d)\n%s", tc.game, len(legal), k, n, out)
		})
	}
}

// A stored answer the referee refused (an illegal colour, the default played instead) is
// an answer like another: the same program sending it again matches; one that plays a
// legal colour there differs, and both answers say what they were.
func TestRerunComparesRefusedAnswers(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	addr := recordingArena(t)
	pick, _ := filepath.Abs("testdata/rerun/pick.py")
	file, seat, legal := storedGame(t, addr, "refuser", "--game sevencolors --size 10 --games 1", 2)
	raw, _ := os.ReadFile(file)
	var ex struct {
		Moves []struct {
			Turn int             `json:"turn"`
			Warn string          `json:"warn"`
			Sent json.RawMessage `json:"sent"`
		} `json:"moves"`
	}
	if err := json.Unmarshal(raw, &ex); err != nil {
		t.Fatal(err)
	}
	n, turn, sent := 0, 0, ""
	for i, m := range ex.Moves {
		if m.Warn != "" {
			n, turn, sent = i+1, m.Turn, string(m.Sent)
			break
		}
	}
	if n == 0 {
		t.Fatalf("no refused answer in the stored game:\n%s", raw)
	}
	code, out, errOut := rerunOnce(t, file, "--seat", fmt.Sprint(seat), "exec:python3 "+pick+" 0 2")
	if code != 0 || !strings.Contains(out, fmt.Sprintf("all %d decisions of seat %d match", len(legal), seat)) {
		t.Fatalf("the same program, refused at move %d: %d\n%s%s", n, code, out, errOut)
	}
	code, out, errOut = rerunOnce(t, file, "--seat", fmt.Sprint(seat), "exec:python3 "+pick)
	l := legal[turn]
	played, _ := json.Marshal(l[turn%len(l)])
	want := fmt.Sprintf("(move %d, turn %d) differs:\n  the stored game: %s, refused (illegal_action): the default was played\n  your program:    %s\n", n, turn, sent, played)
	if code != 1 || !strings.Contains(out, want) {
		t.Fatalf("a program that plays a legal colour at move %d: %d\n%s%s\nwant %q", n, code, out, errOut, want)
	}
}

// What arena rerun refuses, with status 2 and one sentence: no seed (a tournament's game
// exported while it runs), a real-time game, a seat the game does not have or that made no
// move, and command lines without a FILE, a program or --seat.
func TestRerunRefusals(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	noSeed := write("noseed.json", `{"id":"m_a_b","game":"sevencolors","config":{"size":5},"seats":[{"name":"a"},{"name":"b"}],"moves":[]}`)
	aim := write("aim.json", `{"id":"m_a_b","game":"perfectaim","config":{},"seed":1,"seats":[{"name":"a"},{"name":"b"}],"moves":[]}`)
	empty := write("empty.json", `{"id":"m_a_b","game":"sevencolors","config":{"size":5},"seed":1,"seats":[{"name":"a"},{"name":"b"}],"moves":[]}`)
	junk := write("junk.json", `not json`)
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{noSeed, "--seat", "0", "exec:true"}, "has no seed"},
		{[]string{aim, "--seat", "0", "exec:true"}, "played in real time"},
		{[]string{empty, "--seat", "5", "exec:true"}, "--seat takes 0 to 1"},
		{[]string{empty, "--seat", "0", "exec:true"}, "made no decision"},
		{[]string{junk, "--seat", "0", "exec:true"}, "is not a game exported by replay ID --json"},
		{[]string{filepath.Join(dir, "none.json"), "--seat", "0", "exec:true"}, "no such file"},
		{[]string{empty, "--seat", "0"}, `exec:"COMMAND"`},
		{[]string{"--seat", "0", "exec:true"}, "give the game exported"},
		{[]string{empty, "exec:true"}, "--seat S is required"},
		{[]string{empty, empty, "--seat", "0", "exec:true"}, "give one FILE"},
		{[]string{empty, "--seat", "0", "--nope", "exec:true"}, "-nope"},
	} {
		code, out, errOut := rerunOnce(t, tc.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.says) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: %d %q %q; want 2 and %q", tc.args, code, out, errOut, tc.says)
		}
	}
	var out bytes.Buffer
	if code := (rerunEnv{stdout: &out, stderr: &out}).run([]string{"--help"}); code != 0 || !strings.Contains(out.String(), "Usage: arena rerun FILE --seat S") {
		t.Errorf("--help: %d %q", code, out.String())
	}
}
