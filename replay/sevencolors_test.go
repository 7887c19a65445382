package replay_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
)

func lookupCatalog(id string) (games.Game, bool) {
	e, ok := catalog.Get(id)
	return e.Game, ok
}

// Real 7 Colors games, house bots mixed with nonsense answers and timeouts, survive the JSON
// round trip and replay to the same outcome.
func TestSevenColorsReplays(t *testing.T) {
	e, ok := catalog.Get("sevencolors")
	if !ok {
		t.Fatal("sevencolors is not in the catalog")
	}
	for seed := uint64(0); seed < 12; seed++ {
		size := 4 + int(seed)*3
		r, err := replay.NewReferee(e.Game, games.Config{"size": size}, seed, []string{"a", "b"})
		if err != nil {
			t.Fatal(err)
		}
		greedy, _ := e.Bot("greedy", seed)
		random, _ := e.Bot("random", seed)
		rng := rand.New(rand.NewPCG(seed, 2))
		refused := 0
		for !r.State().Over() {
			st := r.State()
			seat := st.ToMove()[0]
			var err error
			switch rng.IntN(8) {
			case 0:
				r.Timeout(seat)
			case 1:
				_, err = r.Play(seat, seat+1) // the seat's own code: never legal
			case 2:
				_, err = r.Play(seat, "blue")
			case 3, 4:
				_, err = r.Play(seat, random.Choose(st, seat))
			default:
				_, err = r.Play(seat, greedy.Choose(st, seat))
			}
			if err != nil {
				refused++
			}
		}
		rp := r.Replay()
		data, err := json.Marshal(rp)
		if err != nil {
			t.Fatal(err)
		}
		back, err := replay.Decode(data, lookupCatalog)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, rp) {
			t.Fatalf("seed %d: round trip changed the replay", seed)
		}
		st, err := replay.Resimulate(e.Game, back)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !reflect.DeepEqual(st.Outcome(), *rp.Outcome) {
			t.Fatalf("seed %d: outcome %+v, want %+v", seed, st.Outcome(), *rp.Outcome)
		}
		defaults := 0
		for _, m := range rp.Moves {
			if m.Default {
				defaults++
			}
		}
		if refused == 0 || defaults < refused {
			t.Fatalf("seed %d: %d refusals, %d default moves", seed, refused, defaults)
		}
	}
}
