// Package arena is the bot protocol (version 1) for Go bots: the loop every bot of this kit
// shares. A bot is a strategy per game, a function choose(obs, legal) returning an action,
// handed to Run:
//
//	func choose(obs Obs, legal []int) int { return legal[0] }
//
//	func main() {
//		arena.Run("mybot", map[string]arena.Strategy{"sevencolors": arena.Typed(choose)})
//	}
//
// Run reads the server's lines (JSON, one a line) on stdin and answers on stdout, or, when
// the program is started with arguments, runs them as a command (ssh -T … bot --game …) and
// talks to its stdin and stdout. It answers every "turn" with the strategy of the game named
// in "hello", plays game after game, logs warnings and results to stderr, skips lines that
// are not JSON, and returns when the server closes the connection. stdout carries protocol
// only: log to stderr with log.Printf (Run sets the log package up: one line, written
// whole, prefixed with the bot's name). TimeLeft tells a strategy how long it still has.
//
// In a tournament (the command's words include --tournament) a lost connection (ssh's status
// 255) or a server restarting (status 75) is not the end: Run waits (1 s, 2 s, 4 s … up to
// 30 s, a little jitter) and runs the command again, until 30 minutes pass without a
// connection. ARENA_RECONNECT_BASE (milliseconds, default 1000) scales every one of these
// times; it is there for tests.
//
// A new game is a new strategy file; this package stays as it is.
package arena

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Strategy answers one turn: the observation and the legal actions as the server sent them
// (legal is empty for games that do not list them), the action to send back. Typed makes
// one of a function of typed values.
type Strategy func(obs, legal json.RawMessage) (action any, err error)

// Typed makes a Strategy of a function of typed values: the observation decoded into O, the
// legal actions into L (its zero value when the game sends none); the A it returns is
// encoded as the action.
func Typed[O, L, A any](choose func(obs O, legal L) A) Strategy {
	return func(rawObs, rawLegal json.RawMessage) (any, error) {
		var obs O
		var legal L
		if err := json.Unmarshal(rawObs, &obs); err != nil {
			return nil, fmt.Errorf("cannot read this turn's obs: %w", err)
		}
		if len(rawLegal) > 0 && string(rawLegal) != "null" {
			if err := json.Unmarshal(rawLegal, &legal); err != nil {
				return nil, fmt.Errorf("cannot read this turn's legal actions: %w", err)
			}
		}
		return choose(obs, legal), nil
	}
}

// Time is a turn's "time" field: the milliseconds this decision may take before the bank is
// touched (MoveMs), and what is left in the game's bank (BankMs).
type Time struct {
	MoveMs int `json:"move_ms"`
	BankMs int `json:"bank_ms"`
}

// The turn being answered: its time field and the instant its line was read.
var (
	turnTime     Time
	turnReceived = time.Now()
)

// TurnTime is the time field of the turn being answered, as the server sent it.
func TurnTime() Time { return turnTime }

// TimeLeft is how long the answer to the turn being answered may still take before it
// draws on the bank: move_ms less the time since the turn arrived (negative once spent).
func TimeLeft() time.Duration {
	return time.Duration(turnTime.MoveMs)*time.Millisecond - time.Since(turnReceived)
}

// TotalTimeLeft is TimeLeft plus the bank: past it, the answer is late (the game's default
// action and a strike).
func TotalTimeLeft() time.Duration {
	return TimeLeft() + time.Duration(turnTime.BankMs)*time.Millisecond
}

// message is any line from the server; each type fills the fields it has.
type message struct {
	Type    string          `json:"type"`
	Game    string          `json:"game"`
	Match   string          `json:"match"`
	ID      int             `json:"id"`
	Seat    int             `json:"seat"`
	Obs     json.RawMessage `json:"obs"`
	Legal   json.RawMessage `json:"legal"`
	Time    Time            `json:"time"`
	Outcome *struct {
		Ranks  []int `json:"ranks"`
		Scores []int `json:"scores"`
	} `json:"outcome"`
	Code string `json:"code"`
	Msg  string `json:"msg"`
	Note string `json:"note"`
}

type action struct {
	Type   string `json:"type"`
	Match  string `json:"match"`
	ID     int    `json:"id"`
	Action any    `json:"action"`
}

// errStop is what play returns when the server said the session cannot go on, or when
// this bot cannot play the game: it has been logged already.
var errStop = errors.New("stopped")

// Play answers turns on in and out until the server closes the connection. It returns an
// error when the session could not go on (an "error" line, a game this bot does not play).
func Play(in io.Reader, out io.Writer, strategies map[string]Strategy) error {
	return play(in, out, strategies, map[string]bool{})
}

