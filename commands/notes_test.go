package commands_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/tournament/director"
)

// notesArena is arena serve's arena on a store, quick match filling tables with house bots
// at once, with teacher's key as an admin.
func notesArena(t *testing.T, teacher gossh.Signer) string {
	t.Helper()
	st := arenatest.Store(t)
	cfg := arenatest.FastHub()
	cfg.OnFinish = director.New(st, nil).OnFinish(st.SaveMatch)
	hub := rooms.NewHub(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); hub.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done; hub.WaitSaves() })
	app := commands.New(commands.Options{Hub: hub, Archive: st, FillAfter: 20 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
	adminFile := arenatest.AdminKeys(t, teacher)
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.AdminKeysFile = adminFile; c.Logger = slog.New(slog.DiscardHandler) })
	return addr
}

// noted is what a program noted in its game: the note it sent on each turn, the note the
// arena keeps of it, the warnings it got, its game's match id and its seat.
type noted struct {
	sent, kept map[int]string
	warns      []arenatest.Msg
	match      string
	seat       int
}

// playNoting answers every turn of b's game with its first legal action and note(turn id)
// as its "note" ("": none), until the game's end, or until it has answered leaveAfter turns
// (> 0): it then closes its input at the next turn (its answers all played), leaving the
// game.
func playNoting(t *testing.T, b *arenatest.Bot, note func(id int) string, leaveAfter int) noted {
	t.Helper()
	n := noted{sent: map[int]string{}, kept: map[int]string{}}
	for {
		m := b.Next()
		if m == nil {
			t.Fatalf("the session ended before its game did: %s", b.St.Stderr())
		}
		switch m.Str("type") {
		case "start":
			n.match, n.seat = m.Str("match"), m.Num("seat")
		case "warn":
			n.warns = append(n.warns, m)
		case "end":
			return n
		case "turn":
			if leaveAfter > 0 && len(n.sent) >= leaveAfter {
				if err := b.St.CloseStdin(); err != nil {
					t.Fatal(err)
				}
				return n
			}
			id := m.Num("id")
			legal, _ := json.Marshal(m["legal"].([]any)[0])
			text := note(id)
			if text == "" {
				b.Answer(m)
			} else {
				quoted, _ := json.Marshal(text)
				b.Send(`{"type":"action","match":%q,"id":%d,"action":%s,"note":%s}`, m.Str("match"), id, legal, quoted)
				n.sent[id] = text
				n.kept[id] = text
				if len(text) > botproto.MaxNote {
					n.kept[id] = text[:botproto.MaxNote] // the test's long notes cut there on a character
				}
			}
		}
	}
}

