package lang

import (
	"embed"
	"encoding/json"
	"fmt"
	"sort"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// The catalogs: for each language, its sentences by their English text. A value is the
// sentence, or its plural forms: {"arg": 1, "one": "…", "other": "…"} (arg: which of the
// sentence's arguments, from 1, counts; 1 when absent).
//
//go:embed catalog/*.json
var catalogFiles embed.FS

var (
	books   = catalog.NewBuilder(catalog.Fallback(language.English))
	loadErr error
	keys    = map[Lang]map[string]bool{}
)

func init() { loadErr = load() }

func (l Lang) tag() language.Tag {
	if l == French {
		return language.French
	}
	return language.English
}

// Printer says the arena's sentences in l.
func (l Lang) Printer() *message.Printer {
	return message.NewPrinter(l.tag(), message.Catalog(books))
}

// Sprintf is l.Printer().Sprintf.
func (l Lang) Sprintf(key string, args ...any) string { return l.Printer().Sprintf(key, args...) }

// Has reports whether l's catalog has key. Both catalogs list every sentence (English's
// mostly as itself): a test holds them to the same keys and placeholders.
func (l Lang) Has(key string) bool { return keys[l][key] }

// Keys are the sentences of l's catalog, sorted.
func (l Lang) Keys() []string {
	var out []string
	for k := range keys[l] {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// LoadError is why the catalogs could not all be read (a test fails on it); nil when they were.
func LoadError() error { return loadErr }

type pluralForms struct {
	Arg   int    `json:"arg"`
	Zero  string `json:"zero"`
	One   string `json:"one"`
	Other string `json:"other"`
}

func load() error {
	for _, l := range All {
		keys[l] = map[string]bool{}
		data, err := catalogFiles.ReadFile("catalog/" + string(l) + ".json")
		if err != nil {
			return err
		}
		var entries map[string]json.RawMessage
		if err := json.Unmarshal(data, &entries); err != nil {
			return fmt.Errorf("catalog %s: %w", l, err)
		}
		for key, raw := range entries {
			var s string
			if json.Unmarshal(raw, &s) == nil {
				if err := books.SetString(l.tag(), key, s); err != nil {
					return fmt.Errorf("catalog %s: %q: %w", l, key, err)
				}
				keys[l][key] = true
				continue
			}
			var p pluralForms
			if err := json.Unmarshal(raw, &p); err != nil || p.One == "" || p.Other == "" {
				return fmt.Errorf("catalog %s: %q: a sentence, or its plural forms one and other", l, key)
			}
			if p.Arg == 0 {
				p.Arg = 1
			}
			cases := []any{}
			if p.Zero != "" {
				cases = append(cases, "=0", p.Zero)
			}
			cases = append(cases, "one", p.One, "other", p.Other)
			if err := books.Set(l.tag(), key, plural.Selectf(p.Arg, "", cases...)); err != nil {
				return fmt.Errorf("catalog %s: %q: %w", l, key, err)
			}
			keys[l][key] = true
		}
	}
	return nil
}
