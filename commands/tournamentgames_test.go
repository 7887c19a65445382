package commands_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament"
	"github.com/arena-classroom/arena/tournament/director"
)

// gamesDoc is `tournament games CODE --json`, every field of it: decoded and encoded again,
// it gives the same text (TestTournamentGamesListEveryGame).
type gamesDoc struct {
	Code        string              `json:"code"`
	Name        string              `json:"name"`
	Game        string              `json:"game"`
	Format      string              `json:"format"`
	State       string              `json:"state"`
	Round       int                 `json:"round"`
	Rounds      int                 `json:"rounds"`
	Paired      bool                `json:"paired"`
	Games       []director.GameLine `json:"games"`
	Corrections []struct {
		Game   string `json:"game"`
		Action string `json:"action"`
		By     string `json:"by"`
		At     string `json:"at"`
		Text   string `json:"text"`
	} `json:"corrections"`
}

// tournamentGames runs `tournament games ARGS --json` on c and decodes it, checking that it
// encodes again to the same text: every field is known, and stable.
func tournamentGames(t *testing.T, c *gossh.Client, args string) gamesDoc {
	t.Helper()
	out, errOut, status := sshtest.Exec(t, c, "tournament games "+args+" --json")
	if status != 0 {
		t.Fatalf("tournament games %s --json: %d %q", args, status, errOut)
	}
	var doc gamesDoc
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("tournament games %s --json: %v\n%s", args, err, out)
	}
	var again bytes.Buffer
	if err := json.NewEncoder(&again).Encode(doc); err != nil {
		t.Fatal(err)
	}
	if again.String() != out {
		t.Fatalf("tournament games %s --json does not round-trip:\n%s\nencoded again:\n%s", args, out, again.String())
	}
	return doc
}

// enterAndLeave enters a program called name in tournament code, and has it leave: it is
// absent from the start, and its games are forfeited once the grace is spent.
func enterAndLeave(t *testing.T, addr, code, name string) {
	t.Helper()
	c := sshtest.Dial(t, addr, name, sshtest.NewKey(t))
	b := arenatest.StartBot(t, c, "--game sevencolors --tournament "+code)
	until.True(t, 10*time.Second, name+"'s program entering", func() bool { return strings.Contains(b.St.Stderr(), " entered as ") })
	c.Close()
}

