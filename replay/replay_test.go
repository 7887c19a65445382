package replay_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/replay/replaytest"
)

func lookupRace(id string) (games.Game, bool) {
	for _, g := range []games.Game{replaytest.Race{}, replaytest.Race{Clocked: true}} {
		if g.ID() == id {
			return g, true
		}
	}
	return nil, false
}

func newRace(t *testing.T, clocked bool, target int, seed uint64) *replay.Referee {
	t.Helper()
	r, err := replay.NewReferee(replaytest.Race{Clocked: clocked}, games.Config{"target": target}, seed, []string{"ann", "bob"})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func counterOf(st games.State) int {
	if c, ok := st.(*replaytest.ClockedState); ok {
		return c.Counter
	}
	return st.(*replaytest.State).Counter
}

// playRandom mixes legal moves, illegal ones, wrong types and timeouts until the game ends.
func playRandom(t *testing.T, r *replay.Referee, rng *rand.Rand) {
	t.Helper()
	for steps := 0; !r.State().Over(); steps++ {
		if steps > 10000 {
			t.Fatal("game does not end")
		}
		seat := r.State().ToMove()[0]
		switch rng.IntN(6) {
		case 0:
			r.Timeout(seat)
		case 1:
			if _, err := r.Play(seat, rng.IntN(7)-1); err != nil && !errors.As(err, new(*games.IllegalError)) {
				t.Fatalf("refusal of wrong type %T", err)
			}
		case 2:
			if _, err := r.Play(seat, "x"); games.IllegalCode(err) != "malformed_action" {
				t.Fatalf("wrong type: got %v", err)
			}
		default:
			legal := r.State().Legal(seat)
			if _, err := r.Play(seat, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatalf("legal move refused: %v", err)
			}
		}
	}
}

func TestRoundTripAndResimulate(t *testing.T) {
	for _, clocked := range []bool{false, true} {
		for seed := uint64(0); seed < 40; seed++ {
			r := newRace(t, clocked, 10+int(seed%20), seed)
			playRandom(t, r, rand.New(rand.NewPCG(seed, 1)))
			rp := r.Replay()
			if rp.Outcome == nil {
				t.Fatal("finished game without outcome")
			}
			if want := r.State().Outcome(); !reflect.DeepEqual(*rp.Outcome, want) {
				t.Fatalf("outcome %+v, state says %+v", *rp.Outcome, want)
			}
			data, err := json.Marshal(rp)
			if err != nil {
				t.Fatal(err)
			}
			back, err := replay.Decode(data, lookupRace)
			if err != nil {
				t.Fatalf("decode %s: %v", data, err)
			}
			if !reflect.DeepEqual(back, rp) {
				t.Fatalf("round trip changed the replay:\n%+v\n%+v", rp, back)
			}
			st, err := replay.Resimulate(replaytest.Race{Clocked: clocked}, back)
			if err != nil {
				t.Fatalf("resimulate: %v", err)
			}
			if !reflect.DeepEqual(st.Outcome(), *rp.Outcome) {
				t.Fatalf("resimulated outcome %+v, want %+v", st.Outcome(), *rp.Outcome)
			}
		}
	}
}

func TestJSONShape(t *testing.T) {
	r := newRace(t, false, 5, 3) // counter starts at 0
	r.Play(0, 2)
	r.Play(1, 9) // refused: default 1
	r.SetClock(replay.Clock{Think: 2500 * time.Millisecond, Bank: 1500 * time.Millisecond, HasBank: true,
		Warn: "illegal_action", Sent: json.RawMessage("9")})
	r.Play(0, 1)
	r.SetClock(replay.Clock{Think: 12 * time.Millisecond}) // a house bot's: no bank
	data, err := json.Marshal(r.Replay())
	if err != nil {
		t.Fatal(err)
	}
	want := `{"version":3,"game":"race","config":{"target":5},"seed":3,"seats":["ann","bob"],` +
		`"moves":[{"seat":0,"action":2},` +
		`{"seat":1,"action":1,"default":true,"ms":2500,"bank_ms":1500,"warn":"illegal_action","sent":9},` +
		`{"seat":0,"action":1,"ms":12}]}`
	if string(data) != want {
		t.Fatalf("got  %s\nwant %s", data, want)
	}
	var rp replay.Replay
	if err := json.Unmarshal(data, &rp); err == nil {
		t.Fatal("plain json.Unmarshal must refuse: actions need their game")
	}
	if _, err := replay.Decode([]byte(strings.Replace(want, `"race"`, `"chess"`, 1)), lookupRace); err == nil ||
		!strings.Contains(err.Error(), "chess") {
		t.Fatalf("unknown game: %v", err)
	}
	if _, err := replay.Decode([]byte(strings.Replace(want, `"action":2`, `"action":"two"`, 1)), lookupRace); err == nil {
		t.Fatal("undecodable action accepted")
	}
	if _, err := replay.Decode([]byte(strings.Replace(want, `"version":3`, `"version":9`, 1)), lookupRace); err == nil {
		t.Fatal("unknown format version accepted")
	}
}

func TestRefusedActionsGetTheDefault(t *testing.T) {
	r := newRace(t, false, 30, 0)
	events, err := r.Play(0, 7)
	var ie *games.IllegalError
	if !errors.As(err, &ie) || ie.Code != "bad_step" {
		t.Fatalf("illegal step: got %v", err)
	}
	if events != nil || counterOf(r.State()) != 1 {
		t.Fatalf("default not applied: counter %d", counterOf(r.State()))
	}
	if _, err := r.Play(1, "two"); games.IllegalCode(err) != "malformed_action" {
		t.Fatalf("malformed action: got %v", err)
	}
	if got := r.Timeout(0); got != nil || counterOf(r.State()) != 3 {
		t.Fatalf("timeout: counter %d", counterOf(r.State()))
	}
	want := []replay.Move{{Seat: 0, Action: 1, Default: true}, {Seat: 1, Action: 1, Default: true}, {Seat: 0, Action: 1, Default: true}}
	if got := r.Replay().Moves; !reflect.DeepEqual(got, want) {
		t.Fatalf("moves %+v, want %+v", got, want)
	}
}

func TestSeatNotToMoveChangesNothing(t *testing.T) {
	r := newRace(t, false, 30, 0)
	if _, err := r.Play(1, 2); !errors.Is(err, replay.ErrNotToMove) || games.IllegalCode(err) != "not_your_turn" {
		t.Fatalf("got %v", err)
	}
	if r.Timeout(1) != nil {
		t.Fatal("timeout of a seat not to move produced events")
	}
	if r.Moves() != 0 || counterOf(r.State()) != 0 {
		t.Fatal("something was applied")
	}
}

// grumpy's states refuse every action with the shared not-your-turn value.
type grumpy struct{ replaytest.Race }
type grumpyState struct{ games.State }

func (g grumpy) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	st, err := g.Race.New(cfg, seats, seed)
	return grumpyState{st}, err
}
func (grumpyState) Validate(int, games.Action) error { return games.ErrNotYourTurn }

