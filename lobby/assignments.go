package lobby

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/botproto"
	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/codes"
	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/program"
	"github.com/arena-classroom/arena/seed"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
)

// Assignments keeps teachers' assignments and the students' runs; *store.Store is one.
type Assignments interface {
	CreateAssignment(ctx context.Context, a store.Assignment) error
	Assignment(ctx context.Context, code string) (store.Assignment, error)
	Assignments(ctx context.Context) ([]store.Assignment, []int, error)
	RecordRun(ctx context.Context, r store.Run) error
	BestRuns(ctx context.Context, code string) ([]store.Run, error)
}

const assignmentUsage = `usage:
  assignment create --game GAME --vs BOT[,BOT…] --games N [--size N] [--config KEY=VAL] --pass P%
  assignment list
  assignment export CODE [--json]            (CSV by default)
Students: ssh -T HOST bot --game GAME --assignment CODE, with their program (see docs/bots.md).`

// assignmentCommand serves `assignment …`: teachers only.
func (a *App) assignmentCommand(s *server.Session, stdout, stderr io.Writer) int {
	if len(s.Args) < 2 {
		fmt.Fprintln(stderr, assignmentUsage)
		return 2
	}
	if s.Args[1] == "--help" || s.Args[1] == "help" {
		fmt.Fprintln(stdout, assignmentUsage)
		return 0
	}
	if !s.Who.Admin {
		a.log.Warn("assignment refused: not an admin", "user", s.Who.Name, "id", keys.Short(s.Who.ID), "args", strings.Join(s.Args, " "))
		fmt.Fprintln(stderr, "arena: only teachers (keys in the admin keys file) set and export assignments; students play one with bot --assignment CODE")
		return 1
	}
	if a.assignments == nil {
		fmt.Fprintln(stderr, "arena: this server keeps no assignments")
		return 1
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 30*time.Second)
	defer cancel()
	switch s.Args[1] {
	case "create":
		return a.createAssignment(ctx, s, stdout, stderr)
	case "list":
		list, runs, err := a.assignments.Assignments(ctx)
		if err != nil {
			a.log.Error("assignments", "err", err)
			fmt.Fprintln(stderr, "arena: the assignments could not be read right now; try again")
			return 1
		}
		if len(list) == 0 {
			fmt.Fprintln(stdout, "no assignments yet")
			return 0
		}
		t := newTable(left("CODE"), left("GAME"), left("AGAINST"), right("GAMES"), right("PASS"), right("RUNS"), left("CONFIG"))
		for i, as := range list {
			t.add(as.Code, as.Game, as.Vs, strconv.Itoa(as.Games), strconv.Itoa(as.PassPct)+"%", strconv.Itoa(runs[i]), clean(string(as.Config)))
		}
		t.write(stdout, "")
		return 0
	case "export":
		return a.exportAssignment(ctx, s, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "arena: unknown assignment command %q\n%s\n", s.Args[1], assignmentUsage)
		return 2
	}
}