// A round robin of three house bots and two programs that entered and left, played to its
// end: tournament games lists every game once, in the schedule's order, from the start
// (those not played yet too); the games played open with replay ID; the programs' games
// are forfeits, and the one between them nobody came to; --round, --csv and --json agree.
// history --tournament lists the games of that tournament only, and says what each was.
func TestTournamentGamesListEveryGame(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	code := createTournament(t, prof, "--game sevencolors --format round-robin --size 6 --name G1 --grace 5s", "greedy,random,mixed")
	for _, name := range []string{"ada", "bob"} {
		enterAndLeave(t, addr, code, name)
	}
	until.True(t, 10*time.Second, "the programs entering", func() bool { return len(standings(t, prof, code).Standings) == 5 })
	if out, _, status := sshtest.Exec(t, prof, "tournament games "+code); status != 0 || !strings.Contains(out, "has not started") {
		t.Fatalf("the games before the start: %d %q", status, out)
	}
	if _, errOut, status := sshtest.Exec(t, prof, "tournament start "+code); status != 0 {
		t.Fatalf("start: %d %q", status, errOut)
	}
	// A round robin's schedule is known whole: every game is listed at once, the programs'
	// waiting for them (they have 5 s of grace).
	doc := tournamentGames(t, prof, code)
	if len(doc.Games) != 10 || doc.Rounds != 5 || !doc.Paired {
		t.Fatalf("%d games of %d rounds (paired: %v) listed at the start, want 10 of 5", len(doc.Games), doc.Rounds, doc.Paired)
	}
	waiting := 0
	for _, g := range doc.Games {
		if g.How == director.HowPending || g.How == director.HowPlaying {
			waiting++
			if g.Result != "" || g.Match != "" || g.Points != nil {
				t.Fatalf("a game not over has a result: %+v", g)
			}
		}
	}
	if waiting == 0 {
		t.Fatal("no game waits at the start")
	}

	until.True(t, 60*time.Second, "the tournament's end", func() bool { return standings(t, prof, code).State == "finished" })
	sam := sshtest.Dial(t, addr, "sam", sshtest.NewKey(t)) // a student: the games of a tournament are anyone's to read
	doc = tournamentGames(t, sam, code)
	if doc.Code != code || doc.State != "finished" || doc.Format != "round-robin" || doc.Game != "sevencolors" || len(doc.Games) != 10 {
		t.Fatalf("the games of the finished tournament: %+v", doc)
	}
	ids := map[string]bool{}
	how := map[string]int{}
	var matches []string
	for i, g := range doc.Games {
		if ids[g.ID] {
			t.Fatalf("game %s listed twice", g.ID)
		}
		ids[g.ID] = true
		if g.ID != director.GameID(g.Round, g.Pairing-1, g.Leg-1) {
			t.Fatalf("game %s is said to be round %d, pairing %d, game %d", g.ID, g.Round, g.Pairing, g.Leg)
		}
		if i > 0 && doc.Games[i-1].Round > g.Round {
			t.Fatalf("game %s listed after a game of a later round", g.ID)
		}
		how[g.How]++
		programs := 0
		for _, p := range g.Players {
			if p == "ada" || p == "bob" {
				programs++
			}
		}
		sum := 0.0
		for _, p := range g.Points {
			sum += p
		}
		switch {
		case programs == 0:
			if g.How != director.HowPlayed || g.Match == "" || len(g.Ranks) != 2 || sum != 1 || g.Result == "" {
				t.Fatalf("a game of house bots: %+v", g)
			}
			matches = append(matches, g.Match)
		case programs == 1:
			if g.How != director.HowForfeit || !slices.Contains(g.Players, g.Forfeit) || g.Match != "" || sum != 1 ||
				g.Result != g.Forfeit+" forfeits" {
				t.Fatalf("a program's game against a house bot: %+v", g)
			}
		default:
			if g.How != director.HowAbsent || g.Match != "" || sum != 0 || len(g.Points) != 2 || g.Result != "nobody came" {
				t.Fatalf("the programs' game: %+v", g)
			}
		}
	}
	if how[director.HowPlayed] != 3 || how[director.HowForfeit] != 6 || how[director.HowAbsent] != 1 {
		t.Fatalf("how the games ended: %v", how)
	}
	for _, id := range matches {
		out, errOut, status := sshtest.Exec(t, sam, "replay "+id+" --json")
		var rp struct {
			ID    string `json:"id"`
			Moves []any  `json:"moves"`
		}
		if status != 0 || json.Unmarshal([]byte(out), &rp) != nil || rp.ID != id || len(rp.Moves) == 0 {
			t.Fatalf("replay %s --json: %d %q", id, status, errOut)
		}
	}

	// The text: one line a game, the forfeits and the absent game said so.
	out, _, status := sshtest.Exec(t, sam, "tournament games "+code)
	if status != 0 || !strings.Contains(out, "forfeit by ada") || !strings.Contains(out, "forfeit by bob") ||
		!strings.Contains(out, "absent (nobody came)") || strings.Count(out, " played ") != 3 || !strings.HasPrefix(out, "GAME") {
		t.Fatalf("tournament games %s:\n%s", code, out)
	}
	for _, g := range doc.Games {
		if !strings.Contains(out, g.ID+" ") {
			t.Fatalf("game %s is not in the text:\n%s", g.ID, out)
		}
	}

	// Round by round: each round's games, and no other; together, every game.
	var byRound []string
	for r := 1; r <= doc.Rounds; r++ {
		round := tournamentGames(t, sam, fmt.Sprintf("%s --round %d", code, r))
		if len(round.Games) != 2 {
			t.Fatalf("round %d: %d games, want 2 (and a bye)", r, len(round.Games))
		}
		for _, g := range round.Games {
			if g.Round != r {
				t.Fatalf("--round %d lists game %s", r, g.ID)
			}
			byRound = append(byRound, g.ID)
		}
	}
	if len(byRound) != len(ids) {
		t.Fatalf("the rounds list %d games, the whole %d", len(byRound), len(ids))
	}
	if out, _, status := sshtest.Exec(t, sam, "tournament games "+code+" --round 9"); status != 0 || !strings.Contains(out, "round 9 of "+code+" has no game") {
		t.Fatalf("a round beyond the last: %d %q", status, out)
	}

	// CSV: a head and a line a game, as the JSON has them.
	out, _, status = sshtest.Exec(t, sam, "tournament games "+code+" --csv")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if status != 0 || err != nil || len(recs) != 11 {
		t.Fatalf("CSV (%d): %v\n%s", status, err, out)
	}
	if want := "id,round,pairing,leg,players,ranks,points,result,how,forfeit,replay,room,at"; strings.Join(recs[0], ",") != want {
		t.Fatalf("CSV head %v, want %s", recs[0], want)
	}
	for i, rec := range recs[1:] {
		g := doc.Games[i]
		if rec[0] != g.ID || rec[4] != strings.Join(g.Players, " vs ") || rec[8] != g.How || rec[9] != g.Forfeit || rec[10] != g.Match {
			t.Fatalf("CSV line %v, JSON %+v", rec, g)
		}
	}

	for _, c := range []struct {
		args   string
		status int
		says   string
	}{
		{code + " --round 0", 2, "--round counts from 1"},
		{code + " --json --csv", 2, "usage: tournament games"},
		{code + " --rounds 2", 2, "usage: tournament games"},
		{"", 2, "usage: tournament games"},
		{"TNOPE1", 1, "no tournament"},
	} {
		if _, errOut, status := sshtest.Exec(t, sam, "tournament games "+c.args); status != c.status || !strings.Contains(errOut, c.says) {
			t.Errorf("tournament games %s: %d %q, want %d and %q", c.args, status, errOut, c.status, c.says)
		}
	}
	if out, _, status := sshtest.Exec(t, sam, "tournament games --help"); status != 0 || !strings.Contains(out, "--round N") {
		t.Errorf("tournament games --help: %d %q", status, out)
	}

	// Another tournament of greedy's, played to its end: history --tournament keeps them apart.
	other := createTournament(t, prof, "--game sevencolors --format round-robin --size 6 --name G2", "greedy,random")
	if _, errOut, status := sshtest.Exec(t, prof, "tournament start "+other); status != 0 {
		t.Fatalf("start: %d %q", status, errOut)
	}
	until.True(t, 60*time.Second, "the other tournament's end", func() bool { return standings(t, prof, other).State == "finished" })
	history := func(args string) []map[string]any {
		t.Helper()
		out, errOut, status := sshtest.Exec(t, sam, "history "+args+" --json")
		var rows []map[string]any
		if status != 0 || json.Unmarshal([]byte(out), &rows) != nil {
			t.Fatalf("history %s --json: %d %q %q", args, status, out, errOut)
		}
		return rows
	}
	idsOf := func(rows []map[string]any) (out []string) {
		for _, r := range rows {
			out = append(out, r["id"].(string))
			if r["kind"] != "tournament" {
				t.Fatalf("a tournament game of kind %v: %v", r["kind"], r)
			}
		}
		slices.Sort(out)
		return out
	}
	slices.Sort(matches)
	if got := idsOf(history("--tournament " + strings.ToLower(code))); !slices.Equal(got, matches) {
		t.Fatalf("history --tournament %s: %v, want the games played %v", code, got, matches)
	}
	for _, r := range history("--tournament " + code) {
		if r["tournament"] != code || r["seat"].(float64) != -1 {
			t.Fatalf("history --tournament %s lists %v", code, r)
		}
	}
	greedy := history("greedy")
	inOther := 0
	for _, r := range greedy {
		if r["tournament"] == other {
			inOther++
		}
	}
	if len(greedy) != 3 || inOther != 1 {
		t.Fatalf("greedy's history: %v", greedy)
	}
	mine := history("greedy --tournament " + code)
	if len(mine) != 2 {
		t.Fatalf("greedy's games of %s: %v", code, mine)
	}
	for _, r := range mine {
		if !slices.Contains(matches, r["id"].(string)) {
			t.Fatalf("history greedy --tournament %s lists %v", code, r)
		}
	}
	out, _, status = sshtest.Exec(t, sam, "history greedy --tournament "+other)
	if status != 0 || !strings.Contains(out, "KIND") || !strings.Contains(out, "tournament "+other) || strings.Contains(out, "tournament "+code) {
		t.Fatalf("history greedy --tournament %s:\n%s", other, out)
	}
	if out, _, status := sshtest.Exec(t, sam, "history greedy --live"); status != 0 || !strings.Contains(out, "no stored games of greedy out of tournaments") {
		t.Fatalf("history greedy --live: %d %q", status, out)
	}
	if out, _, status := sshtest.Exec(t, sam, "history --practice"); status != 0 || !strings.Contains(out, "no stored practice games of sam") {
		t.Fatalf("history --practice: %d %q", status, out)
	}
	if _, errOut, status := sshtest.Exec(t, sam, "history --tournament "+code+" --live"); status != 2 || !strings.Contains(errOut, "one of") {
		t.Fatalf("two filters: %d %q", status, errOut)
	}
	if _, errOut, status := sshtest.Exec(t, sam, "history --tournament TNOPE1"); status != 1 || !strings.Contains(errOut, "no tournament") {
		t.Fatalf("history of a tournament that does not exist: %d %q", status, errOut)
	}
	if out, _, status := sshtest.Exec(t, sam, "history greedy --limit 2"); status != 0 || strings.Count(out, " tournament T") != 2 ||
		!strings.Contains(out, "(the last 2; --limit N lists up to") {
		t.Fatalf("history greedy --limit 2: %d %q", status, out)
	}

	// The teacher voids a game played and has another played again: the list shows them as
	// they now stand, the corrections under them; history keeps the games replaced.
	var played []director.GameLine
	for _, g := range doc.Games {
		if g.How == director.HowPlayed {
			played = append(played, g)
		}
	}
	voided, again := played[0], played[1]
	for _, cmd := range []string{"void " + code + " " + voided.ID, "replay " + code + " " + again.ID} {
		if _, errOut, status := sshtest.Exec(t, prof, "tournament "+cmd); status != 0 {
			t.Fatalf("tournament %s: %d %q", cmd, status, errOut)
		}
	}
	until.True(t, 60*time.Second, "the game played again", func() bool { return standings(t, prof, code).State == "finished" })
	corrected := tournamentGames(t, sam, code)
	if len(corrected.Games) != 10 || len(corrected.Corrections) != 2 || corrected.Corrections[0].Action != "void" ||
		corrected.Corrections[1].Game != again.ID || corrected.Corrections[1].By == "" {
		t.Fatalf("after the corrections: %d games, corrections %+v", len(corrected.Games), corrected.Corrections)
	}
	for _, g := range corrected.Games {
		switch g.ID {
		case voided.ID:
			if g.How != director.HowVoided || g.Match != "" || g.Points != nil || g.Result != "voided" {
				t.Fatalf("the voided game: %+v", g)
			}
		case again.ID:
			if g.How != director.HowPlayed || g.Match == "" || g.Match == again.Match {
				t.Fatalf("the game played again: %+v (it was %s)", g, again.Match)
			}
			matches = append(matches, g.Match)
		}
	}
	out, _, _ = sshtest.Exec(t, sam, "tournament games "+code)
	by := corrected.Corrections[0].By // the teacher's name ("prof" is reserved)
	if !strings.Contains(out, "Corrections:") || !strings.Contains(out, "voided by "+by) || !strings.Contains(out, "played again by "+by) {
		t.Fatalf("the corrections are not under the games:\n%s", out)
	}
	rows := history("--tournament " + code)
	replaced := 0
	for _, r := range rows {
		if r["replaced"] == true {
			replaced++
			if r["id"] != voided.Match && r["id"] != again.Match {
				t.Fatalf("history --tournament %s: %v is not a game replaced", code, r)
			}
		}
	}
	slices.Sort(matches)
	if got := idsOf(rows); replaced != 2 || !slices.Equal(got, matches) {
		t.Fatalf("history --tournament %s after the corrections: %v (%d replaced), want %v", code, got, replaced, matches)
	}
}

