// Package mistakes is the table of issue 36: the mistakes students' programs make, as
// botsession/testdata/mistakes.py makes them, and the words of the sentence the arena
// answers each with. cmd/arena's tests play it under `arena match`, botsession's over
// SSH: one table, so that a student reads the same explanation in both places.
package mistakes

import (
	"errors"
	"os"
	"path/filepath"
)

// Mistake is one row of the table.
type Mistake struct {
	Mode string // mistakes.py's MODE
	// Says are pieces of the sentence a student reads, locally and over SSH; Local and SSH
	// what only one of them says (an exit status is known only locally, how many games
	// were asked for only over SSH).
	Says, Local, SSH []string
	// Once: Says[0] is said once however many turns and games make the mistake.
	Once bool
	// Clocked: the mistake shows only once a turn's time runs out, so a test plays one
	// game of it (locally, on the default clock: seconds).
	Clocked bool
	// Size is the board's size: lines longer than 1 KB need a large board.
	Size int
}

// Table is one mistake of each kind, in the order.
var Table = []Mistake{
	{Mode: "debug", Says: []string{"a line that is not JSON came before your answer to turn 1: `debug: I play colour",
		"stdout carries protocol lines only: print debugging to stderr",
		"your answer to turn 1 came after the line `debug: I play colour"}},
	{Mode: "badjson", Says: []string{"a line that is not valid JSON",
		"came before your answer to turn 1: `{\"type\":\"action\",\"id\":1,\"action\":"}},
	{Mode: "illegal", Says: []string{"illegal_action: ", "colour 3 (A) is not next to your territory (rules: §5 A move); played instead: nothing (a lost turn: no colour taken)"}},
	{Mode: "slow", Clocked: true, Says: []string{"ms and an empty bank: a lost turn (strike 1 of 3)",
		"came after its time ran out (a lost turn): action dropped"}},
	{Mode: "crash", Says: []string{"during game 1"},
		// Not the exit status: a process not reaped within 200 ms is "still running".
		Local: []string{"during game 1, at its decision 3", "RuntimeError: a bug at turn 3"},
		SSH:   []string{"your program's output ended (it exited or closed stdout) during game 1", "practice: stopped during game 1 of 3: your program left"}},
	{Mode: "noflush", Clocked: true, Says: []string{"nothing received from your program since turn 1", "does it flush stdout after each line?"}},
	{Mode: "smallbuf", Clocked: true, Size: 24, Says: []string{"nothing received from your program since turn 1",
		"read whole lines of any length (turn 1's line was"}},
	{Mode: "wrongmatch", Says: []string{`your answer to turn 1 has "match":"r4k2" but this game's is `,
		`copy "match" from the turn line; the answer was not taken (a lost turn)`}},
	{Mode: "nomatch", Once: true, Says: []string{`has no "match": it was taken, but copy "match" from the turn line into every answer (said once)`,
		`your answer to turn 1 has no "match"`}},
	{Mode: "oneshot", Says: []string{"after game 1", "the arena sends game after game on the same connection"},
		SSH: []string{"after game 1 of 3", "practice: stopped after 1 of 3 games: your program left"}},
	{Mode: "chatty", Says: []string{"too many messages: beyond answers to turns, at most 20 lines a second",
		"answer each turn line once, and no other line (start, warn, end)"},
		// The flood ends game 1 or 2: it races the game.
		SSH: []string{"practice: stopped during game ", " of 3: the arena disconnected your program (too many messages)"}},
}

// Script is the absolute path of mistakes.py, found from the working directory (a
// package's folder under go test) up to the module's root.
func Script() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "botsession", "testdata", "mistakes.py"), nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("mistakes.py: no go.mod above the working directory")
		}
		dir = up
	}
}
