package director_test

import (
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament"
	"github.com/arena-classroom/arena/tournament/director"
)

// thinker is a student's program on the fake clock: it answers each turn with the default
// move once it has thought for think, and, as a bot session does, asks for its next game
// between after its last ended (its session stays connected meanwhile), or leaves after
// each game and comes back away later.
type thinker struct {
	id           string
	think        time.Duration
	between      time.Duration
	away         time.Duration // >0: disconnects after each game for this long
	mu           sync.Mutex
	turns        []pendingTurn
	ended        time.Time // when its last game ended; zero while playing or waiting
	ticket       *director.Ticket
	gone         bool // disconnected (away)
	missed       []string
	played, ends int
	refused      int // answers refused or too late
	asked        int // turns
	why          error
	endedAt      []time.Time // when each of its games ended, on the fake clock
}

type pendingTurn struct {
	r         rooms.Seated
	seat, id  int
	action    games.Action
	answerAt  time.Time
	answering bool
}

func (p *thinker) Start(rooms.Seated, int, games.State) {}
func (p *thinker) Refused(_ rooms.Seated, _, _ int, err error, _ games.Action) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.refused++
	p.why = err
}

// Turn is called by the hub with its fake time; the answer comes think later.
func (p *thinker) Turn(r rooms.Seated, seat, turn int, st games.State, _, _ time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.asked++
	a := st.DefaultAction(seat)                        // Perfect Aim's WAIT
	if _, realTime := st.(games.RealTime); !realTime { // 7 Colors: greedy's move
		e, _ := catalog.Get("sevencolors")
		b, _ := e.Bot("greedy", uint64(turn))
		a = b.Choose(st, seat)
	}
	p.turns = append(p.turns, pendingTurn{r: r, seat: seat, id: turn, action: a})
}

func (p *thinker) End(_ rooms.Seated, _ int, outcome *games.Outcome) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ends++
	if outcome != nil {
		p.played++
	}
	p.turns = nil
	p.ended = endedMark
}

// endedMark says "ended, time not read yet": act reads the fake clock.
var endedMark = time.Unix(1, 0)

// act does what the program does by now: answers the turns it has thought over, and asks
// for its next game (or leaves, then comes back).
func (p *thinker) act(t *testing.T, r *rig, code string, now time.Time) {
	p.mu.Lock()
	if p.ended.Equal(endedMark) {
		p.ended = now
		p.endedAt = append(p.endedAt, now)
	}
	var answer []pendingTurn
	for i := range p.turns {
		pt := &p.turns[i]
		if pt.answerAt.IsZero() {
			pt.answerAt = now.Add(p.think)
		}
		if !pt.answering && !now.Before(pt.answerAt) {
			pt.answering = true
			answer = append(answer, *pt)
		}
	}
	ended, ticket := p.ended, p.ticket
	p.mu.Unlock()
	for _, pt := range answer {
		pt.r.Answer(pt.seat, pt.id, pt.action)
	}
	switch {
	case ticket == nil && !p.gone:
		p.ready(t, r, code)
	case !ended.IsZero() && p.away > 0 && !p.gone:
		r.d.Unready(ticket) // the session ends
		p.gone = true
	case !ended.IsZero() && p.gone && now.Sub(ended) >= p.away:
		p.gone = false
		p.ready(t, r, code)
	case !ended.IsZero() && p.away == 0 && now.Sub(ended) >= p.between:
		p.ready(t, r, code)
	}
}

func (p *thinker) ready(t *testing.T, r *rig, code string) {
	tk, missed, err := r.d.Ready(code, p.id, p)
	if errors.Is(err, director.ErrNotLive) {
		p.gone = true // the tournament is over: the session ends
		return
	}
	if err != nil {
		t.Fatalf("%s ready: %v", p.id, err)
	}
	p.mu.Lock()
	p.ticket, p.ended = tk, time.Time{}
	p.missed = append(p.missed, missed...)
	p.mu.Unlock()
}

