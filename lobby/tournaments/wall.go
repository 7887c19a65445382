package tournaments

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/arena-classroom/arena/internal/termtext"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/lobby/roomview"
	"github.com/arena-classroom/arena/lobby/screen"
	"github.com/arena-classroom/arena/lobby/widget"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament"
	"github.com/arena-classroom/arena/tournament/director"
)

// wallScreen shows every live game at once, each board in a tile of a grid that updates
// live: what a teacher puts on the classroom projector. enter zooms into the chosen game;
// esc from there comes back to the wall.
type wallScreen struct {
	cursor int           // the chosen room, an index in the rooms shown
	first  int           // the first room of the page
	code   string        // a tournament's code: only its games ("" for every game)
	back   screen.Screen // where leaving goes (the standings); nil: the lobby, or the session's end
	// What the wall shows, as last loaded (load): View only draws it.
	shown   []rooms.Info
	snaps   map[string]*rooms.Snapshot // by room id; none: its place stays empty
	loading bool

	// A tournament's wall (broadcast.go): its report, and the games it plays again.
	rep         *director.Report
	repAt       uint64            // the director's version rep was read at
	moved       map[string]string // the entrants whose place changed at the last report
	firstAt     time.Time         // when the wall first read the report, and the games
	firstPlayed int               // played then: the pace of its estimate of the time left
	seen        map[string]bool   // rooms drawn live, waiting to be replayed, or replayed
	pending     []rooms.Info      // finished games not shown yet, oldest first
	want        *rooms.Info       // the next to replay, for the next load to read
	fetching    bool              // a replay's read is on its way
	casting     *castReplay       // the game played again now
	speed       int               // replaySpeeds' index

	// The wall as last drawn, and what it was drawn from: the clock's ticks draw the wall
	// again only when something on it changed (a move of a replay, a load, a key).
	gen       uint64 // counts the changes of what View draws
	drawnKey  string
	drawnView string
}

// wallLoaded is what the wall's load read: the rooms to show and their latest pictures;
// for a tournament's wall, every room of its games listed, its report (nil: unchanged) and
// the replay it asked for.
type wallLoaded struct {
	shown  []rooms.Info
	snaps  map[string]*rooms.Snapshot
	all    []rooms.Info
	rep    *director.Report
	repAt  uint64
	replay *replayLoaded
}

func (w *wallScreen) Init(m screen.Model) tea.Cmd { return w.load(m) }

// Load is screen.Loader's.
func (w *wallScreen) Load(m screen.Model) tea.Cmd { return w.load(m) }

// load reads the rooms and their pictures off the session's goroutine (a room of another
// node is loaded on its first read, then followed), one load at a time: the clock's ticks
// and the lobby's changes ask for the next.
func (w *wallScreen) load(m screen.Model) tea.Cmd {
	if w.loading {
		return nil
	}
	w.loading = true
	dir, who, ctx, code := m.Rooms(), m.Who(), m.Context(), w.code
	svc, repAt, haveRep, want := m.Services(), w.repAt, w.rep != nil, w.want
	w.want = nil
	// The pictures of the rooms the page can show, from its first: a wall of many rooms
	// reads those it draws, not all (2 × perPage, as tiles may be smaller than it assumes).
	from, count := w.first, 2*w.perPage(m)+2
	return func() tea.Msg {
		// One deadline for the whole load: a room of another node is waited for on its
		// first read only (then followed), and a load never takes longer than this.
		ctx, cancel := context.WithTimeout(ctx, loadWait)
		defer cancel()
		var out wallLoaded
		all := wallRooms(rooms.Visible(dir.List(), who.ID, who.Admin), code)
		shown := all
		if code != "" {
			// A tournament's wall draws its games being played at a pace people follow;
			// the fast ones, and those it could not show, it plays again once finished.
			out.all, shown = all, nil
			for _, info := range all {
				if info.Status == rooms.Playing && !info.Fast {
					shown = append(shown, info)
				}
			}
			if d := svc.Director; d != nil {
				if v := d.Version(); v != repAt || !haveRep {
					if rep, err := d.Report(ctx, code); err == nil {
						out.rep, out.repAt = &rep, v
					}
				}
			}
			if want != nil {
				got := fetchReplay(ctx, dir, svc.Archive, *want)
				out.replay = &got
			}
		}
		page := shown[min(from, len(shown)):min(from+count, len(shown))]
		snaps := make(map[string]*rooms.Snapshot, len(page))
		for _, info := range page {
			r, ok := dir.Find(info.ID)
			if !ok {
				continue
			}
			if snap, err := r.Snapshot(ctx); err == nil && snap != nil {
				snaps[info.ID] = snap
			}
		}
		out.shown, out.snaps = shown, snaps
		return out
	}
}

