package replay_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
)

// Replays stored before ChaCha8 (format 1: DiceWars and Garden Tensions drew from PCG) still
// play again to their recorded outcome. The fixtures were recorded by the arena at commit
// 001d161, house bots against each other: dicewars seed 42, 12 areas, seed/classic/random;
// garden seed 42, 8 rounds, heuristic/random.
func TestReplaysRecordedWithPCGStillResimulate(t *testing.T) {
	for _, id := range []string{"dicewars", "garden"} {
		raw, err := os.ReadFile("testdata/" + id + "-pcg.json")
		if err != nil {
			t.Fatal(err)
		}
		rp, err := replay.Decode(raw, lookupCatalog)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if !rp.LegacyChance || rp.Outcome == nil {
			t.Fatalf("%s: a format 1 replay read as LegacyChance %v, outcome %v", id, rp.LegacyChance, rp.Outcome)
		}
		e, _ := catalog.Get(id)
		if _, err := replay.Resimulate(e.Game, rp); err != nil {
			t.Fatalf("%s: the old replay no longer resimulates: %v", id, err)
		}
		if _, err := replay.NewCursor(e.Game, rp); err != nil {
			t.Fatalf("%s: the old replay cannot be walked: %v", id, err)
		}
		// Written again, it stays format 1 and reads back the same.
		again, err := json.Marshal(rp)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(again), `{"version":1,`) {
			t.Fatalf("%s: a legacy replay written as %.20s…", id, again)
		}
		if back, err := replay.Decode(again, lookupCatalog); err != nil || !back.LegacyChance {
			t.Fatalf("%s: written again, it reads back as LegacyChance %v (%v)", id, back.LegacyChance, err)
		}
		// The marker matters: played with today's generator the same moves do not fit.
		rp.LegacyChance = false
		if _, err := replay.Resimulate(e.Game, rp); err == nil {
			t.Fatalf("%s: the old replay resimulates with ChaCha8 too: the fixture proves nothing", id)
		}
	}
}

// A game recorded now is format 2 and plays again with today's generator.
func TestNewReplaysAreTheNewestFormat(t *testing.T) {
	e, _ := catalog.Get("dicewars")
	r, err := replay.NewReferee(e.Game, games.Config{"areas": 8}, 42, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	b0, _ := e.Bot("seed", 1)
	b1, _ := e.Bot("classic", 2)
	players := []bots.Bot{b0, b1}
	for !r.State().Over() {
		seat := r.State().ToMove()[0]
		r.Play(seat, players[seat].Choose(r.State().Clone(), seat))
	}
	raw, _ := json.Marshal(r.Replay())
	if !strings.HasPrefix(string(raw), `{"version":3,`) {
		t.Fatalf("a new replay written as %.20s…", raw)
	}
	rp, err := replay.Decode(raw, lookupCatalog)
	if err != nil || rp.LegacyChance {
		t.Fatalf("a new replay reads back as LegacyChance %v (%v)", rp.LegacyChance, err)
	}
	if _, err := replay.Resimulate(e.Game, rp); err != nil {
		t.Fatal(err)
	}
	rp.LegacyChance = true
	if _, err := replay.Resimulate(e.Game, rp); err == nil {
		t.Fatal("a ChaCha8 game resimulates with PCG too")
	}
}
