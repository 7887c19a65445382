package docscheck_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/docscheck"
)

const botsDoc = "docs/bots.md"

// serverMessage is the botproto type of each message the server sends.
var serverMessage = map[string]func() any{
	botproto.TypeHello: func() any { return new(botproto.Hello) },
	botproto.TypeStart: func() any { return new(botproto.Start) },
	botproto.TypeTurn:  func() any { return new(botproto.Turn) },
	botproto.TypeWarn:  func() any { return new(botproto.Warn) },
	botproto.TypeEnd:   func() any { return new(botproto.End) },
	botproto.TypeError: func() any { return new(botproto.Error) },
	botproto.TypePong:  func() any { return new(botproto.Pong) },
}

// Every protocol message docs/bots.md shows as JSON is one the code writes or reads: a
// server message decodes into its botproto type with no field left over, and encodes back
// to the same JSON (so no field shown is one the server leaves out); a bot's message
// (action, ping, resign) is one botproto.Decode accepts, with every field it shows.
func TestDocsBotMessages(t *testing.T) {
	root, err := docscheck.Root()
	if err != nil {
		t.Fatal(err)
	}
	snips, err := docscheck.ReadSnippets(root, botsDoc)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, s := range snips {
		for _, obj := range jsonObjects(s.Text) {
			if !strings.HasPrefix(obj, `{"type":`) {
				continue
			}
			typ, err := checkMessage(obj)
			if err != nil {
				t.Errorf("%s: %s: %v", s.Where(), obj, err)
			}
			seen[typ] = true
		}
	}
	for _, typ := range []string{"hello", "start", "turn", "action", "warn", "end", "error", "ping", "pong", "resign"} {
		if !seen[typ] {
			t.Errorf("%s shows no %q message any more: is the reader broken?", botsDoc, typ)
		}
	}
}

// ellipsis is what docs write for "and so on" inside JSON.
var ellipsis = strings.NewReplacer(`{…}`, `{}`, `[…]`, `[]`)

func checkMessage(doc string) (string, error) {
	text := ellipsis.Replace(doc)
	var generic map[string]any
	if err := json.Unmarshal([]byte(text), &generic); err != nil {
		return "", fmt.Errorf("is not JSON: %v", err)
	}
	typ, _ := generic["type"].(string)
	switch typ {
	case botproto.TypeAction, botproto.TypePing, botproto.TypeResign:
		if _, err := botproto.Decode([]byte(text)); err != nil {
			return typ, fmt.Errorf("the server refuses it: %v", err)
		}
		return typ, decodeStrict(text, new(botproto.Message), generic)
	}
	newMsg, ok := serverMessage[typ]
	if !ok {
		return typ, fmt.Errorf("botproto has no message of type %q", typ)
	}
	return typ, decodeStrict(text, newMsg(), generic)
}

// decodeStrict decodes text into v refusing unknown fields, then checks that v encodes
// back to what the doc shows.
func decodeStrict(text string, v any, want map[string]any) error {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("does not fit botproto.%s: %v", reflect.TypeOf(v).Elem().Name(), err)
	}
	back, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var got map[string]any
	if err := json.Unmarshal(back, &got); err != nil {
		return err
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("botproto.%s writes it as %s", reflect.TypeOf(v).Elem().Name(), back)
	}
	return nil
}

// jsonObjects finds the {…} objects of a line, outermost only.
func jsonObjects(line string) []string {
	var out []string
	depth, start, inString := 0, -1, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{':
			if depth == 0 {
				start = i
			}
			depth++
		case c == '}' && depth > 0:
			depth--
			if depth == 0 {
				out = append(out, line[start:i+1])
			}
		}
	}
	return out
}

// The bots.md sections of the games, by game id.
var gameSections = map[string]string{
	"sevencolors": "## 7 Colors",
	"perfectaim":  "## Perfect Aim",
	"warhammer":   "## War Hammer arena",
	"dicewars":    "## DiceWars",
	"garden":      "## Garden Tensions",
}

var (
	jsonKey  = regexp.MustCompile(`"([A-Za-z_][A-Za-z0-9_]*)"\s*:`)
	keyList  = regexp.MustCompile(`\{("[A-Za-z_][A-Za-z0-9_]*"(?:\s*,\s*"[A-Za-z_][A-Za-z0-9_]*")+)\}`)
	keyInAll = regexp.MustCompile(`"([A-Za-z_][A-Za-z0-9_]*)"`)
)

