package commands_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
)

// tournamentArena is an arena with a store and a tournament director, as arena serve
// builds it, and teacher's key in its admin keys file.
func tournamentArena(t testing.TB, teacher gossh.Signer) string {
	t.Helper()
	addr, _ := tournamentArenaWith(t, teacher, nil)
	return addr
}

// tournamentArenaWith is tournamentArena with its director set up by set (nil: as is),
// and its hub.
func tournamentArenaWith(t testing.TB, teacher gossh.Signer, set func(*director.Director)) (string, *rooms.Hub) {
	t.Helper()
	adminFile := arenatest.AdminKeys(t, teacher)
	st := arenatest.Store(t)
	d := director.New(st, nil)
	if set != nil {
		set(d)
	}
	cfg := arenatest.FastHub()
	cfg.OnFinish = d.OnFinish(st.SaveMatch)
	hub := rooms.NewHub(cfg)
	d.SetHub(hub)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{}, 2)
	go func() { hub.Run(ctx); done <- struct{}{} }()
	go func() { d.Run(ctx); done <- struct{}{} }()
	t.Cleanup(func() { cancel(); <-done; <-done; hub.WaitSaves() })
	app := commands.New(commands.Options{Hub: hub, Archive: st, Tournaments: st, Director: d, Logger: slog.New(slog.DiscardHandler)})
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.AdminKeysFile = adminFile; c.Logger = slog.New(slog.DiscardHandler) })
	return addr, hub
}

