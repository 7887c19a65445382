package store

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func newTournament(t *testing.T, s *Store, code string) Tournament {
	t.Helper()
	tr := Tournament{Code: code, Name: "TP 7 couleurs", Game: "sevencolors", Format: "swiss:3",
		Options: []byte(`{"games_per_pairing":2}`), Config: []byte(`{"size":20}`), Seed: 1 << 63,
		Parallel: 4, Grace: 90 * time.Second, CreatedBy: "SHA256:teacher", CreatedAt: time.UnixMilli(1_700_000_000_000).UTC()}
	if err := s.CreateTournament(context.Background(), tr); err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestTournamentRoundTrip(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		want := newTournament(t, s, "T2345")
		if err := s.CreateTournament(ctx, want); !errors.Is(err, ErrCodeTaken) {
			t.Fatalf("second create with the same code: %v, want ErrCodeTaken", err)
		}
		got, err := s.Tournament(ctx, "T2345")
		if err != nil {
			t.Fatal(err)
		}
		want.State, want.UpdatedAt = TournamentOpen, want.CreatedAt
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("got  %+v\nwant %+v", got, want)
		}
		if _, err := s.Tournament(ctx, "NOPE"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("missing tournament: %v", err)
		}
		if err := s.SetTournamentState(ctx, "NOPE", TournamentRunning); !errors.Is(err, ErrNotFound) {
			t.Fatalf("state of a missing tournament: %v", err)
		}
	})
}

func TestEntrantsCloseWhenTheTournamentStarts(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		newTournament(t, s, "T1")
		at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
		entrants := []Entrant{
			{ID: "house:greedy", Name: "greedy", Kind: EntrantHouse, Bot: "greedy", Rating: 20, EnteredAt: at},
			{ID: "SHA256:ada", Name: "ada", Kind: EntrantProgram, EnteredAt: at.Add(time.Second), Addr: "10.0.0.7"},
			{ID: "SHA256:bob", Name: "bob", Kind: EntrantPerson, Rating: 3.5, EnteredAt: at.Add(2 * time.Second), Addr: "10.0.0.8"},
		}
		for _, e := range entrants {
			if err := s.AddEntrant(ctx, "T1", e); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.AddEntrant(ctx, "T1", Entrant{ID: "SHA256:ada", Name: "ada2", Kind: EntrantProgram}); !errors.Is(err, ErrEntrantExists) {
			t.Fatalf("the same key twice: %v", err)
		}
		if err := s.AddEntrant(ctx, "T1", Entrant{ID: "SHA256:eve", Name: "ada", Kind: EntrantProgram}); !errors.Is(err, ErrEntrantName) {
			t.Fatalf("the same name twice: %v", err)
		}
		if err := s.AddEntrant(ctx, "NOPE", entrants[0]); !errors.Is(err, ErrNotFound) {
			t.Fatalf("entering a missing tournament: %v", err)
		}
		if err := s.SetTournamentState(ctx, "T1", TournamentRunning); err != nil {
			t.Fatal(err)
		}
		if err := s.AddEntrant(ctx, "T1", Entrant{ID: "SHA256:eve", Name: "eve", Kind: EntrantProgram}); !errors.Is(err, ErrNotOpen) {
			t.Fatalf("entering a running tournament: %v", err)
		}
		got, err := s.Entrants(ctx, "T1")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, entrants) {
			t.Fatalf("entrants %+v, want %+v in the order they entered", got, entrants)
		}
		if err := s.RemoveEntrant(ctx, "T1", "SHA256:ada"); !errors.Is(err, ErrNotOpen) {
			t.Fatalf("removing from a running tournament: %v", err)
		}
	})
}

// Before the start an entrant can be removed; a later entrant still comes after the others.
func TestRemovingAnEntrant(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		newTournament(t, s, "T1")
		for _, n := range []string{"a", "b", "c"} {
			if err := s.AddEntrant(ctx, "T1", Entrant{ID: "k:" + n, Name: n, Kind: EntrantProgram}); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.RemoveEntrant(ctx, "T1", "k:a"); err != nil {
			t.Fatal(err)
		}
		if err := s.RemoveEntrant(ctx, "T1", "k:a"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("removing twice: %v", err)
		}
		if err := s.SetTournamentState(ctx, "T1", TournamentClosed); err != nil {
			t.Fatal(err)
		}
		if err := s.AddEntrant(ctx, "T1", Entrant{ID: "k:d", Name: "d", Kind: EntrantProgram}); !errors.Is(err, ErrNotOpen) {
			t.Fatalf("entering a closed tournament: %v", err)
		}
		if err := s.RemoveEntrant(ctx, "T1", "k:b"); err != nil {
			t.Fatalf("removing from a closed tournament: %v", err)
		}
		if err := s.SetTournamentState(ctx, "T1", TournamentOpen); err != nil {
			t.Fatal(err)
		}
		if err := s.AddEntrant(ctx, "T1", Entrant{ID: "k:d", Name: "d", Kind: EntrantProgram}); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Entrants(ctx, "T1")
		var names []string
		for _, e := range got {
			names = append(names, e.Name)
		}
		if strings.Join(names, ",") != "c,d" {
			t.Fatalf("entrants %v, want c,d", names)
		}
	})
}

