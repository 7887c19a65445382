package rooms_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
)

// A room's log, its seats' notes and its refusals are said in the reader's language; in
// English they stay as they were, and the sentinel errors keep their identity.
func TestARoomSpeaksFrench(t *testing.T) {
	h, c := newHub(t, nil)
	r := humanVsBot(t, h, "max")
	mb := rooms.NewMailbox()
	r.Attach("key:alice", mb)
	r.Leave("key:alice")
	h.Tick(c.Add(50 * time.Millisecond))
	h.WaitThinking()
	s := r.Snapshot()
	en, fr := strings.Join(s.Log, "\n"), strings.Join(s.LogIn(lang.French), "\n")
	if !strings.Contains(en, "alice left; max plays on for them") || strings.Join(s.LogIn(lang.English), "\n") != en {
		t.Errorf("English log:\n%s", en)
	}
	if !strings.Contains(fr, "alice est parti ; max joue à sa place") || strings.Contains(fr, "plays on") {
		t.Errorf("French log:\n%s", fr)
	}
	if got := s.Seats[0].NoteIn(lang.French); got != "parti : max joue à sa place" || s.Seats[0].Note != "left: max plays on" {
		t.Errorf("seat's note %q, in English %q", got, s.Seats[0].Note)
	}

	// The scene crosses the cluster as JSON with its sentences in every language.
	raw, err := json.Marshal(s.Scene)
	if err != nil {
		t.Fatal(err)
	}
	var back rooms.Scene
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if strings.Join(back.LogIn(lang.French), "\n") != fr {
		t.Errorf("the French log did not cross:\n%s", strings.Join(back.LogIn(lang.French), "\n"))
	}

	full := rooms.ErrRoomFull
	wrapped := errors.Join(full)
	if !errors.Is(wrapped, rooms.ErrRoomFull) {
		t.Error("ErrRoomFull lost its identity")
	}
	if got := lang.Say(full, lang.French); got != "cette salle n'a plus de place libre" {
		t.Errorf("French refusal %q", got)
	}
	if got := full.Error(); got != "this room has no open seat" {
		t.Errorf("English refusal %q", got)
	}
}

// A frame may be drawn from another frame of the same snapshot (a wall's tile holding the
// board in its viewers' language); each is still drawn once.
func TestAFrameMayHoldAnother(t *testing.T) {
	h, _ := newHub(t, nil)
	r := humanVsBot(t, h, "max")
	s := r.Snapshot()
	inner, outer := 0, 0
	done := make(chan string, 1)
	go func() {
		for range 2 {
			s.Frame("outer", func() string {
				outer++
				return "[" + s.Frame("inner", func() string { inner++; return "board" }) + "]"
			})
		}
		done <- s.Frame("outer", nil)
	}()
	select {
	case got := <-done:
		if got != "[board]" || inner != 1 || outer != 1 {
			t.Errorf("%q, inner drawn %d times, outer %d", got, inner, outer)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a frame drawn inside another never finished")
	}
}
