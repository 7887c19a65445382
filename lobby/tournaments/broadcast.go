package tournaments

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/archive"
	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/games/playable"
	"github.com/arena-classroom/arena/internal/plaintext"
	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/roomdir"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament"
	"github.com/arena-classroom/arena/tournament/director"
)

// The wall of a tournament (wall CODE) is a broadcast: beside the boards, the tournament's
// name, round, progress and standings; and the games that ran faster than a class can follow
// are played again, one at a time, at a pace people can follow (replaySpeeds), while the
// tournament itself runs at full speed. docs/tournaments.md states the rule (pickReplay).

// replaySpeeds are the wall's replay paces, in moves a second; + and - step through them.
var replaySpeeds = []float64{0.5, 1, 2, 4, 8}

// defaultReplaySpeed is replaySpeeds' index the wall starts at: 2 moves a second.
const defaultReplaySpeed = 2

// replayHold is how long a replay's last position stays, its result in the caption, before
// the next replay.
const replayHold = 4 * time.Second

// maxPending bounds the finished games waiting to be replayed: the oldest go first.
const maxPending = 64

// castReplay is a finished game the wall plays again.
type castReplay struct {
	info   rooms.Info
	entry  playable.Entry
	cursor *replay.Cursor
	result *outcome  // who won, shown once the replay reaches the end
	start  time.Time // when move startAt was shown, at the speed then
	from   int
	doneAt time.Time // when it reached its last move (zero before)
}

// replayLoaded is a finished game's replay, read for the wall (nil cursor: it could not be).
type replayLoaded struct {
	info   rooms.Info
	entry  playable.Entry
	rp     *replay.Replay
	result *outcome
}

// outcome is a finished game's result, said in the viewer's language when it is shown.
type outcome struct {
	ranks []int
	names []string
}

// fetchReplay reads the replay of finished room info: from the room while the directory
// lists it, else from the archive by its match id.
func fetchReplay(ctx context.Context, dir roomdir.Directory, a *archive.Archive, info rooms.Info) replayLoaded {
	out := replayLoaded{info: info}
	if r, ok := dir.Find(info.ID); ok {
		ctx, cancel := context.WithTimeout(ctx, tileWait)
		defer cancel()
		if rp, err := r.Replay(ctx); err == nil && rp != nil {
			out.entry, out.rp = r.Game(), rp
			if snap, err := r.Snapshot(ctx); err == nil && snap != nil && snap.Outcome != nil {
				out.result = &outcome{ranks: snap.Outcome.Ranks, names: roomview.SeatNames(snap.Seats)}
			}
			return out
		}
	}
	if a != nil && info.MatchID != "" {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if g, err := a.Load(ctx, info.MatchID); err == nil {
			rp := g.Replay
			out.entry, out.rp = g.Entry.Entry, &rp
		}
	}
	return out
}

// text is the result in words, in l ("ada wins.").
func (o *outcome) text(l lang.Lang) string {
	text, _ := roomview.ResultTextIn(l, o.ranks, o.names, -1)
	return text
}

// start makes loaded the replay shown, from its first move, as of now.
func (l replayLoaded) start(now time.Time) *castReplay {
	if l.rp == nil {
		return nil
	}
	c, err := replay.NewCursor(l.entry.Game, *l.rp)
	if err != nil {
		return nil
	}
	return &castReplay{info: l.info, entry: l.entry, cursor: c, result: l.result, start: now}
}

// advance moves the replay to where speed (moves a second) has brought it by now.
func (c *castReplay) advance(now time.Time, speed float64) {
	at := c.from + int(math.Floor(now.Sub(c.start).Seconds()*speed))
	c.cursor.Seek(min(max(at, 0), c.cursor.Len()))
	if c.cursor.At() == c.cursor.Len() && c.doneAt.IsZero() {
		c.doneAt = now
	}
}

// respeed keeps the move shown when the speed changes: the count starts again from it.
func (c *castReplay) respeed(now time.Time) { c.from, c.start = c.cursor.At(), now }

