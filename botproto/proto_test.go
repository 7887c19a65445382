package botproto_test

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/arena-classroom/arena/botproto"
)

func TestDecode(t *testing.T) {
	ok := []struct {
		line string
		want botproto.Message
	}{
		{`{"type":"ping"}`, botproto.Message{Type: "ping"}},
		{` {"type":"ping","extra":[1,2,{"x":null}]} `, botproto.Message{Type: "ping"}},
		{`{"type":"resign","match":"m_1"}`, botproto.Message{Type: "resign", Match: "m_1"}},
		{`{"type":"action","match":"m_1","id":17,"action":5}`, botproto.Message{Type: "action", Match: "m_1", ID: 17, Action: []byte("5")}},
		{`{"action":{"attack":[1,2]},"id":3,"type":"action"}`, botproto.Message{Type: "action", ID: 3, Action: []byte(`{"attack":[1,2]}`)}},
		{`{"type":"action","id":1,"action":"MOVE_UP"}`, botproto.Message{Type: "action", ID: 1, Action: []byte(`"MOVE_UP"`)}},
	}
	for _, c := range ok {
		got, err := botproto.Decode([]byte(c.line))
		if err != nil || got.Type != c.want.Type || got.Match != c.want.Match || got.ID != c.want.ID || string(got.Action) != string(c.want.Action) {
			t.Errorf("Decode(%s) = %+v, %v; want %+v", c.line, got, err, c.want)
		}
	}
	bad := []struct{ line, code string }{
		{``, botproto.CodeMalformed},
		{`7`, botproto.CodeMalformed},
		{`[{"type":"ping"}]`, botproto.CodeMalformed},
		{`{"type":"ping"`, botproto.CodeMalformed},
		{`{"type":3}`, botproto.CodeMalformed},
		{`{"type":null}`, botproto.CodeMalformed},
		{`{"typo":"ping"}`, botproto.CodeMalformed},
		{`{"type":"action","action":5}`, botproto.CodeMalformed},
		{`{"type":"action","id":"17","action":5}`, botproto.CodeMalformed},
		{`{"type":"action","id":1.5,"action":5}`, botproto.CodeMalformed},
		{`{"type":"action","id":-2,"action":5}`, botproto.CodeMalformed},
		{`{"type":"action","id":2}`, botproto.CodeMalformed},
		{`{"type":"action","id":2,"action":null}`, botproto.CodeMalformed},
		{`{"type":"dance"}`, botproto.CodeUnknownType},
		{`{"type":"turn","id":1}`, botproto.CodeUnknownType},
	}
	for _, c := range bad {
		_, err := botproto.Decode([]byte(c.line))
		var de *botproto.DecodeError
		if !errors.As(err, &de) || de.Code != c.code || de.Error() == "" {
			t.Errorf("Decode(%s): %v, want a %s error", c.line, err, c.code)
		}
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 100)
	in := "one\r\ntwo\n\n" + long + "\n" + strings.Repeat("y", 10) + "\nlast"
	// One byte at a time, so that lines straddle every read.
	lr := botproto.NewLineReader(iotest.OneByteReader(strings.NewReader(in)), 10)
	var got []string
	for {
		line, err := lr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.Is(err, botproto.ErrLineTooLong) {
			got = append(got, "TOO LONG")
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(line))
	}
	want := []string{"one", "two", "", "TOO LONG", strings.Repeat("y", 10), "last"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("lines %q, want %q", got, want)
	}
}

func TestLineReaderOverlongLastLine(t *testing.T) {
	lr := botproto.NewLineReader(strings.NewReader(strings.Repeat("z", 50)), 10)
	if _, err := lr.Next(); !errors.Is(err, botproto.ErrLineTooLong) {
		t.Fatalf("first: %v", err)
	}
	if _, err := lr.Next(); !errors.Is(err, io.EOF) {
		t.Fatalf("then: %v", err)
	}
}
