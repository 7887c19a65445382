package program

import (
	"bytes"
	"errors"
	"strings"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// A Conn remembers the last turns it sent and what became of them, and when the program
// last said anything, so that each mistake a student makes is told in one sentence that
// names it and its fix, the same in `arena match`, `arena check` and over SSH.

// fateTimedOut is the fate of a turn whose time ran out before its answer.
var fateTimedOut = lang.T("its time ran out (a lost turn)")

// turnMemory is how many recent turns a Conn remembers.
const turnMemory = 16

// turnRecord is one turn line sent to the program.
type turnRecord struct {
	id    int
	match string
	sent  time.Time
	size  int // bytes of its line
	// fate says why the turn was settled without the program's answer ("" while pending);
	// answered, that the program's answer was taken.
	fate     lang.Text
	answered bool
	// displaced: a bad line took the turn's place (its late real answer costs nothing).
	displaced bool
}

// rememberTurn records turn id (under c.mu).
func (c *Conn) rememberTurn(id int, match string, size int) {
	if len(c.turns) == turnMemory {
		c.turns = append(c.turns[:0], c.turns[1:]...)
	}
	c.turns = append(c.turns, turnRecord{id: id, match: match, sent: c.now(), size: size})
}

// turn is the record of turn id, or nil (under c.mu).
func (c *Conn) turn(id int) *turnRecord {
	for i := range c.turns {
		if c.turns[i].id == id {
			return &c.turns[i]
		}
	}
	return nil
}

// settleFate records why turn id was settled without the program's answer (under c.mu).
func (c *Conn) settleFate(id int, fate lang.Text) {
	if t := c.turn(id); t != nil && t.fate.Key == "" && !t.answered {
		t.fate = fate
	}
}

// Silence explains a turn that went unanswered when the program has said nothing since it
// was sent: "" when it has. A program that never flushes, or that reads lines into a small
// buffer and waits for the rest, looks exactly like this.
func (c *Conn) Silence(id int) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.turn(id)
	if t == nil || c.answeredLate || !c.heard.IsZero() && c.heard.After(t.sent) {
		return ""
	}
	// The first turn sent after the program's last line: it has been silent since.
	first, largest := t, t
	for i := range c.turns {
		r := &c.turns[i]
		if r.id <= id && (c.heard.IsZero() || r.sent.After(c.heard)) {
			if r.id < first.id {
				first = r
			}
			if r.size > largest.size {
				largest = r
			}
		}
	}
	l, ago := c.l, roundDuration(c.now().Sub(first.sent))
	switch {
	case c.games == 0 && first.id <= 1 && largest.size > 1024:
		return l.Sprintf("nothing received from your program since it started (%s): does it flush stdout after each line, and read whole lines of any length (turn %d's line was %d bytes)?", ago, largest.id, largest.size)
	case c.games == 0 && first.id <= 1:
		return l.Sprintf("nothing received from your program since it started (%s): does it flush stdout after each line?", ago)
	case largest.size > 1024:
		return l.Sprintf("nothing received from your program since turn %d (%s): does it flush stdout after each line, and read whole lines of any length (turn %d's line was %d bytes)?", first.id, ago, largest.id, largest.size)
	}
	return l.Sprintf("nothing received from your program since turn %d (%s): does it flush stdout after each line?", first.id, ago)
}

func roundDuration(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return d.Round(time.Second).String()
	case d >= time.Second:
		return d.Round(100 * time.Millisecond).String()
	default:
		return d.Round(time.Millisecond).String()
	}
}

// Quote shows what a program sent in a sentence: its first line, cut to a readable length.
func Quote(b []byte) string {
	b = bytes.TrimSpace(b)
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	const n = 60
	s := string(b)
	if len(s) > n {
		s = cutRunes(s, n) + "…"
	}
	return "`" + strings.ToValidUTF8(s, "?") + "`"
}

// badLine is the sentence for a line that is not a message (decodeErr: why, in c.l):
// pending names the turn it took the place of (0: none).
func (c *Conn) badLine(line []byte, decodeErr string, pending int) string {
	l := c.l
	trimmed := bytes.TrimSpace(line)
	where := l.Sprintf("between turns")
	if pending > 0 {
		where = l.Sprintf("before your answer to turn %d", pending)
	}
	switch {
	case len(trimmed) > 0 && trimmed[0] != '{':
		return l.Sprintf("a line that is not JSON came %s: %s — stdout carries protocol lines only: print debugging to stderr", where, Quote(line))
	case strings.HasPrefix(decodeErr, l.Sprintf("not valid JSON")):
		return l.Sprintf("a line that is %s came %s: %s", decodeErr, where, Quote(line))
	default:
		return l.Sprintf("%s, in the line %s", decodeErr, Quote(line))
	}
}