// over reports whether the replay has shown its result long enough.
func (c *castReplay) over(now time.Time) bool {
	return !c.doneAt.IsZero() && now.Sub(c.doneAt) >= replayHold
}

// tile draws the replay as a tile of the wall, with its caption: the round, the players,
// the move, and the result once it ends; the board as large as width × height holds.
func (c *castReplay) tile(v roomview.Viewer, speed float64, width, height int) roomview.Tile {
	board := c.entry.View.Board(c.cursor.State(), -1, v.Palette)
	if k := games.ScaleFor(c.entry.View, c.cursor.State(), width, height-2); k > 0 {
		board = c.entry.View.(games.Scaler).ScaledBoard(c.cursor.State(), -1, v.Palette, k)
	}
	lines, bw := termtext.SplitBoard(board)
	p := v.Lang.Printer()
	caption := p.Sprintf("replay · move %d/%d · %s/s", c.cursor.At(), c.cursor.Len(), speedText(speed, v.Lang))
	if _, r, _, _, ok := director.ParseTag(c.info.Tag); ok {
		caption = p.Sprintf("replay · round %d · move %d/%d · %s/s", r, c.cursor.At(), c.cursor.Len(), speedText(speed, v.Lang))
	}
	who := plaintext.Clean(c.info.Players())
	if !c.doneAt.IsZero() && c.result != nil {
		who = c.result.text(v.Lang)
	}
	// The caption takes two lines over the board, as wide as it needs up to 40 cells.
	t := roomview.BoardTile(v, caption, lines, bw, min(max(ansi.StringWidth(caption), ansi.StringWidth(who), 24), 40), false)
	t.Lines = slices.Insert(t.Lines, 1, v.St.Dim.Render(termtext.Fit(who, t.Width)))
	return t
}

// pickReplay chooses the next finished game to play again among pending: the game between
// the highest-ranked entrants (the least sum of their places in the standings now), then
// the closest by points, then the one that finished first. It returns its index, -1 for none.
func pickReplay(pending []rooms.Info, standings []tournament.Standing) int {
	rank := map[string]tournament.Standing{}
	for _, s := range standings {
		rank[s.Name] = s
	}
	type score struct{ ranks, gap float64 }
	scoreOf := func(info rooms.Info) score {
		var sc score
		var pts []float64
		for _, seat := range info.Seats {
			s, ok := rank[seat.Name]
			if !ok {
				sc.ranks += float64(len(standings) + 1)
				continue
			}
			sc.ranks += float64(s.Rank)
			pts = append(pts, s.Points)
		}
		if len(pts) > 0 {
			sc.gap = slices.Max(pts) - slices.Min(pts)
		}
		return sc
	}
	best := -1
	var bestScore score
	for i, info := range pending {
		sc := scoreOf(info)
		if best < 0 || cmp.Or(cmp.Compare(sc.ranks, bestScore.ranks), cmp.Compare(sc.gap, bestScore.gap)) < 0 {
			best, bestScore = i, sc
		}
	}
	return best
}

// movers marks each entrant whose place changed since the last standings: ▲ up, ▼ down
// (none before the first ranks: an open tournament lists its entrants unranked).
func movers(before, now []tournament.Standing) map[string]string {
	was := map[string]int{}
	for _, s := range before {
		if s.Rank > 0 {
			was[s.ID] = s.Rank
		}
	}
	out := map[string]string{}
	for _, s := range now {
		if r, ok := was[s.ID]; ok && s.Rank > 0 && r != s.Rank {
			out[s.ID] = map[bool]string{true: "▲", false: "▼"}[s.Rank < r]
		}
	}
	return out
}