func (a *App) createAssignment(ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("assignment create", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gameID := fs.String("game", "", "")
	vs := fs.String("vs", "", "")
	n := fs.Int("games", 0, "")
	size := fs.Int("size", 0, "")
	pass := fs.String("pass", "", "")
	cfg := games.Config{}
	fs.Func("config", "", cfg.Set)
	bad := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "arena: assignment create: "+format+"\n%s\n", append(args, assignmentUsage)...)
		return 2
	}
	if err := fs.Parse(s.Args[2:]); err != nil {
		return bad("%v", err)
	}
	if fs.NArg() > 0 {
		return bad("unexpected argument %q", fs.Arg(0))
	}
	e, err := catalogEntry(*gameID)
	if err != nil {
		return bad("--game: %v", err)
	}
	if *n < 1 || *n > MaxPracticeGames {
		return bad("--games: from 1 to %d games, not %d", MaxPracticeGames, *n)
	}
	pct, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(*pass), "%"))
	if err != nil || pct < 0 || pct > 100 {
		return bad("--pass: a share of wins such as 60%%, not %q", *pass)
	}
	if *size != 0 {
		cfg["size"] = *size
	}
	// The games are those of a practice session, checked the same way.
	args := botArgs{entry: e, practice: true, games: *n}
	args.setKeys = cfg.Keys()
	if args.config, err = e.Game.Normalize(cfg); err != nil {
		return bad("%v", err)
	}
	if *vs == "" {
		return bad("--vs: name the house bots to beat (%s has %s)", e.Game.Name(), bots.Names(e.Bots, true))
	}
	if err := args.pickOpponents(*vs); err != nil {
		return bad("%v", err)
	}
	given, _ := json.Marshal(args.given())
	as := store.Assignment{Game: e.Game.ID(), Vs: strings.Join(args.vs, ","), Games: *n, Config: given,
		Seed: seed.Random(), PassPct: pct, CreatedBy: s.Who.ID, CreatedAt: time.Now().UTC()}
	for range 10 {
		as.Code = assignmentCode()
		err = a.assignments.CreateAssignment(ctx, as)
		if !errors.Is(err, store.ErrCodeTaken) {
			break
		}
	}
	if err != nil {
		a.log.Error("create assignment", "err", err)
		fmt.Fprintln(stderr, "arena: the assignment could not be stored right now; try again")
		return 1
	}
	a.log.Info("assignment created", "code", as.Code, "by", s.Who.Name, "game", as.Game, "vs", as.Vs, "games", as.Games)
	fmt.Fprintf(stdout, "Assignment %s: %d games of %s against %s, %s; passed with %d%% of wins.\n",
		as.Code, as.Games, e.Game.Name(), as.Vs, string(as.Config), pct)
	fmt.Fprintf(stdout, "Students run: ssh -T HOST bot --game %s --assignment %s (their program speaking the bot protocol)\n", as.Game, as.Code)
	fmt.Fprintf(stdout, "Grades: ssh HOST assignment export %s > grades.csv\n", as.Code)
	fmt.Fprintln(stdout, as.Code)
	return 0
}

// assignmentCode is an assignment's code: "A" and five characters (see shortCode).
func assignmentCode() string { return shortCode("A") }

// shortCode is a code to type or read aloud: prefix and five characters (package codes).
func shortCode(prefix string) string { return prefix + codes.New(5) }

func (a *App) exportAssignment(ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
	if len(s.Args) < 3 || len(s.Args) > 4 || len(s.Args) == 4 && s.Args[3] != "--json" && s.Args[3] != "--csv" {
		fmt.Fprintln(stderr, assignmentUsage)
		return 2
	}
	code := strings.ToUpper(s.Args[2])
	as, err := a.assignments.Assignment(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		fmt.Fprintf(stderr, "arena: no assignment %q (assignment list shows them)\n", code)
		return 1
	}
	runs, err2 := a.assignments.BestRuns(ctx, code)
	if err != nil || err2 != nil {
		a.log.Error("export assignment", "code", code, "err", errors.Join(err, err2))
		fmt.Fprintln(stderr, "arena: the assignment could not be read right now; try again")
		return 1
	}
	type row struct {
		Name        string    `json:"name"`
		Fingerprint string    `json:"fingerprint"`
		Games       int       `json:"games"`
		Wins        int       `json:"wins"`
		WinPct      float64   `json:"win_pct"`
		Passed      bool      `json:"passed"`
		When        time.Time `json:"when"`
	}
	rows := make([]row, 0, len(runs))
	for _, r := range runs {
		pct := 100 * float64(r.Wins) / float64(max(r.Games, 1))
		rows = append(rows, row{r.Name, r.Identity, r.Games, r.Wins, pct, passed(r.Wins, r.Games, as.PassPct), r.At})
	}
	if len(s.Args) == 4 && s.Args[3] == "--json" {
		return encodeJSON(stdout, rows)
	}
	w := csv.NewWriter(stdout)
	_ = w.Write([]string{"name", "fingerprint", "games", "wins", "win_pct", "passed", "when"})
	for _, r := range rows {
		_ = w.Write([]string{r.Name, r.Fingerprint, strconv.Itoa(r.Games), strconv.Itoa(r.Wins),
			strconv.FormatFloat(r.WinPct, 'f', 1, 64), strconv.FormatBool(r.Passed), r.When.Format(time.RFC3339)})
	}
	w.Flush()
	return 0
}

func encodeJSON(w io.Writer, v any) int {
	if err := json.NewEncoder(w).Encode(v); err != nil {
		return 1
	}
	return 0
}

// passed: wins out of games reach pct percent.
func passed(wins, games, pct int) bool { return 100*wins >= pct*games }

