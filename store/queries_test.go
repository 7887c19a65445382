package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync/atomic"
	"testing"
	"time"
)

// The reads that answer for many players or tournaments at once return what the reads of
// one each return, in a number of statements that does not grow with them. The store has no
// hook that counts its statements: counting wraps the back end of a store under test.

// counting makes s count, from now on, every statement it sends its database.
func counting(s *Store) *atomic.Int64 {
	n := new(atomic.Int64)
	s.db = countingBackend{s.db, n}
	return n
}

type countingBackend struct {
	backend
	n *atomic.Int64
}

func (c countingBackend) exec(ctx context.Context, query string, args ...any) (int64, error) {
	c.n.Add(1)
	return c.backend.exec(ctx, query, args...)
}

func (c countingBackend) queryRow(ctx context.Context, query string, args ...any) scanner {
	c.n.Add(1)
	return c.backend.queryRow(ctx, query, args...)
}

func (c countingBackend) query(ctx context.Context, query string, args ...any) (rows, error) {
	c.n.Add(1)
	return c.backend.query(ctx, query, args...)
}

func (c countingBackend) begin(ctx context.Context) (writeTx, error) {
	tx, err := c.backend.begin(ctx)
	if err != nil {
		return nil, err
	}
	return countingTx{tx, c.n}, nil
}

type countingTx struct {
	writeTx
	n *atomic.Int64
}

func (c countingTx) exec(ctx context.Context, query string, args ...any) (int64, error) {
	c.n.Add(1)
	return c.writeTx.exec(ctx, query, args...)
}

func (c countingTx) queryRow(ctx context.Context, query string, args ...any) scanner {
	c.n.Add(1)
	return c.writeTx.queryRow(ctx, query, args...)
}

func (c countingTx) query(ctx context.Context, query string, args ...any) (rows, error) {
	c.n.Add(1)
	return c.writeTx.query(ctx, query, args...)
}

