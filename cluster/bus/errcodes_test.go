package bus

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament/director"
)

// onTheWire sends err across the bus as a reply does: encoded, decoded, turned back.
func onTheWire(t *testing.T, err error) error {
	t.Helper()
	data, jerr := json.Marshal(answer{Err: WireErr(err)})
	if jerr != nil {
		t.Fatal(jerr)
	}
	var rep answer
	if jerr := json.Unmarshal(data, &rep); jerr != nil {
		t.Fatal(jerr)
	}
	return rep.Err.Err()
}

func TestEveryCodedErrorCrossesTheBusAsItself(t *testing.T) {
	// Protocols add their own codes (Code); this package's test has its own sentinel.
	mine := errors.New("a protocol's own error")
	Code("test_own", mine)
	codes := map[string]bool{}
	for _, s := range sentinels {
		if codes[s.code] {
			t.Fatalf("code %q given twice", s.code)
		}
		codes[s.code] = true
		if got := onTheWire(t, s.err); got != s.err {
			t.Errorf("%s: %v arrived as %v", s.code, s.err, got)
		}
		wrapped := fmt.Errorf("room x7kq: %w", s.err)
		if got := onTheWire(t, wrapped); !errors.Is(got, s.err) || got.Error() != wrapped.Error() {
			t.Errorf("%s wrapped: arrived as %q (errors.Is %v)", s.code, got, errors.Is(got, s.err))
		}
	}

	var many *rooms.TooManyRoomsError
	if got := onTheWire(t, &rooms.TooManyRoomsError{Msg: "you already have 3 games running"}); !errors.As(got, &many) || many.Msg != "you already have 3 games running" {
		t.Errorf("too many rooms arrived as %#v", got)
	}
	var state *director.ErrState
	if got := onTheWire(t, &director.ErrState{Msg: "tournament T is over"}); !errors.As(got, &state) || !director.IsState(got) || state.Msg != "tournament T is over" {
		t.Errorf("a tournament's state arrived as %#v", got)
	}
	var full *director.ErrFull
	if got := onTheWire(t, &director.ErrFull{Max: 40}); !errors.As(got, &full) || full.Max != 40 {
		t.Errorf("a full tournament arrived as %#v", got)
	}
	// A fresh key's entry refused for now stays temporary on another node (exit 75 there too).
	if refused, retry := director.IsEntryRefused(onTheWire(t, &director.ErrEntry{Msg: "too many new keys", Retry: 3 * time.Second})); !refused || retry != 3*time.Second {
		t.Errorf("a refused entry arrived as refused %v, retry %v", refused, retry)
	}
	if got := onTheWire(t, errors.New("the disk is full")); got == nil || got.Error() != "the disk is full" {
		t.Errorf("an error without a code arrived as %v", got)
	}
	if got := onTheWire(t, nil); got != nil {
		t.Errorf("no error arrived as %v", got)
	}
	// A refusal of the catalog is read on the other node in its reader's language, and
	// still is what it was.
	refusal := fmt.Errorf("%w", rooms.ErrRoomFull)
	got := onTheWire(t, refusal)
	if !errors.Is(got, rooms.ErrRoomFull) || lang.Say(got, lang.French) != lang.Say(rooms.ErrRoomFull, lang.French) ||
		lang.Say(got, lang.French) == lang.Say(got, lang.English) {
		t.Errorf("a refusal arrived as %q in French, %q in English", lang.Say(got, lang.French), lang.Say(got, lang.English))
	}
	entry := onTheWire(t, lang.Errorf("%q: the layouts are qwerty and azerty", "dvorak"))
	if want := lang.Say(lang.Errorf("%q: the layouts are qwerty and azerty", "dvorak"), lang.French); lang.Say(entry, lang.French) != want {
		t.Errorf("a sentence with arguments arrived as %q in French, want %q", lang.Say(entry, lang.French), want)
	}
}