// Every field name a game's section of docs/bots.md shows in its JSON (the observation,
// the config, the actions) is one the game really sends: a key of an observation met in
// random games, of a legal action, or a setting of the game.
func TestDocsGameFields(t *testing.T) {
	root, err := docscheck.Root()
	if err != nil {
		t.Fatal(err)
	}
	snips, err := docscheck.ReadSnippets(root, botsDoc)
	if err != nil {
		t.Fatal(err)
	}
	sections := sectionsOf(t, root)
	for id, heading := range gameSections {
		e, ok := catalog.Get(id)
		if !ok {
			t.Errorf("%s has a section %q, but the catalog has no game %s", botsDoc, heading, id)
			continue
		}
		known := fieldsOf(t, e)
		from, to := sections[heading][0], sections[heading][1]
		if from == 0 {
			t.Errorf("%s has no section %q for game %s", botsDoc, heading, id)
			continue
		}
		checked := 0
		for _, s := range snips {
			if s.Line < from || s.Line >= to {
				continue
			}
			if strings.HasPrefix(strings.TrimSpace(s.Text), `{"type":`) {
				continue // a protocol message: TestDocsBotMessages
			}
			for _, k := range docKeys(s.Text) {
				checked++
				if !known[k] {
					t.Errorf("%s: %s shows a field %q that %s never sends (its fields: %s)", s.Where(), oneLine(s.Text), k, id, keysOf(known))
				}
			}
		}
		if checked == 0 {
			t.Errorf("%s: the section %q shows no JSON field: is the reader broken?", botsDoc, heading)
		}
	}
}

// sectionsOf finds the line ranges [from, to) of bots.md's level-2 sections.
func sectionsOf(t *testing.T, root string) map[string][2]int {
	text, err := readFile(root, botsDoc)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	out := map[string][2]int{}
	current, start := "", 0
	inFence := false
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			inFence = !inFence
		}
		if inFence || !strings.HasPrefix(l, "## ") {
			continue
		}
		if current != "" {
			out[current] = [2]int{start, i + 1}
		}
		current, start = strings.TrimSpace(l), i+1
	}
	if current != "" {
		out[current] = [2]int{start, len(lines) + 1}
	}
	return out
}

// docKeys are the field names a doc's JSON shows: "key": pairs and {"a","b"} lists.
func docKeys(text string) []string {
	var keys []string
	for _, m := range jsonKey.FindAllStringSubmatch(text, -1) {
		keys = append(keys, m[1])
	}
	for _, m := range keyList.FindAllStringSubmatch(text, -1) {
		for _, k := range keyInAll.FindAllStringSubmatch(m[1], -1) {
			keys = append(keys, k[1])
		}
	}
	return keys
}

// fieldsOf plays random games of e and gathers every key of its observations and legal
// actions, with its settings and the fields of the protocol's messages.
func fieldsOf(t *testing.T, e catalog.Entry) map[string]bool {
	known := map[string]bool{}
	for _, newMsg := range serverMessage { // the fields of the messages around the game's
		addTags(known, reflect.TypeOf(newMsg()).Elem())
	}
	proto := e.Game.Describe().Protocol
	for _, st := range e.Game.Describe().Settings {
		known[st.Key] = true
	}
	min, max := e.Game.Seats()
	cfg, err := e.Game.Normalize(nil)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		seats := min + int(seed)%(max-min+1)
		st, err := e.Game.New(cfg, seats, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 7))
		for step := 0; step < 400 && !st.Over(); step++ {
			for s := 0; s < seats; s++ {
				obs := st.Observation(s)
				addKeys(known, obs)                 // what was sent (maps included)
				addTags(known, reflect.TypeOf(obs)) // what could be (an empty list's elements)
			}
			to := st.ToMove()
			if rt, ok := st.(games.RealTime); ok && len(to) == 0 {
				if next, ok := rt.NextDecision(); ok {
					rt.AdvanceTo(next)
					to = st.ToMove()
				}
			}
			if len(to) == 0 {
				break
			}
			legal := st.Legal(to[0])
			addKeys(known, legal)
			if len(legal) == 0 && proto != nil {
				legal = proto.ExampleActions // a game that validates actions instead of listing them
			}
			if len(legal) == 0 {
				break
			}
			if _, err := st.Apply(to[0], legal[r.IntN(len(legal))]); err != nil {
				if _, err := st.Apply(to[0], st.DefaultAction(to[0])); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return known
}

func addKeys(known map[string]bool, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	var generic any
	if dec.Decode(&generic) != nil {
		return
	}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				known[k] = true
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(generic)
}

// addTags adds the JSON names of a struct's fields, and of the structs it holds (to a
// depth that no message reaches, so that a recursive type would end).
func addTags(known map[string]bool, t reflect.Type) { addTagsDepth(known, t, 8) }

func addTagsDepth(known map[string]bool, t reflect.Type, depth int) {
	for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct || depth == 0 {
		return
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" && name != "-" {
			known[name] = true
		}
		addTagsDepth(known, f.Type, depth-1)
	}
}

func keysOf(m map[string]bool) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 80 {
		return s[:77] + "…"
	}
	return s
}

func readFile(root, rel string) (string, error) {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	return string(b), err
}
