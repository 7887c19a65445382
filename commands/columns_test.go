package commands_test

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
)

// assertTable checks a table printed in out: the line holding heads (in order), then n rows.
// Each left-aligned column starts, and each right-aligned one (heads marked with a leading
// '>') ends, where its heading does, after a gap: a cell wider than its column would push
// the rest of its row out of line.
func assertTable(t *testing.T, out string, n int, heads ...string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	type col struct {
		at    int // start (left) or end (right), in runes
		right bool
	}
	var cols []col
	at := -1
	for i, line := range lines {
		r, pos, ok := []rune(line), 0, true
		cols = cols[:0]
		for _, h := range heads {
			right := strings.HasPrefix(h, ">")
			h = strings.TrimPrefix(h, ">")
			k := strings.Index(string(r[pos:]), h)
			if k < 0 {
				ok = false
				break
			}
			start := pos + len([]rune(string(r[pos:])[:k]))
			pos = start + len([]rune(h))
			if right {
				cols = append(cols, col{pos, true})
			} else {
				cols = append(cols, col{start, false})
			}
		}
		if ok {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatalf("no heading %q in:\n%s", heads, out)
	}
	if at+n >= len(lines) {
		t.Fatalf("want %d rows under the heading in:\n%s", n, out)
	}
	for _, line := range lines[at+1 : at+1+n] {
		r := []rune(line)
		cell := func(i int) rune {
			if i < 0 || i >= len(r) {
				return ' '
			}
			return r[i]
		}
		for j, c := range cols {
			switch {
			case c.right && (cell(c.at-1) == ' ' || cell(c.at) != ' '):
				t.Errorf("column %q does not end at %d in %q:\n%s", heads[j], c.at, line, out)
			case !c.right && j > 0 && (cell(c.at-1) != ' ' || cell(c.at) == ' '):
				t.Errorf("column %q does not start at %d in %q:\n%s", heads[j], c.at, line, out)
			}
		}
	}
}

// Text commands size their columns to what they hold: a 15-character match id, a long
// tie-break's name, a tournament's name, a key, a list of bots.
func TestTextCommandsColumnsFitTheirContent(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	code := createTournament(t, prof, "--game sevencolors --format round-robin --size 5 --name 'A long class tournament name'", "greedy,random,greedy")
	out, errOut, status := sshtest.Exec(t, prof, "tournament entrants "+code)
	if status != 0 {
		t.Fatalf("entrants: %d %q", status, errOut)
	}
	assertTable(t, out, 3, "NAME", "KIND", "KEY", "ENTERED (UTC)", "FROM")
	if _, errOut, status := sshtest.Exec(t, prof, "tournament start "+code); status != 0 {
		t.Fatalf("start: %d %q", status, errOut)
	}
	until.True(t, 30*time.Second, "the tournament's end", func() bool { return standings(t, prof, code).State == "finished" })
	out, _, _ = sshtest.Exec(t, prof, "tournament standings "+code)
	// Three entrants: everyone has a bye. Head-to-head shows only if the bots tied, which
	// the games' dice decide: the heading is looked for with or without it.
	assertTable(t, out, 3, ">RANK", "NAME", ">POINTS", ">GP", ">W", ">D", ">L", ">BYES", ">SONNEBORN-BERGER")
	out, _, _ = sshtest.Exec(t, prof, "tournament list")
	assertTable(t, out, 1, "CODE", "STATE", "GAME", "FORMAT", ">ENTRANTS", ">GAMES", "NAME")
	if !strings.Contains(out, "A long class tournament name") || !strings.Contains(out, "round-robin") {
		t.Fatalf("tournament list cut something:\n%s", out)
	}
	// The house bots' games are stored, with ids longer than the old ten-cell column.
	out, _, _ = sshtest.Exec(t, prof, "history greedy")
	assertTable(t, out, 2, "ID", "ENDED (UTC)", "GAME", "RESULT", "PLAYERS")
}

func TestAssignmentListColumnsFitTheirContent(t *testing.T) {
	teacher := sshtest.NewKey(t)
	adminFile := arenatest.AdminKeys(t, teacher)
	st := arenatest.Store(t)
	app := commands.New(commands.Options{Hub: rooms.NewHub(arenatest.FastHub()), Assignments: st, Logger: slog.New(slog.DiscardHandler)})
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.AdminKeysFile = adminFile; c.Logger = slog.New(slog.DiscardHandler) })
	prof := sshtest.Dial(t, addr, "prof", teacher)
	for _, args := range []string{
		"--game warhammer --vs hunter,survivor,cautious,random,hunter,survivor --games 100 --pass 60%",
		"--game sevencolors --vs greedy --games 5 --size 6 --pass 50%",
	} {
		if _, errOut, code := sshtest.Exec(t, prof, "assignment create "+args); code != 0 {
			t.Fatalf("create %s: %d %q", args, code, errOut)
		}
	}
	out, _, _ := sshtest.Exec(t, prof, "assignment list")
	assertTable(t, out, 2, "CODE", "GAME", "AGAINST", ">GAMES", ">PASS", ">RUNS", "CONFIG")
	if !strings.Contains(out, "hunter,survivor,cautious,random,hunter,survivor") {
		t.Fatalf("assignment list cut the bots:\n%s", out)
	}
}

func TestRoomsColumnsFitTheirContent(t *testing.T) {
	var b strings.Builder
	commands.WriteRooms(&b, []rooms.Info{
		{ID: "K7QX2345", Game: "garden", GameName: "Garden Tensions", Status: rooms.Playing, Spectators: 12345,
			Seats: []rooms.SeatInfo{{Name: "alice-the-great"}, {Name: "minimax"}}},
		{ID: "AB12CD", Game: "sevencolors", Status: rooms.Waiting,
			Seats: []rooms.SeatInfo{{Name: "bob"}, {Kind: rooms.Open}}},
	})
	assertTable(t, b.String(), 2, "ROOM", "GAME", "STATE", ">WATCHING", "PLAYERS")
}