// staleAnswer is the sentence for an answer to turn id, which is not pending, and its kind
// (KindLate, KindDisplaced or "") (under c.mu).
func (c *Conn) staleAnswer(id int) (string, string) {
	l := c.l
	if id > c.turnSeq {
		last := l.Sprintf("no turn line was sent yet")
		if c.turnSeq > 0 {
			last = l.Sprintf("the last turn line was %d", c.turnSeq)
		}
		return l.Sprintf("turn %d was never sent (%s): answer with the \"id\" of the turn line you answer", id, last), ""
	}
	t := c.turn(id)
	switch {
	case t == nil:
		return l.Sprintf("turn %d is long over: action dropped", id), ""
	case t.answered:
		return l.Sprintf("turn %d was already answered: send one action per turn line, and none for other lines (start, warn, end)", id), ""
	case t.fate.Key != "":
		kind := KindDisplaced
		if t.fate.Key == fateTimedOut.Key {
			kind = KindLate
		}
		return l.Sprintf("your answer to turn %d came after %s: action dropped", id, t.fate.In(l)), kind
	}
	return l.Sprintf("turn %d is not waiting for an answer: action dropped", id), ""
}

// GameBegins tells the Conn a game of g starts on it (its number on the connection).
func (c *Conn) GameBegins(g games.Game) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.game = g
	c.games++
	c.inGame = true
	c.gameAnswers = 0
	return c.games
}

// GameEnds tells the Conn its game is over (its "end" is queued).
func (c *Conn) GameEnds() {
	c.mu.Lock()
	c.inGame = false
	c.mu.Unlock()
}

// Plan tells the Conn how many games the program is to play on it (0: as many as it
// likes, leaving between two games being normal; -1: more than one, how many unknown), to
// say when it left too early.
func (c *Conn) Plan(games int) {
	c.mu.Lock()
	c.planned = games
	c.mu.Unlock()
}

// Games is how many games began on the connection, and whether one is being played.
func (c *Conn) Games() (n int, playing bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.games, c.inGame
}

var gameAfterGame = lang.T("the arena sends game after game on the same connection (a start line after each end): keep reading lines until your input ends")

// EndedEarly explains a program whose output ended (it exited, crashed or closed stdout),
// to be said in the reader's language: how says how, in the connection's language
// ("exited (exit status 0)"; "" when the server cannot know, over SSH), and decision, when
// not 0, which of its game's decisions it owed.
func (c *Conn) EndedEarly(how string, decision int) lang.Text {
	c.mu.Lock()
	games, playing, answers, planned, why := c.games, c.inGame, c.gameAnswers, c.planned, c.why
	c.mu.Unlock()
	who := lang.T("your program's output ended (it exited or closed stdout)")
	if how != "" {
		who = lang.T("your program %s", how)
	}
	var byArena endedByArena
	if errors.As(why, &byArena) {
		// The arena ended it: that is the fault to tell.
		if games == 0 {
			return lang.T("the arena ended the connection: %s", byArena.err)
		}
		return lang.T("the arena ended the connection during game %d: %s", games, byArena.err)
	}
	if playing && answers == 0 && games > 1 {
		// Gone before answering anything of this game: it most likely stopped after the
		// last one (if it crashed on this game's first turn, its stderr says so).
		if planned > 0 {
			return lang.T("%s after game %d of %d, before answering any turn of game %d: %s", who, games-1, planned, games, gameAfterGame)
		}
		return lang.T("%s after game %d, before answering any turn of game %d: %s", who, games-1, games, gameAfterGame)
	}
	switch {
	case games == 0:
		return lang.T("%s before its first game", who)
	case !playing && (planned == 0 || planned > 0 && games >= planned):
		return lang.T("%s after game %d", who, games)
	case !playing && planned > 0:
		return lang.T("%s after game %d of %d: %s", who, games, planned, gameAfterGame)
	case !playing:
		return lang.T("%s after game %d: %s", who, games, gameAfterGame)
	}
	if decision > 0 {
		return lang.T("%s during game %d, at its decision %d", who, games, decision)
	}
	return lang.T("%s during game %d", who, games)
}
