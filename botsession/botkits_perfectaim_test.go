package botsession_test

import (
	"context"
	"encoding/json"
	"io"
	"os/exec"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/perfectaim/arenamatch"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay"
)

// paKits are the Perfect Aim starters in C and Go (the Python one: botaim_test.go).
var paKits = []kit{cKit("perfectaim_bot.c", "perfectaim_bot"), goKit("perfectaim", "perfectaim_bot")}

// Each kit plays a practice game against zidane over a real SSH session, joined to its stdin
// and stdout as `ssh -T` would: every line it writes is an action for a pending turn, and
// none is refused.
func TestPerfectAimKitsPractiseOverSSH(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	for _, k := range paKits {
		t.Run(k.name, func(t *testing.T) {
			server, actions, srvErr, kitErr := practiseOverSSH(t, addr, k.cmd(t), "bot --game perfectaim --practice --vs zidane --seed 3 --games 1")
			turns, ends := arenatest.OfType(server, "turn"), arenatest.OfType(server, "end")
			if len(turns) < 10 || len(ends) != 1 || ends[0]["outcome"] == nil || len(arenatest.OfType(server, "warn")) > 0 {
				t.Fatalf("%d turns, ends %v, warnings %v", len(turns), ends, arenatest.OfType(server, "warn"))
			}
			// stdout is protocol only: one action per turn, in order, each a move or WAIT.
			if len(actions) != len(turns) {
				t.Fatalf("%d turns, %d lines from the kit", len(turns), len(actions))
			}
			moved := false
			for i, a := range actions {
				act := a.Str("action")
				if a.Str("type") != "action" || a.Str("match") != turns[i].Str("match") || a.Num("id") != turns[i].Num("id") ||
					(act != "WAIT" && !strings.HasPrefix(act, "MOVE_")) {
					t.Fatalf("turn %v answered %v", turns[i]["id"], a)
				}
				moved = moved || act != "WAIT"
			}
			if !moved {
				t.Fatalf("the kit never moved")
			}
			if !strings.Contains(srvErr, "practice over: ") || !strings.Contains(kitErr, "game 1: rank ") {
				t.Fatalf("server stderr:\n%s\nkit stderr:\n%s", srvErr, kitErr)
			}
		})
	}
}

// practiseOverSSH runs the kit argv joined to a real SSH session running command, as `ssh -T`
// would join them, and returns the server's lines, the kit's lines and both stderrs.
func practiseOverSSH(t *testing.T, addr string, argv []string, command string) (server, sent []arenatest.Msg, srvErr, kitErr string) {
	t.Helper()
	c := sshtest.Dial(t, addr, "student", sshtest.NewKey(t))
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	proc := exec.Command(argv[0], argv[1:]...)
	var kitStderr, srvStderr, got, out sshtest.Buffer
	proc.Stderr = &kitStderr
	sess.Stderr = &srvStderr
	fromSrv, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	proc.Stdin = io.TeeReader(fromSrv, &got)
	fromKit, err := proc.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	sshtest.FeedStdin(t, sess, io.TeeReader(fromKit, &out))
	if err := sess.Start(command); err != nil {
		t.Fatal(err)
	}
	if err := proc.Start(); err != nil {
		t.Fatal(err)
	}
	waitKitAndSession(t, sess, proc, &srvStderr, &kitStderr)
	return decodeLines(t, got.String()), decodeLines(t, out.String()), srvStderr.String(), kitStderr.String()
}

func decodeLines(t *testing.T, text string) []arenatest.Msg {
	t.Helper()
	var all []arenatest.Msg
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		var m arenatest.Msg
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("a line that is not a JSON object: %q", l)
		}
		all = append(all, m)
	}
	return all
}

