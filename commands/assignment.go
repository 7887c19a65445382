package commands

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/botsession"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/internal/codes"
	"github.com/arena-classroom/arena/internal/plaintext"
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
func (a *App) assignmentCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	if len(s.Args) < 2 {
		fmt.Fprintln(stderr, assignmentUsage)
		return 2
	}
	if s.Args[1] == "--help" || s.Args[1] == "help" {
		fmt.Fprintln(stdout, assignmentUsage)
		return 0
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
		t := plaintext.NewTable(plaintext.Left("CODE"), plaintext.Left("GAME"), plaintext.Left("AGAINST"), plaintext.Right("GAMES"), plaintext.Right("PASS"), plaintext.Right("RUNS"), plaintext.Left("CONFIG"))
		for i, as := range list {
			t.Add(as.Code, as.Game, as.Vs, strconv.Itoa(as.Games), strconv.Itoa(as.PassPct)+"%", strconv.Itoa(runs[i]), plaintext.Clean(settingsOf(as.Config, "default")))
		}
		t.Write(stdout, "")
		return 0
	case "export":
		return a.exportAssignment(ctx, s, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "arena: unknown assignment command %q\n%s\n", s.Args[1], assignmentUsage)
		return 2
	}
}

func (a *App) createAssignment(ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
	fs := quietFlags("assignment create")
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
	e, err := catalog.Lookup(*gameID)
	if err != nil {
		return bad("--game: %v", err)
	}
	if *n < 1 || *n > botsession.MaxPracticeGames {
		return bad("--games: from 1 to %d games, not %d", botsession.MaxPracticeGames, *n)
	}
	pct, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(*pass), "%"))
	if err != nil || pct < 0 || pct > 100 {
		return bad("--pass: a share of wins such as 60%%, not %q", *pass)
	}
	if *size != 0 {
		cfg["size"] = *size
	}
	if *vs == "" {
		return bad("--vs: name the house bots to beat (%s has %s)", e.Game.Name(), bots.Names(e.Bots, true))
	}
	// The games are those of a practice session, checked the same way.
	givenCfg, opponents, err := botsession.CheckAssignment(e, cfg, *n, *vs)
	if err != nil {
		return bad("%v", err)
	}
	given, _ := json.Marshal(givenCfg)
	as := store.Assignment{Game: e.Game.ID(), Vs: strings.Join(opponents, ","), Games: *n, Config: given,
		Seed: seed.Random(), PassPct: pct, CreatedBy: s.Who.ID, CreatedAt: time.Now().UTC()}
	as.Code, err = storeWithCode("A", func(code string) error {
		as.Code = code
		return a.assignments.CreateAssignment(ctx, as)
	})
	if err != nil {
		a.log.Error("create assignment", "err", err)
		fmt.Fprintln(stderr, "arena: the assignment could not be stored right now; try again")
		return 1
	}
	a.log.Info("assignment created", "code", as.Code, "by", s.Who.Name, "game", as.Game, "vs", as.Vs, "games", as.Games)
	fmt.Fprintf(stdout, "Assignment %s: %d games of %s against %s, %s; passed with %d%% of wins.\n",
		as.Code, as.Games, e.Game.Name(), as.Vs, settingsOf(as.Config, "default settings"), pct)
	fmt.Fprintf(stdout, "Students run: ssh -T HOST bot --game %s --assignment %s (their program speaking the bot protocol)\n", as.Game, as.Code)
	fmt.Fprintf(stdout, "Grades: ssh HOST assignment export %s > grades.csv\n", as.Code)
	fmt.Fprintln(stdout, as.Code)
	return 0
}

// assignmentCode is an assignment's code: "A" and five characters (see shortCode).
// storeWithCode saves something new under a fresh code to type or read aloud (prefix and
// five characters of package codes): save is tried again with another code while the one
// drawn is taken.
func storeWithCode(prefix string, save func(code string) error) (string, error) {
	for {
		code := prefix + codes.New(5)
		if err := save(code); !errors.Is(err, store.ErrCodeTaken) {
			return code, err
		}
	}
}

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
		rows = append(rows, row{r.Name, r.Identity, r.Games, r.Wins, pct, botsession.Passed(r.Wins, r.Games, as.PassPct), r.At})
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

// settingsOf writes an assignment's stored settings for people, "size=6 rounds=20", or none
// when it sets none (an empty object printed as {} said nothing to a teacher).
func settingsOf(stored []byte, none string) string {
	var cfg games.Config
	if err := json.Unmarshal(stored, &cfg); err != nil {
		return string(stored)
	}
	if len(cfg) == 0 {
		return none
	}
	var parts []string
	for _, k := range cfg.Keys() {
		parts = append(parts, fmt.Sprintf("%s=%d", k, cfg[k]))
	}
	return strings.Join(parts, " ")
}
