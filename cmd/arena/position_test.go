package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/replay/replaytest"
)

const scID = "sevencolors" // the first game with positions

// positionCLI runs the command on the real catalog plus a game without positions.
func positionCLI(stdin string, args ...string) cliResult {
	var out, errb bytes.Buffer
	env := positionEnv{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb,
		games: func() []catalog.Entry { return append(catalog.All(), replaytest.Entry(false)) }}
	code := env.run(args)
	return cliResult{code, out.String(), errb.String()}
}

func mustPosition(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	r := positionCLI(stdin, args...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("arena position %v: status %d: %s", args, r.code, r.stderr)
	}
	return r.stdout
}

type stepLine struct {
	Events   []games.Event   `json:"events"`
	Position json.RawMessage `json:"position"`
	Over     bool            `json:"over"`
	Outcome  *games.Outcome  `json:"outcome"`
}

func step(t *testing.T, position string, action games.Action, seed uint64) stepLine {
	t.Helper()
	a, _ := json.Marshal(action)
	out := mustPosition(t, position, "step", "--game", scID, "--seed", strconv.FormatUint(seed, 10), string(a))
	var s stepLine
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		t.Fatalf("step output %s: %v", out, err)
	}
	if s.Events == nil || s.Over != (s.Outcome != nil) || strings.Count(out, "\n") != 1 {
		t.Fatalf("step output %q", out)
	}
	return s
}