// assignmentArgs turns `bot --assignment CODE` into the practice session the assignment
// sets: its game, bots, games and settings, the same for every student. Where the seed is
// public (it makes a board everyone sees) every student plays the same seeds; where it
// decides hidden chance (dice), each run of each student gets its own, keyed with the
// server's secret (else one run's games would foretell the next's dice). No seed is shown.
func (a *App) assignmentArgs(ctx context.Context, args botArgs, who keys.Identity) (botArgs, store.Assignment, error) {
	if a.assignments == nil {
		return args, store.Assignment{}, errors.New("this server keeps no assignments")
	}
	as, err := a.assignments.Assignment(ctx, strings.ToUpper(args.assignment))
	if errors.Is(err, store.ErrNotFound) {
		return args, as, fmt.Errorf("no assignment %q: check the code your teacher gave", args.assignment)
	}
	if err != nil {
		a.log.Error("assignment", "code", args.assignment, "err", err)
		return args, as, errors.New("the assignment could not be read right now; try again")
	}
	if as.Game != args.entry.Game.ID() {
		return args, as, fmt.Errorf("assignment %s is a game of %s, not %s: use --game %s", as.Code, as.Game, args.entry.Game.ID(), as.Game)
	}
	cfg := games.Config{}
	if err := json.Unmarshal(as.Config, &cfg); err != nil {
		return args, as, fmt.Errorf("assignment %s cannot be read by this version of the arena", as.Code)
	}
	args.practice, args.games, args.seed, args.seedSet, args.seedsHidden = true, as.Games, as.Seed, true, true
	if !botproto.SeedPublic(args.entry.Game) {
		secret, run := a.hub.Config().Secret, runNumber()
		args.seedOf = func(i int) uint64 { return seed.Keyed(secret, "assignment", as.Seed, who.ID, run, i) }
	}
	args.setKeys = cfg.Keys()
	if args.config, err = args.entry.Game.Normalize(cfg); err != nil {
		return args, as, fmt.Errorf("assignment %s: %v", as.Code, err)
	}
	if err := args.pickOpponents(as.Vs); err != nil {
		return args, as, fmt.Errorf("assignment %s: %v", as.Code, err)
	}
	return args, as, nil
}

// runAssignment plays the assignment's games and, when they were all played, records the run
// and tells the student how it went.
func (a *App) runAssignment(ctx context.Context, conn *program.Conn, args botArgs, as store.Assignment, who keys.Identity, name string, clock program.Clock, presence *botPresence) int {
	conn.Diagf("assignment %s: %d games of %s against %s; %d%% of wins needed", as.Code, as.Games, args.entry.Game.Name(), as.Vs, as.PassPct)
	status, t := a.practiceTally(ctx, conn, args, name, clock, presence)
	if t.played < as.Games {
		conn.Diagf("assignment %s: not recorded: the run stopped after %d of %d games", as.Code, t.played, as.Games)
		return max(status, 1)
	}
	rec, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := a.assignments.RecordRun(rec, store.Run{Code: as.Code, Identity: who.ID, Name: name, Games: t.played,
		Wins: t.won, Draws: t.drawn, At: time.Now().UTC()})
	if err != nil {
		a.log.Error("record run", "code", as.Code, "err", err)
		conn.Diagf("assignment %s: the run could not be recorded; please run it again", as.Code)
		return 1
	}
	conn.Diagf("%s; recorded — your best run counts", assignmentVerdict(as, t))
	return status
}

// assignmentVerdict sums up a complete run: "assignment AK7Q2X: 6 won, 1 drawn, 3 lost of
// 10 (60.0% won): passed (60% needed)".
func assignmentVerdict(as store.Assignment, t tally) string {
	verdict := "failed"
	if passed(t.won, t.played, as.PassPct) {
		verdict = "passed"
	}
	return fmt.Sprintf("assignment %s: %d won, %d drawn, %d lost of %d (%.1f%% won): %s (%d%% needed)",
		as.Code, t.won, t.drawn, t.lost, t.played, 100*float64(t.won)/float64(max(t.played, 1)), verdict, as.PassPct)
}

// runNumber tells one run of an assignment from the others in its seeds: random, never
// shown or stored, so that no two runs share dice, even a run stopped half-way and started
// again.
func runNumber() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}
