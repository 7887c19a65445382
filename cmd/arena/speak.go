package main

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/lang"
)

// The local arena command speaks the language its environment's locale variables name,
// in gettext's order (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), English when they name none
// the arena speaks: usage, errors, progress and reports. What programs read (JSON lines,
// positions, --print-config) and the server's logs do not change.

// cliLang is the language the environment read by getenv names, English when none.
func cliLang(getenv func(string) string) lang.Lang {
	var env []string
	for _, k := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return environLang(env)
}

// environLang is the language an environment ("LANG=fr_FR.UTF-8", …) names, English when
// none.
func environLang(environ []string) lang.Lang {
	if l, _, ok := lang.FromEnv(environ); ok {
		return l
	}
	return lang.English
}

// noEnv is an empty environment: English, and no ARENA_* variable.
func noEnv(string) string { return "" }

// complain writes cmd's error on w, one line in l: "arena match: …".
func complain(w io.Writer, l lang.Lang, cmd string, err error) {
	io.WriteString(w, cmd+": "+lang.Say(err, l)+"\n")
}

// sayData is s, a sentence kept as data by another package (a game's tool's doc), in l
// when the catalogs have it, as it is otherwise.
func sayData(l lang.Lang, s string) string {
	if lang.English.Has(s) {
		return l.Say(s)
	}
	return s
}

// setError keeps the last error a flag's own Set returned: the flag package keeps only
// its English text, and flagError says it in the reader's language.
type setError struct{ last error }

// record is set, its error kept.
func (e *setError) record(set func(string) error) func(string) error {
	return func(v string) error {
		err := set(v)
		if err != nil {
			e.last = err
		}
		return err
	}
}

var (
	// lang:keep the flag package's English, read
	invalidValue = regexp.MustCompile(`^invalid value ("(?:[^"\\]|\\.)*") for flag -(\S+): (.*)$`)
	// lang:keep the flag package's English, read
	invalidBool = regexp.MustCompile(`^invalid boolean value ("(?:[^"\\]|\\.)*") for -(\S+): (.*)$`)
)

// flagError is an error of the flag package's Parse as a sentence of the catalog; set, when
// not nil, is the error of the flag's own Set that made it.
func flagError(err error, set *setError) error {
	msg := err.Error()
	// lang:keep the flag package's English, read
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return lang.Errorf("flag provided but not defined: -%s", name)
	}
	// lang:keep the flag package's English, read
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return lang.Errorf("flag needs an argument: -%s", name)
	}
	// lang:keep the flag package's English, read
	if s, ok := strings.CutPrefix(msg, "bad flag syntax: "); ok {
		return lang.Errorf("bad flag syntax: %s", s)
	}
	boolean := false
	m := invalidValue.FindStringSubmatch(msg)
	if m == nil {
		m, boolean = invalidBool.FindStringSubmatch(msg), true
	}
	if m == nil {
		return err
	}
	value, uerr := strconv.Unquote(m[1])
	if uerr != nil {
		return err
	}
	var why error
	switch {
	case set != nil && set.last != nil:
		why = set.last
	// lang:keep the flag package's English, read
	case m[3] == "parse error":
		why = lang.Errorf("parse error")
	// lang:keep the flag package's English, read
	case m[3] == "value out of range":
		why = lang.Errorf("value out of range")
	default:
		why = errors.New(m[3])
	}
	if boolean {
		return lang.Errorf("invalid boolean value %q for -%s: %s", value, m[2], why)
	}
	return lang.Errorf("invalid value %q for flag -%s: %s", value, m[2], why)
}

// typed is a number the user typed, as they typed it: not written the reader's way
// ("1500", not "1,500" or "1 500"), to be found again on their command line.
func typed(v any) string { return fmt.Sprint(v) }
