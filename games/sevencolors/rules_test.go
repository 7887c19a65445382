package sevencolors

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/games"
)

func TestFillAndCorners(t *testing.T) {
	for _, n := range []int{2, 3, 7, 30, 50} {
		for seed := range uint64(5) {
			s, err := NewState(n, seed)
			if err != nil {
				t.Fatal(err)
			}
			// fill_map: one uniform draw in 3..9 per cell in row-major order, then the corners.
			r := rand.New(rand.NewPCG(seed, pcgStream))
			for i := range n * n {
				want := MinColor + r.IntN(7)
				switch {
				case i%n == 0 && i/n == n-1:
					want = Player1
				case i%n == n-1 && i/n == 0:
					want = Player2
				}
				if got := s.Cell(i%n, i/n); got != want {
					t.Fatalf("n=%d seed=%d cell (%d,%d) = %d, want %d", n, seed, i%n, i/n, got, want)
				}
			}
			if s.Count(Player1) != 1 || s.Count(Player2) != 1 || s.Turn() != Player1 {
				t.Fatalf("n=%d: counts %d/%d, turn %d", n, s.Count(1), s.Count(2), s.Turn())
			}
		}
	}
}

func TestFillUsesEveryColourEvenly(t *testing.T) {
	s, _ := NewState(50, 42)
	var hist [10]int
	for y := range 50 {
		for x := range 50 {
			hist[s.Cell(x, y)]++
		}
	}
	// 2498 draws over 7 colours: 357 expected, σ ≈ 17.5; ±5σ never fails by chance.
	for c := MinColor; c <= MaxColor; c++ {
		if hist[c] < 270 || hist[c] > 445 {
			t.Errorf("colour %d appears %d times, want about 357", c, hist[c])
		}
	}
}

func TestSameSeedSameBoard(t *testing.T) {
	a, _ := NewState(30, 7)
	b, _ := NewState(30, 7)
	c, _ := NewState(30, 8)
	if drawString(a) != drawString(b) {
		t.Fatal("same seed, different boards")
	}
	if drawString(a) == drawString(c) {
		t.Fatal("seeds 7 and 8 deal the same board")
	}
}