// createTournament creates a tournament with args and adds the house bots; it returns the
// code, the last line create prints.
func createTournament(t testing.TB, prof *gossh.Client, args, bots string) string {
	t.Helper()
	out, errOut, status := sshtest.Exec(t, prof, "tournament create "+args)
	if status != 0 {
		t.Fatalf("create: %d %q", status, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	code := lines[len(lines)-1]
	if len(code) != 6 || code[0] != 'T' {
		t.Fatalf("create printed %q: the last line is not the code alone", out)
	}
	if _, errOut, status := sshtest.Exec(t, prof, "tournament add "+code+" --bot "+bots); status != 0 {
		t.Fatalf("add: %d %q", status, errOut)
	}
	return code
}

type standingsOut struct {
	Code        string `json:"code"`
	State       string `json:"state"`
	GamesPlayed int    `json:"games_played"`
	GamesTotal  int    `json:"games_total"`
	Standings   []struct {
		Rank                        int
		Name                        string
		Points                      float64
		Played, Wins, Draws, Losses int
	} `json:"standings"`
}

func standings(t testing.TB, c *gossh.Client, code string) standingsOut {
	t.Helper()
	out, errOut, status := sshtest.Exec(t, c, "tournament standings "+code+" --json")
	if status != 0 {
		t.Fatalf("standings: %d %q", status, errOut)
	}
	var s standingsOut
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("standings JSON %q: %v", out, err)
	}
	return s
}

// A teacher runs a round robin of two students' programs and two house bots over SSH: the
// programs enter with bot --tournament, play every game as it comes due, and are told their
// place; the standings export as JSON and CSV. Students cannot run tournaments.
func TestATournamentOfProgramsAndHouseBots(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	code := createTournament(t, prof, "--game sevencolors --format round-robin --size 6 --name TP1", "greedy,random")

	students := []gossh.Signer{sshtest.NewKey(t), sshtest.NewKey(t)}
	sam := sshtest.Dial(t, addr, "sam", students[0])
	for _, cmd := range []string{"tournament create --game sevencolors --format swiss", "tournament start " + code,
		"tournament add " + code + " --bot greedy"} {
		if _, errOut, status := sshtest.Exec(t, sam, cmd); status != 1 || !strings.Contains(errOut, "only teachers") {
			t.Errorf("%s by a student: %d %q", cmd, status, errOut)
		}
	}
	var programs []*arenatest.Bot
	for i, name := range []string{"sam", "lea"} {
		programs = append(programs, arenatest.StartBot(t, sshtest.Dial(t, addr, name, students[i]), "--game sevencolors --tournament "+strings.ToLower(code)))
	}
	until.True(t, 20*time.Second, "the programs entering", func() bool { return len(standings(t, prof, code).Standings) >= 4 })
	if _, errOut, status := sshtest.Exec(t, prof, "tournament start "+code); status != 0 {
		t.Fatalf("start: %d %q", status, errOut)
	}
	late := arenatest.StartBot(t, sshtest.Dial(t, addr, "max", sshtest.NewKey(t)), "--game sevencolors --tournament "+code)
	late.PlayAll()
	late.St.Wait(t, 10*time.Second)
	if !strings.Contains(late.St.Stderr(), "entries are closed") {
		t.Errorf("a program entering a started tournament: %q", late.St.Stderr())
	}

	// Both programs play at once, as on two students' machines.
	played := make([]chan []arenatest.Msg, len(programs))
	for i, p := range programs {
		played[i] = make(chan []arenatest.Msg, 1)
		go func() { played[i] <- p.PlayAll() }()
	}
	for i, p := range programs {
		all := <-played[i]
		if status := p.St.Wait(t, 30*time.Second); status != 0 {
			t.Fatalf("program exit %d; stderr:\n%s", status, p.St.Stderr())
		}
		if n := len(arenatest.OfType(all, "end")); n != 3 {
			t.Fatalf("a program played %d games, want 3; stderr:\n%s", n, p.St.Stderr())
		}
		if !strings.Contains(p.St.Stderr(), "tournament "+code+" is finished: you are ") {
			t.Fatalf("the program was not told its place: %q", p.St.Stderr())
		}
	}
	s := standings(t, sam, code)
	if s.State != "finished" || s.GamesPlayed != 6 || s.GamesTotal != 6 || len(s.Standings) != 4 {
		t.Fatalf("standings %+v", s)
	}
	points := 0.0
	for _, row := range s.Standings {
		points += row.Points
		if row.Played != 3 || row.Wins+row.Draws+row.Losses != 3 {
			t.Fatalf("row %+v: everyone plays 3 games", row)
		}
	}
	if points != 6 {
		t.Fatalf("%v points given for 6 games", points)
	}
	out, _, status := sshtest.Exec(t, prof, "tournament standings "+code+" --csv")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if status != 0 || err != nil || len(recs) != 5 || recs[0][0] != "rank" || recs[1][1] != s.Standings[0].Name {
		t.Fatalf("CSV %q: %v", out, err)
	}
	out, _, _ = sshtest.Exec(t, prof, "tournament list")
	if !strings.Contains(out, code) || !strings.Contains(out, "finished") || !strings.Contains(out, "6/6") {
		t.Fatalf("list: %q", out)
	}
	if _, errOut, status := sshtest.Exec(t, prof, "tournament start "+code); status != 1 || !strings.Contains(errOut, "is finished") {
		t.Fatalf("starting a finished tournament: %d %q", status, errOut)
	}
}

// A person enters a tournament from the lobby; the teacher starts it from the standings
// screen; the person's lobby rings, counts down and takes them into their game.
func TestAPersonIsCalledToTheirTournamentGame(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	code := createTournament(t, prof, "--game sevencolors --format round-robin --size 6 --name Friday", "random")

	ann := sshtest.NewTerm(t, sshtest.Dial(t, addr, "ann", sshtest.NewKey(t)), sshtest.Size(100, 30))
	enterFromTheLobby(t, ann, code, "Friday")

	console := sshtest.NewTerm(t, sshtest.Dial(t, addr, "prof", teacher), sshtest.Size(100, 30))
	console.WaitFor(t, "Join a tournament", 10*time.Second)
	console.Send(t, "8")
	console.WaitFor(t, "Tournament code", 10*time.Second)
	console.Send(t, code+"\r")
	console.WaitFor(t, "s start", 10*time.Second)
	console.Send(t, "s")
	console.WaitFor(t, "tournament started", 10*time.Second)

	ann.WaitFor(t, "your game against random starts in", 20*time.Second)
	ann.WaitFor(t, "your tournament game: good luck!", 30*time.Second)
	ann.WaitFor(t, "7 Colors · room", 10*time.Second)
}

// enterFromTheLobby enters the person on term in tournament code (called name) as a person
// does: Join a tournament, its code, j.
func enterFromTheLobby(t *testing.T, term *sshtest.Term, code, name string) {
	t.Helper()
	term.WaitFor(t, "Join a tournament", 10*time.Second)
	term.Send(t, "8")
	term.WaitFor(t, "Tournament code", 10*time.Second)
	term.Send(t, strings.ToLower(code)+"\r")
	term.WaitFor(t, "Entrants:", 10*time.Second)
	term.Send(t, "j")
	term.WaitFor(t, "you are entered in "+name, 10*time.Second)
}

// A person entered in a tournament is called to each game wherever they are: reading the
// rules, on a game's result screen, watching someone else's game, or playing another game
// (asked whether to leave it: y). The teacher pauses the tournament between two games while
// the person goes to the next screen, and resumes it. At the end the person is told their
// place, as programs are.
func TestAPersonIsCalledFromEveryScreen(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr, hub := tournamentArenaWith(t, teacher, func(d *director.Director) { d.CallAhead = 3 * time.Second })
	prof := sshtest.Dial(t, addr, "prof", teacher)
	code := createTournament(t, prof, "--game sevencolors --format round-robin --games-per-pairing 4 --size 6 --name Friday", "random")
	annKey := sshtest.NewKey(t)
	teach := func(cmd string) {
		t.Helper()
		if _, errOut, status := sshtest.Exec(t, prof, "tournament "+cmd+" "+code); status != 0 {
			t.Fatalf("tournament %s: %d %q", cmd, status, errOut)
		}
	}
	// leaveGame leaves the tournament game a terminal was brought to, the tournament paused
	// first so that the next game waits for the next screen.
	leaveGame := func(term *sshtest.Term) {
		t.Helper()
		term.WaitScreen(t, "your tournament game: good luck!", 30*time.Second)
		term.WaitScreen(t, "7 Colors · room", 10*time.Second)
		teach("pause")
		term.Type(t, "q")
		term.WaitScreen(t, "Leave this game?", 10*time.Second)
		term.Type(t, "y")
		term.WaitScreen(t, "Quick match", 10*time.Second)
	}

	// 1. The rules, from the lobby, where ann entered.
	a := sshtest.NewTerm(t, sshtest.Dial(t, addr, "ann", annKey), sshtest.Size(100, 30))
	enterFromTheLobby(t, a, code, "Friday")
	// Back to the tournaments, then to the lobby, one screen at a time: an esc typed with
	// the next key in one read is alt+that key.
	a.Type(t, "esc")
	a.WaitScreen(t, "Tournament code", 10*time.Second)
	a.Type(t, "esc")
	a.WaitScreen(t, "Quick match", 10*time.Second)
	a.Type(t, "?")
	a.WaitScreen(t, "From a shell:", 10*time.Second)
	teach("start")
	leaveGame(a)
	a.Type(t, "q") // one screen at a time from now on

	// 2. A game's result screen: ann plays a 2×2 game to its end.
	b := sshtest.NewTerm(t, sshtest.Dial(t, addr, "ann", annKey), sshtest.Size(100, 30), sshtest.Command("play sevencolors --vs random --size 2"))
	for i := 0; !strings.Contains(b.Screen(), "rematch"); i++ {
		if i > 200 {
			t.Fatalf("the 2×2 game never ended:\n%s", b.Screen())
		}
		before := b.Screen()
		b.Type(t, string(rune('a'+i%7))) // a move, or a sentence on why not: the screen changes
		b.WaitScreen(t, func(s string) bool { return s != before }, 10*time.Second)
	}
	teach("resume")
	leaveGame(b)
	b.Type(t, "q")

	// 3. Watching bob's game (bob thinks: his turn lasts a minute).
	bob := sshtest.NewTerm(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)), sshtest.Size(100, 30), sshtest.Command("play sevencolors --vs greedy --size 6"))
	bob.WaitFor(t, "7 Colors · room", 10*time.Second)
	var bobs string
	until.True(t, 10*time.Second, "bob's room", func() bool {
		for _, info := range hub.List() {
			if info.Status == rooms.Playing && strings.Contains(info.Players(), "bob") {
				bobs = info.ID
			}
		}
		return bobs != ""
	})
	c := sshtest.NewTerm(t, sshtest.Dial(t, addr, "ann", annKey), sshtest.Size(100, 30), sshtest.Command("watch "+bobs))
	c.WaitFor(t, "bob", 10*time.Second)
	teach("resume")
	leaveGame(c)
	c.Type(t, "q")

	// 4. Playing another game: asked, ann leaves it with y.
	d := sshtest.NewTerm(t, sshtest.Dial(t, addr, "ann", annKey), sshtest.Size(100, 30), sshtest.Command("play sevencolors --vs greedy --size 6"))
	d.WaitFor(t, "7 Colors · room", 10*time.Second)
	teach("resume")
	d.WaitScreen(t, "y leaves this game for it", 30*time.Second)
	d.Type(t, "y")
	d.WaitScreen(t, "your tournament game: good luck!", 30*time.Second)
	d.WaitScreen(t, "7 Colors · room", 10*time.Second)
	d.Type(t, "q")
	d.WaitScreen(t, "Leave this game?", 10*time.Second)
	d.Type(t, "y")

	// The end: ann is told her place.
	d.WaitScreen(t, "Friday is finished: you are ", 60*time.Second)
}

