package director

import (
	"encoding/json"
	"fmt"
	"github.com/arena-classroom/arena/lang"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/timebank"
	"github.com/arena-classroom/arena/tournament"
)

// Options are a tournament's format settings, as stored (store.Tournament.Options).
// Bounds of a tournament's running. MaxEntrants bounds the entrants, so that with the
// formats' own bounds (tournament.MaxGames) a typo cannot schedule millions of games.
// MaxParallel is also the default: every game of a round that can start starts (an
// entrant plays one game at a time, so a round of n entrants has at most n/2 at once).
const (
	DefaultMaxEntrants = 64
	MaxEntrants        = 1000
	MaxParallel        = 256
)

type Options struct {
	// MaxEntrants closes entries once this many have entered (0: DefaultMaxEntrants).
	MaxEntrants int `json:"max_entrants,omitempty"`
	// Pace of the games without a person: PaceFast ("" too) or PaceLive.
	Pace            string `json:"pace,omitempty"`
	GamesPerPairing int    `json:"games_per_pairing,omitempty"`
	Rounds          int    `json:"rounds,omitempty"`
	BestOf          int    `json:"best_of,omitempty"`
	TableSize       int    `json:"table_size,omitempty"`
	// AllPlay: pools whose entrants out of the running play placement tables, everyone
	// every round (tournament.Pools.AllPlay); set for every pools tournament created since.
	AllPlay bool `json:"all_play,omitempty"`
	// MoveMS and BankMS are the programs' clock in this tournament's games (milliseconds a
	// decision, and a bank for the whole game beyond them), fixed when it was created; 0 and
	// nil: the server's (rooms.Config's BotMove and BotBank).
	MoveMS int  `json:"move_ms,omitempty"`
	BankMS *int `json:"bank_ms,omitempty"`
	// PublicSeed: the games' seeds follow from --seed alone, even where they decide hidden
	// chance, so that the same store and --seed replay a tournament of DiceWars (see
	// gameSeed); the teacher was told what it gives away.
	PublicSeed bool `json:"public_seed,omitempty"`
	// Entrants is who may enter (EntrantsAnyone, EntrantsKnown, EntrantsList); Allowed the
	// class list of EntrantsList (names or key fingerprints); Barred the keys removed before
	// the start, kept out until Allow.
	Entrants string      `json:"entrants,omitempty"`
	Allowed  []string    `json:"allowed,omitempty"`
	Barred   []BarredKey `json:"barred,omitempty"`
	// Withdrawn are the entrants a teacher removed after the start (their ids): their games
	// not started are forfeited, and they play no more (see Director.Remove).
	Withdrawn []string `json:"withdrawn,omitempty"`
}

// Paces of a tournament's games without a person. Fast: played as fast as the entrants
// answer (rooms.Spec.Fast). Live: one decision a tick of the hub, as before fast rooms
// existed, for a final followed on the projector. Games with a person keep a person's pace
// whatever the tournament's.
const (
	PaceFast = "fast"
	PaceLive = "live"

	// LiveMoveGap is the live pace of a game without a person: 2 moves a second, which a
	// class follows on the projector (a final played live).
	LiveMoveGap = 500 * time.Millisecond
)

// optionsOf reads a stored tournament's options.
func optionsOf(t store.Tournament) (Options, error) {
	var o Options
	if len(t.Options) == 0 {
		return o, nil
	}
	if err := json.Unmarshal(t.Options, &o); err != nil {
		return o, fmt.Errorf("tournament %s: options: %w", t.Code, err)
	}
	return o, nil
}

// BarredKey is a key removed from a tournament before its start, and the name it had.
type BarredKey struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// barred reports whether key id is kept out of the tournament.
func (o Options) barred(id string) bool {
	return slices.ContainsFunc(o.Barred, func(b BarredKey) bool { return b.ID == id })
}

// Clock is the programs' clock of the tournament's games: its own where it has one, the
// server's (def) otherwise.
func (o Options) Clock(def timebank.Rules) timebank.Rules {
	if o.MoveMS > 0 {
		def.Move = time.Duration(o.MoveMS) * time.Millisecond
	}
	if o.BankMS != nil {
		def.Bank = time.Duration(*o.BankMS) * time.Millisecond
	}
	return def
}

// ClockOf is the programs' clock of tournament t's games (def: the server's).
func ClockOf(t store.Tournament, def timebank.Rules) timebank.Rules {
	o, err := optionsOf(t)
	if err != nil {
		return def
	}
	return o.Clock(def)
}