// Each kit connects by itself, spawning the OpenSSH client as students do, and reports the
// server's refusal when the command is wrong.
func TestPerfectAimKitsConnectThemselvesWithOpenSSH(t *testing.T) {
	need(t, "ssh")
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	host, port, _ := strings.Cut(addr, ":")
	sshCmd := openSSHArgs(t, host, port)
	connect := func(t *testing.T, argv []string, command string) (string, error) {
		argv = append(append(argv, sshCmd...), strings.Fields(command)...)
		proc := exec.Command(argv[0], argv[1:]...)
		var out sshtest.Buffer
		proc.Stdout, proc.Stderr = &out, &out
		done := make(chan error, 1)
		if err := proc.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { done <- proc.Wait() }()
		select {
		case err := <-done:
			return out.String(), err
		case <-time.After(60 * time.Second):
			proc.Process.Kill()
			t.Fatalf("still running after a minute:\n%s", out.String())
			return "", nil
		}
	}
	for _, k := range paKits {
		t.Run(k.name, func(t *testing.T) {
			argv := k.cmd(t)
			// Three house bots: the kit reads a four-player table.
			out, err := connect(t, argv, "bot --game perfectaim --practice --vs zidane,bobmorane,anouslefouz --seed 5 --games 1")
			if err != nil || !strings.Contains(out, "practice over: ") || !strings.Contains(out, "game 1: rank ") ||
				!strings.Contains(out, " of 4") || strings.Contains(out, "warning") {
				t.Fatalf("%v\n%s", err, out)
			}
			out, err = connect(t, argv, "bot --game perfectaim --practice --vs nobody")
			if err == nil || !regexp.MustCompile(`perfectaim_bot: (error|server): .*no house bot "nobody"`).MatchString(out) {
				t.Fatalf("a refused session: %v\n%s", err, out)
			}
		})
	}
}

// Each kit runs under `arena match --seats exec:…`, one process per game, with no refused
// action; and since all three starters play the same strategy, they make the very moves the
// Python kit makes (when python3 is here to check).
func TestPerfectAimKitsUnderExec(t *testing.T) {
	e, _ := catalog.Get("perfectaim")
	const n = 12 // every permutation once: each colour starts from every corner
	batch := func(t *testing.T, argv []string) [][]replay.Move {
		var notes sshtest.Buffer
		prog := execEntrant(t, argv, e.Game, &notes)
		zidane, _ := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: "zidane"}, nil)
		bob, _ := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: "bobmorane"}, nil)
		jobs, err := arenamatch.Series(games.Config{}, 3, n, 11, -1)
		if err != nil {
			t.Fatal(err)
		}
		plan := match.Plan{Game: e.Game, Entrants: []match.Entrant{prog, zidane, bob}, Jobs: jobs}
		moves := make([][]replay.Move, n)
		coins := 0
		err = match.Run(context.Background(), plan, match.Options{Parallel: 2, Replays: true}, func(r match.Result) error {
			if r.Outcome == nil || r.Forfeit >= 0 || r.Defaults[0] != 0 || r.Replay == nil {
				t.Errorf("game %d: %+v\n%s", r.Job, r, notes.String())
				return nil
			}
			moves[r.Job] = r.Replay.Moves
			coins += r.Outcome.Scores[0]
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(notes.String(), "game 1: rank") != n || strings.Contains(notes.String(), "arena:") {
			t.Fatalf("the kit's stderr:\n%s", notes.String())
		}
		if coins == 0 {
			t.Fatalf("the kit picked no coin in %d games", n)
		}
		return moves
	}
	var python [][]replay.Move
	if _, err := exec.LookPath("python3"); err == nil {
		python = batch(t, []string{"python3", abs(t, "../kits/python/perfectaim_bot.py")})
	}
	for _, k := range paKits {
		t.Run(k.name, func(t *testing.T) {
			got := batch(t, k.cmd(t))
			for i := range python {
				if !reflect.DeepEqual(got[i], python[i]) {
					t.Errorf("game %d: the kit's moves differ from the Python kit's", i)
				}
			}
		})
	}
}