// The teacher's create command works as pasted into a shell: ssh joins the words and the
// server splits them again, so a quoted --name arrives as several words (taken together,
// up to the next option), and quotes inside quotes survive. Mistakes get a sentence.
func TestCreatingATournamentAsPasted(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	for _, cmd := range []string{
		// what OpenSSH sends for: --name "TP 7 couleurs", and for: --name "'TP 7 couleurs'"
		"tournament create --game sevencolors --format swiss --rounds 5 --games-per-pairing 2 --size 20 --name TP 7 couleurs",
		"tournament create --name 'TP 7 couleurs' --game sevencolors --format swiss --rounds 5",
	} {
		out, errOut, status := sshtest.Exec(t, prof, cmd)
		if status != 0 || !strings.Contains(out, `"TP 7 couleurs"`) || !strings.Contains(out, "256 games at once") {
			t.Fatalf("%s: exit %d, %q %q", cmd, status, out, errOut)
		}
	}
	out, _, status := sshtest.Exec(t, prof, "tournament create --help")
	if status != 0 || !strings.Contains(out, "--games-per-pairing N") || !strings.Contains(out, `--name "'TP 7 couleurs'"`) {
		t.Fatalf("create --help: exit %d, %q", status, out)
	}
	out, _, _ = sshtest.Exec(t, prof, "tournament create --game sevencolors --format swiss --parallel 1")
	if !strings.Contains(out, "1 game at once") {
		t.Fatalf("--parallel 1: %q", out)
	}
	for cmd, want := range map[string]string{
		"tournament create --game sevencolors --format roundrobin":                                 "did you mean round-robin?",
		"tournament create --game sevencolors --format round-robin --games-per-pairing 1000000000": "games per pairing: from 1 to 100, not 1000000000",
		"tournament create --game sevencolors --format double-round-robin --games-per-pairing 99":  "would schedule up to 399168 games with 64 entrants",
		"tournament create --game sevencolors --format swiss --rounds 100000":                      "rounds: from 1 to 100",
		"tournament create --game sevencolors --format round-robin --max-entrants 5000":            "--max-entrants: from 2 to 1000",
	} {
		_, errOut, status := sshtest.Exec(t, prof, cmd)
		if status != 2 || !strings.Contains(errOut, want) {
			t.Errorf("%s: exit %d, %q; want %q", cmd, status, errOut, want)
		}
	}
}

