package games

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestReadPositionHeader(t *testing.T) {
	h, err := ReadPositionHeader(json.RawMessage(`{"game":"g","to_move":2,"players":[{},{},{}],"extra":1}`))
	if err != nil || h != (PositionHeader{Game: "g", ToMove: 2, Players: 3}) {
		t.Fatalf("%+v %v", h, err)
	}
	for in, field := range map[string]string{
		`[]`:                                   "position",
		`{"to_move":0,"players":[]}`:           "game",
		`{"game":"g","players":[]}`:            "to_move",
		`{"game":"g","to_move":0}`:             "players",
		`{"game":"g","to_move":"0"}`:           "position",
		`{"game":"g","to_move":0,"players":3}`: "position",
	} {
		_, err := ReadPositionHeader(json.RawMessage(in))
		var pe *PositionError
		if !errors.As(err, &pe) || pe.Field != field {
			t.Errorf("%s: %v, want a PositionError on %s", in, err, field)
		}
	}
}

func TestPositionFieldsNamesTheCulprit(t *testing.T) {
	cases := []struct{ in, field string }{
		{`{"a":1,"zz":2,"b":3,"c":4}`, "b"}, // of several unknown fields, the first in order
		{`{"a":1,"":2}`, `""`},
		{"{\"a\":1,\"x\\ny\":2}", `"x\ny"`},
		{`{"a":1,"` + strings.Repeat("w", 100) + `":2}`, strings.Repeat("w", 30) + "…"},
	}
	for _, c := range cases {
		_, err := PositionFields(json.RawMessage(c.in), "a", "zz")
		var pe *PositionError
		if !errors.As(err, &pe) || pe.Field != c.field || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want the field %s on one line", c.in, err, c.field)
		}
	}
	f, err := PositionFields(json.RawMessage(` {"a":1} `), "a")
	if err != nil || string(f["a"]) != "1" {
		t.Fatalf("%v %v", f, err)
	}
}

func TestIntFields(t *testing.T) {
	fields := map[string]json.RawMessage{"n": json.RawMessage(`12`), "f": json.RawMessage(`1.5`), "z": json.RawMessage(`null`)}
	if v, err := RequiredInt(fields, "n", "n things"); v != 12 || err != nil {
		t.Fatal(v, err)
	}
	if v, err := OptionalInt(fields, "missing", 7); v != 7 || err != nil {
		t.Fatal(v, err)
	}
	if v, err := OptionalInt(fields, "z", 3); v != 3 || err != nil {
		t.Fatal(v, err)
	}
	if _, err := OptionalInt(fields, "f", 3); err == nil || err.Error() != "f: must be a whole number, not 1.5" {
		t.Fatal(err)
	}
	for _, name := range []string{"missing", "z"} {
		if _, err := RequiredInt(fields, name, "n things"); err == nil || err.Error() != name+": missing: n things" {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, in := range []string{`"3"`, `true`, `[3]`, `1e3`, `2147483648`, `-2147483649`} {
		if _, err := WholeNumber("x", json.RawMessage(in)); err == nil {
			t.Errorf("%s read as a whole number", in)
		}
	}
}
