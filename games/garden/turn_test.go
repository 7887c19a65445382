package garden

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/arena-classroom/arena/games"
)

// Rule 6: five conquest actions a turn; the sixth is refused, "end" is not.
func TestFiveActionsATurn(t *testing.T) {
	s := handMade().put(at(4, 3), 1, 1)
	for _, h := range []Hex{at(1, 2), at(1, 4), at(3, 1), at(3, 3), at(2, 5), at(0, 3)} {
		s.put(h, 0, 2)
	}
	for _, cmd := range []string{"move 1 2 1 1", "move 1 4 1 5", "move 3 1 3 0", "move 3 3 3 4", "move 2 5 2 6"} {
		play(t, s, cmd)
	}
	if s.ActionsLeft() != 0 || !slices.Equal(s.Legal(0), []games.Action{EndAction}) {
		t.Fatalf("%d actions left, legal %v", s.ActionsLeft(), s.Legal(0))
	}
	refused(t, s, "move 0 3 0 4", "no_actions_left")
	play(t, s, "end")
}

// Rule 16: a player left without a cell loses at once; both at once is a draw.
func TestTakingTheLastCellWins(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 4).put(at(2, 3), 1, 2)
	ev := forced(t, s, "move 2 2 2 3", true)
	if !s.Over() || s.Outcome().Winner() != 0 || len(s.ToMove()) != 0 {
		t.Fatalf("over %v, outcome %+v", s.Over(), s.Outcome())
	}
	if _, ok := eventOf(ev, "eliminated"); !ok {
		t.Fatalf("no elimination event: %v", ev)
	}
	if got := s.Outcome(); !slices.Equal(got.Scores, []int{2, 0}) || !slices.Equal(got.Ranks, []int{1, 2}) {
		t.Fatalf("outcome %+v", got)
	}
	if len(s.Legal(0)) != 0 || s.Validate(0, EndAction) == nil {
		t.Fatal("a finished game still takes actions")
	}
	s = handMade() // nobody holds a cell: both lost them at once (a poison tick can do it)
	if o := s.Outcome(); !s.Over() || !slices.Equal(o.Ranks, []int{1, 1}) {
		t.Fatalf("both without a cell: %+v", o)
	}
}

// Rule 16: after the last round, more cells win, then more creatures, else a draw.
func TestTheRoundCapRanksByCellsThenCreatures(t *testing.T) {
	for _, tc := range []struct {
		cells0, n0, cells1, n1 int
		ranks                  []int
	}{
		{2, 2, 1, 5, []int{1, 2}},
		{1, 5, 1, 4, []int{1, 2}},
		{1, 4, 1, 5, []int{2, 1}},
		{1, 5, 1, 5, []int{1, 1}},
	} {
		s := handMade()
		s.rounds, s.turn = MinRounds, 2*MinRounds // the last turn
		for k := range tc.cells0 {
			s.put(at(0, 2+k), 0, tc.n0)
		}
		for k := range tc.cells1 {
			s.put(at(4, 2+k), 1, tc.n1)
		}
		s.cells[at(0, 2)].Kind, s.cells[at(4, 2)].Kind = Simple, Simple
		var ev []games.Event
		for k := 0; k < 2 && !s.Over(); k++ { // the creatures of the reinforcement are not placed
			ev = append(ev, play(t, s, "end")...)
		}
		if _, ok := eventOf(ev, "cap"); !ok || !s.Over() {
			t.Fatalf("no cap after turn %d: %v", s.TurnNumber(), ev)
		}
		if o := s.Outcome(); !slices.Equal(o.Ranks, tc.ranks) {
			t.Fatalf("%+v: ranks %v", tc, o.Ranks)
		}
	}
}

// Rules §4b: a command that does not read is refused naming the rule.
func TestCommandsThatDoNotReadAreRefused(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 2).put(at(2, 4), 1, 1)
	for cmd, code := range map[string]string{
		"":               "unknown_command",
		"jump 2 2":       "unknown_command",
		"move 2 2 2":     "field_count",
		"move 2 2 2 3 4": "field_count",
		"end now":        "field_count",
		"place 2":        "field_count",
		"bbq 2 3 2 4":    "field_count",
		"clan":           "field_count",
		"zone 2":         "field_count",
		"move 5 0 2 2":   "off_garden",
		"move 2 2 2 -1":  "off_garden",
		"move 2 2 x 3":   "off_garden",
		"move 0 0 0 2":   "cut_cell",
		"place 3 6":      "cut_cell",
	} {
		refused(t, s, cmd, code)
	}
	for _, ok := range []string{"move 2 2 2 3", "MOVE 2,2 2,3", " move  2 2\t2 3 "} {
		a, err := Parse(ok)
		if err != nil || a != MoveAction(at(2, 2), at(2, 3)) {
			t.Fatalf("%q reads as %v, %v", ok, a, err)
		}
	}
}

