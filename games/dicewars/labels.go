package dicewars

import (
	"slices"
	"strconv"
)

// Each area is labelled "b12:5": its owner's letter (a..h by seat), its number and its dice,
// so that a picture without colour (a screen reader, a test, TERM=dumb) still tells who holds
// what. Where that does not fit, "12:5"; where that does not either, "12" on one line and
// "5" on the next; where that does not either, "12" alone (48 areas in 80×24). Two areas' labels never touch on a line (a capture would read "719:4"
// for 7 beside 19:4): a label keeps clear of the characters where its row meets another
// area, and only when an area has no room so must it take them, still never next to
// another label. Labels sit as near the middle of their area as they fit.

// run is a stretch of one area on one line: x0 ≤ x < x1; [in0, in1) leaves out the ends
// that touch another area.
type run struct{ y, x0, x1, in0, in1 int }

// label is text at (x, y).
type label struct {
	x, y int
	text string
}

// labelAreas places every area's label on a picture of area ids w wide; the result maps a
// character's index to the label's byte drawn there.
func labelAreas(s *State, ids []int, w int) map[int]byte {
	n := len(s.owner)
	runs := make([][]run, n+1)
	sx, sy, cnt := make([]float64, n+1), make([]float64, n+1), make([]int, n+1)
	for y := range len(ids) / w {
		row := ids[y*w : (y+1)*w]
		for x := 0; x < w; {
			id, x0 := row[x], x
			for x < w && row[x] == id {
				x++
			}
			if id <= 0 {
				continue
			}
			r := run{y: y, x0: x0, x1: x, in0: x0, in1: x}
			if x0 > 0 && row[x0-1] > 0 {
				r.in0++
			}
			if x < w && row[x] > 0 {
				r.in1--
			}
			runs[id] = append(runs[id], r)
			sx[id] += float64(x0+x) / 2 * float64(x-x0)
			sy[id] += float64(y) * float64(x-x0)
			cnt[id] += x - x0
		}
	}
	// The smallest areas first: the others have more room to make way.
	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	slices.SortStableFunc(order, func(a, b int) int { return cnt[a] - cnt[b] })
	p := &placer{w: w, at: map[int]byte{}}
	var left []int
	for _, loose := range []bool{false, true} {
		left = left[:0]
		for _, id := range order {
			if cnt[id] == 0 || p.placed(id) {
				continue
			}
			cx, cy := sx[id]/float64(cnt[id]), sy[id]/float64(cnt[id])
			ids, dice := strconv.Itoa(id), strconv.Itoa(s.dice[id-1])
			if !p.one(id, runs[id], cx, cy, loose, string(rune('a'+s.owner[id-1]))+ids+":"+dice) &&
				!p.one(id, runs[id], cx, cy, loose, ids+":"+dice) &&
				!p.two(id, runs[id], cx, cy, loose, ids, dice) {
				left = append(left, id)
			}
		}
	}
	// Still no room (48 areas at scale 0): the number alone, else nothing rather than touch.
	for _, id := range left {
		p.one(id, runs[id], sx[id]/float64(cnt[id]), sy[id]/float64(cnt[id]), true, strconv.Itoa(id))
	}
	return p.at
}

// placer holds the labels placed so far.
type placer struct {
	w    int
	at   map[int]byte // character index → label byte
	done map[int]bool // areas labelled
}

func (p *placer) placed(id int) bool { return p.done[id] }

func (p *placer) put(id int, ls ...label) {
	if p.done == nil {
		p.done = map[int]bool{}
	}
	p.done[id] = true
	for _, l := range ls {
		for k := range len(l.text) {
			p.at[l.y*p.w+l.x+k] = l.text[k]
		}
	}
}

// clear reports whether text may go at (x, y) without touching a label already placed.
func (p *placer) clear(x, y, length int) bool {
	for k := x - 1; k <= x+length; k++ {
		if k < 0 || k >= p.w {
			continue
		}
		if _, taken := p.at[y*p.w+k]; taken {
			return false
		}
	}
	return true
}

// fit is where text of length goes in r nearest to x = cx: ok is false if it does not fit
// (in r's inside unless loose, and clear of other labels).
func (p *placer) fit(r run, length int, cx float64, loose bool) (x int, ok bool) {
	lo, hi := r.in0, r.in1
	if loose {
		lo, hi = r.x0, r.x1
	}
	if hi-lo < length {
		return 0, false
	}
	x = min(max(int(cx-float64(length)/2+0.5), lo), hi-length)
	return x, !loose || p.clear(x, r.y, length)
}

// distance from (x, y) to (cx, cy) as it looks: a line is about two columns tall.
func distance(x, y, cx, cy float64) float64 {
	dx, dy := (x-cx)/2, y-cy
	return dx*dx + dy*dy
}

// one places text on one line of the area, the one nearest its middle.
func (p *placer) one(id int, runs []run, cx, cy float64, loose bool, text string) bool {
	best, bestD := label{}, -1.0
	for _, r := range runs {
		if x, ok := p.fit(r, len(text), cx, loose); ok {
			if d := distance(float64(x)+float64(len(text))/2, float64(r.y), cx, cy); bestD < 0 || d < bestD {
				best, bestD = label{x, r.y, text}, d
			}
		}
	}
	if bestD < 0 {
		return false
	}
	p.put(id, best)
	return true
}

// two places top above bottom on two lines that follow, nearest the middle.
func (p *placer) two(id int, runs []run, cx, cy float64, loose bool, top, bottom string) bool {
	var best [2]label
	bestD := -1.0
	for _, r := range runs {
		x, ok := p.fit(r, len(top), cx, loose)
		if !ok {
			continue
		}
		mid := float64(x) + float64(len(top))/2
		for _, q := range runs {
			if q.y != r.y+1 {
				continue
			}
			if x2, ok := p.fit(q, len(bottom), mid, loose); ok {
				if d := distance(mid, float64(r.y)+0.5, cx, cy); bestD < 0 || d < bestD {
					best, bestD = [2]label{{x, r.y, top}, {x2, q.y, bottom}}, d
				}
			}
		}
	}
	if bestD < 0 {
		return false
	}
	p.put(id, best[0], best[1])
	return true
}
