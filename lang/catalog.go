package lang

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// The catalogs: for each language, its sentences by their English text, in files by area
// (catalog/fr/lobby.json, catalog/fr/protocol.json, …: an area's sentences change
// together). A value is the sentence, or its plural forms: {"arg": 1, "one": "…",
// "other": "…"} (arg: which of the sentence's arguments, from 1, counts; 1 when absent).
// A sentence may be in two areas' files only with the same translation.
//
//go:embed catalog/*/*.json
var catalogFiles embed.FS

var (
	books   = catalog.NewBuilder(catalog.Fallback(language.English))
	loadErr error
	keys    = map[Lang]map[string]bool{}
	// values are each sentence's translation as read, to find one translated twice apart.
	values = map[Lang]map[string]string{}
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

// Sprintf is l.Printer().Sprintf, its durations written the reader's way (Duration).
func (l Lang) Sprintf(key string, args ...any) string {
	return l.Printer().Sprintf(key, withDurations(args, l)...)
}

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
		keys[l], values[l] = map[string]bool{}, map[string]string{}
		files, err := fs.Glob(catalogFiles, "catalog/"+string(l)+"/*.json")
		if err != nil {
			return err
		}
		if len(files) == 0 {
			// lang:keep a developer's error, found by the tests
			return fmt.Errorf("catalog %s: no files in lang/catalog/%s", l, l)
		}
		for _, f := range files {
			if err := loadFile(l, f); err != nil {
				return err
			}
		}
	}
	return nil
}

func loadFile(l Lang, file string) error {
	data, err := catalogFiles.ReadFile(file)
	if err != nil {
		return err
	}
	var entries map[string]json.RawMessage
	if err := json.Unmarshal(data, &entries); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	for key, raw := range entries {
		if prev, ok := values[l][key]; ok {
			if prev != string(raw) {
				// lang:keep a developer's error, found by the tests
				return fmt.Errorf("%s: %q is translated elsewhere in %s otherwise: %s", file, key, l, prev)
			}
			continue
		}
		values[l][key] = string(raw)
		var s string
		if json.Unmarshal(raw, &s) == nil {
			if err := books.SetString(l.tag(), key, s); err != nil {
				return fmt.Errorf("%s: %q: %w", file, key, err)
			}
			keys[l][key] = true
			continue
		}
		var p pluralForms
		if err := json.Unmarshal(raw, &p); err != nil || p.One == "" || p.Other == "" {
			// lang:keep a developer's error, found by the tests
			return fmt.Errorf("%s: %q: a sentence, or its plural forms one and other", file, key)
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
			return fmt.Errorf("%s: %q: %w", file, key, err)
		}
		keys[l][key] = true
	}
	return nil
}
