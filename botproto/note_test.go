package botproto_test

import (
	"testing"

	"github.com/arena-classroom/arena/botproto"
)

// An action's "note" is read when it is a string and ignored otherwise, as version 1
// ignored it; a message without one encodes as before.
func TestDecodeReadsAnActionsNote(t *testing.T) {
	for line, want := range map[string]string{
		`{"type":"action","match":"m","id":1,"action":3,"note":"I expected +12, got +3"}`: "I expected +12, got +3",
		`{"type":"action","match":"m","id":1,"action":3,"note":5}`:                        "",
		`{"type":"action","match":"m","id":1,"action":3,"note":null}`:                     "",
		`{"type":"action","match":"m","id":1,"action":3}`:                                 "",
	} {
		m, err := botproto.Decode([]byte(line))
		if err != nil || m.Note != want || string(m.Action) != "3" {
			t.Errorf("%s: %+v, %v; want the note %q", line, m, err, want)
		}
	}
	b, err := botproto.Encode(botproto.Message{Type: botproto.TypeAction, Match: "m", ID: 1, Action: []byte("3")})
	if err != nil || string(b) != `{"type":"action","match":"m","id":1,"action":3}`+"\n" {
		t.Errorf("encoded %s, %v", b, err)
	}
}