// Actions go through JSON as command strings and come back the same, unreadable ones too.
func TestActionsAndObservationsSurviveJSON(t *testing.T) {
	for _, cmd := range []string{"move 2 0 2 1", "sky 2 0 4 4", "bbq 1 1", "pool 3 3", "pillage 2 2",
		"zone 2 2", "zone 2 2 2 3", "place 4 4", "end", "clan cooks", "clan random", "move 9 9 9 9", "hello"} {
		a, _ := Parse(cmd)
		raw, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Game.DecodeAction(raw)
		if err != nil || !reflect.DeepEqual(back, a) {
			t.Fatalf("%q → %s → %#v (%v)", cmd, raw, back, err)
		}
	}
	if _, err := Game.DecodeAction(json.RawMessage(`{"move":[1,2]}`)); err == nil {
		t.Fatal("an object was read as a command")
	}
	s := NewState(DefaultRounds, 4)
	play(t, s, "clan cooks")
	play(t, s, "clan miners")
	raw, _ := json.Marshal(s.Observation(1))
	var o Observation
	if err := json.Unmarshal(raw, &o); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(o)
	if string(again) != string(raw) || len(o.Cells) != NumCells || o.You != 1 || o.Phase != "conquest" {
		t.Fatalf("observation %s\nread back %s", raw, again)
	}
	if c := o.Cells[StartHex(0)]; c.Owner != 0 || c.Creatures != 3 || len(c.Adj) != len(Neighbours(StartHex(0))) {
		t.Fatalf("the start cell as observed: %+v", c)
	}
}

// randomGame plays a game with uniform legal actions, returning the actions played.
func randomGame(seed uint64) (*State, []games.Action) {
	s := NewState(DefaultRounds, seed)
	r := rand.New(rand.NewPCG(seed, 77))
	var played []games.Action
	for !s.Over() {
		legal := s.Legal(s.Turn())
		a := legal[r.IntN(len(legal))]
		played = append(played, a)
		s.Apply(s.Turn(), a)
	}
	return s, played
}

// Random legal play always ends, and a replay of the seed and actions reproduces the game.
func TestRandomPlayEndsAndReplays(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		s, played := randomGame(seed)
		if s.TurnNumber() > 2*DefaultRounds {
			t.Fatalf("seed %d: %d turns", seed, s.TurnNumber())
		}
		again := NewState(DefaultRounds, seed)
		for _, a := range played {
			if err := again.Validate(again.Turn(), a); err != nil {
				t.Fatalf("seed %d: the replay refuses %v: %v", seed, a, err)
			}
			again.Apply(again.Turn(), a)
		}
		if *again != *s || !reflect.DeepEqual(again.Outcome(), s.Outcome()) {
			t.Fatalf("seed %d: the replay ends elsewhere", seed)
		}
	}
}

// everyCommand is every well-formed command naming cells of the garden.
func everyCommand() []Action {
	var out []Action
	for _, c := range Clans {
		out = append(out, ClanAction(c))
	}
	out = append(out, ClanAction(NoClan), EndAction)
	for a := range Hex(NumCells) {
		for _, v := range []Verb{BBQPower, PoolPower, Pillage, Zone, Place} {
			out = append(out, TargetAction(v, a))
		}
		for b := range Hex(NumCells) {
			out = append(out, MoveAction(a, b), SkyAction(a, b), ZoneFrom(a, b))
		}
	}
	return out
}

// Legal lists exactly what Validate accepts (bar "clan random", which is not a choice of its
// own), all through random games of every clan.
func TestLegalAgreesWithValidate(t *testing.T) {
	all := everyCommand()
	for seed := uint64(0); seed < 12; seed++ {
		s := NewState(DefaultRounds, seed)
		r := rand.New(rand.NewPCG(seed, 3))
		play(t, s, "clan "+Clans[seed%4].String())
		play(t, s, "clan "+Clans[(seed+1+seed/4)%4].String())
		for step := 0; !s.Over(); step++ {
			seat := s.Turn()
			legal := s.Legal(seat)
			if step%3 == 0 {
				s.players[seat].Points += 3 // abilities come into play sooner
				s.players[seat].Stock[r.IntN(int(NumResources))] += 2
				legal = s.Legal(seat)
				var accepted []games.Action
				for _, a := range all {
					if s.Validate(seat, a) == nil && a != ClanAction(NoClan) {
						accepted = append(accepted, a)
					}
				}
				if !reflect.DeepEqual(accepted, sortedLike(legal, all)) {
					t.Fatalf("seed %d, step %d: Validate accepts %v\nLegal lists %v", seed, step, accepted, legal)
				}
			}
			s.Apply(seat, legal[r.IntN(len(legal))])
		}
	}
}

// sortedLike orders actions as they come in all, for comparing lists.
func sortedLike(actions []games.Action, all []Action) []games.Action {
	var out []games.Action
	for _, a := range all {
		if slices.Contains(actions, games.Action(a)) {
			out = append(out, a)
		}
	}
	if len(out) != len(actions) {
		return actions // something listed is no command at all: let the comparison fail
	}
	return out
}

// Actions built by hand (not parsed) are refused, never a panic, when they name cells wrong.
func TestActionsBuiltByHandAreChecked(t *testing.T) {
	s := handMade().put(at(2, 2), 0, 2).put(at(2, 4), 1, 1)
	for _, tc := range []struct {
		a    Action
		code string
	}{
		{Action{}, "unknown_command"},
		{Action{Verb: 42}, "unknown_command"},
		{Action{Verb: ClanChoice, From: NoHex, To: NoHex, Clan: 9}, "unknown_clan"},
		{Action{Verb: Move, From: NoHex, To: at(2, 3)}, "field_count"},
		{Action{Verb: Place, From: NoHex, To: NoHex}, "field_count"},
		{Action{Verb: BBQPower, From: at(2, 2), To: at(2, 3)}, "field_count"},
		{Action{Verb: End, From: at(2, 2), To: NoHex}, "field_count"},
		{Action{Verb: Move, From: at(2, 2), To: 99}, "off_garden"},
		{Action{Verb: Unreadable, Text: "move 2 2 2 3"}, "unknown_command"},
	} {
		if err := s.Validate(0, tc.a); games.IllegalCode(err) != tc.code {
			t.Errorf("%#v: %v, want %s", tc.a, err, tc.code)
		}
	}
}