// enterPrograms creates a round robin of 7 Colors between programs with options and grace.
func enterPrograms(t *testing.T, r *rig, code, options string, grace time.Duration, ids ...string) {
	t.Helper()
	ctx := context.Background()
	err := r.st.CreateTournament(ctx, store.Tournament{Code: code, Name: "TP", Game: "sevencolors", Format: "round-robin",
		Options: []byte(options), Config: []byte(`{"size":14}`), Seed: 42, Parallel: director.MaxParallel,
		Grace: grace, CreatedBy: "SHA256:teacher", CreatedAt: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if err := r.st.AddEntrant(ctx, code, store.Entrant{ID: "SHA256:" + id, Name: id, Kind: store.EntrantProgram}); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.d.Start(ctx, code); err != nil {
		t.Fatal(err)
	}
}

// playOut steps the rig until the tournament is over, the programs acting at every step.
// It returns the last report, every note seen on the way (a finished tournament's report
// has none) and the fake time it took.
func playOut(t *testing.T, r *rig, code string, programs ...*thinker) (director.Report, []string, time.Duration) {
	t.Helper()
	start := r.c.Now()
	var notes []string
	seen := map[string]bool{}
	for step := 0; step < 400_000; step++ {
		for _, p := range programs {
			p.act(t, r, code, r.c.Now())
		}
		r.step()
		rep, err := r.d.Report(context.Background(), code)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range rep.Notes {
			if !seen[n] {
				seen[n] = true
				notes = append(notes, n)
			}
		}
		if finished(rep) {
			for _, p := range programs { // they come back, and are told what they missed
				if p.gone {
					p.gone = false
					if _, missed, _ := r.d.Ready(code, p.id, p); missed != nil {
						p.missed = append(p.missed, missed...)
					}
				}
			}
			return rep, notes, r.c.Now().Sub(start)
		}
	}
	t.Fatal("the tournament never ended")
	return director.Report{}, nil, 0
}

func standing(rep director.Report, name string) (played, wins, losses int) {
	s := standingOf(rep, name)
	return s.Played, s.Wins, s.Losses
}

func standingOf(rep director.Report, name string) tournament.Standing {
	for _, s := range rep.Standings {
		if s.Name == name {
			return s
		}
	}
	return tournament.Standing{Played: -1, Wins: -1, Losses: -1}
}

// Two programs that think 0.2 s a move play ten games of 7 Colors 14×14, connected all
// along, with a grace of 15 s: the ten games last far longer than the grace in all, and
// between two games each program is a moment without a ticket. Every game is played:
// a program between two games is present (the director once started a grace clock then
// and never stopped it, and forfeited 7 of these 10 games).
func TestProgramsBetweenGamesAreNeverAbsent(t *testing.T) {
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	enterPrograms(t, r, "T1", `{"games_per_pairing":10}`, 15*time.Second, "ada", "bob")
	ada := &thinker{id: "SHA256:ada", think: 200 * time.Millisecond, between: 150 * time.Millisecond}
	bob := &thinker{id: "SHA256:bob", think: 200 * time.Millisecond, between: 400 * time.Millisecond}
	rep, notes, took := playOut(t, r, "T1", ada, bob)
	if took < 4*15*time.Second {
		t.Fatalf("the games took %v of fake time in all; the test needs them to outlast the grace several times", took)
	}
	for _, p := range []*thinker{ada, bob} {
		if p.played != 10 {
			t.Errorf("%s played %d games of 10 (notes: %v)", p.id, p.played, notes)
		}
		if len(p.missed) != 0 {
			t.Errorf("%s was told of forfeits: %v", p.id, p.missed)
		}
	}
	for _, name := range []string{"ada", "bob"} {
		if played, _, _ := standing(rep, name); played != 10 {
			t.Errorf("%s: %d games in the standings, want 10", name, played)
		}
	}
	for _, n := range notes {
		if strings.Contains(n, "forfeit") || strings.Contains(n, "nobody came") || strings.Contains(n, "waiting for") {
			t.Errorf("a note of a game not played: %s", n)
		}
	}
}

// A program that leaves after each game and comes back 10 s later, with a grace of 15 s:
// its first absence is waited for (10 s of the budget), the second only until the budget is
// spent (5 s more), and then every game due while it is away is forfeited at once: the
// tournament waited 15 s for it in all, not 15 s a game. The forfeits name it and since when
// it was away, and it is told of each when it comes back.
func TestTheGraceIsABudgetForTheWholeTournament(t *testing.T) {
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	enterPrograms(t, r, "T1", `{"games_per_pairing":6}`, 15*time.Second, "ada", "bob")
	ada := &thinker{id: "SHA256:ada", think: 50 * time.Millisecond, between: 50 * time.Millisecond}
	bob := &thinker{id: "SHA256:bob", think: 50 * time.Millisecond, away: 10 * time.Second}
	start := r.c.Now()
	rep, notes, took := playOut(t, r, "T1", ada, bob)
	played, _, losses := standing(rep, "bob")
	if played != 6 || bob.played != 2 || losses < 4 {
		t.Fatalf("bob: %d games in the standings (want 6), %d played (want 2: before each absence); notes:\n%s",
			played, bob.played, strings.Join(notes, "\n"))
	}
	if s := standingOf(rep, "bob"); s.Forfeits != 4 || s.Absent != 0 || standingOf(rep, "ada").Forfeits != 0 {
		t.Fatalf("the standings' forfeits: bob %+v, ada %+v", s, standingOf(rep, "ada"))
	}
	forfeits := 0
	for _, n := range notes {
		if strings.Contains(n, "bob forfeits against ada: not connected since ") {
			forfeits++
		}
	}
	if forfeits != 4 {
		t.Fatalf("%d forfeits of bob's in the notes, want 4:\n%s", forfeits, strings.Join(notes, "\n"))
	}
	told := strings.Join(bob.missed, "\n")
	if strings.Count(told, "forfeit against ada: your program was not connected since ") != 4 {
		t.Fatalf("bob was told:\n%s", told)
	}
	// After its second game, 5 s of budget were left: the tournament ends then, not a
	// grace later for each game forfeited.
	last := bob.endedAt[len(bob.endedAt)-1].Sub(start)
	if after := took - last; after < 5*time.Second || after > 6*time.Second {
		t.Fatalf("the tournament ended %v after bob's last game; 5 s of its grace were left", after)
	}
}

// A teacher removes a program after the start: the games it has not started are forfeited
// at once (it is not waited for), those it played keep their results, the others play on,
// and the program, asking for its next game, is refused with the reason and told of its
// forfeits.
func TestRemovingAnEntrantAfterTheStartForfeitsItsGames(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	create(t, r.st, "T1", "round-robin", 4, "greedy", "random")
	if err := r.st.AddEntrant(ctx, "T1", store.Entrant{ID: "SHA256:bob", Name: "bob", Kind: store.EntrantProgram}); err != nil {
		t.Fatal(err)
	}
	if err := r.d.Start(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	bob := &thinker{id: "SHA256:bob", think: 50 * time.Millisecond, between: 50 * time.Millisecond}
	for bob.played == 0 {
		bob.act(t, r, "T1", r.c.Now())
		r.step()
	}
	if _, err := r.d.Remove(ctx, "T1", "bob"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.d.Remove(ctx, "T1", "bob"); !director.IsState(err) {
		t.Fatalf("removing twice: %v", err)
	}
	rep := r.runUntil(t, finished, "T1")
	played, wins, losses := standing(rep, "bob")
	if played != 4 || wins+losses < 3 || bob.played != 1 || standingOf(rep, "bob").Forfeits != 3 {
		t.Fatalf("bob: %d in the standings (want 4), %d won, %d lost, %d played (want 1)", played, wins, losses, bob.played)
	}
	for _, s := range rep.Standings {
		if s.Name != "bob" && s.Played != 4 {
			t.Fatalf("%s played %d games, want 4", s.Name, s.Played)
		}
	}
	_, missed, err := r.d.Ready("T1", "SHA256:bob", bob)
	if !errors.Is(err, director.ErrNotLive) && !errors.Is(err, director.ErrRemoved) {
		t.Fatalf("bob asking again: %v", err)
	}
	if len(missed) != 3 || !strings.Contains(missed[0], "removed from the tournament by its teacher") {
		t.Fatalf("bob was told %q", missed)
	}
}

// A Perfect Aim tournament of programs (and a house bot) at the fast pace runs on the
// game's own clock, as arena match plays it: each decision waits for its program, which
// thinks 0.3 s (within the 0.5 s a move every game gives programs), and no decision waits
// for the hub's ticks (none are given here: the hub only serves its fast rooms). No program
// times out; a game's clock runs far ahead of what the programs' thinking cost.
func TestAFastPerfectAimTournamentRunsOnTheGamesClock(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	err := r.st.CreateTournament(ctx, store.Tournament{Code: "PA", Name: "TP", Game: "perfectaim", Format: "round-robin",
		Options: []byte(`{}`), Config: []byte(`{}`), Seed: 42, Parallel: director.MaxParallel,
		Grace: time.Minute, CreatedBy: "SHA256:teacher", CreatedAt: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"ada", "bob"} {
		if err := r.st.AddEntrant(ctx, "PA", store.Entrant{ID: "SHA256:" + id, Name: id, Kind: store.EntrantProgram}); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.st.AddEntrant(ctx, "PA", store.Entrant{ID: "house:zidane", Name: "zidane", Kind: store.EntrantHouse, Bot: "zidane"}); err != nil {
		t.Fatal(err)
	}
	if err := r.d.Start(ctx, "PA"); err != nil {
		t.Fatal(err)
	}
	ada := &thinker{id: "SHA256:ada", think: 300 * time.Millisecond}
	bob := &thinker{id: "SHA256:bob", think: 300 * time.Millisecond}
	var rep director.Report
	for step := 0; ; step++ {
		if step > 2_000_000 {
			t.Fatal("the tournament never ended")
		}
		for _, p := range []*thinker{ada, bob} {
			p.act(t, r, "PA", r.c.Now())
		}
		r.c.Add(10 * time.Millisecond)
		r.hub.ServeReady(1000)
		r.hub.WaitThinking()
		r.hub.WaitSaves()
		r.d.Step(ctx)
		if step%100 == 0 {
			if rep, err = r.d.Report(ctx, "PA"); err != nil {
				t.Fatal(err)
			}
			if finished(rep) {
				break
			}
		}
	}
	for _, p := range []*thinker{ada, bob} {
		if p.played != 2 || p.refused != 0 {
			t.Errorf("%s played %d games of 2, %d answers refused or late", p.id, p.played, p.refused)
		}
	}
	if rep.GamesPlayed != 3 {
		t.Fatalf("%d games recorded, want 3", rep.GamesPlayed)
	}
	t.Logf("%d and %d decisions in %v of fake time", ada.asked, bob.asked, r.c.Now().Sub(time.Unix(1e9, 0)))
}

// A tournament's own clock is every program's in its games: 250 ms a decision and no bank
// is too short for a program that thinks 300 ms (each answer is late), the server's 500 ms
// is not.
func TestATournamentsClockIsItsPrograms(t *testing.T) {
	for _, c := range []struct {
		options string
		late    bool
	}{{`{"move_ms":250,"bank_ms":0}`, true}, {`{}`, false}} {
		r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
		enterPrograms(t, r, "T1", c.options, 15*time.Second, "ada", "bob")
		ada := &thinker{id: "SHA256:ada", think: 300 * time.Millisecond, between: 50 * time.Millisecond}
		bob := &thinker{id: "SHA256:bob", think: 50 * time.Millisecond, between: 50 * time.Millisecond}
		playOut(t, r, "T1", ada, bob)
		if late := ada.refused > 0; late != c.late || bob.refused != 0 {
			t.Errorf("options %s: ada's answers refused %d times, bob's %d (%v)", c.options, ada.refused, bob.refused, bob.why)
		}
	}
}

// The teacher's console says what a round waits for: a slow program's game in play, with
// how long it takes a move, and who a game not started waits for.
func TestTheConsoleSaysWhomTheTournamentWaitsFor(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, filepath.Join(t.TempDir(), "a.db"), &clock{t: time.Unix(1e9, 0)})
	create(t, r.st, "T1", "swiss:2", 4, "greedy", "random")
	for _, id := range []string{"ada", "bob"} {
		if err := r.st.AddEntrant(ctx, "T1", store.Entrant{ID: "SHA256:" + id, Name: id, Kind: store.EntrantProgram}); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.d.Start(ctx, "T1"); err != nil {
		t.Fatal(err)
	}
	ada := &thinker{id: "SHA256:ada", think: 450 * time.Millisecond, between: 50 * time.Millisecond}
	slow := regexp.MustCompile(`^ada 0\.[45]\d* s a move$`)
	sawSlow, sawAway := false, false
	for step := 0; !sawSlow || !sawAway; step++ {
		if step > 100_000 {
			t.Fatalf("the console never said it: slow %v, away %v", sawSlow, sawAway)
		}
		ada.act(t, r, "T1", r.c.Now()) // bob never connects
		r.step()
		rep, err := r.d.Report(ctx, "T1")
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range rep.Playing {
			sawSlow = sawSlow || slow.MatchString(g.Pace)
		}
		for _, w := range rep.Waiting {
			sawAway = sawAway || strings.Contains(w, "waits for bob (not connected since ")
		}
	}
}