// exported is `replay ID --json` as c's key reads it: the note of each move that has one,
// by the seat and turn its clock names, and the whole output.
func exported(t *testing.T, c *gossh.Client, id string) (map[[2]int]string, string) {
	t.Helper()
	out, errOut, code := sshtest.Exec(t, c, "replay "+id+" --json")
	var export struct {
		Moves []struct {
			Seat int    `json:"seat"`
			Turn int    `json:"turn"`
			Note string `json:"note"`
		} `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &export); err != nil || code != 0 {
		t.Fatalf("replay %s --json: %v %d %q", id, err, code, errOut)
	}
	notes := map[[2]int]string{}
	for _, m := range export.Moves {
		if m.Note != "" {
			if m.Turn == 0 {
				t.Errorf("a note on a move without a turn: %+v", m)
			}
			notes[[2]int{m.Seat, m.Turn}] = m.Note
		}
	}
	return notes, out
}

// checkNotes says whether the export shows exactly n's kept notes, each on its move.
func checkNotes(t *testing.T, who string, got map[[2]int]string, n noted) {
	t.Helper()
	want := map[[2]int]string{}
	for id, text := range n.kept {
		want[[2]int{n.seat, id}] = text
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s reads the notes\n%v\nwant\n%v", who, got, want)
	}
}

// longNote is 300 bytes of two-byte characters: kept, it is cut to the first 100.
var longNote = strings.Repeat("é", 150)

// A program's notes in a quick-match game over SSH are stored with the game: `replay ID
// --json` shows each on the move that answered its turn, to the program's key and to a
// teacher; another key sees the game without a note, nor a sign of one. A note over 200
// bytes is cut, said once a game with a warning.
func TestNotesOfAQuickMatchGame(t *testing.T) {
	teacher, ada := sshtest.NewKey(t), sshtest.NewKey(t)
	addr := notesArena(t, teacher)
	c := sshtest.Dial(t, addr, "ada", ada)
	b := arenatest.StartBot(t, c, "--game sevencolors --games 1 --size 5")
	count := 0
	n := playNoting(t, b, func(id int) string {
		count++
		if count <= 2 {
			return longNote // cut twice, said once
		}
		return fmt.Sprintf("turn %d: I expected +12, got +3", id)
	}, 0)
	if code := b.St.Wait(t, 20*time.Second); code != 0 {
		t.Fatalf("the session ended with %d: %s", code, b.St.Stderr())
	}
	if len(n.warns) != 1 || n.warns[0].Str("code") != botproto.CodeNoteTooLong || !strings.Contains(n.warns[0].Str("msg"), "300 bytes") {
		t.Errorf("warnings %v, want one note_too_long", n.warns)
	}
	if len(n.sent) < 2 || !strings.HasPrefix(n.match, "m_") {
		t.Fatalf("the game: %+v", n)
	}
	got, _ := exported(t, c, n.match)
	checkNotes(t, "ada", got, n)
	got, _ = exported(t, sshtest.Dial(t, addr, "marie", teacher), n.match)
	checkNotes(t, "the teacher", got, n)
	got, out := exported(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)), n.match)
	if len(got) != 0 || strings.Contains(out, `"note"`) {
		t.Errorf("bob reads ada's notes: %v\n%s", got, out)
	}
}

// A program that leaves its live game still has the notes it sent kept, once a house bot
// has finished the game and it is stored.
func TestNotesOfAGameLeftAreKept(t *testing.T) {
	ada := sshtest.NewKey(t)
	addr := notesArena(t, sshtest.NewKey(t))
	c := sshtest.Dial(t, addr, "ada", ada)
	b := arenatest.StartBot(t, c, "--game sevencolors --games 1 --size 5")
	n := playNoting(t, b, func(id int) string { return fmt.Sprintf("leaving soon (%d)", id) }, 2)
	b.St.Wait(t, 20*time.Second)
	deadline := time.Now().Add(20 * time.Second)
	for {
		out, _, code := sshtest.Exec(t, c, "replay "+n.match+" --json")
		if code == 0 && strings.Contains(out, `"note"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the notes of the game left were not kept: %d %s", code, out)
		}
		time.Sleep(200 * time.Millisecond)
	}
	got, _ := exported(t, c, n.match)
	checkNotes(t, "ada", got, n)
}

// A practice game's notes are kept with it: its player and a teacher read them on their
// moves; an answer without a note has none.
func TestNotesOfAPracticeGame(t *testing.T) {
	teacher, ada := sshtest.NewKey(t), sshtest.NewKey(t)
	addr, _ := practiceArena(t, 0, teacher)
	c := sshtest.Dial(t, addr, "ada", ada)
	b := arenatest.StartBot(t, c, "--game sevencolors --size 5 --practice --vs greedy --games 1")
	count := 0
	n := playNoting(t, b, func(id int) string {
		count++
		switch count {
		case 1:
			return longNote
		case 2:
			return "" // no note
		}
		return fmt.Sprintf("practice turn %d", id)
	}, 0)
	if code := b.St.Wait(t, 20*time.Second); code != 0 {
		t.Fatalf("practice ended with %d: %s", code, b.St.Stderr())
	}
	ids := keptID.FindStringSubmatch(b.St.Stderr())
	if ids == nil || len(n.sent) < 2 {
		t.Fatalf("no kept game, or too short a one (%v): %s", n.sent, b.St.Stderr())
	}
	if len(n.warns) != 1 || n.warns[0].Str("code") != botproto.CodeNoteTooLong {
		t.Errorf("warnings %v, want one note_too_long", n.warns)
	}
	got, _ := exported(t, c, ids[1])
	checkNotes(t, "ada", got, n)
	got, _ = exported(t, sshtest.Dial(t, addr, "marie", teacher), ids[1])
	checkNotes(t, "the teacher", got, n)
}
