// Package lang is the language a person reads the arena in, English or French, and the
// printers that say the arena's sentences in it.
//
// The language is chosen in this order: the person's stored choice (`lang fr`), then the
// locale variables their SSH client sent, in gettext's order (LANGUAGE, LC_ALL,
// LC_MESSAGES, LANG: Debian's and macOS's ssh send LANG and LC_* by default), then the
// server's --lang, English by default.
//
// Sentences are written in English in the code, and that English is their key in one
// catalog per language (catalog/en.json, catalog/fr.json, embedded): golang.org/x/text's
// message printers look them up, choose plural forms by each language's CLDR rules (French
// counts 0 and 1 as singular) and write numbers as the language's readers do. A sentence
// missing from a catalog is printed as written, in English.
package lang

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Lang is a language of the arena.
type Lang string

// The arena's languages.
const (
	English Lang = "en"
	French  Lang = "fr"
)

// All are the arena's languages, the default first.
var All = []Lang{English, French}

// Name is the language's name in itself, as a person choosing it reads it.
func (l Lang) Name() string {
	if l == French {
		return "français"
	}
	return "English"
}

// Parse reads a language from a choice ("fr", "English") or a locale ("fr_FR.UTF-8",
// "fr-CA", "de_DE@euro"): false for one the arena does not speak, and for "C" and "POSIX",
// which say nothing of a language.
func Parse(s string) (Lang, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case "english", "anglais":
		return English, true
	case "français", "francais", "french":
		return French, true
	}
	if i := strings.IndexAny(s, "_-.@"); i >= 0 {
		s = s[:i]
	}
	for _, l := range All {
		if s == string(l) {
			return l, true
		}
	}
	return "", false
}

// Source says where a session's language came from, for whoami.
type Source struct {
	Kind     SourceKind
	Variable string // the locale variable, for FromClient: "LANG=fr_FR.UTF-8"
}

// SourceKind is where a language was chosen.
type SourceKind int

const (
	FromDefault SourceKind = iota // the server's --lang
	FromClient                    // a locale variable the SSH client sent
	FromChoice                    // the person's stored choice (lang fr)
)

// FromEnv is the language the locale variables of env name, in gettext's order: LANGUAGE
// (a colon-separated list of preferences, the first the arena speaks wins) unless the
// locale is C, then LC_ALL, LC_MESSAGES and LANG, the first one set.
func FromEnv(env []string) (Lang, Source, bool) {
	vars := map[string]string{}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			vars[k] = v
		}
	}
	locale, from := "", ""
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := vars[k]; v != "" {
			locale, from = v, k
			break
		}
	}
	if v := vars["LANGUAGE"]; v != "" && !isC(locale) {
		// gettext reads LANGUAGE only when the locale is not C: a C locale means "no
		// translation" whatever LANGUAGE says.
		for _, pref := range strings.Split(v, ":") {
			if l, ok := Parse(pref); ok {
				return l, Source{Kind: FromClient, Variable: "LANGUAGE=" + v}, true
			}
		}
	}
	if l, ok := Parse(locale); ok {
		return l, Source{Kind: FromClient, Variable: from + "=" + locale}, true
	}
	return "", Source{}, false
}

func isC(locale string) bool {
	base, _, _ := strings.Cut(locale, ".")
	return base == "C" || base == "POSIX"
}

// Choose is a session's language: the stored choice, else the client's locale, else def.
func Choose(stored string, env []string, def Lang) (Lang, Source) {
	if l, ok := Parse(stored); ok && stored != "" {
		return l, Source{Kind: FromChoice}
	}
	if l, src, ok := FromEnv(env); ok {
		return l, src
	}
	if def == "" {
		def = English
	}
	return def, Source{Kind: FromDefault}
}

// Describe says where the language came from, in l.
func (s Source) Describe(l Lang) string {
	p := l.Printer()
	switch s.Kind {
	case FromChoice:
		return p.Sprintf("your choice (lang)")
	case FromClient:
		return p.Sprintf("your terminal (%s)", s.Variable)
	}
	return p.Sprintf("the server's default")
}

// Ordinal is n as a place is written in l: "3rd", "3e" ("1er" for the first); English
// says "1st", "2nd", "3rd", "4th", …, "11th", "21st".
func (l Lang) Ordinal(n int) string {
	if l == French {
		if n == 1 {
			return "1er"
		}
		return fmt.Sprintf("%de", n)
	}
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// Flag is --lang's value: a language the arena speaks.
func Flag(s string) (Lang, error) {
	l, ok := Parse(s)
	if !ok {
		return "", Errorf("--lang %s: the arena speaks en (English) and fr (français)", s)
	}
	return l, nil
}

// DateTime is t as l's readers write a date and a time, to the minute or the second:
// "2026-11-28 14:05" in English (as the arena always wrote it), "28/11/2026 14:05" in
// French. t is written in its own location (the caller says which, UTC for the arena).
func (l Lang) DateTime(t time.Time, seconds bool) string {
	layout := "2006-01-02 15:04"
	if l == French {
		layout = "02/01/2006 15:04"
	}
	if seconds {
		layout += ":05"
	}
	return t.Format(layout)
}