func decode(t *testing.T, position string) games.State {
	t.Helper()
	e, _ := catalog.Get(scID)
	st, err := e.Game.(games.Positions).DecodePosition(json.RawMessage(position), 1)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// new is game 0 of a match: the same seed gives the same board as the referee's.
func TestPositionNewIsTheMatchStart(t *testing.T) {
	e, _ := catalog.Get(scID)
	for _, seed := range []uint64{1, 42, 1 << 40} {
		got := mustPosition(t, "", "new", "--game", scID, "--config", "size=7", "--seed", strconv.FormatUint(seed, 10))
		ref, err := replay.NewReferee(e.Game, games.Config{"size": 7}, seed, []string{"a", "b"})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := e.Game.(games.Positions).EncodePosition(ref.State())
		if got != string(want)+"\n" {
			t.Fatalf("seed %d: new gives\n%s\nthe referee starts from\n%s", seed, got, want)
		}
	}
	// The defaults: seed 1, the fewest seats, the game's default settings.
	def := mustPosition(t, "", "new", "--game", scID)
	if def != mustPosition(t, "", "new", "--game", scID, "--seed", "1", "--players", "2", "--config", "size=30") {
		t.Fatal("the defaults are not seed 1, 2 players, size 30")
	}
}

// new → step … step is the game the referee plays with the same seed and actions.
func TestPositionStepsAreTheRefereeGame(t *testing.T) {
	e, _ := catalog.Get(scID)
	p := e.Game.(games.Positions)
	for seed := uint64(1); seed <= 3; seed++ {
		r := rand.New(rand.NewPCG(seed, 2))
		ref, err := replay.NewReferee(e.Game, games.Config{"size": 5}, seed, []string{"a", "b"})
		if err != nil {
			t.Fatal(err)
		}
		position := mustPosition(t, "", "new", "--game", scID, "--config", "size=5", "--seed", strconv.FormatUint(seed, 10))
		for !ref.State().Over() {
			seat := ref.State().ToMove()[0]
			legal := ref.State().Legal(seat)
			a := legal[r.IntN(len(legal))]
			events, refused := ref.Play(seat, a)
			if refused != nil {
				t.Fatal(refused)
			}
			s := step(t, position, a, seed)
			want, _ := p.EncodePosition(ref.State())
			if string(s.Position) != string(want) {
				t.Fatalf("seed %d move %d: step gives %s, the referee %s", seed, ref.Moves(), s.Position, want)
			}
			// Both through the same decoding, so that Data is a map on both sides.
			var decoded []games.Event
			raw, _ := json.Marshal(events)
			if err := json.Unmarshal(raw, &decoded); err != nil {
				t.Fatal(err)
			}
			wantEvents, _ := json.Marshal(decoded)
			gotEvents, _ := json.Marshal(s.Events)
			if string(wantEvents) != string(gotEvents) {
				t.Fatalf("events %s, the referee's %s", gotEvents, wantEvents)
			}
			if s.Over != ref.State().Over() {
				t.Fatalf("over %v, the referee says %v", s.Over, ref.State().Over())
			}
			position = string(s.Position)
			if s.Over {
				rp := ref.Replay()
				if !slices.Equal(s.Outcome.Ranks, rp.Outcome.Ranks) || !slices.Equal(s.Outcome.Scores, rp.Outcome.Scores) {
					t.Fatalf("outcome %+v, the referee's %+v", s.Outcome, rp.Outcome)
				}
				if _, err := replay.Resimulate(e.Game, rp); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// Deterministic house bots asked through "bot" and played through "step" reproduce the
// "arena match" game of the same seed: the same ranks, scores and number of moves.
func TestPositionBotAndStepReplayAMatchGame(t *testing.T) {
	seats := []string{"greedy", "mixed"}
	const seed = 11
	r := cliCatalog("--game", scID, "--seats", strings.Join(seats, ","), "--games", "1", "--size", "6", "--seed", strconv.Itoa(seed), "--json")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	gs, _ := parseJSONLines(t, r.stdout)
	position := mustPosition(t, "", "new", "--game", scID, "--config", "size=6", "--seed", strconv.Itoa(seed))
	moves := 0
	for {
		st := decode(t, position)
		seat := st.ToMove()[0]
		out := mustPosition(t, position, "bot", "--game", scID, "--bot", seats[seat], "--seed", strconv.Itoa(seed))
		s := step(t, position, json.RawMessage(strings.TrimSpace(out)), seed)
		moves++
		position = string(s.Position)
		if s.Over {
			if !slices.Equal(s.Outcome.Ranks, gs[0].Ranks) || !slices.Equal(s.Outcome.Scores, gs[0].Scores) || moves != gs[0].Moves {
				t.Fatalf("positions: %+v in %d moves; arena match: %+v", s.Outcome, moves, gs[0])
			}
			return
		}
		if moves > 4*36 {
			t.Fatal("the game does not end")
		}
	}
}

// "bot" seeds a random bot as the seat's bot of a match game with that seed.
func TestPositionBotSeed(t *testing.T) {
	e, _ := catalog.Get(scID)
	position := mustPosition(t, "", "new", "--game", scID, "--config", "size=10", "--seed", "5")
	st := decode(t, position)
	info, _ := bots.Find(e.Bots, "random")
	for seed := uint64(0); seed < 20; seed++ {
		got := mustPosition(t, position, "bot", "--game", scID, "--bot", "random_player", "--seed", strconv.FormatUint(seed, 10))
		want := info.New(match.AgentSeed(seed, 0)).Choose(st, 0)
		if got != fmt.Sprintf("%v\n", want) {
			t.Fatalf("seed %d: %q, want %v", seed, got, want)
		}
	}
	if mustPosition(t, position, "bot", "--game", scID, "--bot", "random") != mustPosition(t, position, "bot", "--game", scID, "--bot", "random", "--seed", "1") {
		t.Fatal("the default seed is not 1")
	}
}

// obs prints exactly the obs of the turn a program is sent.
func TestPositionObsIsTheProtocolObs(t *testing.T) {
	e, _ := catalog.Get(scID)
	ref, _ := replay.NewReferee(e.Game, games.Config{"size": 6}, 9, []string{"a", "b"})
	for range 3 {
		seat := ref.State().ToMove()[0]
		ref.Play(seat, ref.State().Legal(seat)[0])
	}
	position, _ := e.Game.(games.Positions).EncodePosition(ref.State())
	for _, seat := range []int{-1, 0, 1} { // -1: the seat to move
		args := []string{"obs", "--game", scID}
		want := seat
		if seat >= 0 {
			args = append(args, "--seat", strconv.Itoa(seat))
		} else {
			want = ref.State().ToMove()[0]
		}
		line, err := botproto.Encode(botproto.NewTurn("m_1", 4, ref.State(), want, 500, 5000))
		if err != nil {
			t.Fatal(err)
		}
		var turn struct{ Obs json.RawMessage }
		if err := json.Unmarshal(line, &turn); err != nil {
			t.Fatal(err)
		}
		if got := mustPosition(t, string(position), args...); got != string(turn.Obs)+"\n" {
			t.Fatalf("seat %d: obs\n%s\nthe turn's obs\n%s", seat, got, turn.Obs)
		}
	}
}

// An illegal action is the rules' judgement: status 1, the error object on stdout, nothing
// played.
func TestPositionIllegalAction(t *testing.T) {
	position := mustPosition(t, "", "new", "--game", scID, "--config", "size=4", "--seed", "3")
	st := decode(t, position)
	seat := st.ToMove()[0]
	for _, a := range []string{"1", "2", "0", "12", "-- -3"} {
		args := append([]string{"step", "--game", scID}, strings.Fields(a)...)
		r := positionCLI(position, args...)
		var out struct {
			Error struct{ Code, Msg string }
		}
		if r.code != 1 || r.stderr != "" || json.Unmarshal([]byte(r.stdout), &out) != nil || out.Error.Code != "illegal_action" || out.Error.Msg == "" {
			t.Fatalf("step %s: status %d, stdout %q, stderr %q", a, r.code, r.stdout, r.stderr)
		}
	}
	// A colour that touches nothing is refused too (in a game it would be a lost turn).
	for c := 3; c <= 9; c++ {
		if st.Validate(seat, c) != nil {
			if r := positionCLI(position, "step", "--game", scID, strconv.Itoa(c)); r.code != 1 {
				t.Fatalf("colour %d: status %d", c, r.code)
			}
		}
	}
}

func TestPositionBadInput(t *testing.T) {
	ok := mustPosition(t, "", "new", "--game", scID, "--config", "size=3")
	cases := []struct {
		stdin string
		args  []string
		says  string
	}{
		{"", nil, "new, step, obs or bot is required"},
		{"", []string{"play"}, `unknown command "play"`},
		{"", []string{"new"}, "--game is required"},
		{"", []string{"new", "--game", "chess"}, `--game: unknown game "chess"`},
		{"", []string{"new", "--game", "perfectaim"}, "real time"},
		{ok, []string{"obs", "--game", "perfectaim"}, "real time"},
		{"", []string{"new", "--game", "race"}, "race has no positions"},
		{"", []string{"new", "--game", scID, "--colour", "3"}, "-colour"},
		{"", []string{"new", "--game", scID, "--seed", "-1"}, "--seed"},
		{"", []string{"new", "--game", scID, "--seed", "x"}, "--seed"},
		{"", []string{"new", "--game", scID, "--players", "3"}, "--players 3"},
		{"", []string{"new", "--game", scID, "--config", "size=51"}, "--config"},
		{"", []string{"new", "--game", scID, "--config", "colours=8"}, "--config"},
		{"", []string{"new", "--game", scID, "--config", "size"}, "KEY=VALUE"},
		{"", []string{"new", "--game", scID, "--seat", "1"}, "-seat"},
		{"", []string{"new", "--game", scID, "extra"}, `unexpected argument "extra"`},
		{ok, []string{"step", "--game", scID}, "ACTION is required"},
		{ok, []string{"step", "--game", scID, "4", "5"}, `unexpected argument "5"`},
		{ok, []string{"step", "--game", scID, "end"}, "not JSON"},
		{ok, []string{"step", "--game", scID, `"end"`}, "ACTION"},
		{ok, []string{"step", "--game", scID, "3.5"}, "ACTION"},
		{"", []string{"step", "--game", scID, "4"}, "position: empty"},
		{"{", []string{"step", "--game", scID, "4"}, "position: not valid JSON"},
		{`{"game":"sevencolors","size":3,"to_move":0}`, []string{"obs", "--game", scID}, "board: missing"},
		{`{"game":"sevencolors","size":3,"board":[[3,4,2],[5,6,7],[1,8,19]],"to_move":0}`, []string{"obs", "--game", scID}, "board[2][2]"},
		{strings.Replace(ok, `"to_move":0`, `"to_move":5`, 1), []string{"bot", "--game", scID, "--bot", "greedy"}, "to_move"},
		{strings.Repeat(" ", maxPosition+1), []string{"obs", "--game", scID}, "more than"},
		{ok, []string{"obs", "--game", scID, "--seat", "2"}, "--seat 2"},
		{ok, []string{"obs", "--game", scID, "--seat", "-1"}, "--seat -1"},
		{ok, []string{"bot", "--game", scID}, "--bot NAME is required"},
		{ok, []string{"bot", "--game", scID, "--bot", "alphazero"}, `no bot "alphazero"`},
	}
	for _, c := range cases {
		r := positionCLI(c.stdin, c.args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, c.says) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("arena position %v: status %d, stdout %q, stderr %q; want status 2 and one line saying %q", c.args, r.code, r.stdout, r.stderr, c.says)
		}
	}
}

func TestPositionStdinTerminal(t *testing.T) {
	var out, errb bytes.Buffer
	env := positionEnv{stdin: strings.NewReader(""), stdinIsTerminal: true, stdout: &out, stderr: &errb, games: catalog.All}
	if code := env.run([]string{"obs", "--game", scID}); code != 2 || !strings.Contains(errb.String(), "pipe one in") {
		t.Fatalf("status %d: %s", code, errb.String())
	}
	// new reads nothing, so a terminal is fine.
	if code := env.run([]string{"new", "--game", scID}); code != 0 {
		t.Fatalf("new: status %d: %s", code, errb.String())
	}
}

func TestPositionHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help"}, {"step", "--help"}} {
		r := positionCLI("", args...)
		if r.code != 0 || !strings.Contains(r.stdout, "arena position step") || !strings.Contains(r.stdout, "Games with positions: sevencolors") {
			t.Fatalf("%v: status %d: %s", args, r.code, r.stdout)
		}
	}
}

// Property: random legal play through "step" ends, within the game's move cap.
func TestPositionRandomPlayThroughStepEnds(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		size := 2 + r.IntN(5)
		position := mustPosition(t, "", "new", "--game", scID, "--config", "size="+strconv.Itoa(size), "--seed", strconv.FormatUint(seed, 10))
		for moves := 0; ; moves++ {
			if moves > 4*size*size {
				t.Fatalf("seed %d: no end after %d moves", seed, moves)
			}
			st := decode(t, position)
			legal := st.Legal(st.ToMove()[0])
			s := step(t, position, legal[r.IntN(len(legal))], seed)
			if s.Over {
				if len(s.Outcome.Ranks) != 2 || len(s.Outcome.Scores) != 2 {
					t.Fatalf("outcome %+v", s.Outcome)
				}
				break
			}
			position = string(s.Position)
		}
	}
}

// docs/positions.md shows real output: it must still be what the commands print.
func TestPositionDocsExamples(t *testing.T) {
	doc, err := os.ReadFile("../../docs/positions.md")
	if err != nil {
		t.Fatal(err)
	}
	p0 := mustPosition(t, "", "new", "--game", scID, "--config", "size=4", "--seed", "3")
	win := `{"game":"sevencolors","size":3,"board":[[3,5,2],[1,1,6],[1,1,7]],"to_move":0}`
	wh := mustPosition(t, "", "new", "--game", "warhammer", "--players", "3", "--config", "size=7", "--seed", "3")
	for _, out := range []string{
		p0,
		mustPosition(t, p0, "obs", "--game", scID),
		mustPosition(t, p0, "obs", "--game", scID, "--seat", "1"),
		mustPosition(t, p0, "step", "--game", scID, "5"),
		positionCLI(p0, "step", "--game", scID, "4").stdout,
		mustPosition(t, win, "step", "--game", scID, "3"),
		positionCLI("", "new", "--game", "perfectaim").stderr,
		positionCLI(`{"game":"sevencolors","size":3,"board":[[3,5,2],[1,1,6],[1,1,7]]}`, "obs", "--game", scID).stderr,
		positionCLI(`{"game":"sevencolors","size":3,"board":[[3,5,2],[1,1,6],[1,1,1]],"to_move":0}`, "obs", "--game", scID).stderr,
		positionCLI(p0, "step", "--game", scID, `"C"`).stderr,
		positionCLI(strings.Replace(p0, "[1,5,4,9]", "[1,5,4,12]", 1), "obs", "--game", scID).stderr,
		wh,
		mustPosition(t, wh, "step", "--game", "warhammer", "33"),
	} {
		if !strings.Contains(string(doc), "    "+out) {
			t.Errorf("docs/positions.md does not show\n%s", out)
		}
	}
}

// FuzzPositionStep: whatever the position and the action, step answers with status 0 (one
// JSON line on stdout), 1 (the error object) or 2 (one line on stderr), and never panics.
func FuzzPositionStep(f *testing.F) {
	f.Add(`{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":0}`, "3")
	f.Add(`{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":1}`, "4")
	f.Add(`{"game":"sevencolors","size":3,"board":[[3,5,2],[1,1,6],[1,1,7]],"to_move":0}`, "3")
	f.Add(`{"game":"sevencolors","size":2,"board":[[3,2],[1,4]],"to_move":0}`, `"end"`)
	f.Add(`{"game":"sevencolors"}`, "-5")
	f.Add(`[`, "")
	f.Fuzz(func(t *testing.T, position, action string) {
		r := positionCLI(position, "step", "--game", scID, "--", action)
		switch r.code {
		case 0:
			var s stepLine
			if r.stderr != "" || json.Unmarshal([]byte(r.stdout), &s) != nil || s.Position == nil {
				t.Fatalf("status 0: stdout %q, stderr %q", r.stdout, r.stderr)
			}
		case 1:
			var e struct{ Error *illegalError }
			if r.stderr != "" || json.Unmarshal([]byte(r.stdout), &e) != nil || e.Error == nil || e.Error.Code == "" {
				t.Fatalf("status 1: stdout %q, stderr %q", r.stdout, r.stderr)
			}
		case 2:
			if r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "arena position step: ") {
				t.Fatalf("status 2: stdout %q, stderr %q", r.stdout, r.stderr)
			}
		default:
			t.Fatalf("status %d", r.code)
		}
	})
}
