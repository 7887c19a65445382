package botproto_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/arena-classroom/arena/botproto"
)

// FuzzDecode: any line decodes to a message or a *DecodeError with a code and a sentence,
// never a panic; a decoded message encodes back to a line that decodes to the same message.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"ping"}`,
		`{"type":"resign","match":"m_1"}`,
		`{"type":"action","match":"m_81f2","id":17,"action":5}`,
		`{"type":"action","id":3,"action":{"attack":[1,2]},"junk":[[[]]]}`,
		`{"type":"action","id":1e3,"action":"end"}`,
		`{"type":"dance"}`,
		`{"type":"action","id":9223372036854775808,"action":1}`,
		"{\"type\":\"ping\"}\r",
		`{"TYPE":"ping"}`,
		`{"type":"ping","type":"action"}`,
		`null`,
		``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		m, err := botproto.Decode(line)
		if err != nil {
			var de *botproto.DecodeError
			if !errors.As(err, &de) || de.Code == "" || de.Msg == "" {
				t.Fatalf("Decode(%q): %v is not a DecodeError with a code and a message", line, err)
			}
			return
		}
		switch m.Type {
		case botproto.TypeAction:
			if m.ID <= 0 || len(m.Action) == 0 || !json.Valid(m.Action) {
				t.Fatalf("Decode(%q) = %+v: an action without a valid id and action", line, m)
			}
		case botproto.TypePing, botproto.TypeResign:
		default:
			t.Fatalf("Decode(%q) accepted type %q", line, m.Type)
		}
		again, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("re-encode %+v: %v", m, err)
		}
		m2, err := botproto.Decode(again)
		if err != nil {
			t.Fatalf("Decode(%s) (re-encoded from %q): %v", again, line, err)
		}
		var c1, c2 bytes.Buffer
		if len(m.Action) > 0 {
			_ = json.Compact(&c1, m.Action)
			_ = json.Compact(&c2, m2.Action)
		}
		if m2.Type != m.Type || m2.Match != m.Match || m2.ID != m.ID || c1.String() != c2.String() {
			t.Fatalf("round trip of %q: %+v then %+v", line, m, m2)
		}
	})
}
