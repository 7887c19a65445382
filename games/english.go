package games

import (
	"fmt"
	"regexp"
	"sync"

	"github.com/arena-classroom/arena/lang"
)

// english is t in English, as t.String() says it, but quick for the sentences whose English
// is their key with no plural form (most of them): fmt writes those, a printer's catalog
// lookup costing fifteen times as much, and rules emit an event at every step.
func english(t lang.Text) string {
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		switch a := a.(type) {
		case lang.Text:
			args[i] = english(a)
		case error:
			args[i] = lang.Say(a, lang.English)
		default:
			args[i] = a
		}
	}
	if !plainEnglish(t.Key) {
		return lang.English.Sprintf(t.Key, args...)
	}
	return fmt.Sprintf(t.Key, args...)
}

var plain sync.Map // key → bool: its English is the key itself, in every count

var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// plainEnglish reports whether the English catalog says key as fmt would: a sentence of
// the catalog whose English is itself, or one with plural forms whose "one" is the same
// as its "other" (the key), found by saying it once with every count 1.
func plainEnglish(key string) bool {
	if v, ok := plain.Load(key); ok {
		return v.(bool)
	}
	var probe []any
	for _, v := range verb.FindAllString(key, -1) {
		switch v[len(v)-1] {
		case '%':
			continue
		case 'd':
			probe = append(probe, Digits(1))
		case 'f', 'g', 'e':
			probe = append(probe, 1.0)
		default:
			probe = append(probe, "x")
		}
	}
	ok := lang.English.Has(key) && lang.English.Sprintf(key, probe...) == fmt.Sprintf(key, probe...)
	plain.Store(key, ok)
	return ok
}