// NewWall is the wall of every live game, or of tournament code's only ("" for every game);
// leaving it goes back to back (nil: the lobby, or the session's end).
func NewWall(code string, back screen.Screen) screen.Screen {
	return &wallScreen{code: code, back: back, seen: map[string]bool{}, speed: defaultReplaySpeed}
}

// Name is what a footer calls the wall: a game watched from it says "esc wall".
func (w *wallScreen) Name() string { return "wall" }

func (w *wallScreen) Ticks() bool { return true } // the boards move
func (w *wallScreen) ShowsLobby() {}

// wallRooms are the rooms the wall shows: games being played, then those just finished.
// With a tournament's code, only that tournament's.
func wallRooms(all []rooms.Info, code string) []rooms.Info {
	var playing, finished []rooms.Info
	for _, r := range all {
		if code != "" && director.TournamentOf(r) != code {
			continue
		}
		switch r.Status {
		case rooms.Playing:
			playing = append(playing, r)
		case rooms.Finished:
			finished = append(finished, r)
		}
	}
	return append(playing, finished...)
}

// wallCount says what the wall shows, in l: the games being played now, the fast ones
// among them, and those just finished.
func wallCount(shown []rooms.Info, l lang.Lang) string {
	playing, fast, finished := 0, 0, 0
	for _, r := range shown {
		switch {
		case r.Status == rooms.Finished:
			finished++
		case r.Fast:
			playing++
			fast++
		default:
			playing++
		}
	}
	p := l.Printer()
	s := p.Sprintf("%d games being played", playing)
	if fast > 0 {
		s += " " + p.Sprintf("(%d fast)", fast)
	}
	if finished > 0 {
		s += " · " + p.Sprintf("%d just finished", finished)
	}
	return s
}

var wallKeys = struct{ next, prev, pageDown, pageUp, watch, faster, slower key.Binding }{
	next:     widget.Bind("→/l/tab", lang.N("the next game"), "right", "l", "tab"),
	prev:     widget.Bind("←/h/shift+tab", lang.N("the previous game"), "left", "h", "shift+tab"),
	pageDown: widget.Bind("↓/pgdn/j/space", lang.N("the next page"), "pgdown", "down", "j", " "),
	pageUp:   widget.Bind("↑/pgup/k", lang.N("the previous page"), "pgup", "up", "k"),
	watch:    widget.Bind("enter", lang.N("watch the chosen game (esc comes back to the wall)"), "enter"),
	faster:   widget.Bind("+", lang.N("replays faster (up to 8 moves a second)"), "+", "="),
	slower:   widget.Bind("-", lang.N("replays slower (down to one move every 2 s)"), "-"),
}

func (w *wallScreen) Keys(m screen.Model) widget.KeyMap {
	k := wallKeys
	back := widget.Back(m.BackTo(w.back), true)
	faster, slower := widget.Enabled(k.faster, w.code != ""), widget.Enabled(k.slower, w.code != "")
	return widget.KeyMap{
		Short: []key.Binding{widget.Pair(lang.N("choose"), k.prev, k.next), widget.Pair(lang.N("page"), k.pageUp, k.pageDown), widget.Pair(lang.N("watch"), k.watch),
			widget.Pair(lang.N("replay pace"), faster, slower), back},
		Full: [][]key.Binding{{k.next, k.prev, k.pageDown, k.pageUp, k.watch, faster, slower, back}},
	}
}

