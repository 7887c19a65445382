package commands_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/store"
)

// exportedMoves is what the position tests read of `replay ID --json`.
type exportedMoves struct {
	Start json.RawMessage `json:"start"`
	Moves []exportedMove  `json:"moves"`
}

type exportedMove struct {
	Seat     int             `json:"seat"`
	Action   json.RawMessage `json:"action"`
	Default  bool            `json:"default"`
	Position json.RawMessage `json:"position"`
}

func exportGame(t *testing.T, c *gossh.Client, id string) exportedMoves {
	t.Helper()
	out, errOut, code := sshtest.Exec(t, c, "replay "+id+" --json")
	var ex exportedMoves
	if err := json.Unmarshal([]byte(out), &ex); err != nil || code != 0 {
		t.Fatalf("replay %s --json: %v %d %q", id, err, code, errOut)
	}
	return ex
}

// positionAt is `replay ID --position n` over SSH, checked to be one position of game that
// `arena position` reads back, with the seat of move n to play.
func positionAt(t *testing.T, c *gossh.Client, game, id string, n, seat int) string {
	t.Helper()
	out, errOut, code := sshtest.Exec(t, c, fmt.Sprintf("replay %s --position %d", id, n))
	if code != 0 || errOut != "" || !strings.HasSuffix(out, "}\n") || strings.Count(out, "\n") != 1 {
		t.Fatalf("replay %s --position %d: %d %q %q", id, n, code, out, errOut)
	}
	e, _ := catalog.Get(game)
	if _, err := e.Game.(games.Positions).DecodePosition(json.RawMessage(out), 1); err != nil {
		t.Fatalf("--position %d does not read back: %v\n%s", n, err, out)
	}
	if h, err := games.ReadPositionHeader(json.RawMessage(out)); err != nil || h.Game != game || h.ToMove != seat {
		t.Fatalf("--position %d: %+v %v; want %s with seat %d (the seat of move %d) to move", n, h, err, game, seat, n)
	}
	return strings.TrimSuffix(out, "\n")
}

// positionsToCheck are the moves (from 1) whose position a test asks for: the first few,
// those around the refused ones, the middle and the last.
func positionsToCheck(ex exportedMoves) []int {
	last := len(ex.Moves)
	ns := []int{1, 2, 3, last / 2, last}
	for i, m := range ex.Moves {
		if m.Default {
			ns = append(ns, i+1, i+2)
		}
	}
	slices.Sort(ns)
	ns = slices.Compact(ns)
	return slices.DeleteFunc(ns, func(n int) bool { return n < 1 || n > last })
}

// `replay ID --position N` of a stored game is the game's start with its first N-1 moves
// played on it by the rules, as `arena position step` plays them (a move the referee played
// for a refused answer included, which step itself would refuse): a live 7 Colors game
// where the program's first answer was refused, a War Hammer game of three house bots.
func TestReplayPositionIsTheStartWithTheMovesBeforeIt(t *testing.T) {
	addr, st := archiveArenaStore(t)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	t.Run("sevencolors", func(t *testing.T) {
		key := sshtest.NewKey(t)
		b := arenatest.StartBot(t, sshtest.Dial(t, addr, "sam", key), "--game sevencolors --size 6 --games 1")
		id, refused := "", false
		for m := b.Next(); m != nil; m = b.Next() {
			switch m.Str("type") {
			case "turn":
				if !refused {
					// A colour it may not play: the referee plays a lost turn instead.
					legal := fmt.Sprint(m["legal"])
					for colour := 3; colour <= 9 && !refused; colour++ {
						if !strings.Contains(legal, fmt.Sprint(colour)) {
							b.Send(`{"type":"action","match":%q,"id":%d,"action":%d}`, m.Str("match"), m.Num("id"), colour)
							refused = true
						}
					}
					if refused {
						continue
					}
				}
				b.Answer(m)
			case "end":
				id = m.Str("replay")
			}
		}
		if id == "" || !refused {
			t.Fatalf("stored game %q, refused %v; stderr:\n%s", id, refused, b.St.Stderr())
		}
		checkPositionsFromStart(t, c, "sevencolors", id, true)
	})
	t.Run("warhammer", func(t *testing.T) {
		checkPositionsFromStart(t, c, "warhammer", storeHouseGame(t, st, "warhammer", "hunter,survivor,random", 11, nil), false)
	})
}

