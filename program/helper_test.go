package program_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The test binary doubles as a bot program: with ARENA_TEST_BOT set it plays the protocol
// on stdin/stdout with the misbehaviours listed there, and logs every line it receives to
// ARENA_TEST_LOG, so that tests see the protocol from the program's side.
func TestMain(m *testing.M) {
	if mode := os.Getenv("ARENA_TEST_BOT"); mode != "" {
		os.Exit(testBot(mode, os.Getenv("ARENA_TEST_LOG")))
	}
	os.Exit(m.Run())
}

// botCmd is the sh -c command line that runs the test binary as a bot.
func botCmd(mode, logFile string) string {
	// A race-enabled binary sleeps a second at exit unless told otherwise.
	return fmt.Sprintf("GORACE=atexit_sleep_ms=0 ARENA_TEST_BOT=%s ARENA_TEST_LOG=%s exec %s", shq(mode), shq(logFile), shq(os.Args[0]))
}

func shq(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// testBot modes, comma-separated: legal (default), crash:N (exit after N answers),
// quit:N (exit with status 0 after N answers),
// silent (never answer), slow:MS (sleep before each answer), slowstart:MS (sleep before the
// first answer only, as an interpreter loading), garbage:K, long:K (a 70 KB
// line), stale:K (an old id first), illegal:K (its own colour; in Perfect Aim a move into a
// wall), unreadable:K (an action no game reads), resign:K (at turn K), ping (a ping before
// each answer), deaf (never read stdin).
func testBot(mode string, logFile string) int {
	opts := map[string]int{}
	for _, f := range strings.Split(mode, ",") {
		k, v, _ := strings.Cut(f, ":")
		n, _ := strconv.Atoi(v)
		opts[k] = n
		if v == "" {
			opts[k] = -1
		}
	}
	if _, ok := opts["deaf"]; ok {
		time.Sleep(time.Minute)
		return 0
	}
	var logw *os.File
	if logFile != "" {
		var err error
		if logw, err = os.OpenFile(logFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err != nil {
			return 9
		}
		defer logw.Close()
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	turns, answered := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if logw != nil {
			logw.WriteString(line + "\n")
		}
		var msg struct {
			Type  string          `json:"type"`
			Match string          `json:"match"`
			ID    int             `json:"id"`
			Legal []int           `json:"legal"`
			Obs   json.RawMessage `json:"obs"`
		}
		if json.Unmarshal([]byte(line), &msg) != nil || msg.Type != "turn" {
			continue
		}
		turns++
		at := func(k string) bool { n, ok := opts[k]; return ok && n == turns }
		if _, ok := opts["silent"]; ok {
			continue
		}
		if n, ok := opts["crash"]; ok && answered >= n {
			return 3
		}
		if n, ok := opts["quit"]; ok && answered >= n {
			return 0 // a clean exit in the middle of a game
		}
		if ms, ok := opts["slow"]; ok {
			time.Sleep(time.Duration(ms) * time.Millisecond)
		}
		if ms, ok := opts["slowstart"]; ok && turns == 1 {
			time.Sleep(time.Duration(ms) * time.Millisecond)
		}
		if _, ok := opts["ping"]; ok {
			say(`{"type":"ping"}`)
		}
		action, illegal := legalAndIllegal(msg.Obs, msg.Legal)
		switch {
		case at("garbage"):
			say("this is not json")
			continue
		case at("long"):
			say(`{"type":"ping","pad":"` + strings.Repeat("x", 70<<10) + `"}`)
			continue
		case at("resign"):
			say(fmt.Sprintf(`{"type":"resign","match":%q}`, msg.Match))
			continue
		case at("stale"):
			say(fmt.Sprintf(`{"type":"action","match":%q,"id":%d,"action":%s}`, msg.Match, msg.ID-1, action))
		case at("illegal"):
			action = illegal
		case at("unreadable"):
			action = `"JUMP"`
		}
		say(fmt.Sprintf(`{"type":"action","match":%q,"id":%d,"action":%s}`, msg.Match, msg.ID, action))
		answered++
	}
	return 0
}

// received reads what the test bot logged, one decoded object per line.
func received(t *testing.T, logFile string) []map[string]any {
	t.Helper()
	b, err := os.ReadFile(logFile)
	if os.IsNotExist(err) {
		return nil // the bot never read a line
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("the server sent a line that is not JSON: %q", l)
		}
		out = append(out, m)
	}
	return out
}

func ofType(msgs []map[string]any, typ string) []map[string]any {
	var out []map[string]any
	for _, m := range msgs {
		if m["type"] == typ {
			out = append(out, m)
		}
	}
	return out
}

// legalAndIllegal picks the test bot's answers, as JSON: 7 Colors plays its first legal
// colour and refuses its own code; Perfect Aim (no legal list) moves to the first neighbour,
// in the order RIGHT, DOWN, LEFT, UP, that is neither wall nor player nor lava (else WAITs),
// and refuses a move into a wall.
func legalAndIllegal(obs json.RawMessage, legal []int) (string, string) {
	var o struct {
		You  json.RawMessage `json:"you"`
		Grid [][]string      `json:"tile_grid"`
	}
	if err := json.Unmarshal(obs, &o); err != nil {
		return "0", "0"
	}
	if o.Grid == nil {
		return strconv.Itoa(legal[0]), string(o.You)
	}
	var me struct{ X, Y int }
	if err := json.Unmarshal(o.You, &me); err != nil {
		return `"WAIT"`, `"WAIT"`
	}
	dirs := []struct {
		name   string
		dx, dy int
	}{{"RIGHT", 1, 0}, {"DOWN", 0, 1}, {"LEFT", -1, 0}, {"UP", 0, -1}}
	play, wall := `"WAIT"`, `"WAIT"`
	for _, d := range dirs {
		switch tile := o.Grid[me.Y+d.dy][me.X+d.dx]; {
		case tile == "WALL":
			if wall == `"WAIT"` {
				wall = `"MOVE_` + d.name + `"`
			}
		case tile != "LAVA" && !strings.HasPrefix(tile, "PLAYER_") && play == `"WAIT"`:
			play = `"MOVE_` + d.name + `"`
		}
	}
	return play, wall
}
