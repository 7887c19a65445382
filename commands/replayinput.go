package commands

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/replay"
)

// inputArgs are `replay ID --input N --seat S`: the turn line seat S read at move N.
type inputArgs struct {
	move, seat       int
	hasMove, hasSeat bool
}

func (in inputArgs) given() bool    { return in.hasMove || in.hasSeat }
func (in inputArgs) complete() bool { return in.hasMove && in.hasSeat }

// parse reads --input N or --seat S at args[i]: n is how many words it took (0 when
// args[i] is neither), code a usage status when they are wrong. other is true when --json
// or --position came first.
func (in *inputArgs) parse(args []string, i int, other bool, l lang.Lang, stderr io.Writer) (n, code int) {
	arg := args[i]
	if arg != "--input" && arg != "--seat" {
		return 0, 0
	}
	if other || (arg == "--input" && in.hasMove) || (arg == "--seat" && in.hasSeat) || i+1 >= len(args) {
		fmt.Fprintln(stderr, l.Say(replayUsage))
		return 0, 2
	}
	v, err := strconv.Atoi(args[i+1])
	switch {
	case arg == "--input" && (err != nil || v < 1):
		fmt.Fprintf(stderr, "%s\n%s\n", l.Sprintf("arena: --input %s: a move number, counted from 1 as --position counts them", args[i+1]), l.Say(replayUsage))
		return 0, 2
	case arg == "--seat" && (err != nil || v < 0):
		fmt.Fprintf(stderr, "%s\n%s\n", l.Sprintf("arena: --seat %s: a seat number, 0 for the first player", args[i+1]), l.Say(replayUsage))
		return 0, 2
	case arg == "--input":
		in.move, in.hasMove = v, true
	default:
		in.seat, in.hasSeat = v, true
	}
	return 2, 0
}

// printInput is `replay ID --input N --seat S`: the "turn" line seat S read before move N
// (counted from 1), byte for byte as the server wrote it: the position before the move, the
// game's match id, and the turn's id, move limit and bank kept in the move's clock. A seat
// whose moves have no program clock (a house bot, a person, a game stored before clocks)
// gets the line it would have read, with id N and this server's limits, said on stderr.
func (a *App) printInput(g archive.Game, in inputArgs, l lang.Lang, stdout, stderr io.Writer) int {
	id := g.Rec.ID
	if _, ok := g.Entry.Game.(games.Positions); !ok {
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s is %s, played in real time: its turn lines cannot be given again (--input is for turn-based games; --json exports its moves)",
			id, l.Say(g.Entry.Game.Name())))
		return 1
	}
	if seats := len(g.Replay.Seats); in.seat >= seats {
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s has %d seats: --seat takes 0 to %d", id, seats, seats-1))
		return 1
	}
	c, err := replay.NewCursor(g.Entry.Game, g.Replay)
	if err != nil {
		a.log.Error("replaying a stored game", "id", id, "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s does not replay with this version of the arena: %s", id, sayErr(err, l)))
		return 1
	}
	moves := c.Moves()
	if in.move > len(moves) {
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s has %d moves: --input takes 1 to %d", id, len(moves), len(moves)))
		return 1
	}
	if m := moves[in.move-1]; m.Seat != in.seat {
		fmt.Fprintln(stderr, l.Sprintf("arena: move %d of game %s is seat %d's, not seat %d's%s", in.move, id, m.Seat, in.seat, movesNear(moves, in.seat, in.move, l)))
		return 1
	}
	cfg := a.rooms.Config()
	match := id
	if g.Replay.Match != "" {
		match = g.Replay.Match // a practice game's p_1, p_2…: what its program read
	}
	line, reconstructed, err := c.TurnLine(match, in.move-1, cfg.BotMove, cfg.BotBank)
	if err != nil {
		a.log.Error("writing a turn line", "id", id, "move", in.move, "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s: the turn line of move %d cannot be written: %s", id, in.move, sayErr(err, l)))
		return 1
	}
	if reconstructed {
		fmt.Fprintln(stderr, l.Sprintf("arena: move %d of game %s has no program's clock (a house bot's or a person's seat, or a game stored before clocks were kept): this turn line is reconstructed, with id %d and this server's time limits (%s ms a move, a bank of %s ms)",
			in.move, id, in.move, strconv.FormatInt(cfg.BotMove.Milliseconds(), 10), strconv.FormatInt(cfg.BotBank.Milliseconds(), 10)))
	}
	if !reconstructed && strings.HasPrefix(id, "p_") && g.Replay.Match == "" {
		// A practice game stored before practice replays kept the match id its program read
		// (p_1, p_2…, the game's number in its session).
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s is a practice game: the turn line your program read named its match p_1, p_2… (the game's number in its session), not %s as this one does", id, id))
	}
	if _, err := stdout.Write(line); err != nil {
		return 1
	}
	return 0
}

// movesNear lists the moves of seat closest to move n, for an error message in l.
func movesNear(moves []replay.Move, seat, n int, l lang.Lang) string {
	var before, after []string
	for i := n - 2; i >= 0 && len(before) < 3; i-- {
		if moves[i].Seat == seat {
			before = append([]string{strconv.Itoa(i + 1)}, before...)
		}
	}
	for i := n; i < len(moves) && len(after) < 3; i++ {
		if moves[i].Seat == seat {
			after = append(after, strconv.Itoa(i+1))
		}
	}
	near := append(before, after...)
	if len(near) == 0 {
		return l.Sprintf(": seat %d made no move in this game", seat)
	}
	return l.Sprintf(": seat %d's moves near %d are %s", seat, n, strings.Join(near, ", "))
}