// ratedClass stores rated games of sevencolors among players people and the house bot
// greedy, so that each has a history of a few games; then, written directly, what games
// cannot make: a rated player without a history (a database copied without them), two
// players alike in rating, games and name, and another game's ratings of the same people.
func ratedClass(t *testing.T, s *Store, players, games int) {
	t.Helper()
	ctx := context.Background()
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	seat := func(k int) SeatRecord {
		if k == players {
			return SeatRecord{Name: "greedy", Bot: "greedy"}
		}
		return SeatRecord{Name: fmt.Sprintf("p%03d", k), ID: fmt.Sprintf("SHA256:p%03d", k)}
	}
	for i := range games {
		a, b := i%players, (i*7+3)%players
		if a == b || i%10 == 0 {
			b = players
		}
		ranks := `[1,2]`
		if i%3 == 0 {
			ranks = `[2,1]`
		}
		m := MatchRecord{ID: fmt.Sprintf("m_%04d", i), Game: "sevencolors", Config: json.RawMessage(`{}`),
			Outcome: json.RawMessage(`{"ranks":` + ranks + `}`), Replay: json.RawMessage(`{}`), Seats: []SeatRecord{seat(a), seat(b)},
			StartedAt: at, EndedAt: at.Add(time.Duration(i/3) * time.Minute), Rated: true} // games end three at a time: ties of at
		if err := s.SaveMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	for _, stmt := range []struct {
		query string
		args  []any
	}{
		{`INSERT INTO ratings (game, player, name, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			[]any{"sevencolors", "SHA256:nohistory", "nohistory", 30.0, 2.0, 12, int64(1)}},
		{`INSERT INTO ratings (game, player, name, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			[]any{"sevencolors", "SHA256:twin2", "twin", 27.0, 3.0, 4, int64(1)}},
		{`INSERT INTO ratings (game, player, name, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			[]any{"sevencolors", "SHA256:twin1", "twin", 27.0, 3.0, 4, int64(1)}},
		{`INSERT INTO rating_history (match_id, game, player, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?)`,
			[]any{"m_twin", "sevencolors", "SHA256:twin1", 26.0, 4.0, int64(5)}},
		{`INSERT INTO ratings (game, player, name, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			[]any{"dicewars", "SHA256:p000", "p000", 40.0, 1.0, 30, int64(1)}},
		{`INSERT INTO rating_history (match_id, game, player, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?)`,
			[]any{"m_dice", "dicewars", "SHA256:p000", 40.0, 1.0, int64(7)}},
	} {
		if _, err := s.db.exec(ctx, stmt.query, stmt.args...); err != nil {
			t.Fatal(err)
		}
	}
}

// LeaderboardWithHistory is Leaderboard with each player's RatingHistory, in one statement
// where they take one and one a player.
func TestLeaderboardWithHistoryReadsInOneQuery(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		ratedClass(t, s, 210, 420)
		n := counting(s)
		for _, limit := range []int{1, 10, 200, 1000} {
			n.Store(0)
			board, err := s.Leaderboard(ctx, "sevencolors", limit)
			if err != nil {
				t.Fatal(err)
			}
			var want []StandingHistory
			for _, st := range board {
				hist, err := s.RatingHistory(ctx, "sevencolors", st.Player)
				if err != nil {
					t.Fatal(err)
				}
				want = append(want, StandingHistory{Standing: st, History: hist})
			}
			oneByOne := n.Load()
			n.Store(0)
			got, err := s.LeaderboardWithHistory(ctx, "sevencolors", limit)
			if err != nil {
				t.Fatal(err)
			}
			if n.Load() != 1 {
				t.Errorf("limit %d: LeaderboardWithHistory sent %d statements, want 1", limit, n.Load())
			}
			t.Logf("limit %d: %d players; one by one %d statements, together %d", limit, len(got), oneByOne, n.Load())
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("limit %d: together\n%+v\none by one\n%+v", limit, got, want)
			}
			if limit == 1000 {
				// What the comparison covers: the players without a history, those alike, the
				// house bot, histories of several games.
				seen, most := map[string]int{}, 0
				for _, st := range got {
					seen[st.Player] = len(st.History)
					if st.Player != "bot:greedy" {
						most = max(most, len(st.History))
					}
				}
				if len(got) != 214 || seen["SHA256:nohistory"] != 0 || seen["SHA256:twin1"] != 1 || seen["SHA256:twin2"] != 0 ||
					seen["bot:greedy"] < 40 || most < 3 {
					t.Fatalf("the class read: %d players, %v", len(got), seen)
				}
			}
		}
		n.Store(0)
		if got, err := s.LeaderboardWithHistory(ctx, "chess", 200); err != nil || got != nil || n.Load() != 1 {
			t.Fatalf("a game nobody played: %v %v, %d statements", got, err, n.Load())
		}
	})
}

// PlayerStanding is the player's row of the leaderboard, in one statement, wherever it ranks.
func TestPlayerStandingIsItsLeaderboardRow(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		ratedClass(t, s, 30, 60)
		board, err := s.Leaderboard(ctx, "sevencolors", 1000)
		if err != nil || len(board) != 34 {
			t.Fatalf("%d players, %v", len(board), err)
		}
		n := counting(s)
		for _, want := range board {
			n.Store(0)
			got, err := s.PlayerStanding(ctx, "sevencolors", want.Player)
			if err != nil || got != want || n.Load() != 1 {
				t.Fatalf("%s: %+v %v (%d statements), want %+v", want.Player, got, err, n.Load(), want)
			}
		}
		for _, none := range [][2]string{{"sevencolors", "SHA256:stranger"}, {"chess", "SHA256:p000"}, {"dicewars", "SHA256:p001"}} {
			if got, err := s.PlayerStanding(ctx, none[0], none[1]); !errors.Is(err, ErrNotFound) {
				t.Fatalf("%v: %+v %v, want ErrNotFound", none, got, err)
			}
		}
	})
}