func TestTournamentResultIsSavedWithItsMatch(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()

		s := open(t, where)
		newTournament(t, s, "T1")
		g := TournamentGame{Round: 1, Pairing: 0, Leg: 1, Seats: []string{"SHA256:ada", "house:greedy"}, Ranks: []int{2, 1}}
		m := MatchRecord{ID: "m_1", Game: "sevencolors", Config: []byte(`{}`), Outcome: []byte(`{}`), Replay: []byte(`{}`),
			Seats:     []SeatRecord{{Name: "ada", ID: "SHA256:ada"}, {Name: "greedy", Bot: "greedy"}},
			StartedAt: time.UnixMilli(1000).UTC(), EndedAt: time.UnixMilli(2000).UTC(), Rated: true,
			Tournament: &TournamentEntry{Code: "T1", Game: g}}
		if err := s.SaveMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		// The same game recorded again (a replayed game after a crash) is refused whole: the
		// second match is not stored either.
		m2 := m
		m2.ID = "m_2"
		if err := s.SaveMatch(ctx, m2); err == nil {
			t.Fatal("a second result for the same tournament game was accepted")
		}
		if _, err := s.Match(ctx, "m_2"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the refused match was stored: %v", err)
		}
		if err := s.RecordForfeit(ctx, "T1", TournamentGame{Round: 1, Pairing: 1, Seats: []string{"SHA256:bob", "SHA256:eve"},
			Forfeit: "SHA256:bob", At: time.UnixMilli(3000).UTC()}); err != nil {
			t.Fatal(err)
		}
		s.Close()
		s = open(t, where)
		got, err := s.TournamentGames(ctx, "T1")
		if err != nil {
			t.Fatal(err)
		}
		g.MatchID, g.At = "m_1", m.EndedAt
		want := []TournamentGame{g, {Round: 1, Pairing: 1, Seats: []string{"SHA256:bob", "SHA256:eve"}, Forfeit: "SHA256:bob",
			At: time.UnixMilli(3000).UTC()}}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("results %+v\nwant    %+v", got, want)
		}
	})
}

// A teacher's correction keeps the result it replaced: a replay deletes the result (the
// game is due again, and a new result is taken), a void replaces it by Voided; both are
// listed with who made them, and the replaced match stays a game of the tournament.
func TestACorrectionKeepsTheResultItReplaced(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		newTournament(t, s, "T1")
		g := TournamentGame{Round: 1, Pairing: 0, Leg: 0, Seats: []string{"SHA256:ada", "house:greedy"}, Ranks: []int{2, 1}}
		m := MatchRecord{ID: "m_1", Game: "sevencolors", Config: []byte(`{}`), Outcome: []byte(`{}`), Replay: []byte(`{}`),
			Seats:     []SeatRecord{{Name: "ada", ID: "SHA256:ada"}, {Name: "greedy", Bot: "greedy"}},
			StartedAt: time.UnixMilli(1000).UTC(), EndedAt: time.UnixMilli(2000).UTC(),
			Tournament: &TournamentEntry{Code: "T1", Game: g}}
		if err := s.SaveMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		forfeit := TournamentGame{Round: 1, Pairing: 1, Seats: []string{"SHA256:bob", "SHA256:eve"}, Forfeit: "SHA256:bob",
			At: time.UnixMilli(3000).UTC()}
		if err := s.RecordForfeit(ctx, "T1", forfeit); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CorrectTournamentGame(ctx, "T1", 2, 0, 0, CorrectionVoid, "SHA256:teacher", "marie"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("correcting a game without a result: %v", err)
		}
		replayed, err := s.CorrectTournamentGame(ctx, "T1", 1, 0, 0, CorrectionReplay, "SHA256:teacher", "marie")
		if err != nil || replayed.Seq != 1 {
			t.Fatalf("replay: %+v %v", replayed, err)
		}
		voided, err := s.CorrectTournamentGame(ctx, "T1", 1, 1, 0, CorrectionVoid, "SHA256:teacher", "marie")
		if err != nil || voided.Seq != 2 {
			t.Fatalf("void: %+v %v", voided, err)
		}
		got, err := s.TournamentGames(ctx, "T1")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].Pairing != 1 || got[0].Forfeit != Voided || got[0].Ranks != nil || got[0].MatchID != "" {
			t.Fatalf("results after the corrections: %+v", got)
		}
		// The replayed game takes a new result.
		m.ID = "m_2"
		if err := s.SaveMatch(ctx, m); err != nil {
			t.Fatalf("the game played again: %v", err)
		}
		list, err := s.TournamentCorrections(ctx, "T1")
		if err != nil {
			t.Fatal(err)
		}
		g.MatchID, g.At = "m_1", m.EndedAt
		if len(list) != 2 || !reflect.DeepEqual(list[0].Was, g) || !reflect.DeepEqual(list[1].Was, forfeit) ||
			list[0].Action != CorrectionReplay || list[1].Action != CorrectionVoid || list[1].ByName != "marie" {
			t.Fatalf("corrections %+v", list)
		}
		if code, _, err := s.MatchTournament(ctx, "m_1"); err != nil || code != "T1" {
			t.Fatalf("the replaced match's tournament: %q %v", code, err)
		}
	})
}

