package commands

import (
	"context"
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
	"github.com/arena-classroom/arena/lang"
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

var assignmentUsage = lang.N(`usage:
  assignment create --game GAME --vs BOT[,BOT…] --games N [--size N] [--config KEY=VAL] --pass P%%
  assignment list
  assignment export CODE [--json | --lang fr|en]   (CSV by default; --lang: headers for people)
Students: ssh -T HOST bot --game GAME --assignment CODE, with their program (see docs/bots.md).`)

// assignmentCommand serves `assignment …`: teachers only.
func (a *App) assignmentCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	l := s.Lang
	if len(s.Args) < 2 {
		fmt.Fprintln(stderr, l.Say(assignmentUsage))
		return 2
	}
	if s.Args[1] == "--help" || s.Args[1] == "help" {
		fmt.Fprintln(stdout, l.Say(assignmentUsage))
		return 0
	}
	if a.assignments == nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: this server keeps no assignments"))
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
			fmt.Fprintln(stderr, l.Sprintf("arena: the assignments could not be read right now; try again"))
			return 1
		}
		if len(list) == 0 {
			fmt.Fprintln(stdout, l.Sprintf("no assignments yet"))
			return 0
		}
		t := plaintext.NewTable(plaintext.Left("CODE"), plaintext.Left(l.Sprintf("GAME")), plaintext.Left(l.Sprintf("AGAINST")), plaintext.Right(l.Sprintf("GAMES")),
			plaintext.Right(l.Sprintf("PASS")), plaintext.Right(l.Sprintf("RUNS")), plaintext.Left(l.Sprintf("CONFIG")))
		for i, as := range list {
			t.Add(as.Code, as.Game, as.Vs, strconv.Itoa(as.Games), strconv.Itoa(as.PassPct)+"%", strconv.Itoa(runs[i]), plaintext.Clean(settingsOf(as.Config, l.Sprintf("default"))))
		}
		t.Write(stdout, "")
		return 0
	case "export":
		return a.exportAssignment(ctx, s, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "%s\n%s\n", l.Sprintf("arena: unknown assignment command %q", s.Args[1]), l.Say(assignmentUsage))
		return 2
	}
}

func (a *App) createAssignment(ctx context.Context, s *server.Session, stdout, stderr io.Writer) int {
	fs := quietFlags("assignment create") // lang:keep a flag set's name, never printed
	gameID := fs.String("game", "", "")
	vs := fs.String("vs", "", "")
	n := fs.Int("games", 0, "")
	size := fs.Int("size", 0, "")
	pass := fs.String("pass", "", "")
	cfg := games.Config{}
	fs.Func("config", "", cfg.Set)
	l := s.Lang
	// bad says what is wrong (a sentence of the catalog, said in l), then the usage.
	bad := func(err error) int {
		fmt.Fprintln(stderr, l.Sprintf("arena: assignment create: %s", sayErr(err, l)))
		fmt.Fprintln(stderr, l.Say(assignmentUsage))
		return 2
	}
	if err := fs.Parse(s.Args[2:]); err != nil {
		return bad(err)
	}
	if fs.NArg() > 0 {
		return bad(lang.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	e, err := catalog.Lookup(*gameID)
	if err != nil {
		return bad(lang.Errorf("--game: %s", err))
	}
	if *n < 1 || *n > botsession.MaxPracticeGames {
		return bad(lang.Errorf("--games: from 1 to %s games, not %s", strconv.Itoa(botsession.MaxPracticeGames), strconv.Itoa(*n)))
	}
	pct, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(*pass), "%"))
	if err != nil || pct < 0 || pct > 100 {
		return bad(lang.Errorf("--pass: a share of wins such as 60%%, not %q", *pass))
	}
	if *size != 0 {
		cfg["size"] = *size
	}
	if *vs == "" {
		return bad(lang.Errorf("--vs: name the house bots to beat (%s has %s)", lang.T(e.Game.Name()), bots.Names(e.Bots, true)))
	}
	// The games are those of a practice session, checked the same way.
	givenCfg, opponents, err := botsession.CheckAssignment(e, cfg, *n, *vs)
	if err != nil {
		return bad(err)
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
		fmt.Fprintln(stderr, l.Sprintf("arena: the assignment could not be stored right now; try again"))
		return 1
	}
	a.log.Info("assignment created", "code", as.Code, "by", s.Who.Name, "game", as.Game, "vs", as.Vs, "games", as.Games)
	fmt.Fprintln(stdout, l.Sprintf("Assignment %s: %d games of %s against %s, %s; passed with %d%% of wins.",
		as.Code, as.Games, l.Say(e.Game.Name()), as.Vs, settingsOf(as.Config, l.Sprintf("default settings")), pct))
	fmt.Fprintln(stdout, l.Sprintf("Students run: ssh -T HOST bot --game %s --assignment %s (their program speaking the bot protocol)", as.Game, as.Code))
	fmt.Fprintln(stdout, l.Sprintf("Grades: ssh HOST assignment export %s > grades.csv", as.Code))
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
	l := s.Lang
	if len(s.Args) < 3 || strings.HasPrefix(s.Args[2], "-") {
		fmt.Fprintln(stderr, l.Say(assignmentUsage))
		return 2
	}
	fs := quietFlags("assignment export") // lang:keep a flag set's name, never printed
	asJSON := fs.Bool("json", false, "")
	asCSV := fs.Bool("csv", false, "")
	csvLangFlag := fs.String("lang", "", "")
	if err := fs.Parse(s.Args[3:]); err != nil || fs.NArg() > 0 || *asJSON && (*asCSV || *csvLangFlag != "") {
		fmt.Fprintln(stderr, l.Say(assignmentUsage))
		return 2
	}
	out, err := csvLang(*csvLangFlag)
	if err != nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
		return 2
	}
	code := strings.ToUpper(s.Args[2])
	as, err := a.assignments.Assignment(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		fmt.Fprintln(stderr, l.Sprintf("arena: no assignment %q (assignment list shows them)", code))
		return 1
	}
	runs, err2 := a.assignments.BestRuns(ctx, code)
	if err != nil || err2 != nil {
		a.log.Error("export assignment", "code", code, "err", errors.Join(err, err2))
		fmt.Fprintln(stderr, l.Sprintf("arena: the assignment could not be read right now; try again"))
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
	if *asJSON {
		return encodeJSON(stdout, rows)
	}
	w := out.writer(stdout)
	_ = w.Write(out.head("name", "fingerprint", "games", "wins", "win_pct", "passed", "when"))
	for _, r := range rows {
		when := out.when(r.When.Format(time.RFC3339))
		_ = w.Write([]string{r.Name, r.Fingerprint, strconv.Itoa(r.Games), strconv.Itoa(r.Wins),
			out.num(strconv.FormatFloat(r.WinPct, 'f', 1, 64)), out.yesNo(r.Passed), when})
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
