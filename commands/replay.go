package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/replay"
)

// exportedGame is `replay ID --json`: the stored match and every move with its events and,
// for turn-based games, the position after it.
type exportedGame struct {
	ID        string                `json:"id"`
	Game      string                `json:"game"`
	Config    games.Config          `json:"config"`
	Seed      *uint64               `json:"seed,omitempty"` // left out while its tournament runs (see seedShown)
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

const replayUsage = "usage: replay ID [--json]   (ssh -t HOST replay ID watches it; --json exports it)"

// replayCommand is `replay ID --json`; without --json it needs a terminal.
func (a *App) replayCommand(c call) int {
	s, stdout, stderr := c.s, c.stdout, c.stderr
	args := s.Args[1:]
	id, asJSON := "", false
	for _, arg := range args {
		switch {
		case arg == "--json":
			asJSON = true
		case strings.HasPrefix(arg, "-") || id != "":
			fmt.Fprintln(stderr, replayUsage)
			return 2
		default:
			id = arg
		}
	}
	if id == "" {
		fmt.Fprintln(stderr, replayUsage)
		return 2
	}
	if !asJSON {
		fmt.Fprintf(stderr, "arena: watching a replay needs a terminal: ssh -t … replay %s (or --json to export it)\n", id)
		return 1
	}
	ctx, cancel := context.WithTimeout(s.SSH.Context(), 30*time.Second)
	defer cancel()
	g, err := a.archive.Load(ctx, id)
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 1
	}
	if !g.Rec.VisibleTo(s.Who.ID, s.Who.Admin) {
		fmt.Fprintf(stderr, "arena: game %s was played in a private room: only its players and teachers see it again\n", id)
		return 1
	}
	start, moves, err := replay.Export(g.Entry.Game, g.Replay)
	if err != nil {
		a.log.Error("exporting a replay", "id", id, "err", err)
		fmt.Fprintf(stderr, "arena: game %s does not replay with this version of the arena: %v\n", id, err)
		return 1
	}
	out := exportedGame{ID: g.Rec.ID, Game: g.Rec.Game, Config: g.Replay.Config,
		StartedAt: g.Rec.StartedAt, EndedAt: g.Rec.EndedAt, Outcome: g.Rec.Outcome, Start: start, Moves: moves}
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
