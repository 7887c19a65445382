package perfectaim

import (
	"math/big"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// The engine contract (games.State, games.RealTime, replay.Clocked).
var (
	_ games.State    = (*State)(nil)
	_ games.RealTime = (*State)(nil)
)

// ToMove lists the one seat deciding now, or nothing between decisions (paced) and at the
// end. The slice is shared: read it, do not write it.
func (s *State) ToMove() []int {
	if s.over || s.deciding == NoColor {
		return nil
	}
	return seatLists[s.players[s.deciding].seat]
}

// seatLists are ToMove's answers, shared read-only to spare an allocation per decision.
var seatLists = [4][]int{{0}, {1}, {2}, {3}}

// Legal is nil: Perfect Aim's actions are validated, not enumerated (bot protocol).
func (s *State) Legal(int) []games.Action { return nil }

// Validate is upstream's is_action_valid at the decision instant: a move needs a target
// that is neither a wall nor a player; an attack needs a super fireball or none of one's own
// fireballs left on the board (attacking into a wall is allowed); WAIT is always valid.
func (s *State) Validate(seat int, a games.Action) error {
	c, err := s.decider(seat)
	if err != nil {
		return err
	}
	x, err := parseAction(a)
	if err != nil {
		return illegal("malformed_action", lang.T("%v%s", err, games.CiteT(ruleActions)))
	}
	if s.valid(c, x) {
		return nil
	}
	if x.isAttack() {
		return illegal("cannot_attack", lang.T("%s: %s cannot attack, one of its fireballs is still flying%s", x.Action(), c, games.CiteT(ruleActions)))
	}
	p := &s.players[c]
	d := x.dir()
	tx, ty := p.x+dirDX[d], p.y+dirDY[d]
	if s.inside(tx, ty) && s.who[ty][tx] != 0 {
		return illegal("occupied", lang.T("%s: %s cannot move %s, %s is there%s", x.Action(), c, dirSaid(d), Color(s.who[ty][tx]-1), games.CiteT(ruleActions)))
	}
	return illegal("wall", lang.T("%s: %s cannot move %s, a wall is in the way%s", x.Action(), c, dirSaid(d), games.CiteT(ruleActions)))
}

func (s *State) decider(seat int) (Color, error) {
	if s.over {
		return NoColor, illegal("game_over", lang.T("the game is over"))
	}
	if s.deciding == NoColor || s.players[s.deciding].seat != seat {
		return NoColor, games.ErrNotYourTurn
	}
	return s.deciding, nil
}

// Apply starts the deciding seat's action and simulates on (to the next decision, or to the
// end of this instant when paced). An invalid action becomes WAIT, as upstream's
// next_action does; the referee only passes valid ones.
func (s *State) Apply(seat int, a games.Action) ([]games.Event, error) {
	c, err := s.decider(seat)
	if err != nil {
		return nil, err
	}
	x, err := parseAction(a)
	if err != nil {
		return nil, err
	}
	s.events = nil
	if !s.valid(c, x) {
		s.emit("invalid", c, lang.T("%s cannot play %s: it waits", c, x.Action()))
		x = aWait
	}
	s.decide(x)
	if !s.runInstant() && !s.paced {
		s.run(nil)
	}
	return s.takeEvents(), nil
}

// DefaultAction is WAIT, what upstream plays for an invalid or missing action.
func (s *State) DefaultAction(int) games.Action { return Wait }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.over }

// Outcome ranks seats by survival: the last player standing is first; players who died at
// the same instant share a rank (so a game ending with nobody left is a draw between the
// last ones, as upstream's "Match nul"). Scores are coins held at the end, or at death.
func (s *State) Outcome() games.Outcome {
	n := len(s.seats)
	o := games.Outcome{Ranks: make([]int, n), Scores: make([]int, n)}
	// life orders players: alive outranks any death, a later death an earlier one.
	life := func(c Color) int {
		if p := &s.players[c]; !p.alive {
			return p.died
		}
		return 1 << 30
	}
	for seat, c := range s.seats {
		o.Scores[seat] = s.players[c].coins
		o.Ranks[seat] = 1
		for _, other := range s.seats {
			if life(other) > life(c) {
				o.Ranks[seat]++
			}
		}
	}
	return o
}

// Clone returns an independent copy (a few KiB).
func (s *State) Clone() games.State { return s.Copy() }

// Copy is Clone with the concrete type.
func (s *State) Copy() *State {
	c := *s
	c.fires = append([]fireball(nil), s.fires...)
	c.events = nil
	return &c
}

// Now is the current instant as "num/den" (replay.Clocked).
func (s *State) Now() string { return s.t.String() }

// Clock is the current instant (games.RealTime).
func (s *State) Clock() *big.Rat { return s.t.Rat() }

// Time is the current instant.
func (s *State) Time() Instant { return s.t }

// SetPaced chooses paced (live rooms) or unpaced (headless) simulation; see games.RealTime.
func (s *State) SetPaced(on bool) { s.paced = on }

// NextDecision is the instant of the next decision: now if one is pending, else found by
// simulating a copy (the simulation takes no input until then). Cached until the next Apply.
func (s *State) NextDecision() (*big.Rat, bool) {
	if s.over {
		return nil, false
	}
	if s.deciding != NoColor {
		return s.t.Rat(), true
	}
	if !s.nextKnown {
		c := s.Copy()
		c.paced = false
		c.runInstant()
		c.run(nil)
		s.nextKnown, s.nextOK, s.nextAt = true, !c.over, c.t
	}
	if !s.nextOK {
		return nil, false
	}
	return s.nextAt.Rat(), true
}

// AdvanceTo simulates every event up to t, stopping at a decision (games.RealTime).
func (s *State) AdvanceTo(t *big.Rat) []games.Event {
	if s.over || s.deciding != NoColor {
		return nil
	}
	s.events = nil
	limit := InstantOf(t)
	if !s.runInstant() {
		s.run(&limit)
	}
	return s.takeEvents()
}

func (s *State) takeEvents() []games.Event {
	ev := s.events
	s.events = nil
	return ev
}

// EventData is the Data of every event: its instant, and the player's colour if any.
type EventData struct {
	At    string `json:"at"`
	Color string `json:"color,omitempty"`
}

func (s *State) emit(typ string, c Color, t lang.Text) {
	s.emitAt(s.t, typ, c, t)
}

func (s *State) emitAt(at Instant, typ string, c Color, t lang.Text) {
	seat, color := -1, ""
	if c != NoColor {
		seat, color = s.players[c].seat, c.String()
	}
	s.events = append(s.events, games.Tell(typ, seat, colorsSaid(t), EventData{At: at.String(), Color: color}))
}

// colorsSaid is t with its colours said in the reader's language (Color.Said).
func colorsSaid(t lang.Text) lang.Text {
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		if c, ok := a.(Color); ok {
			args[i] = c.Said()
			continue
		}
		args[i] = a
	}
	return lang.Text{Key: t.Key, Args: args}
}

// illegal is a refusal saying t, its colours in the reader's language.
func illegal(code string, t lang.Text) error { return games.IllegalT(code, colorsSaid(t)) }

// ruleActions is the heading of docs/rules/perfectaim.md that refusals cite (games.Cite):
// what makes an action possible.
var ruleActions = lang.N("§5 Actions")

// CitedRules lists the headings Perfect Aim's refusals cite; a test holds each to the page.
var CitedRules = []string{ruleActions}