// TournamentRecords reads what Tournament, Entrants, TournamentGames and
// TournamentCorrections read of each tournament, in four statements whatever their number.
func TestTournamentRecordsReadManyAtOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		at := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
		// T"é: a code that JSON and SQL must carry as it is.
		codes := []string{"T00001", "T00002", "T00003", "T00004", "T00005", `T"é`}
		for i, code := range codes {
			newTournament(t, s, code)
			for k := range i + 1 {
				e := Entrant{ID: fmt.Sprintf("SHA256:e%d", k), Name: fmt.Sprintf("e%d", k), Kind: EntrantProgram,
					Rating: float64(k) / 3, EnteredAt: at.Add(time.Duration(k) * time.Second), Addr: "10.0.0.1"}
				if k%2 == 1 {
					e = Entrant{ID: fmt.Sprintf("house:g%d", k), Name: fmt.Sprintf("g%d", k), Kind: EntrantHouse, Bot: "greedy"}
				}
				if err := s.AddEntrant(ctx, code, e); err != nil {
					t.Fatal(err)
				}
			}
			if i == 0 {
				continue // entrants only
			}
			if err := s.SetTournamentState(ctx, code, TournamentRunning); err != nil {
				t.Fatal(err)
			}
			for g := range i {
				seats := []string{"SHA256:e0", fmt.Sprintf("house:g%d", 1+2*(g%2))}
				if g%2 == 0 {
					m := MatchRecord{ID: fmt.Sprintf("m_%d_%d", i, g), Game: "sevencolors", Config: []byte(`{}`), Outcome: []byte(`{}`),
						Replay: []byte(`{}`), Seats: []SeatRecord{{Name: "e0", ID: "SHA256:e0"}, {Name: "g1", Bot: "greedy"}},
						StartedAt: at, EndedAt: at.Add(time.Duration(g) * time.Minute),
						Tournament: &TournamentEntry{Code: code, Game: TournamentGame{Round: 1 + g/2, Pairing: g % 3, Leg: g % 2, Seats: seats, Ranks: []int{2, 1}}}}
					if err := s.SaveMatch(ctx, m); err != nil {
						t.Fatal(err)
					}
				} else if err := s.RecordForfeit(ctx, code, TournamentGame{Round: 1 + g/2, Pairing: g % 3, Leg: g % 2, Seats: seats,
					Forfeit: seats[1], At: at.Add(time.Duration(g) * time.Minute)}); err != nil {
					t.Fatal(err)
				}
			}
			if i >= 3 {
				if _, err := s.CorrectTournamentGame(ctx, code, 1, 0, 0, CorrectionReplay, "SHA256:teacher", "marie"); err != nil {
					t.Fatal(err)
				}
				if _, err := s.CorrectTournamentGame(ctx, code, 1, 1, 1, CorrectionVoid, "SHA256:teacher", "marie"); err != nil {
					t.Fatal(err)
				}
			}
		}
		newTournament(t, s, "T00009") // not asked for
		n := counting(s)
		asked := append([]string{"NOPE", codes[2]}, codes...) // one unknown, one twice
		want := map[string]TournamentRecord{}
		for _, code := range asked {
			tr, err := s.Tournament(ctx, code)
			if errors.Is(err, ErrNotFound) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			rec := TournamentRecord{Tournament: tr}
			if rec.Entrants, err = s.Entrants(ctx, code); err != nil {
				t.Fatal(err)
			}
			if rec.Games, err = s.TournamentGames(ctx, code); err != nil {
				t.Fatal(err)
			}
			if rec.Corrections, err = s.TournamentCorrections(ctx, code); err != nil {
				t.Fatal(err)
			}
			want[code] = rec
		}
		oneByOne := n.Load()
		n.Store(0)
		got, err := s.TournamentRecords(ctx, asked)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d tournaments: one by one %d statements, together %d", len(got), oneByOne, n.Load())
		if n.Load() != 4 {
			t.Errorf("TournamentRecords sent %d statements, want 4", n.Load())
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("together\n%+v\none by one\n%+v", got, want)
		}
		if r := got["T00005"]; len(r.Entrants) != 5 || len(r.Games) != 3 || len(r.Corrections) != 2 || len(got[`T"é`].Entrants) != 6 {
			t.Fatalf("the records compared: %+v", r)
		}
		n.Store(0)
		if got, err := s.TournamentRecords(ctx, nil); err != nil || len(got) != 0 || n.Load() != 0 {
			t.Fatalf("no codes: %v %v, %d statements", got, err, n.Load())
		}
	})
}