// EntrantsAtMost is the tournament's cap on entrants.
func (o Options) EntrantsAtMost() int {
	if o.MaxEntrants <= 0 {
		return DefaultMaxEntrants
	}
	return o.MaxEntrants
}

// Format builds the format of a tournament of game e.
func Format(e catalog.Entry, spec string, o Options) (tournament.Format, error) {
	lo, hi := e.Game.Seats()
	return tournament.Parse(spec, tournament.Options{MinSeats: lo, MaxSeats: hi,
		GamesPerPairing: o.GamesPerPairing, Rounds: o.Rounds, BestOf: o.BestOf, TableSize: o.TableSize, AllPlay: o.AllPlay})
}

// live is a running or paused tournament: what the director needs to go on with it.
type live struct {
	t        store.Tournament
	opts     Options
	entry    catalog.Entry
	cfg      games.Config
	format   tournament.Format
	entrants []tournament.Entrant
	byID     map[string]store.Entrant
	results  []tournament.Result
	round    tournament.Round
	stale    bool // results changed since round was computed
	playing  map[gameKey]inPlay
	away     map[string]*absence // each entrant's waiting for it, against the grace (see presence.go)
	replayed map[gameKey]bool    // games a teacher had played again: each start is a new attempt
	notes    []lang.Text         // what happened that the teacher should know, newest last
	noteAt   []string            // and when, "15:04:05"
	// started is when the tournament started: Start's time, or, for one rebuilt from the
	// store, its first result's (zero before any).
	started time.Time
}

// pace is the pace of the tournament's games without a person.
func (l *live) pace() string {
	if l.opts.Pace == PaceLive {
		return PaceLive
	}
	return PaceFast
}

// inPlay is a game being played, and its room.
type inPlay struct {
	game tournament.Game
	room roomdir.Room
	// closed is when a cluster's leader first saw the room closed without a result (a
	// node that drains moves its games: the room may be found elsewhere; see moved).
	closed time.Time
}

// gameKey identifies a game of a tournament.
type gameKey struct{ round, pairing, leg int }

func keyOf(g tournament.Game) gameKey { return gameKey{g.Round, g.Pairing, g.Leg} }

// newLive rebuilds a tournament from its stored record, entrants and results.
func newLive(t store.Tournament, entrants []store.Entrant, results []store.TournamentGame) (*live, error) {
	e, ok := catalog.Get(t.Game)
	if !ok {
		return nil, lang.Errorf("tournament %s: this arena has no game %q", t.Code, t.Game)
	}
	o, err := optionsOf(t)
	if err != nil {
		return nil, err
	}
	f, err := Format(e, t.Format, o)
	if err != nil {
		return nil, fmt.Errorf("tournament %s: %w", t.Code, err)
	}
	cfg := games.Config{}
	if err := json.Unmarshal(t.Config, &cfg); err != nil {
		return nil, fmt.Errorf("tournament %s: settings: %w", t.Code, err)
	}
	if cfg, err = e.Game.Normalize(cfg); err != nil {
		return nil, fmt.Errorf("tournament %s: settings: %w", t.Code, err)
	}
	l := &live{t: t, opts: o, entry: e, cfg: cfg, format: f, byID: make(map[string]store.Entrant),
		playing: make(map[gameKey]inPlay), away: make(map[string]*absence), replayed: make(map[gameKey]bool), stale: true}
	for _, en := range entrants {
		l.entrants = append(l.entrants, tournament.Entrant{ID: en.ID, Name: en.Name, Rating: en.Rating})
		l.byID[en.ID] = en
	}
	for _, g := range results {
		l.results = append(l.results, resultOf(g))
		if !g.At.IsZero() && (l.started.IsZero() || g.At.Before(l.started)) {
			l.started = g.At
		}
	}
	return l, nil
}

func resultOf(g store.TournamentGame) tournament.Result {
	return tournament.Result{Game: tournament.Game{Round: g.Round, Pairing: g.Pairing, Leg: g.Leg, Seats: g.Seats},
		Ranks: g.Ranks, Forfeit: g.Forfeit}
}

// next is the round in progress, computed again only when a result came.
func (l *live) next() (tournament.Round, error) {
	if !l.stale {
		return l.round, nil
	}
	r, err := l.format.Next(l.entrants, l.results)
	if err != nil {
		return tournament.Round{}, err
	}
	l.round, l.stale = r, false
	return r, nil
}

func (l *live) add(r tournament.Result) {
	if l.has(keyOf(r.Game)) {
		return // known already: a cluster's node may tell a result twice (see reconcile)
	}
	l.results = append(l.results, r)
	l.stale = true
	delete(l.playing, keyOf(r.Game))
}

