package commands_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
)

// playRecorded plays one quick-match game (a house bot fills the other seat) with a program
// that answers turn id with its legal action number id mod len(legal), and returns the
// stored game's id, the program's seat and every turn line it read, byte for byte, by id.
func playRecorded(t *testing.T, c *gossh.Client, args string) (id string, seat int, lines map[int]string) {
	t.Helper()
	b := arenatest.StartBot(t, c, args)
	lines = map[int]string{}
	for {
		line, ok := b.St.ReadLine(t, 20*time.Second)
		if !ok {
			break
		}
		var m arenatest.Msg
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		switch m.Str("type") {
		case "start":
			seat = m.Num("seat")
		case "turn":
			lines[m.Num("id")] = line + "\n"
			legal := m["legal"].([]any)
			action, _ := json.Marshal(legal[m.Num("id")%len(legal)])
			b.Send(`{"type":"action","match":%q,"id":%d,"action":%s}`, m.Str("match"), m.Num("id"), action)
		case "end":
			id = m.Str("replay")
		}
	}
	if id == "" || len(lines) < 4 {
		t.Fatalf("stored game %q after %d turns; stderr:\n%s", id, len(lines), b.St.Stderr())
	}
	return id, seat, lines
}

// exportedClocks is what these tests read of `replay ID --json`: each move's seat and the
// id of the turn line its program read (0 for a house bot's move).
type exportedClocks struct {
	Moves []struct {
		Seat int `json:"seat"`
		Turn int `json:"turn"`
	} `json:"moves"`
}

// `replay ID --input N --seat S` prints, byte for byte, the turn line a program read at
// move N of a stored game: 7 Colors, and DiceWars, whose dice come from the stored seed.
// For the house bot's seat it prints the line it would have read, and says on stderr that
// the line is reconstructed.
func TestReplayInputIsTheTurnLineTheProgramRead(t *testing.T) {
	addr, _ := archiveArenaStore(t)
	for _, tc := range []struct{ game, args string }{
		{"sevencolors", "--game sevencolors --size 8 --games 1"},
		{"dicewars", "--game dicewars --games 1"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			key, name := sshtest.NewKey(t), "sam"+tc.game[:4]
			id, seat, lines := playRecorded(t, sshtest.Dial(t, addr, name, key), tc.args)
			c := sshtest.Dial(t, addr, name, key)
			out, errOut, code := sshtest.Exec(t, c, "replay "+id+" --json")
			var ex exportedClocks
			if err := json.Unmarshal([]byte(out), &ex); err != nil || code != 0 {
				t.Fatalf("replay --json: %v %d %q", err, code, errOut)
			}
			checked, house := 0, 0
			for i, m := range ex.Moves {
				n := i + 1
				if m.Seat != seat {
					if house == 0 || n == len(ex.Moves) {
						house++
						got, errOut, code := sshtest.Exec(t, c, fmt.Sprintf("replay %s --input %d --seat %d", id, n, m.Seat))
						var turn arenatest.Msg
						if code != 0 || json.Unmarshal([]byte(got), &turn) != nil || turn.Str("type") != "turn" ||
							turn.Num("id") != n || turn.Str("match") != id || !strings.Contains(errOut, "reconstructed") {
							t.Errorf("--input %d --seat %d (the house bot): %d %q %q", n, m.Seat, code, got, errOut)
						}
					}
					continue
				}
				want, ok := lines[m.Turn]
				if !ok {
					t.Fatalf("move %d of the program's seat has turn %d, which it never read", n, m.Turn)
				}
				got, errOut, code := sshtest.Exec(t, c, fmt.Sprintf("replay %s --input %d --seat %d", id, n, seat))
				if code != 0 || errOut != "" || got != want {
					t.Errorf("--input %d --seat %d: %d %q; %s", n, seat, code, errOut, firstDifference(got, want))
				}
				checked++
			}
			if checked != len(lines) {
				t.Errorf("%d moves of the program's seat checked, it read %d turn lines", checked, len(lines))
			}
			t.Logf("%s: %d moves, %d turn lines of seat %d equal, %d house bot lines reconstructed", tc.game, len(ex.Moves), checked, seat, house)
		})
	}
}

// What `replay ID --input N --seat S` refuses, each with a sentence on stderr and nothing
// on stdout.
func TestReplayInputRefusals(t *testing.T) {
	addr, st := archiveArenaStore(t)
	c := sshtest.Dial(t, addr, "bob", sshtest.NewKey(t))
	aim := storeHouseGame(t, st, "perfectaim", "random,random", 3, nil)
	colours := storeHouseGame(t, st, "sevencolors", "greedy,random", 5, nil)
	private := storeHouseGame(t, st, "sevencolors", "greedy,random", 6, []string{"alice", "carol"})
	for _, tc := range []struct {
		args, says string
		code       int
	}{
		{"replay " + aim + " --input 1 --seat 0", "played in real time", 1},
		{"replay " + colours + " --input 2 --seat 0", "seat 0's moves near 2 are 1, 3, 5, 7", 1},
		{"replay " + colours + " --input 9999 --seat 0", "--input takes 1 to", 1},
		{"replay " + colours + " --input 1 --seat 5", "has 2 seats: --seat takes 0 to 1", 1},
		{"replay " + private + " --input 1 --seat 0", "game " + private, 1},
		{"replay " + colours + " --input 0 --seat 0", "a move number", 2},
		{"replay " + colours + " --input x --seat 0", "a move number", 2},
		{"replay " + colours + " --input 1 --seat -1", "a seat number", 2},
		{"replay " + colours + " --input 1", "usage: replay ID", 2},
		{"replay " + colours + " --seat 1", "usage: replay ID", 2},
		{"replay " + colours + " --input 1 --seat 0 --json", "usage: replay ID", 2},
		{"replay " + colours + " --position 1 --input 1 --seat 0", "usage: replay ID", 2},
		{"replay " + colours + " --input 1 --input 3 --seat 0", "usage: replay ID", 2},
		{"replay " + colours + " --input", "usage: replay ID", 2},
	} {
		out, errOut, code := sshtest.Exec(t, c, tc.args)
		if code != tc.code || out != "" || !strings.Contains(errOut, tc.says) {
			t.Errorf("%s: %d %q %q; want %d and %q", tc.args, code, out, errOut, tc.code, tc.says)
		}
	}
}

// firstDifference says where got and want part, with a little of each from there.
func firstDifference(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	cut := func(s string) string { return s[i:min(len(s), i+60)] }
	return fmt.Sprintf("%d and %d bytes, the same up to byte %d: got %q, the program read %q", len(got), len(want), i, cut(got), cut(want))
}
