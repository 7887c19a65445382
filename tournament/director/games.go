package director

import (
	"cmp"
	"context"
	"github.com/arena-classroom/arena/lang"
	"slices"

	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament"
)

// How a game of a tournament ended, or where it stands (GameLine.How).
const (
	HowPlayed  = "played"  // played to its end: its replay is stored
	HowForfeit = "forfeit" // one entrant did not come within the grace (or was removed): GameLine.Forfeit
	HowAbsent  = "absent"  // nobody came: every seat scores nothing
	HowVoided  = "voided"  // the teacher took it out of the standings
	HowPlaying = "playing" // being played now: GameLine.Room
	HowPending = "pending" // not played yet (never, once the tournament is cancelled)
)

// GameLine is one game of a tournament, as `tournament games` lists it: a game with its
// result, one being played, or one due and not played yet.
type GameLine struct {
	ID      string   `json:"id"` // GameID: what tournament replay and void take
	Round   int      `json:"round"`
	Pairing int      `json:"pairing"` // from 1: the pairing, match or table of the round
	Leg     int      `json:"leg"`     // from 1: the game of the pairing
	Players []string `json:"players"` // in seat order
	// Ranks are the seats' places as the game ended (1 first; ties share); nil without a
	// game played. Points are what each seat scores in the standings (nil for a game
	// voided or not played yet).
	Ranks  []int     `json:"ranks,omitempty"`
	Points []float64 `json:"points,omitempty"`
	Result string    `json:"result"` // "ada wins", "draw", "bob forfeits", "nobody came", "voided"; "" before it ends
	How    string    `json:"how"`    // HowPlayed, HowForfeit, HowAbsent, HowVoided, HowPlaying or HowPending
	// Forfeit is the name of the entrant who forfeited (HowForfeit).
	Forfeit string `json:"forfeit,omitempty"`
	Match   string `json:"match,omitempty"` // the stored game, for replay ID (HowPlayed)
	Room    string `json:"room,omitempty"`  // the room of a game being played, for watch ROOM
	At      string `json:"at,omitempty"`    // when its result came, RFC 3339 to the millisecond
}

// GameList is every game of a tournament known so far, in the schedule's order, and the
// teacher's corrections, oldest first.
type GameList struct {
	Code, Name, Game, Format, State string
	Round, Rounds                   int // the round in progress (or the last), of how many
	Games                           []GameLine
	Corrections                     []CorrectionLine
	// Paired is false while later rounds are still to be paired on the results of this one
	// (Swiss, elimination, pools): their games are not listed yet. A round robin's schedule
	// is known whole from the start.
	Paired bool
}

// CorrectionLine is a teacher's correction with what it did in words ("… game 1.1.2, ada
// vs bob: played again by marie (the result was: ada wins)").
type CorrectionLine struct {
	store.Correction
	Text string
	// Said is Text for TextIn to say in a reader's language (none across a cluster's bus).
	Said lang.Text `json:"-"`
}

// TextIn is c.Text in l.
func (c CorrectionLine) TextIn(l lang.Lang) string {
	if c.Said.Key == "" {
		return c.Text
	}
	return c.Said.In(l)
}