// checkPositionsFromStart checks `replay ID --position N` for several N against the start
// of game id with the first N-1 moves of its export applied by the game's rules.
func checkPositionsFromStart(t *testing.T, c *gossh.Client, game, id string, refused bool) {
	t.Helper()
	ex := exportGame(t, c, id)
	if len(ex.Moves) < 8 {
		t.Fatalf("a game of %d moves is too short to test", len(ex.Moves))
	}
	if refused != slices.ContainsFunc(ex.Moves, func(m exportedMove) bool { return m.Default }) {
		t.Fatalf("an answer refused: %v, but the replay's moves say otherwise", refused)
	}
	e, _ := catalog.Get(game)
	pos := e.Game.(games.Positions)
	st, err := pos.DecodePosition(ex.Start, 1) // neither game has chance after its start
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{}
	for i, m := range ex.Moves {
		raw, _ := pos.EncodePosition(st)
		want[i+1] = string(raw)
		a, err := e.Game.DecodeAction(m.Action)
		if err != nil {
			t.Fatal(err)
		}
		if !m.Default {
			if err := st.Validate(m.Seat, a); err != nil {
				t.Fatalf("move %d: %v", i+1, err)
			}
		}
		if _, err := st.Apply(m.Seat, a); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	ns := positionsToCheck(ex)
	for _, n := range ns {
		if got := positionAt(t, c, game, id, n, ex.Moves[n-1].Seat); got != want[n] {
			t.Errorf("--position %d of %d:\n%s\nthe start and %d moves:\n%s", n, len(ex.Moves), got, n-1, want[n])
		}
	}
	t.Logf("%s: %d moves, positions %v checked, refused answers at %v", game, len(ex.Moves), ns,
		slices.DeleteFunc(slices.Clone(ns), func(n int) bool { return !ex.Moves[n-1].Default }))
}

// storeHouseGame stores a game of house bots as the arena stores a finished game, and
// returns its id.
func storeHouseGame(t *testing.T, st *store.Store, game, seats string, seed uint64, private []string) string {
	t.Helper()
	e, ok := catalog.Get(game)
	if !ok {
		t.Fatalf("no game %s", game)
	}
	specs, err := match.ParseSeats(seats)
	if err != nil {
		t.Fatal(err)
	}
	p := match.Plan{Game: e.Game}
	for _, s := range specs {
		ent, err := match.Resolve(e.Game, e.Bots, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		p.Entrants = append(p.Entrants, ent)
	}
	if p.Jobs, err = match.Series(e.Game, nil, len(specs), 1, seed); err != nil {
		t.Fatal(err)
	}
	var res match.Result
	if err := match.Run(context.Background(), p, match.Options{Parallel: 1, Replays: true}, func(r match.Result) error {
		res = r
		return nil
	}); err != nil || res.Void() || res.Replay == nil {
		t.Fatalf("%s: %v %+v", game, err, res)
	}
	id := fmt.Sprintf("m_%s_%d", game, seed)
	rec := store.MatchRecord{ID: id, Game: game, Seed: seed, StartedAt: time.Now().Add(-time.Minute), EndedAt: time.Now(),
		Private: private != nil}
	for i, name := range res.Replay.Seats {
		seat := store.SeatRecord{Name: name, Bot: name}
		if private != nil {
			seat = store.SeatRecord{Name: private[i], ID: "guest:" + private[i]}
		}
		rec.Seats = append(rec.Seats, seat)
	}
	if rec.Config, err = json.Marshal(res.Replay.Config); err != nil {
		t.Fatal(err)
	}
	if rec.Outcome, err = json.Marshal(res.Outcome); err != nil {
		t.Fatal(err)
	}
	if rec.Replay, err = json.Marshal(*res.Replay); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveMatch(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	return id
}

// In the games with dice, `replay ID --position N` is the board the replay shows before
// move N: the position `replay ID --json` gives after move N-1 (the start for N = 1).
func TestReplayPositionOfAGameWithDiceIsTheBoardAsItStood(t *testing.T) {
	addr, st := archiveArenaStore(t)
	c := sshtest.Dial(t, addr, "alice", sshtest.NewKey(t))
	for _, game := range []string{"dicewars", "garden"} {
		t.Run(game, func(t *testing.T) {
			e, _ := catalog.Get(game)
			id := storeHouseGame(t, st, game, e.Strongest+",random", 7, nil)
			ex := exportGame(t, c, id)
			ns := positionsToCheck(ex)
			for _, n := range ns {
				want := ex.Start
				if n > 1 {
					want = ex.Moves[n-2].Position
				}
				if got := positionAt(t, c, game, id, n, ex.Moves[n-1].Seat); got != string(want) {
					t.Errorf("--position %d:\n%s\nthe replay shows\n%s", n, got, want)
				}
			}
			t.Logf("%s: %d moves, positions %v checked", game, len(ex.Moves), ns)
		})
	}
}

// What `replay ID --position N` refuses, each with a sentence on stderr and nothing on
// stdout: a real-time game, a move the game does not have, a private game for others, and
// an N that is no move number.
func TestReplayPositionRefusals(t *testing.T) {
	addr, st := archiveArenaStore(t)
	c := sshtest.Dial(t, addr, "bob", sshtest.NewKey(t))
	aim := storeHouseGame(t, st, "perfectaim", "random,random", 3, nil)
	dice := storeHouseGame(t, st, "dicewars", "random,random", 5, nil)
	private := storeHouseGame(t, st, "sevencolors", "greedy,random", 9, []string{"ann", "cy"})
	moves := len(exportGame(t, c, dice).Moves)
	for _, tc := range []struct {
		cmd  string
		code int
		says string
	}{
		{"replay " + aim + " --position 1", 1, "game " + aim + " is Perfect Aim, played in real time: it has no positions"},
		{fmt.Sprintf("replay %s --position %d", dice, moves+1), 1, fmt.Sprintf("has %d moves: --position takes 1 to %d", moves, moves)},
		{"replay " + private + " --position 1", 1, "played in a private room: only its players and teachers"},
		{"replay " + dice + " --position 0", 2, "--position 0: a move number, 1 for the position the game starts from"},
		{"replay " + dice + " --position two", 2, "--position two: a move number"},
		{"replay " + dice + " --position", 2, "usage: replay ID [--json | --position N]"},
		{"replay " + dice + " --json --position 2", 2, "usage: replay ID [--json | --position N]"},
	} {
		out, errOut, code := sshtest.Exec(t, c, tc.cmd)
		if code != tc.code || out != "" || !strings.Contains(errOut, tc.says) {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want %d and %q", tc.cmd, code, out, errOut, tc.code, tc.says)
		}
	}
	// The same game is there for those who may see it, at its last move.
	if out, errOut, code := sshtest.Exec(t, c, fmt.Sprintf("replay %s --position %d", dice, moves)); code != 0 || !strings.Contains(out, `"game":"dicewars"`) {
		t.Errorf("--position %d: %d %q %q", moves, code, out, errOut)
	}
}
