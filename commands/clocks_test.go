package commands_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"regexp"
	"testing"
	"time"

	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/tournament/director"
)

// clockedMove is what these tests read of a move of `replay ID --json`.
type clockedMove struct {
	Seat   int             `json:"seat"`
	MS     *int64          `json:"ms"`
	BankMS *int64          `json:"bank_ms"`
	Warn   string          `json:"warn"`
	Sent   json.RawMessage `json:"sent"`
	Turn   int             `json:"turn"`
	MoveMS int64           `json:"move_ms"`
	ToldMS *int64          `json:"told_bank_ms"`
}

// clockArena is a stored arena whose programs have 300 ms a move and a bank of 200 ms (a
// turn left unanswered times out in half a second), and whose quick match seats a house bot
// at once.
func clockArena(t *testing.T) string {
	t.Helper()
	st := arenatest.Store(t)
	cfg := arenatest.FastHub()
	cfg.BotMove, cfg.BotBank = 300*time.Millisecond, 200*time.Millisecond
	cfg.OnFinish = director.New(st, nil).OnFinish(st.SaveMatch)
	hub := rooms.NewHub(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); hub.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done; hub.WaitSaves() })
	app := commands.New(commands.Options{Hub: hub, Archive: st, FillAfter: time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
	app.Bots().KeepPractice(10)
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.Logger = slog.New(slog.DiscardHandler) })
	return addr
}

// playBadly plays one game as a program that sends an illegal action at its first turn,
// lets its second time out, and plays the first legal action after that. It returns the
// program's seat, the ids of the turn lines it read, and the session's stderr.
func playBadly(t *testing.T, b *arenatest.Bot) (seat int, turns []int, stderr string) {
	t.Helper()
	for m := b.Next(); m != nil; m = b.Next() {
		switch m.Str("type") {
		case "start":
			seat = m.Num("seat")
		case "turn":
			turns = append(turns, m.Num("id"))
			switch len(turns) {
			case 1:
				b.Send(`{"type":"action","match":%q,"id":%d,"action":99}`, m.Str("match"), m.Num("id"))
			case 2: // no answer: the deadline passes
			default:
				b.Answer(m)
			}
		}
	}
	if code := b.St.Wait(t, 30*time.Second); code != 0 {
		t.Fatalf("the program's session ended with %d: %s", code, b.St.Stderr())
	}
	return seat, turns, b.St.Stderr()
}

var storedID = regexp.MustCompile(`replay ([a-z]_[0-9a-z]+_[0-9a-z]+)`)

// Every move of a stored game keeps its clock, through the store to `replay ID --json`:
// the program's moves the id of the turn line it read, its move limit, the bank it was
// told and the bank it had left, and the warning it earned (the refused action with it);
// the house bot's moves their think time and no bank. In a practice game (played by the
// match runner) and in a quick-match game (a room) alike.
func TestEveryStoredMoveKeepsItsClock(t *testing.T) {
	addr := clockArena(t)
	for _, game := range []string{"sevencolors --size 5", "dicewars", "warhammer", "garden"} {
		for _, how := range []string{"--practice --games 1", "--games 1"} {
			t.Run(game+" "+how, func(t *testing.T) { clockedGame(t, addr, game, how) })
		}
	}
}

func clockedGame(t *testing.T, addr, game, how string) {
	c := sshtest.Dial(t, addr, "ada", sshtest.NewKey(t))
	b := arenatest.StartBot(t, c, "--game "+game+" "+how)
	seat, turns, stderr := playBadly(t, b)
	var id string
	if m := storedID.FindStringSubmatch(stderr); m != nil {
		id = m[1]
	} else {
		out, _, _ := sshtest.Exec(t, c, "history --json")
		var rows []practiceRow
		if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) == 0 {
			t.Fatalf("no stored game: %q %v\nstderr: %s", out, err, stderr)
		}
		id = rows[0].ID
	}
	out, errOut, code := sshtest.Exec(t, c, "replay "+id+" --json")
	var ex struct {
		Moves []clockedMove `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &ex); err != nil || code != 0 {
		t.Fatalf("replay %s --json: %v %d %q", id, err, code, errOut)
	}
	var mine []clockedMove
	for i, m := range ex.Moves {
		if m.MS == nil {
			t.Fatalf("move %d has no think time: %+v", i+1, m)
		}
		if m.Seat != seat {
			if m.BankMS != nil || m.Turn != 0 {
				t.Fatalf("the house bot's move %d has a program's clock: %+v", i+1, m)
			}
			continue
		}
		if m.BankMS == nil || m.ToldMS == nil || m.MoveMS != 300 {
			t.Fatalf("the program's move %d has no bank or move limit: %+v", i+1, m)
		}
		mine = append(mine, m)
	}
	if len(mine) != len(turns) {
		t.Fatalf("%d moves of the program stored, it read %d turns", len(mine), len(turns))
	}
	for i, m := range mine {
		if m.Turn != turns[i] {
			t.Fatalf("the program's move %d is stored as an answer to turn %d; it read turn %d", i+1, m.Turn, turns[i])
		}
	}
	if mine[0].Warn == "" || string(mine[0].Sent) != "99" {
		t.Fatalf("the refused first answer is stored as %+v", mine[0])
	}
	if len(mine) < 3 {
		// War Hammer: a code that is no code kills the unit that gives it (the rules), and
		// a one-unit army's game ends there.
		return
	}
	if mine[1].Warn != "timeout" || *mine[1].BankMS != 0 || *mine[1].MS < 300 {
		t.Fatalf("the turn that timed out is stored as %+v", mine[1])
	}
	if *mine[2].ToldMS != 0 || mine[2].Warn != "" {
		t.Fatalf("the turn after the timeout was told a bank of %d ms (an empty one after a miss), warn %q", *mine[2].ToldMS, mine[2].Warn)
	}
}
