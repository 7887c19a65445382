package cluster

import (
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Every message of the bus protocol survives its trip: each field set, encoded, decoded,
// equal. A field added without a way across (an unexported type, a lost tag) fails here.
func TestEveryMessageTypeRoundTrips(t *testing.T) {
	for _, v := range []any{
		&announce{}, &request{}, &reply{}, &frame{}, &wireMove{}, &seatMsg{}, &seatBatch{},
		&wireSpec{}, &wireSeat{}, &wireTicket{}, &wireProgram{}, &tournamentMsg{}, &wireSeating{}, &wireError{},
	} {
		name := reflect.TypeOf(v).Elem().Name()
		t.Run(name, func(t *testing.T) {
			fill(reflect.ValueOf(v).Elem(), 0)
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			back := reflect.New(reflect.TypeOf(v).Elem()).Interface()
			if err := json.Unmarshal(data, back); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(v, back) {
				t.Fatalf("%s does not round-trip:\nsent %+v\ngot  %+v\nas   %s", name, v, back, data)
			}
		})
	}
}

var when = time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)

// fill sets every field that JSON carries to a value that is not its zero.
func fill(v reflect.Value, depth int) {
	if depth > 6 {
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			v.Set(reflect.ValueOf(when))
			return
		}
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() || strings.HasPrefix(f.Tag.Get("json"), "-") {
				continue
			}
			fill(v.Field(i), depth+1)
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), depth+1)
	case reflect.Slice:
		if v.Type() == reflect.TypeOf(json.RawMessage{}) {
			v.Set(reflect.ValueOf(json.RawMessage(`{"x":1}`)))
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0), depth+1)
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k, depth+1)
		fill(e, depth+1)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Interface:
		v.Set(reflect.ValueOf("x")) // a JSON string decodes back as one
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(7)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(7)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(0.5)
	}
}

// TestTheHandlersTableIsTheDocs: docs/architecture.md lists every operation of handlers,
// with whether it may block, and nothing else.
func TestTheHandlersTableIsTheDocs(t *testing.T) {
	doc, err := os.ReadFile("../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	row := regexp.MustCompile("^\\| (`[a-z.]+`(?:, `[a-z.]+`)*) \\|.*\\| (yes|no) \\|$")
	for _, line := range strings.Split(string(doc), "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, op := range strings.Split(m[1], ", ") {
			op = strings.Trim(op, "`")
			h, ok := handlers[op]
			switch {
			case !ok:
				t.Errorf("docs/architecture.md lists %q, which no handler serves", op)
			case h.blocks != (m[2] == "yes"):
				t.Errorf("docs/architecture.md says %q blocks: %s; its handler says %v", op, m[2], h.blocks)
			}
			listed[op] = true
		}
	}
	for op := range handlers {
		if !listed[op] {
			t.Errorf("operation %q is missing from docs/architecture.md's table", op)
		}
	}
}
