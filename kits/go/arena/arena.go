// Package arena is the bot protocol (version 1) for Go bots: the loop every bot of this kit
// shares. A bot is a strategy per game; Run answers every "turn" with the strategy of the game
// named in "hello":
//
//	arena.Run("mybot", map[string]arena.Strategy{"sevencolors": arena.Typed(choose)})
//
// With arguments the program runs them as a command (ssh -T … bot --game …) and talks to its
// stdin and stdout; without, it talks on its own. stdout carries protocol only: log to stderr
// (the log package, which Run sets up). A new game is a new strategy file; this stays as it is.
//
// In a tournament (the command's words include --tournament) a lost connection (ssh's status
// 255) or a server restarting (status 75) is not the end: Run waits (1 s, 2 s, 4 s … up to
// 30 s, a little jitter) and runs the command again, until 30 minutes pass without a
// connection. ARENA_RECONNECT_BASE (milliseconds, default 1000) scales every one of these
// times; it is there for tests.
package arena

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Strategy answers one turn: the observation and the legal actions as the server sent them
// (legal is empty for games that do not list them), the action to send back.
type Strategy func(obs, legal json.RawMessage) (action any, err error)

// Typed makes a Strategy of a function of typed values: the observation decoded into O, the
// legal actions into L (its zero value when the game sends none).
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

// message is any line from the server; each type fills the fields it has.
type message struct {
	Type    string          `json:"type"`
	Game    string          `json:"game"`
	Match   string          `json:"match"`
	ID      int             `json:"id"`
	Seat    int             `json:"seat"`
	Obs     json.RawMessage `json:"obs"`
	Legal   json.RawMessage `json:"legal"`
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

// Play answers turns until the server closes the connection.
func Play(in io.Reader, out io.Writer, strategies map[string]Strategy) error {
	return play(in, out, strategies, map[string]bool{})
}

// play is Play, noting in seen the types of the messages received ("hello", "start", …).
func play(in io.Reader, out io.Writer, strategies map[string]Strategy, seen map[string]bool) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	var choose Strategy
	seat, games, wins := -1, 0, 0
	for sc.Scan() {
		var m message
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			log.Printf("unreadable line: %v", err)
			continue
		}
		seen[m.Type] = true
		switch m.Type {
		case "hello":
			if choose = strategies[m.Game]; choose == nil {
				return fmt.Errorf("this bot has no strategy for %s", m.Game)
			}
		case "turn":
			act, err := choose(m.Obs, m.Legal)
			if err != nil {
				// Say nothing is better than a wrong move: the server plays the default.
				log.Printf("%v; no answer this turn", err)
				continue
			}
			if err := enc.Encode(action{"action", m.Match, m.ID, act}); err != nil {
				return err
			}
			if err := w.Flush(); err != nil {
				return err
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
			return fmt.Errorf("server: %s", m.Msg)
		}
		// pong needs no answer; unknown types are ignored (forward compatible).
	}
	return sc.Err()
}

// Run plays with strategies (game id → strategy) on stdin and stdout, or through the command
// given as arguments, and exits when the server is done. name prefixes the log lines.
func Run(name string, strategies map[string]Strategy) {
	log.SetFlags(0)
	log.SetPrefix(name + ": ")
	if len(os.Args) == 1 {
		if err := Play(os.Stdin, os.Stdout, strategies); err != nil {
			log.Fatal(err)
		}
		return
	}
	for _, word := range os.Args[1:] {
		if strings.Contains(word, "--tournament") {
			os.Exit(reconnecting(os.Args[1:], strategies))
		}
	}
	if _, err := connect(os.Args[1:], strategies, map[string]bool{}); err != nil {
		log.Fatal(err)
	}
}

// connect runs the command (ssh …) and plays through its stdin and stdout. It returns the
// command's exit status (-1 when it did not exit) and what went wrong, if anything did.
func connect(command []string, strategies map[string]Strategy, seen map[string]bool) (int, error) {
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return -1, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return -1, err
	}
	if err := cmd.Start(); err != nil {
		return -1, err
	}
	playErr := play(stdout, stdin, strategies, seen)
	stdin.Close()
	err = cmd.Wait()
	if err != nil && playErr == nil {
		playErr = err
	}
	var exit *exec.ExitError
	if err == nil || errors.As(err, &exit) {
		return cmd.ProcessState.ExitCode(), playErr
	}
	return -1, playErr
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
		var exit *exec.ExitError
		if ok && err != nil && !errors.As(err, &exit) {
			log.Print(err) // what the server said as it closed ("server: …")
		}
		if !ok {
			if err != nil {
				log.Print(err)
				return max(status, 1)
			}
			return 0
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
