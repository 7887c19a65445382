// Package review finds where a stored game turned for one seat (`replay ID --review --seat
// S`): the decisions where the game's strongest house bot would have played otherwise, each
// played out twice from there (after the move actually played, after the bot's own) with
// that bot in the seat, and listed by how much the seat's final place and score differ,
// best first.
//
// It is deterministic: everything comes from the stored game and its seed. The bots are
// seeded from the game's seed and their seat (match.AgentSeed, as headless matches seed
// theirs), and a game with hidden chance (DiceWars, Garden Tensions) draws the chance of both
// play-outs from a seed derived from the game's seed and the move's index, the same for the
// two: the play-out judges the decision, not the dice the game actually rolled after it. It
// is bounded: at most Options.Decisions play-outs pairs, sampled evenly among the decisions
// where the bot differs, and the context's deadline; each bot decision and each play-out runs
// through Options.Think (the server's thinkers queue).
package review

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/arena-classroom/arena/lang"
	"slices"
	"sort"
	"strings"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/match"
	"github.com/arena-classroom/arena/replay"
)

// DefaultDecisions is how many decisions a review plays out at most.
const DefaultDecisions = 40

// Seat is who played a seat of the game, as the review needs it.
type Seat struct {
	Name string
	// Bot is the house bot that played the seat, "" for a person or a program.
	Bot string
}

// Options says what to review and how.
type Options struct {
	// Seat is the seat reviewed.
	Seat int
	// Seats are the game's seats in order (the replay's names when nil: none a house bot).
	Seats []Seat
	// Until, when above 0, ends the seat's own decisions at this move index: its player
	// left there and a house bot played on (store.SeatRecord.LeftAtMove).
	Until int
	// Decisions is the most decisions played out (DefaultDecisions when 0), sampled evenly
	// among those where the bot differs.
	Decisions int
	// Think runs f among the server's thinkers and returns once f has (rooms.Hub.Think);
	// nil runs it at once.
	Think func(f func())
	// Progress hears of each decision about to be played out: the i-th (from 1) of n, and
	// its move index. Called on the caller's goroutine.
	Progress func(i, n, move int)
}

// Finding is one decision played out twice.
type Finding struct {
	Move      int    `json:"move"` // counted from 1, as the replay screen counts moves
	Played    string `json:"played"`
	Default   bool   `json:"default,omitempty"` // the referee's default for a late or refused answer
	Bot       string `json:"bot"`
	BotPlays  string `json:"bot_plays"`
	Score     int    `json:"score"`      // the seat's final score after the move played
	Rank      int    `json:"rank"`       // and its place
	BotScore  int    `json:"bot_score"`  // after the bot's move
	BotRank   int    `json:"bot_rank"`   //
	Gain      int    `json:"gain"`       // BotScore - Score
	RanksGain int    `json:"ranks_gain"` // Rank - BotRank: places won with the bot's move
}

// Report is a review's result.
type Report struct {
	Game string `json:"game"`
	Seat int    `json:"seat"`
	Name string `json:"name"`
	Bot  string `json:"bot"`
	// Method says how each line was judged, in one sentence; Opponents how the other seats
	// were played.
	Method    string `json:"method"`
	Opponents string `json:"opponents"`
	// Decisions is the seat's decisions looked at; Differs those where the bot plays
	// otherwise; Chosen those chosen to be played out (at most Options.Decisions); Reviewed
	// those played out before the deadline.
	Decisions int `json:"decisions"`
	Differs   int `json:"differs"`
	Chosen    int `json:"chosen"`
	Reviewed  int `json:"reviewed"`
	// Stopped says why the review ended early ("time's up"), "" when it did not.
	Stopped string `json:"stopped,omitempty"`
	// Findings are the decisions played out, best first: the bot's move ahead by the most
	// places (a game lost that it wins), then by the most score, then the earliest.
	Findings []Finding `json:"findings"`

	// The sentences of Method, Opponents and Stopped, for MethodIn, OpponentsIn and
	// StoppedIn to say them in a reader's language (zero in a report read from JSON: the
	// English fields then).
	method, stop lang.Text
	opponents    []lang.Text
}

// MethodIn is Method in l.
func (r Report) MethodIn(l lang.Lang) string {
	if r.method.Key == "" {
		return r.Method
	}
	return r.method.In(l)
}

// OpponentsIn is Opponents in l.
func (r Report) OpponentsIn(l lang.Lang) string {
	if r.opponents == nil {
		return r.Opponents
	}
	return sayAll(r.opponents, l)
}

// StoppedIn is Stopped in l.
func (r Report) StoppedIn(l lang.Lang) string {
	if r.stop.Key == "" {
		return r.Stopped
	}
	return r.stop.In(l)
}

// sayAll is texts in l, joined with commas.
func sayAll(texts []lang.Text, l lang.Lang) string {
	parts := make([]string, len(texts))
	for i, t := range texts {
		parts[i] = t.In(l)
	}
	return strings.Join(parts, ", ")
}

