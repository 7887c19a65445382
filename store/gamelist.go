package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// GameQuery chooses stored games for a history (HistoryGames).
type GameQuery struct {
	// Identity (a key's fingerprint) or else Bot (a house bot's name): the games this
	// player sat in. Neither: everyone's, which needs a Tournament.
	Identity, Bot string
	Game          string // "" for every game
	// Tournament: only the games of the tournament of this code, those whose result a
	// teacher replaced (played again, or voided) too; "" for any game.
	Tournament string
	// Kind: "" for any game, KindTournament for games of a tournament, KindOther for the
	// live games of none, KindPractice for practice games.
	Kind string
	// NoPractice leaves practice games out: a listing for someone who may not see them
	// (another player's), so that they do not use up its Limit.
	NoPractice bool
	Limit      int // 1..HistoryLimit (out of it: HistoryLimit)
}

// Kinds of stored game (GameQuery.Kind).
const (
	KindTournament = "tournament"
	KindOther      = "other" // a live game of no tournament: the lobby's, quick match, a challenge
	KindPractice   = "practice"
)

// GameRecord is a stored game with what it was part of.
type GameRecord struct {
	MatchRecord // without its replay
	// Tournament is the code of the tournament it was a game of ("" for none); Replaced, that
	// its result no longer counts there: a teacher had it played again, or voided it.
	Tournament string
	Replaced   bool
	// Rated: it changed its players' ratings.
	Rated bool
}

// HistoryGames lists up to q.Limit stored games that q chooses, the last ended first, with
// the tournament each was a game of and whether it was rated. Four queries whatever their
// number: the games, then their seats, their tournaments and their ratings, all together.
func (s *Store) HistoryGames(ctx context.Context, q GameQuery) ([]GameRecord, error) {
	if q.Limit <= 0 || q.Limit > HistoryLimit {
		q.Limit = HistoryLimit
	}
	var conds []string
	var args []any
	switch {
	case q.Identity != "":
		conds, args = append(conds, `m.id IN (SELECT match_id FROM match_seats WHERE identity = ?)`), append(args, q.Identity)
	case q.Bot != "":
		conds, args = append(conds, `m.id IN (SELECT match_id FROM match_seats WHERE bot = ?)`), append(args, q.Bot)
	case q.Tournament == "":
		return nil, errors.New("history: whose games?")
	}
	if q.Game != "" {
		conds, args = append(conds, `m.game = ?`), append(args, q.Game)
	}
	const ofTournament = `SELECT match_id FROM tournament_games WHERE match_id != ''
		UNION SELECT match_id FROM tournament_corrections WHERE match_id != ''`
	if q.Tournament != "" {
		conds = append(conds, `m.id IN (SELECT match_id FROM tournament_games WHERE code = ? AND match_id != ''
			UNION SELECT match_id FROM tournament_corrections WHERE code = ? AND match_id != '')`)
		args = append(args, q.Tournament, q.Tournament)
	}
	switch q.Kind {
	case "":
	case KindTournament:
		conds = append(conds, `m.id IN (`+ofTournament+`)`)
	case KindOther:
		conds = append(conds, `m.id NOT IN (`+ofTournament+`)`, `m.practice = 0`)
	case KindPractice:
		conds = append(conds, `m.practice = 1`)
	default:
		return nil, fmt.Errorf("history: no kind of game %q", q.Kind)
	}
	if q.NoPractice {
		conds = append(conds, `m.practice = 0`)
	}
	where := ""
	for i, c := range conds {
		if i == 0 {
			where = " WHERE " + c
		} else {
			where += " AND " + c
		}
	}
	rows, err := s.db.query(ctx, `SELECT m.id, m.game, m.seed, m.config, m.outcome, 'null', m.started_at, m.ended_at, m.private, m.practice, m.rowid
		FROM matches m`+where+` ORDER BY m.ended_at DESC, m.rowid DESC LIMIT ?`, append(args, q.Limit)...)
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	var out []GameRecord
	byID := map[string]int{}
	for rows.Next() {
		var rowid int64
		m, err := scanMatch(rowScanner{rows, &rowid})
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("history: %w", err)
		}
		m.Replay = nil
		byID[m.ID] = len(out)
		out = append(out, GameRecord{MatchRecord: m})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	if len(out) == 0 {
		return out, nil
	}
	if err := s.historyDetails(ctx, out, byID); err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	return out, nil
}

// historyDetails reads the seats, tournaments and ratings of the games of out (byID: their
// index in it), three queries for them all.
func (s *Store) historyDetails(ctx context.Context, out []GameRecord, byID map[string]int) error {
	ids := make([]string, len(out))
	for i, g := range out {
		ids[i] = g.ID
	}
	// each runs query, its condition IDS on the list of ids (each IDS one argument), and
	// reads every row with read.
	cond, arg := s.db.in("match_id", ids)
	each := func(query string, read func(r rows) error) error {
		args := make([]any, strings.Count(query, "IDS"))
		for i := range args {
			args[i] = arg
		}
		rows, err := s.db.query(ctx, strings.ReplaceAll(query, "IDS", cond), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			if err := read(rows); err != nil {
				return err
			}
		}
		return rows.Err()
	}
	var id string
	err := each(`SELECT match_id, name, identity, bot, left_at_move, replaced_by FROM match_seats WHERE IDS ORDER BY match_id, seat`, func(r rows) error {
		var seat SeatRecord
		if err := r.Scan(&id, &seat.Name, &seat.ID, &seat.Bot, &seat.LeftAtMove, &seat.ReplacedBy); err != nil {
			return err
		}
		if seat.ReplacedBy == "" {
			seat.LeftAtMove = 0
		}
		g := &out[byID[id]]
		g.Seats = append(g.Seats, seat)
		return nil
	})
	if err != nil {
		return err
	}
	// A game's result in the tournament, or else one a correction replaced.
	err = each(`SELECT match_id, code, 0 FROM tournament_games WHERE IDS
		UNION ALL SELECT match_id, code, 1 FROM tournament_corrections WHERE IDS`, func(r rows) error {
		var code string
		var replaced int
		if err := r.Scan(&id, &code, &replaced); err != nil {
			return err
		}
		g := &out[byID[id]]
		if g.Tournament == "" || g.Replaced && replaced == 0 {
			g.Tournament, g.Replaced = code, replaced != 0
		}
		return nil
	})
	if err != nil {
		return err
	}
	return each(`SELECT DISTINCT match_id FROM rating_history WHERE IDS`, func(r rows) error {
		if err := r.Scan(&id); err != nil {
			return err
		}
		out[byID[id]].Rated = true
		return nil
	})
}