// Games lists the games of tournament code: those with a result as it stands after the
// teacher's corrections (a game played again shows its new result, or is due again), the
// games being played, and those due and not played yet. It reads the store once (four
// queries, whatever the number of games), and asks the leading node of a cluster which
// games are being played.
func (d *Director) Games(ctx context.Context, code string) (GameList, error) {
	recs, err := d.st.TournamentRecords(ctx, []string{code})
	if err != nil {
		return GameList{}, err
	}
	rec, ok := recs[code]
	if !ok {
		return GameList{}, store.ErrNotFound
	}
	l, err := rebuild(rec) // for the entrants' names, the results' words and the schedule
	if err != nil {
		return GameList{}, err
	}
	t := rec.Tournament
	list := GameList{Code: t.Code, Name: t.Name, Game: t.Game, Format: t.Format, State: t.State,
		Rounds: l.format.Rounds(len(l.entrants)), Games: make([]GameLine, 0, len(rec.Games)), Paired: true}
	for _, g := range rec.Games {
		list.Games = append(list.Games, l.gameLine(g))
	}
	if t.State == store.TournamentOpen || t.State == store.TournamentClosed {
		list.Paired = false // paired at the start, from the entrants then
	} else if round, err := l.next(); err == nil {
		// A schedule that cannot be rebuilt (a result it does not have) still lists the results.
		list.Round = round.Number
		_, whole := l.format.(tournament.RoundRobin)
		list.Paired = whole || round.Finished || round.Number == list.Rounds
		playing := d.playingGames(ctx, t)
		if !round.Finished {
			for _, g := range append(round.Pending[:len(round.Pending):len(round.Pending)], round.Later...) {
				if g.Bye {
					continue
				}
				line := GameLine{ID: GameID(g.Round, g.Pairing, g.Leg), Round: g.Round, Pairing: g.Pairing + 1, Leg: g.Leg + 1,
					Players: l.nameList(g.Seats), How: HowPending}
				if room, ok := playing[line.ID]; ok {
					line.How, line.Room = HowPlaying, room
				}
				list.Games = append(list.Games, line)
			}
		}
	}
	slices.SortStableFunc(list.Games, func(a, b GameLine) int {
		return cmp.Or(cmp.Compare(a.Round, b.Round), cmp.Compare(a.Pairing, b.Pairing), cmp.Compare(a.Leg, b.Leg))
	})
	for _, c := range rec.Corrections {
		list.Corrections = append(list.Corrections, CorrectionLine{Correction: c, Text: correctionText(l, c).String(), Said: correctionText(l, c)})
	}
	return list, nil
}

// gameLine is a stored result as a line of the list.
func (l *live) gameLine(g store.TournamentGame) GameLine {
	r := resultOf(g)
	line := GameLine{ID: GameID(g.Round, g.Pairing, g.Leg), Round: g.Round, Pairing: g.Pairing + 1, Leg: g.Leg + 1,
		Players: l.nameList(g.Seats), Ranks: g.Ranks, Points: tournament.Points(l.format, r), Result: resultText(l, r),
		How: howOf(r), Match: g.MatchID, At: g.At.Format("2006-01-02T15:04:05.000Z07:00")}
	if line.How == HowForfeit {
		line.Forfeit = l.name(g.Forfeit)
	}
	return line
}

// playingGames are the rooms of tournament t's games being played now, by GameID: this
// director's, or, on a node that stands by, the leader's (none when it cannot be asked).
func (d *Director) playingGames(ctx context.Context, t store.Tournament) map[string]string {
	if t.State != store.TournamentRunning && t.State != store.TournamentPaused {
		return nil
	}
	out := map[string]string{}
	if r := d.leader(); r != nil {
		rep, err := r.Report(ctx, t.Code)
		if err != nil {
			d.log.Warn("tournament games: the games being played could not be read from the leader", "code", t.Code, "err", err)
			return out
		}
		for _, g := range rep.Playing {
			if g.Game != "" {
				out[g.Game] = g.Room
			}
		}
		return out
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if l := d.live[t.Code]; l != nil {
		for k, p := range l.playing {
			out[GameID(k.round, k.pairing, k.leg)] = p.room.ID()
		}
	}
	return out
}

// nameList is the names of entrants ids.
func (l *live) nameList(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = l.name(id)
	}
	return out
}

// howOf says how a game with a result was decided.
func howOf(r tournament.Result) string {
	switch r.Forfeit {
	case "":
		return HowPlayed
	case tournament.Voided:
		return HowVoided
	case tournament.NobodyCame:
		return HowAbsent
	}
	return HowForfeit
}

// ResultText is line's Result in l ("ada gagne", "égalité", "bob déclare forfait"): "" for a
// game not over yet.
func ResultText(line GameLine, l lang.Lang) string {
	if line.Result == "" {
		return ""
	}
	switch line.How {
	case HowVoided:
		return l.Sprintf("voided")
	case HowAbsent:
		return l.Sprintf("nobody came")
	case HowForfeit:
		return l.Sprintf("%s forfeits", line.Forfeit)
	case HowPlayed:
	default:
		return line.Result
	}
	var first []string
	for i, rank := range line.Ranks {
		if rank == 1 && i < len(line.Players) {
			first = append(first, line.Players[i])
		}
	}
	if len(first) == 1 {
		return l.Sprintf("%s wins", first[0])
	}
	return l.Sprintf("draw")
}
