package program

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/arena-classroom/arena/games"
	"strings"
	"time"
)

// A Conn remembers the last turns it sent and what became of them, and when the program
// last said anything, so that each mistake a student makes is told in one sentence that
// names it and its fix, the same in `arena match`, `arena check` and over SSH.

// fateTimedOut is the fate of a turn whose time ran out before its answer.
const fateTimedOut = "its time ran out (a lost turn)"

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
	fate     string
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
func (c *Conn) settleFate(id int, fate string) {
	if t := c.turn(id); t != nil && t.fate == "" && !t.answered {
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
	since := "it started"
	if c.games > 0 || first.id > 1 {
		since = fmt.Sprintf("turn %d", first.id)
	}
	s := fmt.Sprintf("nothing received from your program since %s (%s): does it flush stdout after each line", since, roundDuration(c.now().Sub(first.sent)))
	if largest.size > 1024 {
		s += fmt.Sprintf(", and read whole lines of any length (turn %d's line was %d bytes)", largest.id, largest.size)
	}
	return s + "?"
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

// badLine is the sentence for a line that is not a message: pending names the turn it took
// the place of (0: none).
func badLine(line []byte, decodeErr string, pending int) string {
	trimmed := bytes.TrimSpace(line)
	where := "between turns"
	if pending > 0 {
		where = fmt.Sprintf("before your answer to turn %d", pending)
	}
	switch {
	case len(trimmed) > 0 && trimmed[0] != '{':
		return fmt.Sprintf("a line that is not JSON came %s: %s — stdout carries protocol lines only: print debugging to stderr", where, Quote(line))
	case strings.HasPrefix(decodeErr, "not valid JSON"):
		return fmt.Sprintf("a line that is %s came %s: %s", decodeErr, where, Quote(line))
	default:
		return fmt.Sprintf("%s, in the line %s", decodeErr, Quote(line))
	}
}

// staleAnswer is the sentence for an answer to turn id, which is not pending (under c.mu).
func (c *Conn) staleAnswer(id int) string {
	if id > c.turnSeq {
		last := "no turn line was sent yet"
		if c.turnSeq > 0 {
			last = fmt.Sprintf("the last turn line was %d", c.turnSeq)
		}
		return fmt.Sprintf("turn %d was never sent (%s): answer with the \"id\" of the turn line you answer", id, last)
	}
	t := c.turn(id)
	switch {
	case t == nil:
		return fmt.Sprintf("turn %d is long over: action dropped", id)
	case t.answered:
		return fmt.Sprintf("turn %d was already answered: send one action per turn line, and none for other lines (start, warn, end)", id)
	case t.fate != "":
		return fmt.Sprintf("your answer to turn %d came after %s: action dropped", id, t.fate)
	}
	return fmt.Sprintf("turn %d is not waiting for an answer: action dropped", id)
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

const gameAfterGame = "the arena sends game after game on the same connection (a start line after each end): keep reading lines until your input ends"

// EndedEarly explains a program whose output ended (it exited, crashed or closed stdout):
// how says how ("exited (exit status 0)"; "" when the server cannot know, over SSH), and
// decision, when not 0, which of its game's decisions it owed.
func (c *Conn) EndedEarly(how string, decision int) string {
	c.mu.Lock()
	games, playing, answers, planned, why := c.games, c.inGame, c.gameAnswers, c.planned, c.why
	c.mu.Unlock()
	who := "your program's output ended (it exited or closed stdout)"
	if how != "" {
		who = "your program " + how
	}
	var byArena endedByArena
	if errors.As(why, &byArena) {
		// The arena ended it: that is the fault to tell.
		if games == 0 {
			return "the arena ended the connection: " + why.Error()
		}
		return fmt.Sprintf("the arena ended the connection during game %d: %v", games, why)
	}
	if playing && answers == 0 && games > 1 {
		// Gone before answering anything of this game: it most likely stopped after the
		// last one (if it crashed on this game's first turn, its stderr says so).
		of := ""
		if planned > 0 {
			of = fmt.Sprintf(" of %d", planned)
		}
		return fmt.Sprintf("%s after game %d%s, before answering any turn of game %d: %s", who, games-1, of, games, gameAfterGame)
	}
	switch {
	case games == 0:
		return who + " before its first game"
	case !playing && (planned == 0 || planned > 0 && games >= planned):
		return fmt.Sprintf("%s after game %d", who, games)
	case !playing && planned > 0:
		return fmt.Sprintf("%s after game %d of %d: %s", who, games, planned, gameAfterGame)
	case !playing:
		return fmt.Sprintf("%s after game %d: %s", who, games, gameAfterGame)
	}
	if decision > 0 {
		return fmt.Sprintf("%s during game %d, at its decision %d", who, games, decision)
	}
	return fmt.Sprintf("%s during game %d", who, games)
}
