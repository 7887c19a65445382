package warhammer

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/bots"
	"github.com/arena-classroom/arena/games"
	wh "github.com/arena-classroom/arena/games/warhammer"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/seed"
)

// LineError says which line of a matrix is wrong (lines count from 1: line 1 is "T N").
type LineError struct {
	Line int
	Msg  string
	// said is Msg to be said in a reader's language: a lang.Text, or an error (lang.Say says
	// it); nil for Msg as it is.
	said any
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Unwrap is the error in the reader's language, for lang.Say: "ligne 3 : …".
func (e *LineError) Unwrap() error {
	said := e.said
	if said == nil {
		said = e.Msg
	}
	return &lang.Error{Text: lang.T("line %s: %s", strconv.Itoa(e.Line), said)}
}

// lineError is a *LineError saying t.
func lineError(line int, t lang.Text) *LineError {
	return &LineError{Line: line, Msg: t.String(), said: t}
}

// maxLine bounds one line of input: 43 numbers of a few digits each fit many times over.
const maxLine = 64 << 10

// ReadMatrix reads the seed's interface as text: "T N" on the first line, then T lines of
// T+N whole numbers, the seed's int map[T][T+N] (the HP grid, then one column per player in
// turn order from the player to move: alive 1/0, row, column, then 0s). Blank lines are
// skipped (the seed's own example has them between rows). In the state, seat 0 is the player
// to move and seat k the k-th player column. Every mistake is a *LineError.
func ReadMatrix(r io.Reader) (*wh.State, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	line := 0
	// next returns the numbers of the next non-blank line, nil at the end of the input.
	next := func() ([]int, error) {
		for sc.Scan() {
			line++
			fields := strings.Fields(sc.Text())
			if len(fields) == 0 {
				continue
			}
			nums := make([]int, len(fields))
			for i, f := range fields {
				v, err := strconv.Atoi(f)
				if err != nil || v < -1<<31 || v >= 1<<31 {
					return nil, lineError(line, lang.T("%q is not a whole number", games.Snippet([]byte(f))))
				}
				nums[i] = v
			}
			return nums, nil
		}
		if err := sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				return nil, lineError(line+1, lang.T("longer than %s bytes", strconv.Itoa(maxLine)))
			}
			return nil, &LineError{line + 1, err.Error(), err}
		}
		return nil, nil
	}
	head, err := next()
	if err != nil {
		return nil, err
	}
	if head == nil {
		return nil, lineError(1, lang.T(`empty input: the first line is "T N", the board's size and the number of players`))
	}
	headLine := line
	if len(head) != 2 {
		return nil, lineError(line, lang.T(`%s numbers: the first line is "T N", the board's size and the number of players`, strconv.Itoa(len(head))))
	}
	size, n := head[0], head[1]
	if size < wh.PositionMinSize || size > wh.MaxSize {
		return nil, lineError(line, lang.T("T = %s: the board is %d..%d cells wide", strconv.Itoa(size), wh.PositionMinSize, wh.MaxSize))
	}
	if n < wh.MinPlayers || n > wh.MaxPlayers {
		return nil, lineError(line, lang.T("N = %s: War Hammer takes %d to %d players", strconv.Itoa(n), wh.MinPlayers, wh.MaxPlayers))
	}
	m := make([][]int, 0, size)
	lines := make([]int, 0, size) // the line of each row
	for len(m) < size {
		row, err := next()
		if err != nil {
			return nil, err
		}
		if row == nil {
			return nil, lineError(line+1, lang.T("the input ends after %d of the %d rows", len(m), size))
		}
		if len(row) != size+n {
			return nil, lineError(line, lang.T("%s numbers, a row has T+N = %d+%d = %d", strconv.Itoa(len(row)), size, n, size+n))
		}
		m, lines = append(m, row), append(lines, line)
	}
	extra, err := next()
	if err != nil {
		return nil, err
	}
	if extra != nil {
		return nil, lineError(line, lang.T("more input after the %d rows", size))
	}
	st, err := wh.FromMatrix(m, n)
	if err != nil {
		var me *wh.MatrixError
		if !errors.As(err, &me) || me.Row < 0 {
			return nil, &LineError{headLine, err.Error(), err}
		}
		if me.Col >= 0 {
			return nil, lineError(lines[me.Row], lang.T("number %d: %s", me.Col+1, me.Text))
		}
		return nil, lineError(lines[me.Row], me.Text)
	}
	return st, nil
}

