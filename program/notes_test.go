package program_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/program"
)

// The notes on a game's answers are kept by the turn they answered: a note over
// botproto.MaxNote is cut on a character boundary, and beyond botproto.MaxGameNotes a
// game's are dropped, each said once a game with a warning; a note that is not a string is
// no note; TakeNotes hands them over once.
func TestNotesAreCappedAndTakenOnce(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := program.NewConn(inR, outW, program.ConnOptions{})
	defer c.Close(nil)
	warns := make(chan botproto.Warn, 16)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			var w botproto.Warn
			if json.Unmarshal(sc.Bytes(), &w) == nil && w.Type == botproto.TypeWarn {
				warns <- w
			}
		}
	}()
	long := strings.Repeat("é", 130) // 260 bytes
	full := strings.Repeat("n", botproto.MaxNote)
	answer := func(match string, id int, note string) {
		t.Helper()
		got := make(chan program.Reply, 1)
		c.Expect(&program.Pending{ID: id, Match: match, Deliver: func(r program.Reply) { got <- r }})
		if _, err := fmt.Fprintf(inW, `{"type":"action","match":%q,"id":%d,"action":3%s}`+"\n", match, id, note); err != nil {
			t.Fatal(err)
		}
		select {
		case r := <-got:
			if string(r.Action) != "3" {
				t.Fatalf("turn %d: reply %+v", id, r)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("turn %d: no reply", id)
		}
	}
	quote := func(s string) string { b, _ := json.Marshal(s); return `,"note":` + string(b) }
	answer("m1", 1, quote(long))
	answer("m1", 2, quote(long))
	answer("m1", 3, `,"note":5`)
	answer("m1", 4, "")
	answer("m2", 5, quote("another game"))
	n := 2 // turns 1 and 2: 3 and 4 have none
	for bytes := botproto.MaxNote * 2; bytes+botproto.MaxNote <= botproto.MaxGameNotes; bytes += botproto.MaxNote {
		n++
		answer("m1", 100+n, quote(full))
	}
	answer("m1", 1000, quote(full)) // over: dropped
	answer("m1", 1001, quote("x"))  // dropped too, said no more

	want := []string{botproto.CodeNoteTooLong, botproto.CodeNotesFull}
	for _, code := range want {
		select {
		case w := <-warns:
			if w.Code != code || w.Match != "m1" || w.Applied != nil {
				t.Errorf("warning %+v, want %s", w, code)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no %s warning", code)
		}
	}
	notes := c.TakeNotes("m1")
	total := 0
	for _, note := range notes {
		total += len(note.Text)
	}
	cut := strings.Repeat("é", botproto.MaxNote/2)
	if len(notes) != n || notes[0] != (program.Note{Turn: 1, Text: cut}) || notes[1] != (program.Note{Turn: 2, Text: cut}) ||
		notes[2].Turn != 100+3 || total > botproto.MaxGameNotes {
		t.Fatalf("%d notes (want %d) of %d bytes, the first %+v", len(notes), n, total, notes[:min(3, len(notes))])
	}
	if again := c.TakeNotes("m1"); again != nil {
		t.Errorf("notes taken twice: %d", len(again))
	}
	if other := c.TakeNotes("m2"); len(other) != 1 || other[0] != (program.Note{Turn: 5, Text: "another game"}) {
		t.Errorf("the other game's notes: %+v", other)
	}
	select {
	case w := <-warns:
		t.Errorf("one warning too many: %+v", w)
	case <-time.After(50 * time.Millisecond):
	}
	inW.Close()
}