// A tournament name holding escape sequences is printed clean by the plain commands too (it
// is cleaned when created, and again wherever it is printed, for names stored before).
func TestTournamentNamesArePrintedClean(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	code := createTournament(t, prof, "--game sevencolors --format round-robin --size 6 --name '\x1b]0;pwned\x07\x1b[2Jclass'", "greedy,random")
	for _, cmd := range []string{"tournament list", "tournament standings " + code} {
		out, errOut, status := sshtest.Exec(t, prof, cmd)
		if status != 0 || strings.ContainsAny(out, "\x1b\x07") || !strings.Contains(out, "class") {
			t.Fatalf("%s: exit %d, %q %q", cmd, status, out, errOut)
		}
	}
	// Bidi controls and zero-width characters (a name that reads reversed on every screen
	// and in every CSV) are gone from the name as stored.
	code = createTournament(t, prof, "--game sevencolors --format round-robin --size 6 --name 'TP\u202egnirts\u200b 7'", "greedy,random")
	out, errOut, status := sshtest.Exec(t, prof, "tournament standings "+code+" --json")
	if status != 0 || strings.ContainsAny(out, "\u202e\u200b") || !strings.Contains(out, `"name":"TPgnirts 7"`) {
		t.Fatalf("standings of a name with bidi controls: exit %d, %q %q", status, out, errOut)
	}
}