func (w *wallScreen) Update(m screen.Model, msg tea.Msg) (screen.Screen, tea.Cmd) {
	if loaded, ok := msg.(wallLoaded); ok {
		w.gen++ // what the wall shows changed
		w.loading = false
		w.shown, w.snaps = loaded.shown, loaded.snaps
		w.took(m.Now(), loaded)
		return w, nil
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		w.cast(m.Now())     // a tick changes the wall only if the replay moves on (cast says so)
		return w, w.load(m) // a tick of the clock, a change of the lobby: the boards move
	}
	w.gen++ // a key: the cursor, the page, the pace
	n := len(w.shown)
	switch keys := wallKeys; {
	case key.Matches(k, keys.next):
		w.cursor = min(w.cursor+1, max(n-1, 0))
	case key.Matches(k, keys.prev):
		w.cursor = max(w.cursor-1, 0)
	case key.Matches(k, keys.pageDown):
		w.first = min(w.first+w.perPage(m), max(n-1, 0))
		w.cursor = w.first
	case key.Matches(k, keys.pageUp):
		w.first = max(w.first-w.perPage(m), 0)
		w.cursor = w.first
	case key.Matches(k, keys.watch):
		if w.cursor < n {
			if r, ok := m.Rooms().Find(w.shown[w.cursor].ID); ok {
				return m.Watch(r, w)
			}
		}
		m.Notify(m.Lang().Sprintf("that room has just closed"))
	case w.code != "" && key.Matches(k, keys.faster):
		w.setSpeed(m.Now(), w.speed+1)
	case w.code != "" && key.Matches(k, keys.slower):
		w.setSpeed(m.Now(), w.speed-1)
	case key.Matches(k, widget.Back("", true)):
		return m.Back(w.back, "")
	}
	return w, nil
}

// took takes what a tournament's wall loaded: the report (the movers marked), the finished
// games to replay, the replay read.
func (w *wallScreen) took(now time.Time, l wallLoaded) {
	if w.code == "" {
		return
	}
	if l.rep != nil {
		if w.rep != nil {
			w.moved = movers(w.rep.Standings, l.rep.Standings)
		}
		if w.firstAt.IsZero() {
			w.firstAt, w.firstPlayed = now, l.rep.GamesPlayed
		}
		w.rep, w.repAt = l.rep, l.repAt
	}
	for _, info := range l.all {
		switch {
		case w.seen[info.ID]:
		case info.Status == rooms.Playing && !info.Fast:
			w.seen[info.ID] = true // drawn live
		case info.Status == rooms.Finished:
			w.seen[info.ID] = true
			w.pending = append(w.pending, info)
			if len(w.pending) > maxPending {
				w.pending = w.pending[1:]
			}
		}
	}
	if l.replay != nil {
		w.fetching = false
		w.casting = l.replay.start(now)
	}
	w.cast(now)
}

// cast moves the replay on, and when it is over asks for the next (pickReplay).
func (w *wallScreen) cast(now time.Time) {
	if w.code == "" {
		return
	}
	was, at := w.casting, -1
	if was != nil {
		at = was.cursor.At()
	}
	defer func() {
		if w.casting != was || was != nil && (was.cursor.At() != at || !was.doneAt.IsZero()) {
			w.gen++
		}
	}()
	if w.casting != nil {
		w.casting.advance(now, replaySpeeds[w.speed])
		if !w.casting.over(now) {
			return
		}
		w.casting = nil
	}
	if w.fetching || w.want != nil || len(w.pending) == 0 {
		return
	}
	var standings []tournament.Standing
	if w.rep != nil {
		standings = w.rep.Standings
	}
	i := pickReplay(w.pending, standings)
	next := w.pending[i]
	w.pending = slices.Delete(w.pending, i, i+1)
	w.want, w.fetching = &next, true
}

// setSpeed changes the replays' pace, keeping the move shown.
func (w *wallScreen) setSpeed(now time.Time, i int) {
	w.speed = min(max(i, 0), len(replaySpeeds)-1)
	if w.casting != nil {
		w.casting.respeed(now)
	}
}

// perPage is a rough count of the tiles one screen holds, for paging.
func (w *wallScreen) perPage(m screen.Model) int {
	return max((m.Width()/46)*((m.Height()-3)/23), 1)
}

// loadWait bounds a load of the wall: the rooms' pictures, a tournament's report, a replay.
const loadWait = 5 * time.Second

// tileWait bounds the wait for a room's first picture (a room of another node is loaded on
// its first read, then followed: later reads do not wait).
const tileWait = 2 * time.Second

// tile is room info drawn for the wall (the zero Tile when it has closed, has no board, or
// could not be loaded: its place on the wall stays empty, and the next load tries again).
// Its board is drawn at scale k (games.Scaler).
func (w *wallScreen) tile(m screen.Model, info rooms.Info, chosen bool, k int) roomview.Tile {
	snap := w.snaps[info.ID]
	if snap == nil {
		return roomview.Tile{}
	}
	return roomview.SharedWallTile(w.viewer(m), info, snap, chosen, k)
}

