// Package arena is the bot protocol (version 1) for Go bots: the loop every bot of this kit
// shares. A bot is a strategy per game; Run answers every "turn" with the strategy of the game
// named in "hello":
//
//	arena.Run("mybot", map[string]arena.Strategy{"sevencolors": arena.Typed(choose)})
//
// With arguments the program runs them as a command (ssh -T … bot --game …) and talks to its
// stdin and stdout; without, it talks on its own. stdout carries protocol only: log to stderr
// (the log package, which Run sets up). A new game is a new strategy file; this stays as it is.
package arena

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
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
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		log.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		log.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	playErr := Play(stdout, stdin, strategies)
	stdin.Close()
	if err := cmd.Wait(); err != nil && playErr == nil {
		playErr = err
	}
	if playErr != nil {
		log.Fatal(playErr)
	}
}