func TestFloodGoesThroughTheChosenColourOnly(t *testing.T) {
	s := pos(t, Player1,
		"AAB.v",
		"CAAAB",
		"AB.BA",
		"AAC.A",
		"^BAAA",
	)
	if g := s.Gain(Player1, 3); g != 3 {
		t.Fatalf("gain A = %d, want 3", g)
	}
	ev, err := s.Apply(0, 3)
	if err != nil {
		t.Fatal(err)
	}
	// A reaches (0,3), (0,2) and (1,3), then stops: the A cells beyond a B, a C or an EMPTY
	// cell stay, and so does (2,4), which only touches the new territory diagonally.
	want := []string{
		"AAB.v",
		"CAAAB",
		"^B.BA",
		"^^C.A",
		"^BAAA",
	}
	if got := draw(s); !slices.Equal(got, want) {
		t.Fatalf("board after A:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if ev[0].Type != "capture" || ev[0].Data != (CaptureData{Colour: 3, Cells: 3}) {
		t.Fatalf("event %+v", ev[0])
	}
	if s.Count(Player1) != 4 {
		t.Fatalf("count %d", s.Count(Player1))
	}
}

func TestLostTurns(t *testing.T) {
	rows := []string{
		"BBv",
		"A.C",
		"^AC",
	}
	cases := []struct {
		colour  int
		message string // Validate's sentence, to a program: the colour as it sent it
		reason  string // the pass event's, to people: the letter the board shows
	}{
		{5, "colour 5 (C) is not next to your territory (rules: §5 A move)", "C is not next to your territory"},
		{9, "colour 9 (G) is not next to your territory (rules: §5 A move)", "G is not next to your territory"}, // no G on the board at all
		{1, "colour 1 is your own (rules: §6 Lost turns)", "colour 1 is your own"},
		{2, "colour 2 is your opponent's (rules: §6 Lost turns)", "colour 2 is your opponent's"},
		{0, "no colour chosen (rules: §6 Lost turns)", "no colour chosen"},
		{10, "10 is not a colour: choose 3..9 (A..G) (rules: §6 Lost turns)", "10 is not a colour: choose 3..9 (A..G)"},
		{-3, "-3 is not a colour: choose 3..9 (A..G) (rules: §6 Lost turns)", "-3 is not a colour: choose 3..9 (A..G)"},
	}
	for _, tc := range cases {
		s := pos(t, Player1, rows...)
		before := drawString(s)
		err := s.Validate(0, tc.colour)
		var ie *games.IllegalError
		if !errors.As(err, &ie) || ie.Code != "illegal_action" || ie.Msg != tc.message {
			t.Errorf("Validate(%d) = %v, want illegal_action %q", tc.colour, err, tc.message)
		}
		ev, err := s.Apply(0, tc.colour)
		if err != nil {
			t.Fatalf("Apply(%d): %v", tc.colour, err)
		}
		if drawString(s) != before || s.Count(Player1) != 1 {
			t.Errorf("colour %d changed the board: %s", tc.colour, drawString(s))
		}
		if len(ev) != 1 || ev[0].Type != "pass" || ev[0].Seat != 0 ||
			ev[0].Data != (PassData{Colour: tc.colour, Reason: tc.reason}) {
			t.Errorf("colour %d: events %+v", tc.colour, ev)
		}
		if s.Turn() != Player2 || s.Moves() != 1 || s.Over() {
			t.Errorf("colour %d: a lost turn is a move: turn %d, moves %d", tc.colour, s.Turn(), s.Moves())
		}
	}
	// The same position for player 2: its own code is 2.
	s := pos(t, Player2, rows...)
	if err := s.Validate(1, 2); err == nil || err.Error() != "colour 2 is your own (rules: §6 Lost turns)" {
		t.Errorf("player 2 playing 2: %v", err)
	}
	if err := s.Validate(1, 1); err == nil || err.Error() != "colour 1 is your opponent's (rules: §6 Lost turns)" {
		t.Errorf("player 2 playing 1: %v", err)
	}
}

func TestApplyRefusesWrongSeatAndType(t *testing.T) {
	s, _ := NewState(5, 1)
	before := drawString(s)
	if _, err := s.Apply(1, 3); err != games.ErrNotYourTurn {
		t.Errorf("seat 1 first: %v", err)
	}
	if err := s.Validate(1, 3); err != games.ErrNotYourTurn {
		t.Errorf("Validate seat 1 first: %v", err)
	}
	if _, err := s.Apply(0, "3"); err == nil {
		t.Error(`Apply("3") accepted a string`)
	}
	if err := s.Validate(0, 3.0); games.IllegalCode(err) != "illegal_action" {
		t.Errorf("Validate(3.0): %v", err)
	}
	if drawString(s) != before || s.Moves() != 0 || s.Turn() != Player1 {
		t.Error("a refused action changed the state")
	}
}

func TestLegalAndValidateAgree(t *testing.T) {
	s := pos(t, Player1,
		"BBv",
		"A.C",
		"^AC",
	)
	if got := s.Legal(0); !slices.Equal(got, []games.Action{3}) {
		t.Errorf("Legal = %v, want [3]", got)
	}
	if got := s.Legal(1); len(got) != 0 {
		t.Errorf("Legal for the seat not to move = %v", got)
	}
	// A blocked player may send any colour: all are lost turns, none is refused.
	blocked := pos(t, Player1,
		"A.v",
		"..B",
		"^.C",
	)
	legal := blocked.Legal(0)
	if len(legal) != 7 {
		t.Fatalf("blocked Legal = %v, want 3..9", legal)
	}
	for _, a := range legal {
		if err := blocked.Validate(0, a); err != nil {
			t.Errorf("Validate(%v) = %v for a blocked player", a, err)
		}
	}
	if blocked.Validate(0, 1) == nil || blocked.Validate(0, 12) == nil {
		t.Error("a blocked player may still not send 1 or 12")
	}
	ev, _ := blocked.Apply(0, 4)
	if ev[0].Type != "pass" {
		t.Errorf("blocked move: %+v", ev)
	}
	if blocked.DefaultAction(1) != 0 {
		t.Error("the default action is a lost turn")
	}
}

func TestMajorityWinsAtOnce(t *testing.T) {
	// 9 cells: 5 is more than half.
	s := pos(t, Player1,
		"BBv",
		"AAB",
		"^AA",
	)
	ev, _ := s.Apply(0, 3)
	if !s.Over() || s.Count(Player1) != 5 {
		t.Fatalf("over=%v count=%d", s.Over(), s.Count(Player1))
	}
	if len(ev) != 2 || ev[1].Type != "end" || ev[1].Seat != 0 || ev[1].Data.(EndData).Reason != "majority" {
		t.Fatalf("events %+v", ev)
	}
	o := s.Outcome()
	if !slices.Equal(o.Ranks, []int{1, 2}) || !slices.Equal(o.Scores, []int{5, 1}) ||
		!slices.Equal(o.Shares, []float64{5.0 / 9, 1.0 / 9}) {
		t.Fatalf("outcome %+v", o)
	}
	if s.ToMove() != nil || len(s.Legal(1)) != 0 {
		t.Error("nobody moves after the end")
	}
	if _, err := s.Apply(1, 4); games.IllegalCode(err) != "game_over" {
		t.Errorf("Apply after the end: %v", err)
	}
}

func TestExactlyHalfIsNotAWin(t *testing.T) {
	// 16 cells; after A player 1 holds 8, and player 2 still touches C.
	s := pos(t, Player1,
		"CCCv",
		"CCCC",
		"AAAA",
		"^AAA",
	)
	s.Apply(0, 3)
	if s.Count(Player1) != 8 || s.Over() {
		t.Fatalf("count %d, over %v: exactly half must not end the game", s.Count(Player1), s.Over())
	}
	s.Apply(1, 5)
	if !s.Over() || s.Outcome().Winner() != -1 || !slices.Equal(s.Outcome().Ranks, []int{1, 1}) {
		t.Fatalf("8 to 8 with nothing left: over=%v outcome %+v", s.Over(), s.Outcome())
	}
}

func TestBlockedEndsTheGame(t *testing.T) {
	// After A, player 1 holds 2 of 4 (not a majority) and nobody touches a free cell.
	s := pos(t, Player1,
		"^A",
		".v",
	)
	ev, _ := s.Apply(0, 3)
	if !s.Over() {
		t.Fatal("blocked position not over")
	}
	if end := ev[len(ev)-1]; end.Type != "end" || end.Data.(EndData).Reason != "blocked" || end.Seat != 0 ||
		end.Text != "^ player 1 wins, 2 cells to 1" {
		t.Fatalf("end event %+v", end)
	}
	if o := s.Outcome(); !slices.Equal(o.Ranks, []int{1, 2}) {
		t.Fatalf("ranks %v", o.Ranks)
	}
}

func TestBlockedDraw(t *testing.T) {
	s := pos(t, Player1,
		"^A.",
		"...",
		"vB.",
	)
	s.Apply(0, 3)
	if s.Over() {
		t.Fatal("player 2 still touches B")
	}
	ev, _ := s.Apply(1, 4)
	if !s.Over() || !slices.Equal(s.Outcome().Ranks, []int{1, 1}) || s.Outcome().Winner() != -1 {
		t.Fatalf("over=%v outcome %+v", s.Over(), s.Outcome())
	}
	if end := ev[len(ev)-1]; end.Seat != -1 || end.Text != "draw, 2 cells each" {
		t.Fatalf("end event %+v", end)
	}
}

func TestFinishedPositionIsOverAtOnce(t *testing.T) {
	s := pos(t, Player2, "^.", ".v")
	if !s.Over() || s.Turn() != 0 || s.ToMove() != nil {
		t.Fatal("a position where nobody can move is over")
	}
}

func TestMoveCap(t *testing.T) {
	s := pos(t, Player1,
		"AAv",
		"BBB",
		"^CC",
	)
	// 4·N² = 36 moves of lost turns, then the counts decide: 1 to 1, a draw.
	for i := range 36 {
		if s.Over() {
			t.Fatalf("over after %d moves", i)
		}
		seat := s.ToMove()[0]
		if _, err := s.Apply(seat, s.DefaultAction(seat)); err != nil {
			t.Fatal(err)
		}
	}
	if !s.Over() || !slices.Equal(s.Outcome().Ranks, []int{1, 1}) {
		t.Fatalf("after 36 moves: over=%v %+v", s.Over(), s.Outcome())
	}
}

func TestMoveCapComparesCounts(t *testing.T) {
	s := pos(t, Player1,
		"AAv",
		"BBB",
		"^CC",
	)
	s.Apply(0, 5) // player 1 takes C, then both pass until the cap
	for !s.Over() {
		seat := s.ToMove()[0]
		s.Apply(seat, 0)
	}
	if s.Moves() != 36 || s.Outcome().Winner() != 0 {
		t.Fatalf("moves %d, outcome %+v", s.Moves(), s.Outcome())
	}
}

func TestFrontierCountsDistinctFreeCells(t *testing.T) {
	// B touches the territory by two edges but is one cell; v and EMPTY do not count.
	s := pos(t, Player1,
		"v.A",
		"^B.",
		"^^C",
	)
	if f := s.Frontier(Player1); f != 2 {
		t.Fatalf("frontier %d, want 2 (B and C)", f)
	}
	// B brings only EMPTY cells next to the territory.
	if f := s.FrontierAfter(Player1, 4); f != 1 {
		t.Fatalf("frontier after B %d, want 1 (C)", f)
	}
	if f := s.FrontierAfter(Player1, 3); f != 2 {
		t.Fatalf("frontier after A (not adjacent) %d, want it unchanged", f)
	}
}