// viewer is who looks at the wall: a spectator of every game on it.
func (w *wallScreen) viewer(m screen.Model) roomview.Viewer {
	return roomview.Viewer{St: m.Styles(), Palette: m.Palette(), Seat: -1, Lang: m.Lang()}
}

func (w *wallScreen) View(m screen.Model) string {
	key := fmt.Sprintf("%d %d %d %s %s", w.gen, m.Width(), m.Height(), m.Lang(), w.times(m.Now(), m.Lang()))
	if key == w.drawnKey {
		return w.drawnView
	}
	w.drawnKey, w.drawnView = key, w.draw(m)
	return w.drawnView
}

// draw lays the wall out: the header, the boards, a tournament's panel, the footer.
func (w *wallScreen) draw(m screen.Model) string {
	st, l := m.Styles(), m.Lang()
	n := len(w.shown)
	w.cursor = min(w.cursor, max(n-1, 0))
	w.first = min(w.first, w.cursor)
	right := l.Sprintf("the wall · %s", wallCount(w.shown, l))
	if w.code != "" {
		right = l.Sprintf("the wall · tournament %s · %s", w.code, wallCount(w.shown, l))
	}
	out := []string{m.Header(st.Dim.Render(right))}
	// A tournament's wall keeps its panel on the right where the window has room for it
	// and a board.
	width, rows := m.Width(), m.Height()-2
	var panel []string
	if w.code != "" && width >= panelWidth+26 {
		panel = w.panel(m, rows)
		width -= panelWidth + 2
	}
	var body []string
	switch {
	case n == 0 && w.casting == nil && w.code != "":
		body = []string{"", st.Dim.Render(termtext.Fit(l.Sprintf("No game of this tournament is being played right now."), width))}
	case n == 0 && w.casting == nil:
		body = []string{"", st.Dim.Render(termtext.Fit(l.Sprintf("No game is being played right now. The wall shows every game as it starts."), width))}
	default:
		body = w.tiles(m, width, rows)
	}
	if panel != nil {
		for i, l := range body {
			body[i] = l + strings.Repeat(" ", max(width-ansi.StringWidth(l), 0))
		}
		body = strings.Split(termtext.BesideBoard(body, width, strings.Join(panel, "\n")), "\n")
	}
	out = append(out, body...)
	out = append(out, m.Footer(w.Keys(m)))
	return strings.Join(out, "\n")
}

// tiles lays the boards out, left to right and rows top to bottom, as many as width × rows
// holds from the first of the page (the chosen one always on it), then the replay a
// tournament's wall plays; and draws them at the largest scale at which those same tiles
// still fit (games.Scaler, one scale for all): one or two games on a projector are drawn
// large, a page of many as many as at their own size.
func (w *wallScreen) tiles(m screen.Model, width, rows int) []string {
	n := len(w.shown)
	var extra []roomview.Tile
	if w.casting != nil {
		v := w.viewer(m)
		// The replay takes the room the live boards leave: all of it when none is live.
		rw, rh := width, rows-1
		if n > 0 {
			rw, rh = width/2, rows/2
		}
		extra = append(extra, w.casting.tile(v, replaySpeeds[w.speed], rw, rh))
	}
	// The wall's items: the rooms shown (j < n), then the replay. Each is drawn at most once
	// a frame at each scale tried.
	total := n + len(extra)
	base := w.first // the page may start later, never earlier
	tileAt := func(k int) func(j int) roomview.Tile {
		var drawn []roomview.Tile // by j - base; no lines: not drawn yet, or empty
		return func(j int) roomview.Tile {
			if j >= n {
				return extra[j-n]
			}
			if i := j - base; i < len(drawn) && drawn[i].Lines != nil {
				return drawn[i]
			}
			t := w.tile(m, w.shown[j], j == w.cursor, k)
			if drawn == nil {
				drawn = make([]roomview.Tile, 0, 16)
			}
			for len(drawn) <= j-base {
				drawn = append(drawn, roomview.Tile{})
			}
			drawn[j-base] = t
			return t
		}
	}
	at0 := tileAt(0)
	sizeOf := func(tile func(j int) roomview.Tile) func(j int) (int, int) {
		return func(j int) (int, int) { t := tile(j); return t.Width, len(t.Lines) }
	}
	var page wallPage
	for {
		page, _ = layTiles(w.first, total, sizeOf(at0), width, rows, false)
		if end := min(page.end, n); w.cursor < end || w.first >= n-1 || end <= w.first {
			break
		}
		w.first = w.cursor // the chosen tile is past this page: start the page there
	}
	// The largest scale at which the page's tiles all fit: tried from scale 1 up on the sizes
	// the games give for their boards (larger at each scale: the first that does not fit
	// ends the search, having asked for the sizes of the few tiles it laid out), then drawn
	// and laid out again on what was drawn.
	sizes := map[int][][2]int{}
	grew := false // a tile laid out has a board at the scale tried
	sizeAt := func(k int) func(j int) (int, int) {
		return func(j int) (int, int) {
			if j >= n {
				return extra[j-n].Width, len(extra[j-n].Lines)
			}
			s, ok := sizes[j]
			if !ok {
				if snap := w.snaps[w.shown[j].ID]; snap != nil {
					s = roomview.WallTileSizes(w.viewer(m), snap)
				}
				sizes[j] = s
			}
			if len(s) == 0 {
				return 0, 0
			}
			grew = grew || k < len(s)
			size := s[min(k, len(s)-1)]
			return size[0], size[1]
		}
	}
	fits := 0
	for k := 1; page.drawn > 0; k++ {
		grew = false
		p, ok := layTiles(w.first, total, sizeAt(k), width, rows, true)
		if !ok || p.drawn < page.drawn || !grew {
			break
		}
		fits = k
	}
	tile := at0
	for k := fits; k > 0; k-- {
		atK := tileAt(k)
		if p, ok := layTiles(w.first, total, sizeOf(atK), width, rows, true); ok && p.drawn >= page.drawn {
			page, tile = p, atK
			break
		}
	}
	return page.lines(tile)
}