// A teacher sends a class list on stdin; create says what it took, and a bad list is a
// sentence; remove then allow over SSH.
func TestATournamentTakesAClassListOnStdin(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr := tournamentArena(t, teacher)
	prof := sshtest.Dial(t, addr, "prof", teacher)
	out, errOut, status := sshtest.ExecInput(t, prof, "tournament create --game sevencolors --format round-robin --entrants -",
		"# TP groupe B\nann\nbob\nSHA256:abcdefghijklmnop\n\n")
	if status != 0 || !strings.Contains(out, "Entries: only the class list's 3 names and keys.") {
		t.Fatalf("create with a class list: %d %q %q", status, out, errOut)
	}
	_, errOut, status = sshtest.ExecInput(t, prof, "tournament create --game sevencolors --format round-robin --entrants -", "ann bob\n")
	if status != 2 || !strings.Contains(errOut, "one name or key fingerprint a line") {
		t.Fatalf("a malformed class list: %d %q", status, errOut)
	}
	code := createTournament(t, prof, "--game sevencolors --format round-robin", "greedy,random")
	if out, errOut, status := sshtest.Exec(t, prof, "tournament remove "+code+" random"); status != 0 || !strings.Contains(out, "random is no longer entered") {
		t.Fatalf("remove: %d %q %q", status, out, errOut)
	}
	if _, errOut, status := sshtest.Exec(t, prof, "tournament allow "+code+" nobody"); status != 1 || !strings.Contains(errOut, "nobody removed called") {
		t.Fatalf("allow of someone never removed: %d %q", status, errOut)
	}
}

// A private room is not listed to others, nor watched by its id; its players and teachers
// see it, and its code opens it to anyone (security round three).
func TestAPrivateRoomIsPrivate(t *testing.T) {
	teacher := sshtest.NewKey(t)
	addr, hub := tournamentArenaWith(t, teacher, nil)
	aliceKey := sshtest.NewKey(t)
	alice := sshtest.Dial(t, addr, "alice", aliceKey)
	aliceID := whoamiID(t, alice)
	e, _ := catalog.Get("sevencolors")
	r, err := hub.Create(rooms.Spec{Game: e.Entry, Private: true, Owner: aliceID, Seats: []rooms.Seat{
		{Kind: rooms.Human, UserID: aliceID, Name: "alice"}, {Kind: rooms.Open}}})
	if err != nil {
		t.Fatal(err)
	}
	bob := sshtest.Dial(t, addr, "bob", sshtest.NewKey(t))
	prof := sshtest.Dial(t, addr, "prof", teacher)
	for name, c := range map[string]*gossh.Client{"alice": alice, "bob": bob, "the teacher": prof} {
		out, _, _ := sshtest.Exec(t, c, "rooms")
		if listed := strings.Contains(out, r.ID()); listed != (name != "bob") {
			t.Errorf("rooms as %s lists the private room: %v\n%s", name, listed, out)
		}
	}
	byID := sshtest.NewTerm(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)), sshtest.Command("watch "+r.ID()))
	byID.WaitFor(t, "no live room", 10*time.Second)
	byCode := sshtest.NewTerm(t, sshtest.Dial(t, addr, "bob", sshtest.NewKey(t)), sshtest.Command("watch "+r.Code()))
	byCode.WaitFor(t, "room "+r.ID(), 10*time.Second)
}

func whoamiID(t *testing.T, c *gossh.Client) string {
	t.Helper()
	out, _, _ := sshtest.Exec(t, c, "whoami")
	for _, line := range strings.Split(out, "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && k == "key" {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("whoami: %q", out)
	return ""
}

// unreadable is a store whose tournaments cannot be read: its database does not answer.
type unreadable struct{ *store.Store }

func (unreadable) Tournament(context.Context, string) (store.Tournament, error) {
	return store.Tournament{}, errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")
}

// A program that comes to its tournament while the database does not answer is told that
// it is temporary, with status 75: the starter kits come back by themselves (a status 1
// would stop them for good, and every later game of theirs would be a forfeit).
func TestAProgramIsToldToComeBackWhileTheTournamentsCannotBeRead(t *testing.T) {
	st := arenatest.Store(t)
	d := director.New(st, nil)
	hub := rooms.NewHub(arenatest.FastHub())
	d.SetHub(hub)
	app := commands.New(commands.Options{Hub: hub, Archive: st, Tournaments: unreadable{st}, Director: d,
		Logger: slog.New(slog.DiscardHandler)})
	addr, _ := sshtest.Start(t, app, func(c *server.Config) { c.Logger = slog.New(slog.DiscardHandler) })
	// A program keeps its end of the connection open, as the kits do: the sentence is
	// written before the session ends.
	bot := arenatest.StartBot(t, sshtest.Dial(t, addr, "ann", sshtest.NewKey(t)), "--game sevencolors --tournament ABCDEF")
	code := bot.St.Wait(t, 20*time.Second)
	if errOut := bot.St.Stderr(); code != server.ExitTryAgain || !strings.Contains(errOut, "This is temporary") {
		t.Fatalf("while the tournaments cannot be read: status %d, %q; want 75 and a sentence saying it is temporary", code, errOut)
	}
}