// speedText is a replay's pace in moves a second as l writes it: "0.5", "0,5".
func speedText(speed float64, l lang.Lang) string {
	s := fmt.Sprintf("%g", speed)
	if l == lang.French {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// panelWidth is the width of the tournament's panel beside the boards.
const panelWidth = 30

// panel is the tournament's panel: its name, format, round, progress, standings (as many as
// the rows allow, the movers marked) and whom it waits for.
func (w *wallScreen) panel(m screen.Model, rows int) []string {
	st, l := m.Styles(), m.Lang()
	p := l.Printer()
	rep := w.rep
	if rep == nil {
		return []string{st.Dim.Render(l.Sprintf("loading the tournament…"))}
	}
	fit := func(s string) string { return termtext.Fit(s, panelWidth) }
	game := rep.Game
	if e, ok := catalog.Get(game); ok {
		game = l.Say(e.Game.Name())
	}
	out := []string{st.Heading.Render(fit(plaintext.Clean(rep.Name))), st.Dim.Render(fit(game + " · " + director.FormatText(rep.Format, l)))}
	state := director.StateText(rep.State, l)
	switch rep.State {
	case director.Open:
		out = append(out, fit(p.Sprintf("open: %d entered", rep.Entrants)))
	default:
		if rep.Rounds > 0 {
			out = append(out, fit(p.Sprintf("round %d of %d · %s", rep.Round, rep.Rounds, state)))
		} else {
			out = append(out, fit(p.Sprintf("round %d · %s", rep.Round, state)))
		}
		out = append(out, fit(p.Sprintf("%d of %d games", rep.GamesPlayed, rep.GamesTotal)))
		if times := w.times(m.Now(), l); times != "" {
			out = append(out, fit(times))
		}
		out = append(out, termtext.ProgressBar(rep.GamesPlayed, max(rep.GamesTotal, 1), panelWidth))
	}
	out = append(out, "", st.Heading.Render(l.Sprintf("Standings")))
	room := max(rows-len(out)-4, 1)
	for i, s := range rep.Standings {
		if i == room {
			out = append(out, st.Dim.Render("  "+p.Sprintf("… and %d more", len(rep.Standings)-i)))
			break
		}
		mark := w.moved[s.ID]
		if mark == "" {
			mark = " "
		}
		out = append(out, fit(fmt.Sprintf("%2d %s %-16s %5s", s.Rank, mark, termtext.Fit(plaintext.Clean(s.Name), 16), points(s.Points, l))))
	}
	if len(rep.Waiting) > 0 && rep.State == director.Running {
		out = append(out, "", st.Dim.Render(fit(l.Sprintf("waits for: %s", plaintext.Clean(rep.WaitingIn(l)[0])))))
	}
	return out
}

// points writes a standing's points, whole numbers without decimals, as l writes them
// ("2.5", "2,5").
func points(p float64, l lang.Lang) string {
	if p == math.Trunc(p) {
		return fmt.Sprintf("%.0f", p)
	}
	s := fmt.Sprintf("%.1f", p)
	if l == lang.French {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// times says how long the tournament has run and how long it still takes ("2:31 so far ·
// ~3 min left"), in l; "" when nothing says.
func (w *wallScreen) times(now time.Time, l lang.Lang) string {
	var times []string
	if rep := w.rep; rep != nil && !rep.Since.IsZero() && rep.State != director.Finished {
		times = append(times, l.Sprintf("%s so far", roomview.Clock(now.Sub(rep.Since))))
	}
	if left := w.timeLeft(now, l); left != "" {
		times = append(times, left)
	}
	return strings.Join(times, " · ")
}

// timeLeft estimates the time the tournament still takes, at its pace since it started (or,
// when the report does not say when, since the wall opened): "" until a game has ended.
func (w *wallScreen) timeLeft(now time.Time, l lang.Lang) string {
	rep := w.rep
	if rep == nil || rep.GamesPlayed >= rep.GamesTotal {
		return ""
	}
	since, played := w.firstAt, rep.GamesPlayed-w.firstPlayed
	if !rep.Since.IsZero() {
		since, played = rep.Since, rep.GamesPlayed
	}
	if since.IsZero() || played <= 0 {
		return ""
	}
	per := now.Sub(since) / time.Duration(played)
	left := per * time.Duration(rep.GamesTotal-rep.GamesPlayed)
	if left < time.Minute {
		return l.Sprintf("under a minute left")
	}
	return l.Sprintf("~%d min left", int(math.Ceil(left.Minutes())))
}
