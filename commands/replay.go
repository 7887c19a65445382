package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/replay"
)

// exportedGame is `replay ID --json`: the stored match and every move with its events and,
// for turn-based games, the position after it.
type exportedGame struct {
	ID     string       `json:"id"`
	Game   string       `json:"game"`
	Config games.Config `json:"config"`
	Seed   *uint64      `json:"seed,omitempty"` // left out while its tournament runs (see seedShown)
	// Match is the match id the game's programs read, when it is not ID (a practice
	// game's p_1, p_2…): arena rerun sends it as they read it.
	Match     string                `json:"match,omitempty"`
	StartedAt time.Time             `json:"started_at"`
	EndedAt   time.Time             `json:"ended_at"`
	Seats     []exportedSeat        `json:"seats"`
	Outcome   json.RawMessage       `json:"outcome"`
	Start     json.RawMessage       `json:"start,omitempty"`
	Moves     []replay.ExportedMove `json:"moves"`
}

type exportedSeat struct {
	Name string `json:"name"`
	Bot  string `json:"bot,omitempty"`
	// A house bot played on from this move for a player who left (ranked last in outcome).
	ReplacedBy string `json:"replaced_by,omitempty"`
	LeftAtMove *int   `json:"left_at_move,omitempty"`
}

var replayUsage = lang.N(`usage: replay ID [--json | --position N]
       replay ID --input N --seat S
       replay ID --review --seat S [--json]
  ssh -t HOST replay ID watches it; --json exports it; --position N prints the position
  before move N (moves counted from 1, as the replay screen counts them) as the JSON
  arena position reads (turn-based games); --input N --seat S prints the turn line seat S
  read at move N, byte for byte; --review --seat S: where it turned for seat S (its
  player's and teachers'), the decisions the strongest house bot plays otherwise`)

// replayCommand is `replay ID --json`, `--position N`, `--input N --seat S` and `--review
// --seat S`; without any it needs a terminal.
func (a *App) replayCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	l := s.Lang
	args := s.Args[1:]
	id, asJSON, position := "", false, 0
	rv := reviewArgs{seat: -1}
	var in inputArgs
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "--json" && !asJSON:
			asJSON = true
		case arg == "--position" && position == 0 && i+1 < len(args):
			n, err := strconv.Atoi(args[i+1])
			if err != nil || n < 1 {
				fmt.Fprintf(stderr, "%s\n%s\n", l.Sprintf("arena: --position %s: a move number, 1 for the position the game starts from", args[i+1]), l.Say(replayUsage))
				return 2
			}
			position = n
			i++
		case arg == "--input" || arg == "--seat":
			// --seat goes with --input or --review, whichever comes: it is read once.
			n, code := in.parse(args, i, false, l, stderr)
			if code != 0 {
				return code
			}
			i += n - 1
		case arg == "--review" && !rv.on:
			rv.on = true
		case strings.HasPrefix(arg, "-") || id != "":
			fmt.Fprintln(stderr, l.Say(replayUsage))
			return 2
		default:
			id = arg
		}
	}
	if rv.on && in.hasSeat && !in.hasMove {
		rv.seat, in = in.seat, inputArgs{}
	}
	switch {
	case id == "",
		rv.on && (rv.seat < 0 || position > 0 || in.given()),
		in.given() && (!in.complete() || asJSON || position > 0),
		asJSON && position > 0:
		fmt.Fprintln(stderr, l.Say(replayUsage))
		return 2
	}
	if rv.on {
		return a.reviewCommand(c, id, rv.seat, asJSON)
	}
	if !asJSON && position == 0 && !in.given() {
		fmt.Fprintln(stderr, l.Sprintf("arena: watching a replay needs a terminal: ssh -t … replay %s (or --json to export it)", id))
		return 1
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 30*time.Second)
	defer cancel()
	g, err := a.archive.LoadFor(ctx, id, readerOf(s))
	if err != nil {
		fmt.Fprintln(stderr, l.Sprintf("arena: %s", sayErr(err, l)))
		return 1
	}
	if !g.Rec.VisibleTo(s.Who.ID, s.Who.Admin) {
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s %s", id, sayText(g.Rec.Hidden(), l)))
		return 1
	}
	if position > 0 {
		return a.printPosition(g, position, l, stdout, stderr)
	}
	if in.given() {
		return a.printInput(g, in, l, stdout, stderr)
	}
	start, moves, err := replay.Export(g.Entry.Game, g.Replay)
	if err != nil {
		a.log.Error("exporting a replay", "id", id, "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s does not replay with this version of the arena: %s", id, sayErr(err, l)))
		return 1
	}
	withNotes(moves, g.Notes)
	out := exportedGame{ID: g.Rec.ID, Game: g.Rec.Game, Config: g.Replay.Config,
		StartedAt: g.Rec.StartedAt, EndedAt: g.Rec.EndedAt, Outcome: g.Rec.Outcome, Start: start, Moves: moves,
		Match: g.Replay.Match}
	if a.archive.SeedShown(ctx, g, s.Who.Admin) {
		out.Seed = &g.Rec.Seed
	}
	for _, seat := range g.Rec.Seats {
		es := exportedSeat{Name: seat.Name, Bot: seat.Bot, ReplacedBy: seat.ReplacedBy}
		if seat.ReplacedBy != "" {
			left := seat.LeftAtMove
			es.LeftAtMove = &left
		}
		out.Seats = append(out.Seats, es)
	}
	enc := json.NewEncoder(stdout)
	if err := enc.Encode(out); err != nil {
		return 1
	}
	return 0
}

// printPosition is `replay ID --position N`: the position before move N (counted from 1),
// the same JSON `arena position` reads. A move the referee played for a late or refused
// answer counts as that seat's move, as the replay screen shows it.
func (a *App) printPosition(g archive.Game, n int, l lang.Lang, stdout, stderr io.Writer) int {
	id := g.Rec.ID
	pos, ok := g.Entry.Game.(games.Positions)
	if !ok {
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s is %s, played in real time: it has no positions (they are for turn-based games; --json exports its moves)",
			id, l.Say(g.Entry.Game.Name())))
		return 1
	}
	c, err := replay.NewCursor(g.Entry.Game, g.Replay)
	if err != nil {
		a.log.Error("replaying a stored game", "id", id, "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s does not replay with this version of the arena: %s", id, sayErr(err, l)))
		return 1
	}
	if n > c.Len() {
		if c.Len() == 0 {
			fmt.Fprintln(stderr, l.Sprintf("arena: game %s has no moves, so no position before one", id))
		} else {
			fmt.Fprintln(stderr, l.Sprintf("arena: game %s has %d moves: --position takes 1 to %d (the position before that move)", id, c.Len(), c.Len()))
		}
		return 1
	}
	c.Seek(n - 1)
	raw, err := pos.EncodePosition(c.State())
	if err != nil {
		a.log.Error("writing a position", "id", id, "move", n, "err", err)
		fmt.Fprintln(stderr, l.Sprintf("arena: game %s: the position before move %d cannot be written: %s", id, n, sayErr(err, l)))
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", raw)
	return 0
}
