package dicewars

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// view speaks l (English when zero).
type view struct{ l lang.Lang }

// In is the view speaking l (games.Speaker).
func (v view) In(l lang.Lang) games.View { return view{l: l} }

// View draws the map and composes attacks (an area, then its target).
var View games.View = view{}

var (
	_ games.Scaler      = view{}
	_ games.Swatcher    = view{}
	_ games.ScaledDraft = (*draft)(nil)
)

func (v view) Board(st games.State, seat int, p games.Palette) string {
	return v.ScaledBoard(st, seat, p, 0)
}

// ScaledBoard draws the map at scale k (raster.go), the largest the lobby has room for.
func (view) ScaledBoard(st games.State, _ int, p games.Palette, k int) string {
	s, ok := st.(*State)
	if !ok {
		return ""
	}
	return drawMap(s, p, nil, k)
}

// Scales: the map's at every scale; a game on a bare graph has one, its list of areas.
func (view) Scales(st games.State) [][2]int {
	s, ok := st.(*State)
	if !ok {
		return nil
	}
	if s.m.Cells == nil {
		lines := strings.Split(drawGraph(s, nil), "\n")
		return [][2]int{{utf8.RuneCountInString(lines[0]), len(lines)}}
	}
	out := make([][2]int, len(rasters))
	for k, r := range rasters {
		out[k] = [2]int{r.w, r.h}
	}
	return out
}

// Key: e ends the turn; attacks are composed with Compose.
func (view) Key(_ games.State, _ int, key string) (games.Action, bool) {
	if key == "e" {
		return End, true
	}
	return nil, false
}

// Status: "5 areas · 24 dice · group 4 · 2 kept" (the group is the largest of connected
// areas, the dice the seat gets when its turn ends), or "out · 4th place" (the first out of
// four); the swatch before the name gives the seat's colour and letter. With more than
// compactPlayers the side panel gives each seat one line, whose status has 13 columns
// beside the map of 80×24: there it is "5/24/4 · 2 kept", areas/dice/group, as the
// headline says.
func (v view) Status(st games.State, seat int) string {
	s, ok := st.(*State)
	if !ok || seat < 0 || seat >= s.Players() {
		return ""
	}
	p := v.l.Printer()
	if i := slices.Index(s.out, seat); i >= 0 {
		return p.Sprintf("out · %s place", games.OrdinalT(s.Players()-i).In(v.l))
	}
	line := p.Sprintf("%d areas", s.AreasOf(seat)) + " · " + diceCount(s.TotalDice(seat)).In(v.l) + p.Sprintf(" · group %d", s.Points(seat))
	if s.Players() > compactPlayers {
		line = fmt.Sprintf("%d/%d/%d", s.AreasOf(seat), s.TotalDice(seat), s.Points(seat))
	}
	if s.stock[seat] > 0 {
		line += p.Sprintf(" · %d kept", s.stock[seat])
	}
	return line
}

// compactPlayers is the most players whose status is said in words (see Status): the side
// panel gives more than four players one line each.
const compactPlayers = 4

// Headline is the round against the cap, so that a game where nobody attacks any more is
// seen to end (rule 12: at round 200 the most areas win), and how to read a label. It fits
// the narrowest panel (36 columns); with more than compactPlayers it also says how to read
// the players' figures, on a line of its own.
func (v view) Headline(st games.State, _ time.Duration) string {
	s, ok := st.(*State)
	if !ok {
		return ""
	}
	if s.Players() > compactPlayers {
		return v.l.Sprintf("round %d of %d · labels area:dice · players areas/dice/group", min(s.round, RoundCap), RoundCap)
	}
	return v.l.Sprintf("round %d of %d · labels area:dice", min(s.round, RoundCap), RoundCap)
}

// Swatch: the seat's letter on its light shade, then its dark shade ("[a]" in Plain).
func (view) Swatch(seat int, p games.Palette) string {
	if seat < 0 || seat >= MaxPlayers {
		return strings.Repeat(" ", games.SwatchWidth)
	}
	letter := string(rune('a' + seat))
	if p == games.Plain {
		return "[" + letter + "]"
	}
	shades := seatShades[min(int(p)-1, 1)][seat]
	return "\x1b[0;" + shades[0] + "m " + letter + "\x1b[0;" + shades[1] + "m \x1b[0m"
}

func (v view) Keys() []games.KeyHelp {
	return []games.KeyHelp{
		{Keys: "digits/tab/arrows", Does: v.l.Sprintf("area")},
		{Keys: "enter/space", Does: v.l.Sprintf("choose")},
		{Keys: "e", Does: v.l.Sprintf("end turn")},
		{Keys: "esc", Does: v.l.Sprintf("cancel")},
	}
}

func (v view) Rules() string {
	return v.l.Sprintf(`DiceWars: 2 to 8 players share a map of areas. An area is filled
with its owner's colour, or without colours with its owner's letter
(a to h; a capital on even areas; without colours, a line of _ marks
where an area meets the one below it drawn with the same letter). Each
area shows one label, "12:5": area 12 holds 5 dice, the label inside
its own area on a terminal of 80×24 or more. The panel gives each
player's letter and colour, areas, dice and largest group of connected
areas.

On your turn attack as often as you like: from one of your areas with 2
dice or more, against a neighbouring enemy area. Each side rolls the
dice on its area; the higher sum wins, ties go to the defender. A won
area takes your dice but one; the attacking area is always left with
one. When you end your turn you gain as many dice as your largest group
of connected areas, placed at random. The last one left wins; after 200
rounds the most areas win.

Keys. Choose the attacking area: type its number, or tab (and shift+tab)
to go through your areas that can attack; enter. Then the target the
same way: the chance of winning shows before you press enter. e ends
your turn; esc cancels the choice; backspace deletes a digit. esc with
nothing chosen leaves the game.`)
}

// BoardSize: the map at its smallest scale, whatever the config (the grid is fixed).
func (view) BoardSize(games.Config) (width, height int) { return rasters[0].w, rasters[0].h }

// FitConfig changes nothing: the map's size does not depend on the settings.
func (view) FitConfig(cfg games.Config, _, _ int) games.Config { return cfg.Clone() }
