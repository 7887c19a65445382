// Package wiretest holds the bus protocol's messages to their word: every field set,
// encoded, decoded, equal (the cluster's round-trip tests).
package wiretest

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// RoundTrips fails t unless a value of typ, with every field JSON carries set, comes back
// from its JSON equal.
func RoundTrips(t *testing.T, typ reflect.Type) {
	t.Helper()
	v := reflect.New(typ)
	Fill(v.Elem())
	data, err := json.Marshal(v.Interface())
	if err != nil {
		t.Fatal(err)
	}
	back := reflect.New(typ)
	if err := json.Unmarshal(data, back.Interface()); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(v.Interface(), back.Interface()) {
		t.Fatalf("%s does not round-trip:\nsent %+v\ngot  %+v\nas   %s", typ, v.Interface(), back.Interface(), data)
	}
}

// Fill sets every field of v that JSON carries to a value that is not its zero.
func Fill(v reflect.Value) { fill(v, 0) }

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