func TestRefusalIsNeverMistakenForNothingApplied(t *testing.T) {
	r, err := replay.NewReferee(grumpy{}, nil, 0, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Play(0, 2)
	if err == nil || errors.Is(err, replay.ErrNotToMove) {
		t.Fatalf("refusal looks like nothing applied: %v", err)
	}
	if r.Moves() != 1 || !r.Replay().Moves[0].Default {
		t.Fatal("default not applied")
	}
}

func TestOverRefusesEverything(t *testing.T) {
	r := newRace(t, false, 3, 0)
	for !r.State().Over() {
		seat := r.State().ToMove()[0]
		if _, err := r.Play(seat, 3); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.Play(0, 1); !errors.Is(err, replay.ErrOver) {
		t.Fatalf("got %v", err)
	}
	if r.Timeout(1) != nil || r.Moves() != 1 {
		t.Fatal("move applied after the end")
	}
	rp := r.Replay()
	if rp.Outcome == nil || rp.Outcome.Winner() != 0 {
		t.Fatalf("outcome %+v", rp.Outcome)
	}
	// The copy is independent of the referee.
	rp.Moves[0].Seat = 1
	rp.Outcome.Ranks[0] = 9
	if again := r.Replay(); again.Moves[0].Seat != 0 || again.Outcome.Ranks[0] != 1 {
		t.Fatal("Replay returned shared memory")
	}
}

func TestClockedMovesCarryTheirInstant(t *testing.T) {
	r := newRace(t, true, 30, 0)
	r.Play(0, 2)
	r.Timeout(1)
	r.Play(0, 3)
	var at []string
	for _, m := range r.Replay().Moves {
		at = append(at, m.At)
	}
	if want := []string{"0/2", "1/2", "2/2"}; !reflect.DeepEqual(at, want) {
		t.Fatalf("instants %v, want %v", at, want)
	}
}

func TestResimulateRejectsTamperedReplays(t *testing.T) {
	r := newRace(t, true, 12, 1)
	playRandom(t, r, rand.New(rand.NewPCG(5, 5)))
	good := r.Replay()
	if _, err := replay.Resimulate(replaytest.Race{Clocked: true}, good); err != nil {
		t.Fatal(err)
	}
	clone := func() replay.Replay {
		rp := good
		rp.Moves = append([]replay.Move(nil), good.Moves...)
		o := *good.Outcome
		o.Scores = append([]int(nil), o.Scores...)
		rp.Outcome = &o
		return rp
	}
	cases := []struct {
		name   string
		tamper func(*replay.Replay)
	}{
		{"wrong seat", func(rp *replay.Replay) { rp.Moves[0].Seat = 1 }},
		{"illegal choice", func(rp *replay.Replay) { rp.Moves[0] = replay.Move{Seat: 0, Action: 5, At: "0/2"} }},
		{"wrong instant", func(rp *replay.Replay) { rp.Moves[1].At = "7/3" }},
		{"other seed", func(rp *replay.Replay) { rp.Seed++ }},
		{"missing moves", func(rp *replay.Replay) { rp.Moves = rp.Moves[:len(rp.Moves)-1] }},
		{"extra move", func(rp *replay.Replay) { rp.Moves = append(rp.Moves, replay.Move{Seat: 0, Action: 1}) }},
		{"other outcome", func(rp *replay.Replay) { rp.Outcome.Scores[0]++ }},
		{"other game", func(rp *replay.Replay) { rp.Game = "race" }},
		{"too few seats", func(rp *replay.Replay) { rp.Seats = rp.Seats[:1] }},
	}
	for _, c := range cases {
		rp := clone()
		c.tamper(&rp)
		if _, err := replay.Resimulate(replaytest.Race{Clocked: true}, rp); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
}

func TestNewRefereeChecks(t *testing.T) {
	if _, err := replay.NewReferee(replaytest.Race{}, nil, 1, []string{"solo"}); err == nil {
		t.Fatal("one seat accepted")
	}
	if _, err := replay.NewReferee(replaytest.Race{}, games.Config{"target": 1}, 1, []string{"a", "b"}); err == nil {
		t.Fatal("bad config accepted")
	}
	cfg := games.Config{}
	r, err := replay.NewReferee(replaytest.Race{}, cfg, 1, []string{"a", "b", "c"})
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg) != 0 {
		t.Fatal("caller's config modified")
	}
	if got := r.Replay().Config["target"]; got != 21 {
		t.Fatalf("normalized config not recorded: target %d", got)
	}
}

// wordy is the race with its steps spelled out: actions that are not ints.
type wordy struct{ replaytest.Race }
type wordyState struct{ *replaytest.State }

var steps = map[string]int{"one": 1, "two": 2, "three": 3}

func (wordy) ID() string { return "wordy" }
func (g wordy) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	st, err := g.Race.New(cfg, seats, seed)
	if err != nil {
		return nil, err
	}
	return wordyState{st.(*replaytest.State)}, nil
}
func (wordy) DecodeAction(raw json.RawMessage) (games.Action, error) {
	var s string
	err := json.Unmarshal(raw, &s)
	return s, err
}
func (s wordyState) Validate(seat int, a games.Action) error {
	w, _ := a.(string)
	n, ok := steps[w]
	if !ok {
		return games.Illegal("bad_word", "say one, two or three")
	}
	return s.State.Validate(seat, n)
}
func (s wordyState) Apply(seat int, a games.Action) ([]games.Event, error) {
	if err := s.Validate(seat, a); err != nil {
		return nil, err
	}
	return s.State.Apply(seat, steps[a.(string)])
}
func (wordyState) DefaultAction(int) games.Action { return "one" }

func TestActionsOfAnyType(t *testing.T) {
	r, err := replay.NewReferee(wordy{}, games.Config{"target": 9}, 0, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !r.State().Over(); i++ {
		seat := r.State().ToMove()[0]
		r.Play(seat, []games.Action{"three", 2, "two", "seven"}[i%4])
	}
	rp := r.Replay()
	want := []replay.Move{{Seat: 0, Action: "three"}, {Seat: 1, Action: "one", Default: true}, {Seat: 0, Action: "two"},
		{Seat: 1, Action: "one", Default: true}, {Seat: 0, Action: "one", Default: true}, {Seat: 1, Action: "one", Default: true}}
	if !reflect.DeepEqual(rp.Moves, want) {
		t.Fatalf("moves %+v", rp.Moves)
	}
	data, _ := json.Marshal(rp)
	back, err := replay.Decode(data, func(string) (games.Game, bool) { return wordy{}, true })
	if err != nil || !reflect.DeepEqual(back, rp) {
		t.Fatalf("round trip: %v\n%s", err, data)
	}
	if _, err := replay.Resimulate(wordy{}, back); err != nil {
		t.Fatal(err)
	}
}

// lax's Validate forgets whose turn it is, and its default action is one Apply refuses.
type lax struct{ replaytest.Race }
type laxState struct{ *replaytest.State }

func (g lax) New(cfg games.Config, seats int, seed uint64) (games.State, error) {
	st, err := g.Race.New(cfg, seats, seed)
	return laxState{st.(*replaytest.State)}, err
}
func (laxState) Validate(int, games.Action) error { return nil }
func (laxState) DefaultAction(int) games.Action   { return 9 }

func TestGameContractSlips(t *testing.T) {
	r, err := replay.NewReferee(lax{}, nil, 0, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Play(1, 2); !errors.Is(err, replay.ErrNotToMove) || r.Moves() != 0 {
		t.Fatalf("lax Validate: %v, %d moves", err, r.Moves())
	}
	defer func() {
		v := recover()
		if v == nil || !strings.Contains(fmt.Sprint(v), "default action 9 refused by Apply") || r.Moves() != 0 {
			t.Fatalf("a default the game refuses: recovered %v", v)
		}
	}()
	r.Timeout(0)
}

// A move's clock survives the round trip to JSON (whole milliseconds), and a replay stored
// before clocks (format 2) reads back with none, its moves as they were.
func TestClocksRoundTripAndOldReplaysHaveNone(t *testing.T) {
	r := newRace(t, false, 5, 3)
	r.Play(0, 2)
	r.SetClock(replay.Clock{Think: 1234567 * time.Microsecond, Bank: 0, HasBank: true, Warn: "timeout"})
	r.Play(1, 9)
	r.SetClock(replay.Clock{Think: 3 * time.Millisecond, Bank: 4 * time.Second, HasBank: true, Warn: "illegal_action", Sent: json.RawMessage("9"),
		Turn: 7, Move: 2 * time.Second, Told: 4 * time.Second})
	r.Play(0, 1) // not timed
	data, err := json.Marshal(r.Replay())
	if err != nil {
		t.Fatal(err)
	}
	rp, err := replay.Decode(data, lookupRace)
	if err != nil {
		t.Fatal(err)
	}
	want := []*replay.Clock{
		{Think: 1234 * time.Millisecond, HasBank: true, Warn: "timeout"},
		{Think: 3 * time.Millisecond, Bank: 4 * time.Second, HasBank: true, Warn: "illegal_action", Sent: json.RawMessage("9"),
			Turn: 7, Move: 2 * time.Second, Told: 4 * time.Second},
		nil,
	}
	for i, m := range rp.Moves {
		if !reflect.DeepEqual(m.Clock, want[i]) {
			t.Fatalf("move %d's clock read back as %+v, want %+v", i, m.Clock, want[i])
		}
	}
	old := strings.Replace(string(data), `"version":3`, `"version":2`, 1)
	rp, err = replay.Decode([]byte(old), lookupRace)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range rp.Moves {
		if m.Clock != nil {
			t.Fatalf("move %d of a format 2 replay has a clock: %+v", i, m.Clock)
		}
	}
	if _, err := replay.Resimulate(replaytest.Race{}, rp); err != nil {
		t.Fatal(err)
	}
}
