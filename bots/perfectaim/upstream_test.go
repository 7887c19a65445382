package perfectaim

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	pa "github.com/arena-classroom/arena/games/perfectaim"
	"github.com/arena-classroom/arena/replay"
)

// upstreamGame is one game of testdata/upstream_games.json, played by upstream's own code
// (see the file's "about").
type upstreamGame struct {
	Seed        uint64            `json:"seed"`
	Permutation int               `json:"permutation"`
	Players     []string          `json:"players"` // per colour slot; "-" is empty
	End         string            `json:"end"`
	Winner      int               `json:"winner"` // colour, -1 for a draw
	Deaths      map[string]string `json:"deaths"` // colour → instant
	Coins       map[string]int    `json:"coins"`
	Decisions   int               `json:"decisions"`
	LogSHA256   string            `json:"log_sha256"`
}

// hashPlayer is the fixture's test player: its action is a hash of seed, instant, colour.
type hashPlayer struct{ seed uint64 }

func (h hashPlayer) Choose(st games.State, seat int) games.Action {
	s := st.(*pa.State)
	sum := sha256.Sum256(fmt.Appendf(nil, "%d|%s|%d", h.seed, s.Now(), s.SeatColor(seat)))
	return pa.Actions[binary.BigEndian.Uint64(sum[:8])%uint64(len(pa.Actions))]
}

func pyFraction(s string) string { return strings.TrimSuffix(s, "/1") }

// TestSameGamesAsUpstream plays the fixture's games through the referee, as a room does,
// and checks every decision (instant, colour, action), the deaths, the coins and the end
// against upstream's; then re-simulates each replay.
func TestSameGamesAsUpstream(t *testing.T) {
	data, err := os.ReadFile("testdata/upstream_games.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Games []upstreamGame }
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Games) < 50 {
		t.Fatalf("only %d fixture games", len(doc.Games))
	}
	for i, g := range doc.Games {
		t.Run(fmt.Sprintf("%d_seed%d", i, g.Seed), func(t *testing.T) { checkUpstreamGame(t, g) })
	}
}

func checkUpstreamGame(t *testing.T, g upstreamGame) {
	mask := 0
	var names []string
	var players []bots.Bot
	for slot, name := range g.Players {
		if name == "-" {
			continue
		}
		mask |= 1 << slot
		names = append(names, name)
		if name == "hash" {
			players = append(players, hashPlayer{g.Seed})
			continue
		}
		info, ok := bots.Find(All, name)
		if !ok {
			t.Fatalf("no bot %q", name)
		}
		players = append(players, info.New(g.Seed))
	}
	ref, err := replay.NewReferee(pa.Game, games.Config{"permutation": g.Permutation, "colors": mask}, g.Seed, names)
	if err != nil {
		t.Fatal(err)
	}
	st := ref.State().(*pa.State)
	for !st.Over() {
		seat := st.ToMove()[0]
		ref.Play(seat, players[seat].Choose(st, seat)) // a refused action plays WAIT, as upstream
	}
	rp := ref.Replay()
	var log strings.Builder
	for _, m := range rp.Moves {
		fmt.Fprintf(&log, "%s|%d|%s\n", pyFraction(m.At), st.SeatColor(m.Seat), m.Action)
	}
	sum := sha256.Sum256([]byte(log.String()))
	if len(rp.Moves) != g.Decisions || hex.EncodeToString(sum[:]) != g.LogSHA256 {
		t.Errorf("decisions differ from upstream's: %d moves (upstream %d)", len(rp.Moves), g.Decisions)
	}
	if got := pyFraction(st.Now()); got != g.End {
		t.Errorf("ended at %s, upstream at %s", got, g.End)
	}
	winner := -1
	for c := pa.Red; c <= pa.Green; c++ {
		p := st.Player(c)
		if !p.Present {
			continue
		}
		key := fmt.Sprint(int(c))
		if p.Coins != g.Coins[key] {
			t.Errorf("%s has %d coins, upstream %d", c, p.Coins, g.Coins[key])
		}
		if p.Alive {
			winner = int(c)
		} else if got := pyFraction(p.DiedAt.String()); got != g.Deaths[key] {
			t.Errorf("%s died at %s, upstream at %s", c, got, g.Deaths[key])
		}
	}
	if winner != g.Winner {
		t.Errorf("winner colour %d, upstream %d", winner, g.Winner)
	}
	if o := st.Outcome(); (winner >= 0) != (o.Winner() >= 0) {
		t.Errorf("outcome %+v does not agree with winner colour %d", o, winner)
	}
	if _, err := replay.Resimulate(pa.Game, rp); err != nil {
		t.Errorf("replay: %v", err)
	}
}
