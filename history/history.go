// Package history reads a player's stored games as `ssh HOST history` lists them and the
// lobby's History screen shows them: one query, one way of saying what each game was and
// how it ended.
package history

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/store"
)

// Row is one stored game of a history (and of `history --json`).
type Row struct {
	ID      string    `json:"id"`
	Game    string    `json:"game"`
	EndedAt time.Time `json:"ended_at"`
	Seats   []string  `json:"seats"`
	Ranks   []int     `json:"ranks"`
	Seat    int       `json:"seat"` // the player's seat (-1 listing a tournament's games without a player)
	// Kind is what the game was: KindTournament (Tournament is its code; Replaced: its result
	// was played again or voided by the teacher), KindRated or KindUnrated (a live game of no
	// tournament whose ratings did not change: a clock was held, a guest played…), or
	// KindPractice (bot --practice: never rated, its player's and teachers' only).
	Kind       string `json:"kind"`
	Tournament string `json:"tournament,omitempty"`
	Replaced   bool   `json:"replaced,omitempty"`
	Private    bool   `json:"private,omitempty"`
}

// What a stored game was (Row.Kind).
const (
	KindTournament = "tournament"
	KindRated      = "rated"
	KindUnrated    = "unrated"
	KindPractice   = "practice"
)

// Only chooses games by what they were (Query.Only).
type Only string

const (
	All         Only = ""
	Tournaments Only = "tournament" // games of a tournament
	Live        Only = "live"       // live games of no tournament: the lobby's, quick match, challenges
	Practice    Only = "practice"   // bot --practice
)

// Query is the games a history lists.
type Query struct {
	// Identity (a key's fingerprint) or else Bot (a house bot's name): the player whose games
	// are listed. Neither: everyone's games of Tournament.
	Identity, Bot string
	Game          string // "" for every game
	Tournament    string // a tournament's code: only its games
	Only          Only
	Limit         int // 1..store.HistoryLimit
	// Reader reads the history: a private room's game is its players' and teachers' only,
	// and someone else's practice is left out by the query (it does not use up Limit).
	Reader archive.Reader
}

// Limit is the most games a history lists (Query.Limit).
const Limit = store.HistoryLimit

// Read is the games q chooses, last first; more says that Limit games were read (there may
// be older ones).
func Read(ctx context.Context, a *archive.Archive, q Query) (rows []Row, more bool, err error) {
	sq := store.GameQuery{Identity: q.Identity, Bot: q.Bot, Game: q.Game, Tournament: q.Tournament, Limit: q.Limit,
		NoPractice: q.Only != Practice && q.Identity != q.Reader.ID}
	switch q.Only {
	case Tournaments:
		sq.Kind = store.KindTournament
	case Live:
		sq.Kind = store.KindOther
	case Practice:
		sq.Kind = store.KindPractice
	}
	recs, err := a.Games(ctx, sq)
	if err != nil {
		return nil, false, err
	}
	rows = make([]Row, 0, len(recs))
	for _, rec := range recs {
		if !rec.VisibleTo(q.Reader.ID, q.Reader.Teacher) {
			continue // a private room's game: its players' and teachers' only
		}
		row := Row{ID: rec.ID, Game: rec.Game, EndedAt: rec.EndedAt, Seat: -1, Kind: KindUnrated,
			Tournament: rec.Tournament, Replaced: rec.Replaced, Private: rec.Private}
		switch {
		case rec.Practice:
			row.Kind = KindPractice
		case rec.Tournament != "":
			row.Kind = KindTournament
		case rec.Rated:
			row.Kind = KindRated
		}
		for i, seat := range rec.Seats {
			row.Seats = append(row.Seats, seat.Name)
			if row.Seat < 0 && (q.Identity != "" && seat.ID == q.Identity || q.Bot != "" && seat.Bot == q.Bot) {
				row.Seat = i
			}
		}
		var out games.Outcome
		if json.Unmarshal(rec.Outcome, &out) == nil {
			row.Ranks = out.Ranks
		}
		rows = append(rows, row)
	}
	return rows, q.Limit > 0 && len(recs) == q.Limit, nil
}

// Opponents are the names of the seats other than the player's.
func (r Row) Opponents() []string {
	var out []string
	for i, name := range r.Seats {
		if i != r.Seat {
			out = append(out, name)
		}
	}
	return out
}

// Result is how the game ended, in a few words, in l: the player's place ("won", "2nd of 4"),
// or who won when the row has no player ("ada won").
func (r Row) Result(l lang.Lang) string {
	if r.Seat < 0 {
		return Winner(r.Seats, r.Ranks, l)
	}
	return Place(r.Ranks, r.Seat, l)
}

// KindText is what a game was, in a few words, in l: "tournament T4K2QX", "rated".
func (r Row) KindText(l lang.Lang) string {
	text := l.Say(kindWords[r.Kind])
	if r.Kind == KindTournament {
		text = l.Sprintf("tournament %s", r.Tournament)
		if r.Replaced {
			text = l.Sprintf("tournament %s (replaced)", r.Tournament)
		}
	}
	if r.Private && r.Kind != KindPractice { // practice is always private: said once, by its kind
		text = l.Sprintf("%s, private", text)
	}
	return text
}

// kindWords are the kinds of stored games said for people (Row.Kind is the JSON's).
var kindWords = map[string]string{
	KindTournament: lang.N("tournament"),
	KindRated:      lang.N("rated"),
	KindUnrated:    lang.N("unrated"),
	KindPractice:   lang.N("practice"),
}

// Winner says who won a game, in l: "ada won", "ada and bob won", "draw".
func Winner(seats []string, ranks []int, l lang.Lang) string {
	var first []string
	for i, r := range ranks {
		if r == 1 && i < len(seats) {
			first = append(first, seats[i])
		}
	}
	switch {
	case len(first) == 0:
		return "—"
	case len(first) == len(ranks):
		return l.Sprintf("draw")
	case len(first) == 1:
		return l.Sprintf("%s won", first[0])
	}
	return l.Sprintf("%s and %s won", strings.Join(first[:len(first)-1], ", "), first[len(first)-1])
}

// Place is a seat's result in a few words, in l: "won", "2nd of 4", "draw".
func Place(ranks []int, seat int, l lang.Lang) string {
	if seat < 0 || seat >= len(ranks) {
		return "—"
	}
	r, shared := ranks[seat], 0
	for _, other := range ranks {
		if other == r {
			shared++
		}
	}
	switch {
	case r == 1 && shared == 1:
		return l.Sprintf("won")
	case shared == len(ranks):
		return l.Sprintf("draw")
	case shared > 1:
		return l.Sprintf("%s= of %d", l.Ordinal(r), len(ranks))
	case len(ranks) == 2:
		return l.Sprintf("lost")
	default:
		return l.Sprintf("%s of %d", l.Ordinal(r), len(ranks))
	}
}
