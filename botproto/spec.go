package botproto

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/timebank"
)

// Documented reports whether programs can play g (its description documents a protocol).
func Documented(g games.Game) bool { return g.Describe().Protocol != nil }

// SeedPublic reports whether g's seed may be sent in "start".
func SeedPublic(g games.Game) bool {
	p := g.Describe().Protocol
	return p != nil && p.SeedPublic
}

// Spec is the text `spec GAME` prints, in English: the game's observation and action
// schema, the rules a simulator needs, the sizes of its lines, and a real exchange of lines
// from a small game, every line encoded from the game's own values.
func Spec(g games.Game, move, bank time.Duration) (string, error) {
	return SpecIn(g, move, bank, lang.English)
}

// SpecIn is Spec in l: its sentences, and the example warning's msg, as a program whose
// connection speaks l reads them (the lines' keys and values do not change; the game's own
// schema texts are the game's).
func SpecIn(g games.Game, move, bank time.Duration, l lang.Lang) (string, error) {
	desc := g.Describe()
	if desc.Protocol == nil {
		return "", lang.Errorf("no bot protocol schema for %s yet", g.ID())
	}
	said := desc.Protocol.In(l) // its sentences in l; the example's values are the same
	d := &said
	minSeats, maxSeats := g.Seats()
	cfg, err := exampleConfig(g, d.ExampleConfig.Clone(), minSeats)
	if err != nil {
		return "", fmt.Errorf("spec %s: example config: %w", g.ID(), err) // lang:keep a bug of ours
	}
	st, err := g.New(cfg, minSeats, d.ExampleSeed)
	if err != nil {
		return "", fmt.Errorf("spec %s: example game: %w", g.ID(), err) // lang:keep a bug of ours
	}
	seat := st.ToMove()[0]
	players := make([]Player, minSeats)
	for i := range players {
		players[i] = Player{Seat: i, Name: "house"}
	}
	players[seat].Name = "mybot"
	seed := d.ExampleSeed
	const match = "m_example"
	turn := NewTurn(match, 1, st, seat, move, bank)
	action, err := actionLine(match, 1, pick(d, st, seat))
	if err != nil {
		return "", err
	}
	def := st.DefaultAction(seat)
	applied, err := json.Marshal(def)
	if err != nil {
		return "", err
	}
	warn := Warn{Type: TypeWarn, Match: match, ID: 1, Code: "illegal_action",
		Msg: l.Sprintf("(only if your action was refused: why, and what was played instead)"), Applied: json.RawMessage(applied)}
	var refused []byte
	if d.ExampleIllegal != nil {
		if err := st.Validate(seat, d.ExampleIllegal); err != nil {
			warn.Code, warn.Msg = games.IllegalCode(err), lang.Say(err, l)
			if refused, err = actionLine(match, 1, d.ExampleIllegal); err != nil {
				return "", err
			}
		}
	}
	// Play the example game out (the example's choice each turn) for a real final line, and
	// the later turn the game wants shown.
	var later *Turn // and the seat it was sent to
	laterSeat := 0
	turns := make([]int, minSeats) // turns each seat was asked, for the later turn's id
	for moves := 0; !st.Over() && moves < 100_000; moves++ {
		s := st.ToMove()[0]
		turns[s]++
		if moves > 0 && later == nil && d.ExampleLater != nil && d.ExampleLater(st, s) {
			t := NewTurn(match, turns[s], st, s, move, bank)
			later, laterSeat = &t, s
		}
		if _, err := st.Apply(s, pick(d, st, s)); err != nil {
			return "", fmt.Errorf("spec %s: example game: %w", g.ID(), err) // lang:keep a bug of ours
		}
	}
	out := st.Outcome()

	start := Start{Type: TypeStart, Match: match, Seat: seat, Players: players, Config: cfg}
	if d.SeedPublic {
		start.Seed = &seed // as a real "start": only where the seed hides nothing
	}
	limits := LimitsOf(move, bank)
	limits.StartupMS = timebank.DefaultStartup.Milliseconds()
	hello := Hello{Type: TypeHello, Protocol: Version, Game: g.ID(), Name: "mybot", Limits: limits}
	typical, err := LongestTurn(g, nil, desc.DefaultPlayers(minSeats, maxSeats), 1)
	if err != nil {
		return "", fmt.Errorf("spec %s: line sizes: %w", g.ID(), err) // lang:keep a bug of ours
	}
	largest, err := LongestTurn(g, largestConfig(desc), maxSeats, 1)
	if err != nil {
		return "", fmt.Errorf("spec %s: line sizes: %w", g.ID(), err) // lang:keep a bug of ours
	}

	var b strings.Builder
	pr := l.Printer()
	// ms are the protocol's values (move_ms, bank_ms, startup_ms): written as its lines have
	// them.
	ms := func(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }
	pr.Fprintf(&b, "%s (%s) — arena bot protocol, version %d\nThe rules in full: %s, which `ssh HOST rules %s`\nand `arena rules %s` print (refusals cite their headings).\n\n",
		g.ID(), g.Name(), Version, RulesPage(g.ID()), g.ID(), g.ID())
	pr.Fprintf(&b, "config (in \"start\"):\n%s\n", indent(settingsText(desc.Settings, l)))
	if d.SeedPublic {
		pr.Fprintf(&b, "seed: sent in \"start\" (it reveals nothing hidden)\n\n")
	} else {
		pr.Fprintf(&b, "seed: not sent (it would reveal hidden information)\n\n")
	}
	pr.Fprintf(&b, "obs (in every \"turn\", the full observation of your seat):\n%s\n", indent(d.Obs))
	if d.NoLegal {
		pr.Fprintf(&b, "legal: not sent in \"turn\":\n%s\n", indent(d.Legal))
	} else {
		pr.Fprintf(&b, "legal (in every \"turn\"):\n%s\n", indent(d.Legal))
	}
	pr.Fprintf(&b, "action (you send {\"type\":\"action\",\"match\":…,\"id\":…,\"action\":ACTION}):\n%s\n", indent(d.Action))
	pr.Fprintf(&b, "default action (timeout, malformed line, illegal action):\n%s\n", indent(d.Default))
	if d.Rules != "" {
		pr.Fprintf(&b, "rules a simulator needs:\n%s\n", indent(d.Rules))
	}
	if d.Pitfalls != "" {
		pr.Fprintf(&b, "where %s differs from the other games:\n%s\n", g.Name(), indent(d.Pitfalls))
	}
	pr.Fprintf(&b, "time: %s ms per move; beyond that, time comes from a bank of %s ms for the whole\ngame; an empty bank means the default action and a strike.\n\n", ms(move), ms(bank))
	if d.Time != "" {
		b.WriteString(d.Time + "\n")
	}
	pr.Fprintf(&b, "lines: one JSON object a line, ending in \"\\n\". Turn lines reach about %s with %d\nplayers at the default settings, %s at the largest: read whole lines of any length\n(up to %d KiB), never into a fixed 1 KB buffer. Write each answer as one line and\nflush stdout after it; stdout carries the protocol only: print debugging to stderr.\n\n",
		kb(typical, l), desc.DefaultPlayers(minSeats, maxSeats), kb(largest, l), MaxLine>>10)
	pr.Fprintf(&b, "Example (server lines start with <, yours with >):\n")
	for _, m := range []any{hello, start, turn} {
		line, err := Encode(m)
		if err != nil {
			return "", err
		}
		b.WriteString("< " + string(line))
	}
	b.WriteString("> " + string(action))
	if refused == nil {
		b.WriteString("< " + string(mustLine(warn)))
	}
	pr.Fprintf(&b, "  … more turns and actions …\n")
	b.WriteString("< " + string(mustLine(End{Type: TypeEnd, Match: match, Outcome: &out})))
	if later != nil {
		// Indented, apart from the exchange: the exchange's turn stays its last turn line.
		pr.Fprintf(&b, "\nA later turn of the same game, turn %d of seat %d:\n", later.ID, laterSeat)
		b.WriteString("  < " + string(mustLine(*later)))
	}
	pr.Fprintf(&b, "\nhello's startup_ms (%s ms) is there when `arena match` started your program: its first\ndecision may take that much longer (an interpreter's start-up). Over SSH it is absent.\n", ms(time.Duration(limits.StartupMS)*time.Millisecond))
	if refused != nil {
		pr.Fprintf(&b, "\nHad you answered that turn with %s, the server would have refused it:\n", string(bytes.TrimSpace(refusedAction(refused))))
		b.WriteString("> " + string(refused))
		b.WriteString("< " + string(mustLine(warn)))
	}
	if pos, ok := g.(games.Positions); ok {
		pr.Fprintf(&b, "\nPositions (arena position new|step|obs|bot --game %s: a game's state as one JSON\nobject, to test a bot on a fixed situation):\n%s", g.ID(), indent(l.Say(pos.PositionFormat())))
	}
	pr.Fprintf(&b, "\nAt any time you may send {\"type\":\"ping\"} (answered {\"type\":\"pong\"}) or\n{\"type\":\"resign\",\"match\":…}. Diagnostics for people go to stderr, never stdout.\n")
	pr.Fprintf(&b, "\nAn action may carry a note, free text kept with the stored game for you and your\nteachers only (`replay ID --json` shows it on the move): {…,\"action\":…,\"note\":\"…\"}.\nAt most %d bytes a note (longer: cut, warn %s) and %d KiB a game (beyond:\ndropped, warn %s), each warning once a game.\nThe whole protocol, with starter kits: docs/bots.md in the arena's repository.\n",
		MaxNote, CodeNoteTooLong, MaxGameNotes>>10, CodeNotesFull)
	return b.String(), nil
}

