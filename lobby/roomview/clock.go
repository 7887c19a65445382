package roomview

import (
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/replay"
)

// The clocks of a replayed game (replay.Clock): how long each decision took, the time bank
// left, the warnings; what a student reads to find where their program was slow.

// Thinking is one seat's think times over a whole stored game, from its moves' clocks.
type Thinking struct {
	Moves     int           // the seat's moves with a clock
	Total     time.Duration // their think times added up
	Slowest   time.Duration // the longest
	SlowestAt int           // the index (from 0) of the move that took it: the first if several did
	Timeouts  int           // moves that missed their deadline
	Refused   int           // moves whose action the game refused
	Failed    int           // moves a house bot failed to decide
}

// Average is the seat's mean think time.
func (t Thinking) Average() time.Duration {
	if t.Moves == 0 {
		return 0
	}
	return t.Total / time.Duration(t.Moves)
}

// Warnings of a move's clock other than the code of a refused action (replay.Clock.Warn).
const (
	warnTimeout   = "timeout"
	warnBotFailed = "bot_failed"
)

// ThinkTimes is each of seats seats' Thinking over moves, nil when no move has a clock (a
// replay stored before clocks, a real-time game): the screen then shows no think times.
func ThinkTimes(moves []replay.Move, seats int) []Thinking {
	var out []Thinking
	for i, mv := range moves {
		c := mv.Clock
		if c == nil || mv.Seat < 0 || mv.Seat >= seats {
			continue
		}
		if out == nil {
			out = make([]Thinking, seats)
		}
		t := &out[mv.Seat]
		if t.Moves == 0 || c.Think > t.Slowest {
			t.Slowest, t.SlowestAt = c.Think, i
		}
		t.Moves++
		t.Total += c.Think
		switch c.Warn {
		case "":
		case warnTimeout:
			t.Timeouts++
		case warnBotFailed:
			t.Failed++
		default:
			t.Refused++
		}
	}
	return out
}

// Seconds is d as a student reads a think time or a bank: "0 s", "0.004 s", "0.42 s",
// "12.3 s", "95.0 s", "123 s".
func Seconds(d time.Duration) string { return SecondsIn(lang.English, d) }

// SecondsIn is Seconds as readers of l write numbers ("0,42 s").
func SecondsIn(l lang.Lang, d time.Duration) string {
	s := d.Seconds()
	switch {
	case d <= 0:
		return l.Sprintf("0 s")
	case s < 0.01:
		return l.Sprintf("%.3f s", s)
	case s < 10:
		return l.Sprintf("%.2f s", s)
	case s < 100:
		return l.Sprintf("%.1f s", s)
	}
	return l.Sprintf("%.0f s", s)
}

// maxSent is the most of a refused action a warning shows (a whole action of some games
// would leave no room for what followed).
const maxSent = 24

// WarnWords is a move's warning in words ("timed out: default played"), "" when it has none.
func WarnWords(c *replay.Clock) string { return WarnWordsIn(lang.English, c) }

// WarnWordsIn is WarnWords in language l.
func WarnWordsIn(l lang.Lang, c *replay.Clock) string {
	if c == nil {
		return ""
	}
	switch c.Warn {
	case "":
		return ""
	case warnTimeout:
		return l.Sprintf("timed out: default played")
	case warnBotFailed:
		return l.Sprintf("house bot failed")
	}
	if len(c.Sent) > 0 { // the program's own JSON: one line, nothing a terminal obeys
		sent := ansi.Truncate(oneLine(string(c.Sent)), maxSent, "…")
		return l.Sprintf("refused %s (%s): default played", sent, plaintext.Clean(c.Warn))
	}
	return l.Sprintf("refused (%s): default played", plaintext.Clean(c.Warn))
}

