package roomview

import (
	"fmt"
	"strings"
	"time"

	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
)

// Result is the end of the game in the panel, width cells wide: who won, rematch calls and
// the command that shows the game again, whose id is never cut.
func Result(v Viewer, s *rooms.Snapshot, width int) string {
	st := v.St
	l := v.Lang
	if s.Outcome == nil {
		return l.Sprintf("Game over.")
	}
	if !s.Saved {
		return st.Dim.Render(strings.Join(termtext.WrapWords(l.Sprintf("Game over — recording the result…"), width), "\n"))
	}
	text, mood := ResultTextIn(l, s.Outcome.Ranks, SeatNames(s.Seats), v.Seat)
	style := st.Key
	switch mood {
	case +1:
		style = st.Good
	case -1:
		style = st.Bad
	}
	var lines []string
	for _, l := range termtext.WrapWords(text, width) {
		lines = append(lines, style.Render(l))
	}
	for i, asked := range s.Votes {
		if asked && i != v.Seat {
			lines = append(lines, termtext.WrapWords(l.Sprintf("%s wants a rematch: press r", plaintext.Clean(s.Seats[i].Name)), width)...)
		}
	}
	if s.MatchID != "" && v.Replays {
		for _, line := range termtext.WordsThenCode(l.Sprintf("Watch it again: ssh -t … replay"), s.MatchID, width) {
			lines = append(lines, st.Dim.Render(line))
		}
	}
	return strings.Join(lines, "\n")
}

// ResultText tells the result from seat's side (-1: a spectator's): "You win!", "You lose.
// bob wins.", "You finish 3rd. zidane and bobmorane share first.", "Draw.". mood is +1 for
// a win, -1 for a loss, 0 otherwise.
func ResultText(ranks []int, names []string, seat int) (text string, mood int) {
	return ResultTextIn(lang.English, ranks, names, seat)
}

// ResultTextIn is ResultText in language l.
func ResultTextIn(l lang.Lang, ranks []int, names []string, seat int) (text string, mood int) {
	var first []string
	for i, r := range ranks {
		if r == 1 {
			first = append(first, names[i])
		}
	}
	winners := l.Sprintf("%s wins.", strings.Join(first, l.Sprintf(" and ")))
	if len(first) > 1 {
		winners = l.Sprintf("%s and %s share first.", strings.Join(first[:len(first)-1], ", "), first[len(first)-1])
	}
	switch {
	case len(first) == len(ranks):
		return l.Sprintf("Draw."), 0
	case seat < 0 || seat >= len(ranks):
		return winners, 0
	case ranks[seat] == 1 && len(first) == 1:
		return l.Sprintf("You win!"), +1
	case ranks[seat] == 1:
		return l.Sprintf("You share first place. %s", winners), +1
	case len(ranks) == 2:
		return l.Sprintf("You lose. %s", winners), -1
	}
	shared := 0
	for _, r := range ranks {
		if r == ranks[seat] {
			shared++
		}
	}
	if shared > 1 {
		return l.Sprintf("You share %s place of %d. %s", l.Ordinal(ranks[seat]), len(ranks), winners), -1
	}
	return l.Sprintf("You finish %s of %d. %s", l.Ordinal(ranks[seat]), len(ranks), winners), -1
}

// Clock is a time left as m:ss ("0:57"), never negative.
func Clock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	secs := int(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}

// SeatNames are the seats' names, cleaned for the terminal, in seat order.
func SeatNames(seats []rooms.SeatInfo) []string {
	names := make([]string, len(seats))
	for i, seat := range seats {
		names[i] = plaintext.Clean(seat.Name)
	}
	return names
}