// RulesPage is where the rules of game id are written, in the arena's repository.
func RulesPage(id string) string { return "docs/rules/" + id + ".md" }

// exampleConfig is the config the example's game is played on, as the arena would send it
// in "start" for seats players: normalized, then set as a batch sets it (Perfect Aim's
// colours come from the seats).
func exampleConfig(g games.Game, cfg games.Config, seats int) (games.Config, error) {
	if s, ok := g.(games.Seater); ok {
		cfgs, err := s.BatchConfigs(cfg, seats)
		if err != nil {
			return nil, err
		}
		cfg = cfgs[0]
	}
	return g.Normalize(cfg)
}

// largestConfig sets every setting people may set to its largest value.
func largestConfig(desc games.Description) games.Config {
	cfg := games.Config{}
	for _, s := range desc.Settings {
		if !s.ByArena {
			cfg[s.Key] = s.Max
		}
	}
	return cfg
}

// actionLine is the line a program sends to answer turn id with a, encoded as a Message.
func actionLine(match string, id int, a games.Action) ([]byte, error) {
	raw, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	return Encode(Message{Type: TypeAction, Match: match, ID: id, Action: raw})
}

// refusedAction is the action of an action line.
func refusedAction(line []byte) []byte {
	m, err := Decode(line)
	if err != nil {
		return line
	}
	return m.Action
}