// moveClockLine is who made a move and how long it took: "ada thought 0.42 s · bank 12.3 s
// left" (the bank for programs only).
func moveClockLine(l lang.Lang, name string, c *replay.Clock) string {
	think := SecondsIn(l, c.Think)
	if c.Think < time.Millisecond { // a replay keeps whole milliseconds: a house bot's often 0
		think = l.Sprintf("under 0.001 s")
	}
	if c.HasBank {
		return l.Sprintf("%s thought %s · bank %s left", plaintext.Clean(name), think, SecondsIn(l, c.Bank))
	}
	return l.Sprintf("%s thought %s", plaintext.Clean(name), think)
}

// thinkingLines are seat t's think times in at most width cells a line: "avg think 0.31 s ·
// slowest 1.92 s at move 14 · 1 timeout", on more lines where one is too narrow. A short
// window has room for less: with detail 2, two lines at most (the last warnings left out),
// with detail 1, one.
func thinkingLines(l lang.Lang, t Thinking, width, detail int) []string {
	if t.Moves == 0 {
		return nil
	}
	head := l.Sprintf("avg think %s · slowest %s", SecondsIn(l, t.Average()), SecondsIn(l, t.Slowest))
	if t.Slowest < time.Millisecond { // a replay keeps whole milliseconds: a house bot's often 0
		head = l.Sprintf("think under 0.001 s a move")
	}
	var tail []string
	where := t.Moves > 1 && t.Slowest > 0 // which move was slowest, where there is one
	if where {
		tail = append(tail, l.Sprintf("at move %d", t.SlowestAt+1))
	}
	if t.Timeouts > 0 {
		tail = append(tail, l.Sprintf("%d timeouts", t.Timeouts))
	}
	if t.Refused > 0 {
		tail = append(tail, l.Sprintf("%d moves refused", t.Refused))
	}
	if t.Failed > 0 {
		tail = append(tail, l.Sprintf("%d bot failures", t.Failed))
	}
	if len(tail) == 0 {
		return []string{head}
	}
	sep := " · "
	if where {
		sep = " " // "slowest 1.92 s at move 14"
	}
	if one := head + sep + strings.Join(tail, " · "); ansi.StringWidth(one) <= width {
		return []string{one}
	}
	switch detail {
	case 1:
		if where {
			tail = tail[1:] // the counts of warnings, still, where they fit
		}
		return []string{termtext.DropParts(strings.Join(append([]string{head}, tail...), " · "), width)}
	case 2:
		return []string{head, termtext.DropParts(strings.Join(tail, " · "), width)}
	}
	return append([]string{head}, termtext.WrapParts(strings.Join(tail, " · "), width)...)
}

// sparkRunes are the heights of a sparkline's bars, lowest first.
var sparkRunes = []rune("▁▂▃▄▅▆▇█")

// Sparkline is the think times of seat's last (at most n) moves before move at, one bar
// each, the slowest of them full height: "▁▂█▃". "" when the seat has made none with a
// clock yet, or all took no time (under a millisecond).
func Sparkline(moves []replay.Move, seat, at, n int) string {
	var thinks []time.Duration // latest first
	var top time.Duration
	for i := min(at, len(moves)) - 1; i >= 0 && len(thinks) < n; i-- {
		if mv := moves[i]; mv.Seat == seat && mv.Clock != nil {
			thinks = append(thinks, mv.Clock.Think)
			top = max(top, mv.Clock.Think)
		}
	}
	if top == 0 {
		return "" // all under a millisecond: no bar would stand out
	}
	bars := make([]rune, len(thinks))
	for i, d := range thinks {
		h := int(int64(d) * int64(len(sparkRunes)-1) / int64(top))
		bars[len(bars)-1-i] = sparkRunes[min(max(h, 0), len(sparkRunes)-1)]
	}
	return string(bars)
}

// oneLine is text a program wrote (a note, an action it sent) on one line of plain text: its
// words joined by single spaces, nothing a terminal would obey.
func oneLine(text string) string {
	return plaintext.Clean(strings.Join(strings.Fields(text), " "))
}