// BotCode is the code house bot name plays in st for the seat to move, seeded with seed.
func BotCode(name string, st *wh.State, seed uint64) (int, error) {
	info, ok := bots.Find(All, name)
	if !ok {
		return 0, lang.Errorf("no War Hammer bot called %q (bots: %s)", name, bots.Names(All, true))
	}
	code, ok := info.New(seed).Choose(st, st.Turn()).(int)
	if !ok {
		return 0, lang.Errorf("bot %s gave no code", name)
	}
	return code, nil
}

// Tool is `arena warhammer --ia NAME`: the seed's interface, a house bot's code for a matrix
// read on stdin (or from a file).
var Tool = games.Tool{
	Name:  "warhammer",
	Usage: "warhammer --ia NAME [--seed S] [FILE]", // lang:keep the command's synopsis, as typed
	Doc:   lang.N("print the code 0..95 a War Hammer house bot plays for a board written as a matrix"),
	Run: func(args []string, stdout, stderr io.Writer) int {
		// The reader's language, as a command run outside the arena has it: the locale.
		l, _ := lang.Choose("", os.Environ(), lang.English)
		return AIIn(l, args, os.Stdin, stdout, stderr, seed.Random)
	},
}

// AI is the tool with its surroundings passed in, for tests, in English.
func AI(args []string, stdin io.Reader, stdout, stderr io.Writer, seedFn func() uint64) int {
	return AIIn(lang.English, args, stdin, stdout, stderr, seedFn)
}

// AIIn is AI speaking l: its usage and its errors.
func AIIn(l lang.Lang, args []string, stdin io.Reader, stdout, stderr io.Writer, seedFn func() uint64) int {
	p := l.Printer()
	text := p.Sprintf(`Usage: arena warhammer --ia NAME [--seed S] [FILE]

Reads a board written as a matrix, the one my_ai_play receives, from FILE or stdin, and
prints the code 0..95 the house bot NAME plays (8·choice1 + choice2).

  input     "T N" on the first line (board size 3..35, players 2..8), then T lines of
            T+N whole numbers: the HP of each cell in the first T columns, then one
            column per player in turn order, the player to move first: row 0 alive (1)
            or dead (0), row 1 its row, row 2 its column, the other rows 0. Blank lines
            are skipped.
  NAME      the bot: %s
  --seed S  seed of the random bots (default: a fresh random one)

Example: printf '7 2\n0 0 4 4 4 0 0 1 1\n0 4 4 4 4 4 0 3 3\n4 4 4 4 4 4 4 5 1\n4 4 4 4 4 4 4 0 0\n4 4 4 4 4 4 4 0 0\n0 4 4 4 4 4 0 0 0\n0 0 4 4 4 0 0 0 0\n' | arena warhammer --ia hunter

Exit status: 0 with the code printed; 2 for bad arguments or a malformed matrix (the message
names the line).
`, bots.Names(All, true))
	fail := func(msg string) int {
		fmt.Fprintf(stderr, "arena warhammer: %s\n", msg) // lang:keep the command's name before what it says
		fmt.Fprintln(stderr, text[:strings.IndexByte(text, '\n')])
		fmt.Fprintln(stderr, p.Sprintf(`Run "arena warhammer --help" for details.`))
		return 2
	}
	ia, err := games.ParseIAArgs(args)
	if err != nil {
		return fail(lang.Say(err, l))
	}
	if ia.Help {
		fmt.Fprint(stdout, text)
		return 0
	}
	if len(ia.Positional) > 1 {
		return fail(p.Sprintf("one FILE at most (got %s and %s)", ia.Positional[0], ia.Positional[1]))
	}
	name, sd, seeded, file := ia.Name, ia.Seed, ia.Seeded, ""
	if len(ia.Positional) == 1 {
		file = ia.Positional[0]
	}
	if name == "" {
		return fail(p.Sprintf("--ia NAME is required"))
	}
	if _, ok := bots.Find(All, name); !ok {
		return fail(p.Sprintf("no bot called %q (bots: %s)", name, bots.Names(All, true)))
	}
	in, where := stdin, "stdin" // lang:keep the name of the standard input
	if file != "" && file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return fail(p.Sprintf("cannot read %s: %v", file, errors.Unwrap(err)))
		}
		defer f.Close()
		in, where = f, file
	}
	st, err := ReadMatrix(in)
	if err != nil {
		return fail(where + ", " + lang.Say(err, l))
	}
	if !seeded {
		sd = seedFn()
	}
	code, err := BotCode(name, st, sd)
	if err != nil {
		return fail(lang.Say(err, l))
	}
	fmt.Fprintln(stdout, code)
	return 0
}