// A match of a private room keeps its privacy: stored, read back and in its players'
// history, it is shown to its players and teachers only.
func TestAPrivateMatchIsShownToItsPlayersOnly(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		m := MatchRecord{ID: "m_p1", Game: "sevencolors", Config: []byte(`{}`), Outcome: []byte(`{}`), Replay: []byte(`{}`),
			Seats:     []SeatRecord{{Name: "ada", ID: "SHA256:ada"}, {Name: "bob", ID: "SHA256:bob"}},
			StartedAt: time.UnixMilli(1000).UTC(), EndedAt: time.UnixMilli(2000).UTC(), Private: true}
		if err := s.SaveMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		got, err := s.Match(ctx, "m_p1")
		if err != nil || !got.Private {
			t.Fatalf("read back: private %v, %v", got.Private, err)
		}
		hist, err := s.History(ctx, "SHA256:ada", "", "", 10)
		if err != nil || len(hist) != 1 || !hist[0].Private {
			t.Fatalf("history: %+v %v", hist, err)
		}
		for who, want := range map[string]bool{"SHA256:ada": true, "SHA256:bob": true, "SHA256:eve": false, "": false} {
			if got.VisibleTo(who, false) != want {
				t.Errorf("visible to %q: %v, want %v", who, !want, want)
			}
		}
		if !got.VisibleTo("SHA256:eve", true) {
			t.Error("a teacher does not see a private game")
		}
	})
}

// The restarts of a tournament's games count every start after a game's first, but for
// those taken back (their room never opened), on both databases.
func TestTournamentRestartsCountTheStartsAgain(t *testing.T) {
	eachBackend(t, func(t *testing.T, where string) {
		ctx := context.Background()
		s := open(t, where)
		newTournament(t, s, "T1")
		newTournament(t, s, "OTHER")
		if n, err := s.TournamentRestarts(ctx, "T1"); err != nil || n != 0 {
			t.Fatalf("before any start: %d, %v", n, err)
		}
		for _, g := range [][3]int{{1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 1, 0}, {2, 0, 1}, {2, 0, 1}} {
			if _, err := s.StartTournamentGame(ctx, "T1", g[0], g[1], g[2]); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.StartTournamentGame(ctx, "OTHER", 1, 0, 0); err != nil {
			t.Fatal(err)
		}
		if n, err := s.TournamentRestarts(ctx, "T1"); err != nil || n != 3 {
			t.Fatalf("restarts: %d, %v; want 3 (two of one game, one of another)", n, err)
		}
		// A start whose room never opened is taken back: the next start has its number.
		if err := s.UnstartTournamentGame(ctx, "T1", 1, 0, 0); err != nil {
			t.Fatal(err)
		}
		if n, err := s.TournamentRestarts(ctx, "T1"); err != nil || n != 2 {
			t.Fatalf("restarts after a start taken back: %d, %v; want 2", n, err)
		}
		if a, err := s.StartTournamentGame(ctx, "T1", 1, 0, 0); err != nil || a != 2 {
			t.Fatalf("the start after one taken back: attempt %d, %v; want 2 again", a, err)
		}
	})
}
