package lang

import (
	"errors"
	"fmt"
)

// Text is a sentence of the catalog with its arguments, said later in the reader's
// language: what a package far from the reader (a game's rules, a program's referee)
// hands to the one that knows who reads it (the lobby, the session's writer).
type Text struct {
	Key  string // the sentence in English, its key in the catalogs
	Args []any
}

// T is the sentence key with args, to be said in a reader's language. The key is a
// literal of the catalog (a test reads the calls).
func T(key string, args ...any) Text { return Text{Key: key, Args: args} }

// In is the text in l.
func (t Text) In(l Lang) string { return l.Sprintf(t.Key, argsIn(t.Args, l)...) }

// argsIn are args with those that are sentences (a Text, an error) said in l.
func argsIn(args []any, l Lang) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case error:
			out[i] = Say(a, l)
		case Text:
			out[i] = a.In(l)
		default:
			out[i] = a
		}
	}
	return out
}

// String is the text in English, for logs.
func (t Text) String() string { return English.Sprintf(t.Key, t.Args...) }

// Error is an error whose sentence is in the catalog: Error() says it in English (logs,
// tests), Say in a reader's language.
type Error struct {
	Text
	Wrapped error // what errors.Is and errors.As see beneath, if anything
}

// Errorf is an error saying key with args. An argument that is an error is also what
// errors.Is and errors.As see (the last such one), as with fmt.Errorf's %w.
func Errorf(key string, args ...any) error {
	e := &Error{Text: T(key, args...)}
	for _, a := range args {
		if err, ok := a.(error); ok {
			e.Wrapped = err
		}
	}
	return e
}

func (e *Error) Error() string { return e.String() }
func (e *Error) Unwrap() error { return e.Wrapped }

// Say is err's sentence in l: the translation of the outermost *Error in its chain, its
// arguments that are errors said in l too; English for an error from outside the catalog.
func Say(err error, l Lang) string {
	if err == nil {
		return ""
	}
	var said *SaidError
	if errors.As(err, &said) {
		return said.In(l)
	}
	var e *Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	return e.In(l)
}

// N marks a sentence kept in a table (a key's help, a setting's name) for the catalog and
// returns it as is: who shows it says it with l.Sprintf(s) or Lang.Say. Like gettext's N_.
func N(s string) string { return s }

// Say is s, a sentence of the catalog kept as data (marked with N), in l.
func (l Lang) Say(s string) string { return l.Sprintf(s) }

var _ fmt.Stringer = Text{}

// Sayings is a sentence already said in each language, as a message from another node
// of a cluster carries it (the catalog's arguments do not cross a wire as they were).
type Sayings map[Lang]string

// In is the sentence in l, else in English.
func (s Sayings) In(l Lang) string {
	if v, ok := s[l]; ok {
		return v
	}
	return s[English]
}

// SaidError is an error whose sentence arrived said in each language (Sayings); Wrapped is
// what errors.Is and errors.As see beneath it. Say says it in the reader's language.
type SaidError struct {
	Sayings
	Wrapped error
}

// Error is the wrapped error's text (as it was written in English), else the English saying.
func (e *SaidError) Error() string {
	if e.Wrapped != nil {
		return e.Wrapped.Error()
	}
	return e.In(English)
}
func (e *SaidError) Unwrap() error { return e.Wrapped }

// SayAll is err said in every language, for a wire; nil for an error of no catalog.
func SayAll(err error) Sayings {
	var e *Error
	var s *SaidError
	if !errors.As(err, &e) && !errors.As(err, &s) {
		return nil
	}
	out := Sayings{}
	for _, l := range All {
		out[l] = Say(err, l)
	}
	return out
}