// has reports whether game k has its result.
func (l *live) has(k gameKey) bool {
	for _, r := range l.results {
		if keyOf(r.Game) == k {
			return true
		}
	}
	return false
}

func (l *live) note(now time.Time, t lang.Text) {
	l.notes = append(l.notes, t)
	l.noteAt = append(l.noteAt, now.Format("15:04:05"))
	if len(l.notes) > maxNotes {
		l.notes = l.notes[len(l.notes)-maxNotes:]
		l.noteAt = l.noteAt[len(l.noteAt)-maxNotes:]
	}
}

// noteLines are the notes in English, each after its time: Report.Notes.
func (l *live) noteLines() []string {
	out := make([]string, len(l.notes))
	for i, t := range l.notes {
		out[i] = l.noteAt[i] + " " + t.String()
	}
	return out
}

const maxNotes = 20

// name is an entrant's name for sentences.
func (l *live) name(id string) string {
	if e, ok := l.byID[id]; ok {
		return e.Name
	}
	return id
}

// at names a game for sentences: "round 3", or "round 3, game 2" when pairings play several.
func (l *live) at(round, leg int) lang.Text {
	if l.opts.GamesPerPairing > 1 || l.opts.BestOf > 1 {
		return lang.T("round %d, game %d", round, leg+1)
	}
	return lang.T("round %d", round)
}

func (l *live) names(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = l.name(id)
	}
	return strings.Join(out, " vs ")
}

// gameSeed is the seed of one game: a keyed function (seed.Keyed) of the server's secret,
// the tournament's seed, the game and its attempt. Without the secret nobody can compute it,
// and one game's seed, shown once it is over, says nothing of another's. A game started again
// after someone may have seen it has another attempt, hence other dice (see startLocked).
//
// In a game of hidden chance (its seed is not public: DiceWars' and Garden's dice, Perfect
// Aim's items) the tournament's own code is keyed in too, so that the same --seed in two
// tournaments gives other games: the first one's seeds, shown once it is over, must not tell
// the second's dice. A teacher who wants a public, reproducible run asks for --public-seed
// (the same store and --seed then give the same games, as they always do where the seed is
// public: 7 Colors' and War Hammer's boards).
func gameSeed(secret seed.Secret, l *live, k gameKey, attempt int) uint64 {
	if !botproto.SeedPublic(l.entry.Game) && !l.opts.PublicSeed {
		return seed.Keyed(secret, "tournament", l.t.Code, l.t.Seed, k.round, k.pairing, k.leg, attempt)
	}
	return seed.Keyed(secret, "tournament", l.t.Seed, k.round, k.pairing, k.leg, attempt)
}

// Tag marks the rooms of a tournament's games: "tournament CODE ROUND PAIRING LEG".
func tag(code string, k gameKey, seats []string) string {
	t := fmt.Sprintf("tournament %s %d %d %d", code, k.round, k.pairing, k.leg)
	for _, id := range seats {
		t += " " + url.PathEscape(id)
	}
	return t
}

// ParseTag reads a room's tag; ok is false for rooms that are not a tournament's.
func ParseTag(s string) (code string, round, pairing, leg int, ok bool) {
	code, k, _, ok := parseTag(s)
	return code, k.round, k.pairing, k.leg, ok
}

// parseTag also reads the entrants of the game's seats, which tags carry since a cluster's
// nodes record the games they run (nil in older tags).
func parseTag(s string) (code string, k gameKey, seats []string, ok bool) {
	f := strings.Fields(s)
	if len(f) < 5 || f[0] != "tournament" {
		return "", gameKey{}, nil, false
	}
	n := make([]int, 3)
	for i := range n {
		v, err := strconv.Atoi(f[i+2])
		if err != nil {
			return "", gameKey{}, nil, false
		}
		n[i] = v
	}
	for _, e := range f[5:] {
		id, err := url.PathUnescape(e)
		if err != nil {
			return "", gameKey{}, nil, false
		}
		seats = append(seats, id)
	}
	return f[1], gameKey{n[0], n[1], n[2]}, seats, true
}

// TournamentOf is the code of the tournament a room plays a game of, "" for none.
func TournamentOf(info rooms.Info) string {
	code, _, _, _, _ := ParseTag(info.Tag)
	return code
}

// liveGap is the least time between two moves of a game (rooms.Spec.MoveGap): the live
// pace's for a game of programs and house bots, none for a game with a person (their own
// pace) or at the fast pace.
func (d *Director) liveGap(people bool, pace string) time.Duration {
	if people || pace != PaceLive {
		return 0
	}
	return d.LiveGap
}