// ErrRealTime: a game played in real time has no decisions to play otherwise one by one.
var ErrRealTime = lang.Errorf("it is played in real time: a review is for turn-based games")

// Review plays out the decisions of seat opts.Seat in rp where e's strongest house bot
// plays otherwise. It returns what it found before ctx ended (Report.Stopped says so), and an
// error only for a game it cannot review.
func Review(ctx context.Context, e playable.Entry, rp replay.Replay, opts Options) (Report, error) {
	g := e.Game
	positions, turnBased := g.(games.Positions) // a real-time game has none
	if !turnBased {
		return Report{}, ErrRealTime
	}
	if opts.Seat < 0 || opts.Seat >= len(rp.Seats) {
		return Report{}, lang.Errorf("seat %d: the game has seats 0 to %d", opts.Seat, len(rp.Seats)-1)
	}
	seats := opts.Seats
	if seats == nil {
		for _, name := range rp.Seats {
			seats = append(seats, Seat{Name: name})
		}
	}
	if len(seats) != len(rp.Seats) {
		return Report{}, lang.Errorf("%d seats given for a game of %d", len(seats), len(rp.Seats))
	}
	if _, ok := bots.Find(e.Bots, e.Strongest); !ok {
		return Report{}, lang.Errorf("%s has no strongest house bot", lang.T(g.Name()))
	}
	players := make([]string, len(seats)) // the house bot of each seat in the play-outs
	for i, s := range seats {
		players[i] = e.Strongest
		if _, ok := bots.Find(e.Bots, s.Bot); ok && i != opts.Seat {
			players[i] = s.Bot
		}
	}
	think := opts.Think
	if think == nil {
		think = func(f func()) { f() }
	}
	limit := opts.Decisions
	if limit <= 0 {
		limit = DefaultDecisions
	}
	c, err := replay.NewCursor(g, rp)
	if err != nil {
		return Report{}, err
	}
	rev := reviewer{entry: e, seed: rp.Seed, seat: opts.Seat, players: players, think: think}
	if _, hidden := g.(games.LegacyChance); hidden {
		rev.chance = positions
	}
	rep := Report{Game: g.ID(), Seat: opts.Seat, Name: seats[opts.Seat].Name, Bot: e.Strongest,
		method: rev.method(), opponents: opponents(seats, players, opts.Seat), Findings: []Finding{}}
	rep.Method, rep.Opponents = rep.method.String(), sayAll(rep.opponents, lang.English)

	// The decisions where the bot plays otherwise.
	var differ []decision
	until := c.Len()
	if opts.Until > 0 {
		until = min(until, opts.Until)
	}
	for i := 0; i < until; i++ {
		m := rp.Moves[i]
		if m.Seat != opts.Seat {
			continue
		}
		if ctx.Err() != nil {
			rep.stop = stopped(ctx)
			rep.Stopped = rep.stop.String()
			break
		}
		c.Seek(i)
		st := c.State().Clone()
		rep.Decisions++
		var choice games.Action
		ok := rev.run(func() {
			b, _ := e.Bot(e.Strongest, match.AgentSeed(rp.Seed, opts.Seat))
			choice = b.Choose(st, opts.Seat)
		})
		if !ok || st.Validate(opts.Seat, choice) != nil || same(choice, m.Action) {
			continue
		}
		differ = append(differ, decision{move: i, played: m.Action, def: m.Default, bot: choice})
	}
	rep.Differs = len(differ)
	chosen := sample(differ, limit)
	rep.Chosen = len(chosen)
	if rep.Stopped != "" {
		return rep, nil
	}

	for k, d := range chosen {
		if ctx.Err() != nil {
			rep.stop = stopped(ctx)
			rep.Stopped = rep.stop.String()
			break
		}
		if opts.Progress != nil {
			opts.Progress(k+1, len(chosen), d.move)
		}
		c.Seek(d.move)
		before, err := rev.reseed(c.State(), d.move)
		if err != nil {
			return rep, err
		}
		played, ok1 := rev.playOut(ctx, before, d.played)
		botted, ok2 := rev.playOut(ctx, before, d.bot)
		if !ok1 || !ok2 {
			if ctx.Err() != nil {
				rep.stop = stopped(ctx)
				rep.Stopped = rep.stop.String()
				break
			}
			continue // a bot's bug ended a play-out, or the move did not apply: that decision is left out
		}
		s := opts.Seat
		rep.Findings = append(rep.Findings, Finding{Move: d.move + 1,
			Played: actionText(g, d.played, d.def), Default: d.def, Bot: e.Strongest, BotPlays: actionText(g, d.bot, false),
			Score: played.Scores[s], Rank: played.Ranks[s], BotScore: botted.Scores[s], BotRank: botted.Ranks[s],
			Gain: botted.Scores[s] - played.Scores[s], RanksGain: played.Ranks[s] - botted.Ranks[s]})
		rep.Reviewed++
	}
	sort.SliceStable(rep.Findings, func(i, j int) bool {
		a, b := rep.Findings[i], rep.Findings[j]
		if a.RanksGain != b.RanksGain {
			return a.RanksGain > b.RanksGain
		}
		if a.Gain != b.Gain {
			return a.Gain > b.Gain
		}
		return a.Move < b.Move
	})
	return rep, nil
}

