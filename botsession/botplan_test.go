package botsession_test

import (
	"context"
	"encoding/json"
	"io"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/perfectaim/arenamatch"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/program"
)

// The Python Perfect Aim kit practises over a real SSH session, as `ssh -T` would join it:
// it plays RED against zidane, game i from permutation i, and gets exactly the games that
// `arena match --game perfectaim --seats exec:KIT,zidane --seed 3` plays locally.
func TestPerfectAimKitPractisesOverSSH(t *testing.T) {
	need(t, "python3")
	kitPath := abs(t, "../kits/python/perfectaim_bot.py")
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	c := sshtest.Dial(t, addr, "student", sshtest.NewKey(t))
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	proc := exec.Command("python3", kitPath)
	var kitErr, srvErr, sent sshtest.Buffer
	proc.Stderr = &kitErr
	sess.Stderr = &srvErr
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	proc.Stdin = io.TeeReader(out, &sent) // what the server sends, as the kit reads it
	if sess.Stdin, err = proc.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if err := sess.Start("bot --game perfectaim --practice --vs zidane --seed 3 --games 2"); err != nil {
		t.Fatal(err)
	}
	if err := proc.Start(); err != nil {
		t.Fatal(err)
	}
	waitKitAndSession(t, sess, proc, &srvErr, &kitErr)
	var all []arenatest.Msg
	for _, l := range strings.Split(strings.TrimSpace(sent.String()), "\n") {
		var m arenatest.Msg
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("stdout carried a line that is not JSON: %q", l)
		}
		all = append(all, m)
	}
	if h := all[0]; h.Str("type") != "hello" || h.Str("game") != "perfectaim" {
		t.Fatalf("hello %v", h)
	}
	starts, ends, turns := arenatest.OfType(all, "start"), arenatest.OfType(all, "end"), arenatest.OfType(all, "turn")
	if len(starts) != 2 || len(ends) != 2 || len(turns) < 10 {
		t.Fatalf("%d starts, %d ends, %d turns", len(starts), len(ends), len(turns))
	}
	for i, s := range starts {
		cfg := s["config"].(map[string]any)
		// The seed is hidden (it tells where items appear), even the student's own.
		if _, seeded := s["seed"]; seeded || s.Num("seat") != 0 || cfg["permutation"] != float64(i) || cfg["colors"] != float64(3) {
			t.Fatalf("game %d: start %v, want no seed, seat 0 (RED), permutation %d", i, s, i)
		}
	}
	for _, turn := range turns {
		obs := turn["obs"].(map[string]any)
		if _, ok := turn["legal"]; ok || obs["you"].(map[string]any)["color"] != "RED" || obs["fireballs"] == nil {
			t.Fatalf("turn %v", turn)
		}
	}
	if w := arenatest.OfType(all, "warn"); len(w) > 0 {
		t.Fatalf("the kit was warned: %v", w)
	}
	errText := srvErr.String()
	for _, want := range []string{"you are RED, zidane BLUE", "permutation i mod 12", "(seed 3, permutation 0, RED; over at", "(seed 4, permutation 1, RED;", "practice over: "} {
		if !strings.Contains(errText, want) {
			t.Fatalf("server stderr lacks %q:\n%s", want, errText)
		}
	}
	if strings.Count(kitErr.String(), "game ") != 2 {
		t.Fatalf("kit stderr:\n%s", kitErr.String())
	}

	// The same games, played locally.
	e, _ := catalog.Get("perfectaim")
	var notes sshtest.Buffer
	kit, err := match.ExecWith(program.ExecOptions{Stderr: &notes})("python3 '"+kitPath+"'", e.Game)
	if err != nil {
		t.Fatal(err)
	}
	zidane, _ := match.Resolve(e.Game, e.Bots, match.SeatSpec{Bot: "zidane"}, nil)
	jobs, err := arenamatch.Series(games.Config{}, 2, 2, 3, -1)
	if err != nil {
		t.Fatal(err)
	}
	plan := match.Plan{Game: e.Game, Entrants: []match.Entrant{kit, zidane}, Jobs: jobs}
	err = match.Run(context.Background(), plan, match.Options{Parallel: 2}, func(r match.Result) error {
		raw, _ := json.Marshal(r.Outcome)
		var local, remote any
		_ = json.Unmarshal(raw, &local)
		remote = ends[r.Job]["outcome"]
		if !reflect.DeepEqual(local, remote) {
			t.Errorf("game %d: %v locally, %v over SSH", r.Job, local, remote)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Perfect Aim options: the colours come from the seats; with --vs several bots share the
// table, in colour order.
func TestPerfectAimPracticeOptions(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	for args, want := range map[string]string{
		"bot --game perfectaim --practice --config colors=5":                   "colors setting comes from the seats",
		"bot --game perfectaim --size 21":                                      "no setting",
		"bot --game perfectaim --practice --vs zidane,zidane,zidane,zidane":    "at most 4",
		"bot --game perfectaim --practice --vs zidane,nobody":                  `no house bot "nobody"`,
		"bot --game perfectaim --practice --config permutation=-1 --vs zidane": "permutation",
	} {
		out, _, code := sshtest.Exec(t, c, args)
		var m arenatest.Msg
		if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &m); err != nil || m.Str("type") != "error" || !strings.Contains(m.Str("msg"), want) || code == 0 {
			t.Errorf("%s: exit %d, stdout %q; want an error line mentioning %q", args, code, out, want)
		}
	}
	// Three players, a fixed permutation: the bot is RED, the others BLUE and YELLOW.
	b := arenatest.StartBot(t, c, "--game perfectaim --practice --vs zidane,bobmorane --seed 9 --games 1 --config permutation=5")
	seen := b.Until("turn")
	start := seen[len(seen)-2]
	players := start["players"].([]any)
	cfg := start["config"].(map[string]any)
	if start.Str("type") != "start" || len(players) != 3 || cfg["permutation"] != float64(5) || cfg["colors"] != float64(7) {
		t.Fatalf("start %v", start)
	}
	obs := seen[len(seen)-1]["obs"].(map[string]any)
	var colors []string
	for _, p := range obs["players"].([]any) {
		colors = append(colors, p.(map[string]any)["color"].(string))
	}
	if obs["you"].(map[string]any)["color"] != "RED" || strings.Join(colors, " ") != "RED BLUE YELLOW" {
		t.Fatalf("you %v, players %v", obs["you"], colors)
	}
	b.Send(`{"type":"resign","match":%q}`, start.Str("match"))
	if end := b.Until("end"); end[len(end)-1]["outcome"] != nil {
		t.Fatalf("end after resigning: %v", end[len(end)-1])
	}
	if code := b.St.Wait(t, 20*time.Second); code != 0 || !strings.Contains(b.St.Stderr(), "every game starts from permutation 5") {
		t.Fatalf("exit %d; stderr:\n%s", code, b.St.Stderr())
	}
}

func TestSpecPerfectAimOverSSH(t *testing.T) {
	addr, _, _ := arenatest.BotArena(t, arenatest.FastHub(), time.Hour)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	out, _, code := sshtest.Exec(t, c, "spec perfectaim")
	turn := ""
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, `< {"type":"turn"`) {
			turn = l
		}
	}
	if code != 0 || !strings.HasPrefix(turn, `< {"type":"turn","match":"m_example","id":1,"obs":{"t":"1/1","size":21,"you":{"color":"RED","x":1,"y":1,`) ||
		!strings.HasSuffix(turn, `"time":{"move_ms":2000,"bank_ms":5000}}`) || strings.Contains(turn, `"legal"`) ||
		!strings.Contains(out, "tile_grid[y][x]") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	_, errOut, code := sshtest.Exec(t, c, "spec")
	if code != 2 || !strings.Contains(errOut, "sevencolors, perfectaim") {
		t.Fatalf("spec: exit %d, %q", code, errOut)
	}
}
