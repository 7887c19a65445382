package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/arena-classroom/arena/rating"
)

// RatedPlayer is how a seat is rated: a key's fingerprint, or "bot:NAME" for a house bot;
// "" for a seat that is not rated (a guest).
func RatedPlayer(seat SeatRecord) string {
	switch {
	case seat.Bot != "":
		return "bot:" + seat.Bot
	case seat.ID == "" || strings.HasPrefix(seat.ID, "guest:"):
		return ""
	}
	return seat.ID
}

// rate updates the ratings of m's rated players from its recorded ranks (those who left rank
// last): every rated seat is a team of one. A game with fewer than two rated players, or
// the same player in two seats, rates nobody.
func rate(ctx context.Context, tx writeTx, m MatchRecord) error {
	var out struct {
		Ranks []int `json:"ranks"`
	}
	if err := json.Unmarshal(m.Outcome, &out); err != nil || len(out.Ranks) != len(m.Seats) {
		return nil // no ranks (a voided game): nothing to rate
	}
	var players []string
	var seats []int
	seen := map[string]bool{}
	for i, seat := range m.Seats {
		p := RatedPlayer(seat)
		if p == "" {
			continue
		}
		if seen[p] {
			return nil // one player in two seats: no honest rating
		}
		seen[p] = true
		players, seats = append(players, p), append(seats, i)
	}
	if len(players) < 2 {
		return nil
	}
	model := rating.DefaultModel()
	teams := make([][]rating.Rating, len(players))
	ranks := make([]int, len(players))
	games := make([]int, len(players))
	for k, p := range players {
		r := model.NewRating()
		err := tx.queryRow(ctx, `SELECT mu, sigma, games FROM ratings WHERE game = ? AND player = ?`, m.Game, p).Scan(&r.Mu, &r.Sigma, &games[k])
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		teams[k] = []rating.Rating{r}
		ranks[k] = out.Ranks[seats[k]]
	}
	after, err := model.Rate(teams, ranks)
	if err != nil {
		return err
	}
	at := m.EndedAt.UnixMilli()
	for k, p := range players {
		r := after[k][0]
		if _, err := tx.exec(ctx, `INSERT INTO ratings (game, player, name, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (game, player) DO UPDATE SET name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,
			games = excluded.games, updated_at = excluded.updated_at`,
			m.Game, p, m.Seats[seats[k]].Name, r.Mu, r.Sigma, games[k]+1, at); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO rating_history (match_id, game, player, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?)`,
			m.ID, m.Game, p, r.Mu, r.Sigma, at); err != nil {
			return err
		}
	}
	return nil
}

// Standing is one player of a leaderboard.
type Standing struct {
	Player string // a key's fingerprint, or "bot:NAME"
	Name   string
	Rating rating.Rating
	Games  int
}

// leaderboardOrder is the order of a leaderboard, best displayed rating (μ − 3σ) first; the
// player (a game's ratings have one row each) makes it total, so that a leaderboard read
// twice, or with its histories (LeaderboardWithHistory), lists the same players in the same
// order even where two have the same rating, games and name.
const leaderboardOrder = `mu - 3*sigma DESC, games DESC, name, player`

// Leaderboard lists game's rated players, best displayed rating (μ − 3σ) first.
func (s *Store) Leaderboard(ctx context.Context, game string, limit int) ([]Standing, error) {
	rows, err := s.db.query(ctx, `SELECT player, name, mu, sigma, games FROM ratings WHERE game = ?
		ORDER BY `+leaderboardOrder+` LIMIT ?`, game, limit)
	if err != nil {
		return nil, fmt.Errorf("leaderboard %s: %w", game, err)
	}
	defer rows.Close()
	var out []Standing
	for rows.Next() {
		var st Standing
		if err := rows.Scan(&st.Player, &st.Name, &st.Rating.Mu, &st.Rating.Sigma, &st.Games); err != nil {
			return nil, fmt.Errorf("leaderboard %s: %w", game, err)
		}
		out = append(out, st)
	}
	return out, rows.Err()
}

// StandingHistory is a player of a leaderboard with its rating history.
type StandingHistory struct {
	Standing
	History []float64 // as RatingHistory: the displayed rating after each rated game, oldest first
}

// LeaderboardWithHistory is Leaderboard with each player's RatingHistory, in one query
// whatever the number of players (a screen that charts every player's history read them
// one query each).
func (s *Store) LeaderboardWithHistory(ctx context.Context, game string, limit int) ([]StandingHistory, error) {
	// The board is Leaderboard's query; each of its players is followed by its history, in
	// RatingHistory's order (a player without one comes once, with NULLs).
	rows, err := s.db.query(ctx, `WITH board AS (SELECT player, name, mu, sigma, games FROM ratings WHERE game = ?
		ORDER BY `+leaderboardOrder+` LIMIT ?)
		SELECT b.player, b.name, b.mu, b.sigma, b.games, h.mu, h.sigma FROM board b
		LEFT JOIN rating_history h ON h.game = ? AND h.player = b.player
		ORDER BY b.mu - 3*b.sigma DESC, b.games DESC, b.name, b.player, h.at, h.rowid`, game, limit, game)
	if err != nil {
		return nil, fmt.Errorf("leaderboard %s: %w", game, err)
	}
	defer rows.Close()
	var out []StandingHistory
	for rows.Next() {
		var (
			st        Standing
			mu, sigma *float64 // NULL: no history
		)
		if err := rows.Scan(&st.Player, &st.Name, &st.Rating.Mu, &st.Rating.Sigma, &st.Games, &mu, &sigma); err != nil {
			return nil, fmt.Errorf("leaderboard %s: %w", game, err)
		}
		if len(out) == 0 || out[len(out)-1].Player != st.Player {
			out = append(out, StandingHistory{Standing: st})
		}
		if mu != nil && sigma != nil {
			last := &out[len(out)-1]
			last.History = append(last.History, rating.Rating{Mu: *mu, Sigma: *sigma}.Ordinal())
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("leaderboard %s: %w", game, err)
	}
	return out, nil
}

// PlayerStanding is player's rating in game (Leaderboard's row of it, wherever it ranks), or
// ErrNotFound for a player not rated in game.
func (s *Store) PlayerStanding(ctx context.Context, game, player string) (Standing, error) {
	st := Standing{Player: player}
	err := s.db.queryRow(ctx, `SELECT name, mu, sigma, games FROM ratings WHERE game = ? AND player = ?`, game, player).
		Scan(&st.Name, &st.Rating.Mu, &st.Rating.Sigma, &st.Games)
	if errors.Is(err, sql.ErrNoRows) {
		return Standing{}, ErrNotFound
	}
	if err != nil {
		return Standing{}, fmt.Errorf("rating of %s in %s: %w", player, game, err)
	}
	return st, nil
}

// RatingHistory is a player's displayed rating after each of its rated games of game, oldest
// first.
func (s *Store) RatingHistory(ctx context.Context, game, player string) ([]float64, error) {
	rows, err := s.db.query(ctx, `SELECT mu, sigma FROM rating_history WHERE game = ? AND player = ? ORDER BY at, rowid`, game, player)
	if err != nil {
		return nil, fmt.Errorf("rating history: %w", err)
	}
	defer rows.Close()
	var out []float64
	for rows.Next() {
		var r rating.Rating
		if err := rows.Scan(&r.Mu, &r.Sigma); err != nil {
			return nil, err
		}
		out = append(out, r.Ordinal())
	}
	return out, rows.Err()
}