// stopped says why ctx ended: its deadline passed, or the caller went away.
func stopped(ctx context.Context) lang.Text {
	if errors.Is(ctx.Err(), context.Canceled) {
		return lang.T("cancelled")
	}
	return lang.T("time's up")
}

// decision is one of the seat's moves where the bot plays otherwise.
type decision struct {
	move        int
	played, bot games.Action
	def         bool
}

// sample keeps at most n of ds, evenly spread, in order.
func sample(ds []decision, n int) []decision {
	if len(ds) <= n {
		return ds
	}
	out := make([]decision, 0, n)
	for k := 0; k < n; k++ {
		out = append(out, ds[k*len(ds)/n])
	}
	return out
}

type reviewer struct {
	entry   playable.Entry
	seed    uint64
	seat    int
	players []string // the house bot playing each seat in the play-outs
	think   func(f func())
	chance  games.Positions // the game's positions, when it has hidden chance to draw afresh
}

// run runs f among the thinkers; false if it panicked (a bot's bug: that decision is left).
func (r reviewer) run(f func()) (ok bool) {
	r.think(func() {
		defer func() {
			if recover() != nil {
				ok = false
			}
		}()
		f()
		ok = true
	})
	return ok
}

// chanceSeed is the seed of the chance drawn in the play-outs from move i.
func chanceSeed(seed uint64, i int) uint64 {
	return match.AgentSeed(seed^0x7265766965770000, i) // "review"
}

// reseed is the state before move i, to play out from: a copy of st, whose hidden chance
// (if it has any) is drawn afresh from chanceSeed.
func (r reviewer) reseed(st games.State, i int) (games.State, error) {
	if r.chance == nil {
		return st.Clone(), nil
	}
	raw, err := r.chance.EncodePosition(st)
	if err != nil {
		return nil, fmt.Errorf("move %d: %w", i+1, err)
	}
	out, err := r.chance.DecodePosition(raw, chanceSeed(r.seed, i))
	if err != nil {
		return nil, fmt.Errorf("move %d: %w", i+1, err)
	}
	return out, nil
}

// playOut plays first for the seat from a copy of before, then the house bots to the end
// to the end of the game, in one Think. ok is false when ctx ended first.
func (r reviewer) playOut(ctx context.Context, before games.State, first games.Action) (games.Outcome, bool) {
	st := before.Clone()
	var out games.Outcome
	done := false
	r.run(func() {
		if _, err := st.Apply(r.seat, first); err != nil {
			return // the move was played once (or chosen legal): the decision is left out
		}
		players := make([]bots.Bot, len(r.players))
		for i, name := range r.players {
			players[i], _ = r.entry.Bot(name, match.AgentSeed(r.seed, i))
		}
		for n := 0; !st.Over(); n++ {
			select {
			case <-ctx.Done(): // a deadline passes between two moves, not after a whole play-out
				return
			default:
			}
			if n%16 == 0 && ctx.Err() != nil {
				return
			}
			to := st.ToMove()
			if len(to) == 0 {
				return
			}
			seat := to[0]
			a := players[seat].Choose(st, seat)
			if st.Validate(seat, a) != nil {
				a = st.DefaultAction(seat)
			}
			if _, err := st.Apply(seat, a); err != nil {
				return
			}
		}
		out, done = st.Outcome(), true
	})
	return out, done
}

// method is the sentence that says how each line was judged.
func (r reviewer) method() lang.Text {
	if r.chance != nil {
		return lang.T("each line plays the game out twice from that move with %s in your seat, once after your move and once after its own; score = your final score in the game's result (rank: your place); the chance after the move is drawn afresh, the same for both lines", r.entry.Strongest)
	}
	return lang.T("each line plays the game out twice from that move with %s in your seat, once after your move and once after its own; score = your final score in the game's result (rank: your place)", r.entry.Strongest)
}

// opponents says how the other seats were played.
func opponents(seats []Seat, players []string, seat int) []lang.Text {
	parts := []lang.Text{}
	for i, s := range seats {
		if i == seat {
			continue
		}
		var how any = players[i]
		if s.Bot == "" {
			how = lang.T("%s (for a person or program)", players[i])
		} else if s.Bot == players[i] {
			how = lang.T("%s (as in the game)", players[i])
		}
		parts = append(parts, lang.T("seat %d %s by %s", i, s.Name, how))
	}
	if len(parts) == 0 {
		return []lang.Text{lang.T("none")}
	}
	return parts
}

// same reports whether two actions are one (as their JSON says: the replay's own test).
func same(a, b games.Action) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && slices.Equal(ja, jb)
}

// actionText names an action for people: the game's words for its default action (def),
// or its name for the action (7 Colors' colour letter, a Stringer's words, its JSON).
func actionText(g games.Game, a games.Action, def bool) string {
	if def {
		return games.NameDefault(g, a)
	}
	return games.NameAction(g, a)
}
