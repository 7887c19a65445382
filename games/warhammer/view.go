package warhammer

import (
	"fmt"
	"strings"

	"github.com/arena-classroom/arena/games"
)

type view struct{}

// View draws War Hammer boards. (The two-step choice with previews that people will play
// with belongs to the lobby's War Hammer screen, still to come; Key maps nothing yet.)
var View games.View = view{}

// colours of seats 1..8 in the ANSI palettes.
var seatColours = [MaxPlayers]string{"31", "34", "33", "32", "35", "36", "91", "94"}

// Board draws each cell in two columns: a living player's seat number (1..8) in its colour,
// x where a player fell, the cell's HP otherwise (. for a hole).
func (view) Board(st games.State, _ int, p games.Palette) string {
	s, ok := st.(*State)
	if !ok {
		return ""
	}
	at := make(map[int]string, len(s.players))
	for k := len(s.players) - 1; k >= 0; k-- { // the living drawn over the fallen
		pl := s.players[k]
		i := pl.Row*s.size + pl.Col
		if pl.Alive {
			mark := fmt.Sprint(k + 1)
			if p != games.Plain {
				mark = "\x1b[1;" + seatColours[k] + "m" + mark + "\x1b[0m"
			}
			at[i] = mark
		} else if _, taken := at[i]; !taken {
			at[i] = "x"
		}
	}
	var b strings.Builder
	for r := range s.size {
		if r > 0 {
			b.WriteByte('\n')
		}
		for c := range s.size {
			i := r*s.size + c
			switch mark, ok := at[i]; {
			case ok:
				b.WriteString(mark)
			case s.hp[i] == 0:
				b.WriteByte('.')
			case s.hp[i] > 9:
				b.WriteByte('+')
			default:
				b.WriteByte(byte('0' + s.hp[i]))
			}
			b.WriteByte(' ')
		}
	}
	return b.String()
}

func (view) Key(games.State, int, string) (games.Action, bool) { return nil, false }

// Status: alive or dead, where.
func (view) Status(st games.State, seat int) string {
	s, ok := st.(*State)
	if !ok || seat < 0 || seat >= len(s.players) {
		return ""
	}
	p := s.players[seat]
	if !p.Alive {
		return fmt.Sprintf("%d: fell at (%d,%d)", seat+1, p.Row, p.Col)
	}
	return fmt.Sprintf("%d: alive at (%d,%d), cell HP %d", seat+1, p.Row, p.Col, s.HP(p.Row, p.Col))
}

func (view) Keys() []games.KeyHelp { return nil }

func (view) Rules() string {
	return `War Hammer arena: each turn, first throw a grenade (right, up, left or down: it flies up to
five cells and destroys where it lands, damaging the four cells around) or take one step in
eight directions; then bring your hammer down on a neighbouring cell, destroying it. Every
action wears your own cell by 1 HP. Standing on a destroyed cell kills you; so does stepping
off the board or onto a player, or hammering a hole or the void. The last one standing wins.`
}