// wallPage is the wall's tiles laid out: the items of each row (from, to: those between
// with a tile), the item after the last laid out, and how many tiles it draws.
type wallPage struct {
	rows  [][2]int
	end   int
	drawn int
}

// layTiles lays items first… of total out, item j of size(j) (width 0: an empty place,
// skipped), in rows of at most width cells (each tile followed by two spaces) under each
// other, each row followed by a blank line, in at most rows lines: as many as fit. A tile
// wider than width, or a first row taller than rows, is laid out all the same (a board too
// large for the window shows cut) unless fit is set: then the layout fails (ok false).
func layTiles(first, total int, size func(j int) (w, h int), width, rows int, fit bool) (p wallPage, ok bool) {
	used, j := 0, first
	for j < total {
		start := j
		tiles, rowWidth, height := 0, 0, 0
		for j < total {
			tw, th := size(j)
			if rowWidth > 0 && rowWidth+2+tw > width {
				break
			}
			if fit && tw+2 > width {
				return p, false
			}
			j++
			if tw == 0 {
				continue // closed, or no picture yet: its place stays empty
			}
			tiles++
			rowWidth += tw + 2
			height = max(height, th)
		}
		if used+height+1 > rows {
			if used > 0 {
				j = start
				break
			}
			if fit {
				return p, false
			}
		}
		p.rows = append(p.rows, [2]int{start, j})
		p.drawn += tiles
		used += height + 1
		if tiles == 0 {
			break
		}
	}
	p.end = j
	return p, true
}

// lines draws the page's rows of tiles (tile(j) draws item j), a blank line under each.
func (p wallPage) lines(tile func(j int) roomview.Tile) []string {
	var out []string
	var row []roomview.Tile
	for _, items := range p.rows {
		row = row[:0]
		height := 0
		for j := items[0]; j < items[1]; j++ {
			if t := tile(j); t.Width > 0 {
				row = append(row, t)
				height = max(height, len(t.Lines))
			}
		}
		for y := range height {
			var b strings.Builder
			for _, t := range row {
				if y < len(t.Lines) {
					b.WriteString(t.Lines[y])
				} else {
					b.WriteString(strings.Repeat(" ", t.Width))
				}
				b.WriteString("  ")
			}
			out = append(out, b.String())
		}
		out = append(out, "")
	}
	return out
}

func (w *wallScreen) Help(m screen.Model) string {
	return m.Lang().Sprintf(`The wall: every live game at once, updating live (for the classroom
projector). Games being played come first, then those just finished. A game
marked "fast" is played by programs as fast as they answer: the wall shows
its latest moves as often as the screen redraws, and never slows it.

A larger window shows more games (160×50 holds six 20×20 boards),
or the few there are drawn larger.
From a shell: ssh -t HOST wall.`)
}