// tournament games reads the tournament's record once, whatever its number of games.
func TestTournamentGamesReadsTheRecordOnce(t *testing.T) {
	st := storetest.Open(t)
	ctx := context.Background()
	teacher := sshtest.NewKey(t)
	addr, reads, _ := countedArena(t, st, teacher, false)
	if err := st.CreateTournament(ctx, store.Tournament{Code: "T00001", Name: "class", Game: "sevencolors", Format: "round-robin",
		Options: []byte(`{}`), Config: []byte(`{"size":8}`), Parallel: 2, Grace: time.Minute, CreatedBy: "SHA256:teacher",
		CreatedAt: time.Unix(1, 0)}); err != nil {
		t.Fatal(err)
	}
	var entrants []tournament.Entrant
	for i := range 12 {
		e := store.Entrant{ID: fmt.Sprintf("house:greedy#%d", i), Name: fmt.Sprintf("greedy-%d", i), Kind: store.EntrantHouse, Bot: "greedy"}
		if err := st.AddEntrant(ctx, "T00001", e); err != nil {
			t.Fatal(err)
		}
		entrants = append(entrants, tournament.Entrant{ID: e.ID, Name: e.Name})
	}
	if err := st.SetTournamentState(ctx, "T00001", store.TournamentRunning); err != nil {
		t.Fatal(err)
	}
	round, err := tournament.RoundRobin{}.Next(entrants, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range append(round.Pending, round.Later...) {
		if err := st.RecordForfeit(ctx, "T00001", store.TournamentGame{Round: g.Round, Pairing: g.Pairing, Leg: g.Leg,
			Seats: g.Seats, Forfeit: g.Seats[1], At: time.Unix(100, 0)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.SetTournamentState(ctx, "T00001", store.TournamentFinished); err != nil {
		t.Fatal(err)
	}
	c := sshtest.Dial(t, addr, "ada", teacher)
	reads.taken()
	for _, args := range []string{"", " --json", " --csv", " --round 3"} {
		out, errOut, status := sshtest.Exec(t, c, "tournament games T00001"+args)
		if status != 0 || strings.Count(out, "forfeit") < 4 {
			t.Fatalf("tournament games T00001%s: %d %q\n%s", args, status, errOut, out)
		}
		if r := reads.taken(); !maps.Equal(r, map[string]int{"TournamentRecords": 1}) {
			t.Fatalf("tournament games%s read %v, want TournamentRecords once (66 games)", args, r)
		}
	}
}
