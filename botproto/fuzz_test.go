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
		// encoding/json writes & < > in strings as \u0026…: the same action (CI's fuzzer found it)
		`{"type":"action","id":3,"action":{"&00000":[0,0]},"00000000":[[[]]]}`,
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
			if !errors.As(err, &de) || de.Code == "" || de.Error() == "" {
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
		if m2.Type != m.Type || m2.Match != m.Match || m2.ID != m.ID || canonical(t, m.Action) != canonical(t, m2.Action) {
			t.Fatalf("round trip of %q: %+v then %+v", line, m, m2)
		}
	})
}

// canonical is a JSON value written one way: the same value however its text spelled it
// (spaces, key order, \u escapes), for comparing what a line means.
func canonical(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	if len(raw) == 0 {
		return ""
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return b.String()
}