// play is Play, noting in seen the types of the messages received ("hello", "start", …).
func play(in io.Reader, out io.Writer, strategies map[string]Strategy, seen map[string]bool) error {
	r := bufio.NewReaderSize(in, 1<<16)
	w := bufio.NewWriter(out)
	var choose Strategy
	if len(strategies) == 1 { // a turn before any hello still gets an answer
		for _, s := range strategies {
			choose = s
		}
	}
	seat, games, wins := -1, 0, 0
	for {
		line, readErr := r.ReadBytes('\n')
		received := time.Now()
		if len(bytes.TrimSpace(line)) == 0 {
			if readErr == io.EOF {
				return nil
			}
			if readErr != nil {
				return readErr
			}
			continue
		}
		var m message
		if err := json.Unmarshal(line, &m); err != nil {
			log.Printf("not JSON, skipped: %.80s", strings.TrimSpace(string(line)))
			continue
		}
		seen[m.Type] = true
		switch m.Type {
		case "hello":
			if choose = strategies[m.Game]; choose == nil {
				games := make([]string, 0, len(strategies))
				for g := range strategies {
					games = append(games, g)
				}
				sort.Strings(games)
				log.Printf("error: this bot has no strategy for %s (it plays %s)", m.Game, strings.Join(games, ", "))
				return errStop
			}
		case "turn":
			if choose == nil {
				log.Printf("a turn before hello: no answer")
				continue
			}
			turnTime, turnReceived = m.Time, received
			act, err := answer(choose, m.Obs, m.Legal)
			if err != nil {
				// Saying nothing is better than a wrong move: the server plays the default.
				log.Printf("%v; no answer this turn", err)
				continue
			}
			data, err := json.Marshal(action{"action", m.Match, m.ID, act})
			if err != nil {
				log.Printf("cannot write the action %#v as JSON: %v; no answer this turn", act, err)
				continue
			}
			w.Write(append(data, '\n'))
			if err := w.Flush(); err != nil {
				return nil // the connection went away as we answered: its end says why
			}
		case "start":
			seat = m.Seat
		case "end":
			games++
			if m.Outcome == nil || seat < 0 || seat >= len(m.Outcome.Ranks) {
				log.Printf("game %d ended without you: %s", games, m.Note)
				continue
			}
			firsts := 0
			for _, r := range m.Outcome.Ranks {
				if r == 1 {
					firsts++
				}
			}
			if m.Outcome.Ranks[seat] == 1 && firsts == 1 {
				wins++
			}
			log.Printf("game %d: rank %d of %d, scores %v (%d won so far)", games, m.Outcome.Ranks[seat], len(m.Outcome.Ranks), m.Outcome.Scores, wins)
		case "warn":
			log.Printf("warning %s: %s", m.Code, m.Msg)
		case "error":
			log.Printf("error: %s", m.Msg)
			return errStop
		}
		// pong needs no answer; unknown types are ignored (forward compatible).
	}
}

// answer is choose, with a panic in the strategy (an index out of range…) logged with where
// it happened, as a turn without an answer, rather than the end of the bot.
func answer(choose Strategy, obs, legal json.RawMessage) (act any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("your strategy panicked: %v\n%s", p, debug.Stack())
		}
	}()
	return choose(obs, legal)
}

// Run plays with strategies (game id → strategy) on stdin and stdout, or through the command
// given as arguments, and exits when the server is done. name prefixes the log lines.
func Run(name string, strategies map[string]Strategy) {
	log.SetFlags(0)
	log.SetPrefix(name + ": ")
	log.SetOutput(os.Stderr)
	command := os.Args[1:]
	if len(command) == 0 {
		if err := Play(os.Stdin, os.Stdout, strategies); err != nil {
			if err != errStop {
				log.Print(err)
			}
			os.Exit(1)
		}
		os.Exit(0)
	}
	for _, word := range command {
		if strings.Contains(word, "--tournament") {
			os.Exit(reconnecting(command, strategies))
		}
	}
	status, err := connect(command, strategies, map[string]bool{})
	if err != nil {
		os.Exit(1)
	}
	os.Exit(status)
}

// connect runs the command (ssh …) and plays through its stdin and stdout. It returns the
// command's exit status (1 when it did not exit by itself) and play's error, if any; it logs
// what went wrong.
func connect(command []string, strategies map[string]Strategy, seen map[string]bool) (int, error) {
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		log.Print(err)
		return 1, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		log.Print(err)
		return 1, err
	}
	if err := cmd.Start(); err != nil {
		log.Printf("cannot run %s: %v", command[0], err)
		return 1, err
	}
	playErr := play(stdout, stdin, strategies, seen)
	if playErr != nil && playErr != errStop {
		log.Print(playErr)
	}
	stdin.Close()
	err = cmd.Wait()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		log.Print(err)
	}
	status := cmd.ProcessState.ExitCode()
	if status < 0 { // killed by a signal
		status = 1
	}
	return status, playErr
}

// again names the statuses after which a tournament bot connects again: ssh's "connection
// lost", and EX_TEMPFAIL, the server's "I am shutting down, come back".
var again = map[int]string{255: "connection lost", 75: "the server is restarting"}

// reconnecting connects with the command again and again while it ends with a status of
// again, and returns the exit status once it ends otherwise, or after 30 minutes without a
// connection. The wait doubles from 1 s to 30 s (plus up to a fifth, so that a class does not
// come back in step) and starts again from 1 s after a connection that lasted a minute or
// played a game.
func reconnecting(command []string, strategies map[string]Strategy) int {
	base := time.Second
	if ms, err := strconv.Atoi(os.Getenv("ARENA_RECONNECT_BASE")); err == nil && ms > 0 {
		base = time.Duration(ms) * time.Millisecond
	}
	failures := 0
	connected := time.Now() // the end of the last connection that got its hello
	for {
		began := time.Now()
		seen := map[string]bool{}
		status, err := connect(command, strategies, seen)
		now := time.Now()
		why, ok := again[status]
		if !ok {
			if err != nil {
				return 1
			}
			return status
		}
		if seen["hello"] {
			connected = now
		}
		if seen["start"] || now.Sub(began) >= 60*base {
			failures = 0
		}
		if now.Sub(connected) >= 1800*base {
			log.Printf("no connection to the tournament for %g min: giving up (run the same command again to rejoin)",
				(1800 * base).Minutes())
			return status
		}
		delay := min(base<<min(failures, 5), 30*base)
		delay += rand.N(delay/5 + 1)
		failures++
		log.Printf("%s (status %d); reconnecting in %.1f s…", why, status, delay.Seconds())
		time.Sleep(delay)
	}
}
