package botproto

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/timebank"
)

// Documented reports whether programs can play g (its description documents a protocol).
func Documented(g games.Game) bool { return g.Describe().Protocol != nil }

// SeedPublic reports whether g's seed may be sent in "start".
func SeedPublic(g games.Game) bool {
	p := g.Describe().Protocol
	return p != nil && p.SeedPublic
}

// Spec is the text `spec GAME` prints: the game's observation and action schema, the rules
// a simulator needs, the sizes of its lines, and a real exchange of lines from a small game,
// every line encoded from the game's own values.
func Spec(g games.Game, move, bank time.Duration) (string, error) {
	desc := g.Describe()
	d := desc.Protocol
	if d == nil {
		return "", fmt.Errorf("no bot protocol schema for %s yet", g.ID())
	}
	minSeats, maxSeats := g.Seats()
	cfg, err := exampleConfig(g, d.ExampleConfig.Clone(), minSeats)
	if err != nil {
		return "", fmt.Errorf("spec %s: example config: %w", g.ID(), err)
	}
	st, err := g.New(cfg, minSeats, d.ExampleSeed)
	if err != nil {
		return "", fmt.Errorf("spec %s: example game: %w", g.ID(), err)
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
		Msg: "(only if your action was refused: why, and what was played instead)", Applied: json.RawMessage(applied)}
	var refused []byte
	if d.ExampleIllegal != nil {
		if err := st.Validate(seat, d.ExampleIllegal); err != nil {
			warn.Code, warn.Msg = games.IllegalCode(err), err.Error()
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
			return "", fmt.Errorf("spec %s: example game: %w", g.ID(), err)
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
		return "", fmt.Errorf("spec %s: line sizes: %w", g.ID(), err)
	}
	largest, err := LongestTurn(g, largestConfig(desc), maxSeats, 1)
	if err != nil {
		return "", fmt.Errorf("spec %s: line sizes: %w", g.ID(), err)
	}

	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("%s (%s) — arena bot protocol, version %d\n", g.ID(), g.Name(), Version)
	p("The rules in full: %s, which `ssh HOST rules %s`\n", RulesPage(g.ID()), g.ID())
	p("and `arena rules %s` print (refusals cite their headings).\n\n", g.ID())
	p("config (in \"start\"):\n%s\n", indent(settingsText(desc.Settings)))
	if d.SeedPublic {
		p("seed: sent in \"start\" (it reveals nothing hidden)\n\n")
	} else {
		p("seed: not sent (it would reveal hidden information)\n\n")
	}
	p("obs (in every \"turn\", the full observation of your seat):\n%s\n", indent(d.Obs))
	if d.NoLegal {
		p("legal: not sent in \"turn\":\n%s\n", indent(d.Legal))
	} else {
		p("legal (in every \"turn\"):\n%s\n", indent(d.Legal))
	}
	p("action (you send {\"type\":\"action\",\"match\":…,\"id\":…,\"action\":ACTION}):\n%s\n", indent(d.Action))
	p("default action (timeout, malformed line, illegal action):\n%s\n", indent(d.Default))
	if d.Rules != "" {
		p("rules a simulator needs:\n%s\n", indent(d.Rules))
	}
	if d.Pitfalls != "" {
		p("where %s differs from the other games:\n%s\n", g.Name(), indent(d.Pitfalls))
	}
	p("time: %d ms per move; beyond that, time comes from a bank of %d ms for the whole\n", move.Milliseconds(), bank.Milliseconds())
	p("game; an empty bank means the default action and a strike.\n\n")
	if d.Time != "" {
		p("%s\n", d.Time)
	}
	p("lines: one JSON object a line, ending in \"\\n\". Turn lines reach about %s with %d\n", kb(typical), desc.DefaultPlayers(minSeats, maxSeats))
	p("players at the default settings, %s at the largest: read whole lines of any length\n", kb(largest))
	p("(up to %d KiB), never into a fixed 1 KB buffer. Write each answer as one line and\n", MaxLine>>10)
	p("flush stdout after it; stdout carries the protocol only: print debugging to stderr.\n\n")
	p("Example (server lines start with <, yours with >):\n")
	for _, m := range []any{hello, start, turn} {
		line, err := Encode(m)
		if err != nil {
			return "", err
		}
		p("< %s", line)
	}
	p("> %s", action)
	if refused == nil {
		p("< %s", mustLine(warn))
	}
	p("  … more turns and actions …\n")
	p("< %s", mustLine(End{Type: TypeEnd, Match: match, Outcome: &out}))
	if later != nil {
		// Indented, apart from the exchange: the exchange's turn stays its last turn line.
		p("\nA later turn of the same game, turn %d of seat %d:\n  < %s", later.ID, laterSeat, mustLine(*later))
	}
	p("\nhello's startup_ms (%d ms) is there when `arena match` started your program: its first\n", limits.StartupMS)
	p("decision may take that much longer (an interpreter's start-up). Over SSH it is absent.\n")
	if refused != nil {
		p("\nHad you answered that turn with %s, the server would have refused it:\n", bytes.TrimSpace(refusedAction(refused)))
		p("> %s", refused)
		p("< %s", mustLine(warn))
	}
	if pos, ok := g.(games.Positions); ok {
		p("\nPositions (arena position new|step|obs|bot --game %s: a game's state as one JSON\nobject, to test a bot on a fixed situation):\n%s", g.ID(), indent(pos.PositionFormat()))
	}
	p("\nAt any time you may send {\"type\":\"ping\"} (answered {\"type\":\"pong\"}) or\n")
	p("{\"type\":\"resign\",\"match\":…}. Diagnostics for people go to stderr, never stdout.\n")
	p("\nAn action may carry a note, free text kept with the stored game for you and your\n")
	p("teachers only (`replay ID --json` shows it on the move): {…,\"action\":…,\"note\":\"…\"}.\n")
	p("At most %d bytes a note (longer: cut, warn %s) and %d KiB a game (beyond:\n", MaxNote, CodeNoteTooLong, MaxGameNotes>>10)
	p("dropped, warn %s), each warning once a game.\n", CodeNotesFull)
	p("The whole protocol, with starter kits: docs/bots.md in the arena's repository.\n")
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

// kb writes a size in bytes as people read it: "8.4 KB", "900 bytes".
func kb(n int) string {
	if n < 1000 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%.1f KB", float64(n)/1000)
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
func settingsText(settings []games.Setting) string {
	width := 0
	for _, st := range settings {
		width = max(width, len(st.Key))
	}
	var b strings.Builder
	for _, st := range settings {
		doc := st.Doc
		if st.ByArena {
			doc += "\n(set by the arena from the seats, not by you)"
		} else {
			doc += fmt.Sprintf(" (default %d, %d..%d)", st.Default, st.Min, st.Max)
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
		b.WriteString("(none)\n")
	}
	return b.String()
}