// kb writes a size in bytes as people read it, in l: "8.4 KB", "900 bytes".
func kb(n int, l lang.Lang) string {
	if n < 1000 {
		return l.Sprintf("%d bytes", n)
	}
	return l.Sprintf("%.1f KB", float64(n)/1000)
}

// pick is the example's action for seat: the first legal one, else the first of
// ExampleActions that is valid, else the default.
func pick(d *games.Protocol, st games.State, seat int) games.Action {
	if l := st.Legal(seat); len(l) > 0 {
		return l[0]
	}
	for _, a := range d.ExampleActions {
		if st.Validate(seat, a) == nil {
			return a
		}
	}
	return st.DefaultAction(seat)
}

func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		b.WriteString("  " + l + "\n")
	}
	return b.String()
}

func mustLine(m any) []byte {
	b, err := Encode(m)
	if err != nil {
		panic(err)
	}
	return b
}

// settingsText lists a game's settings for people, one key a paragraph, aligned:
//
//	size   the board is size×size cells (default 30, 2..50)
func settingsText(settings []games.Setting, l lang.Lang) string {
	width := 0
	for _, st := range settings {
		width = max(width, len(st.Key))
	}
	var b strings.Builder
	for _, st := range settings {
		doc := st.Doc
		if st.ByArena {
			doc += l.Sprintf("\n(set by the arena from the seats, not by you)")
		} else {
			doc += l.Sprintf(" (default %d, %d..%d)", st.Default, st.Min, st.Max)
		}
		for i, line := range strings.Split(doc, "\n") {
			key := ""
			if i == 0 {
				key = st.Key
			}
			fmt.Fprintf(&b, "%-*s   %s\n", width, key, line)
		}
	}
	if len(settings) == 0 {
		b.WriteString(l.Sprintf("(none)") + "\n")
	}
	return b.String()
}
