package dicewars

import (
	"slices"
	"strconv"
)

// Each area is labelled with one token, "12:5": area 12, 5 dice, at every scale and in
// every palette. Its owner is the area's colour, or in Plain its letter (the fill, a..h by
// seat, capital on even ids): a token never holds a letter, so that in Plain it stands out
// of the fill around it ("bbb12:5bb"), and it is never split over two lines. Two areas'
// labels never touch on a line (a capture would read "719:4" for 7 beside 19:4): a label
// keeps clear of the characters where its row meets another area, and only when an area
// has no room so must it take them, still never next to another label. An area too small
// for its token even so (at scale 0, 28×16, some are 3 columns wide) lets it run over its
// neighbours' characters or the sea, drawn in its own colour and centred on it. Labels sit
// as near the middle of their area as they fit.

// run is a stretch of one area on one line: x0 ≤ x < x1; [in0, in1) leaves out the ends
// that touch another area.
type run struct{ y, x0, x1, in0, in1 int }

// label is text at (x, y).
type label struct {
	x, y int
	text string
}

// labelChar is one character of an area's label.
type labelChar struct {
	ch byte
	id int // the area labelled
}

// LabelText is area id's label: "12:5".
func LabelText(id, dice int) string { return strconv.Itoa(id) + ":" + strconv.Itoa(dice) }

// labelAreas places every area's label on a picture of area ids w wide; the result holds,
// for each character of the picture, the label's character drawn there (ch 0: none).
func labelAreas(s *State, ids []int, w int) []labelChar {
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
	// The smallest areas first: the others have more room to make way. An area left without
	// a label goes first in the next try, and its neighbours make way (48 areas at scale 0).
	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	slices.SortStableFunc(order, func(a, b int) int { return cnt[a] - cnt[b] })
	var p *placer
	var first []int // the areas left without a label by the tries before
	for range 4 {
		p = &placer{w: w, at: make([]labelChar, len(ids))}
		place := func(id, pass int) {
			if cnt[id] > 0 && !p.placed(id) {
				cx, cy := sx[id]/float64(cnt[id]), sy[id]/float64(cnt[id])
				p.one(id, runs[id], cx, cy, pass, LabelText(id, s.dice[id-1]))
			}
		}
		for _, id := range first {
			for _, pass := range []int{inside, loose, spill} {
				place(id, pass)
			}
		}
		for _, pass := range []int{inside, loose, spill} {
			for _, id := range order {
				place(id, pass)
			}
		}
		left := len(first)
		for _, id := range order {
			if cnt[id] > 0 && !p.placed(id) && !slices.Contains(first, id) {
				first = append(first, id)
			}
		}
		if len(first) == left {
			break // all labelled, or no better for trying again
		}
	}
	return p.at
}

// The passes of placement: inside an area's runs away from other areas, anywhere in its
// runs, then over its neighbours where its runs are too short.
const (
	inside = iota
	loose
	spill
)

// placer holds the labels placed so far.
type placer struct {
	w    int
	at   []labelChar  // by character index
	done map[int]bool // areas labelled
}

func (p *placer) placed(id int) bool { return p.done[id] }

func (p *placer) put(id int, l label) {
	if p.done == nil {
		p.done = map[int]bool{}
	}
	p.done[id] = true
	for k := range len(l.text) {
		p.at[l.y*p.w+l.x+k] = labelChar{l.text[k], id}
	}
}

// clear reports whether text may go at (x, y) without touching a label already placed.
func (p *placer) clear(x, y, length int) bool {
	for k := x - 1; k <= x+length; k++ {
		if k < 0 || k >= p.w {
			continue
		}
		if p.at[y*p.w+k].ch != 0 {
			return false
		}
	}
	return true
}

// span is where text of length may begin on r in a pass, lo ≤ x ≤ hi: in r's inside at
// first, then anywhere in r; then, for a run too short, every place that covers some of it
// and runs over its ends. ok is false when there is none.
func (p *placer) span(r run, length, pass int) (lo, hi int, ok bool) {
	switch pass {
	case inside:
		lo, hi = r.in0, r.in1-length
	case loose:
		lo, hi = r.x0, r.x1-length
	case spill:
		if r.x1-r.x0 >= length {
			return 0, 0, false // r had room: the other passes took it or left it for good
		}
		lo, hi = max(0, r.x0-length+1), min(r.x1-1, p.w-length)
	}
	return lo, hi, lo <= hi
}

// distance from (x, y) to (cx, cy) as it looks: a line is about two columns tall.
func distance(x, y, cx, cy float64) float64 {
	dx, dy := (x-cx)/2, y-cy
	return dx*dx + dy*dy
}

// one places text on one line of the area, clear of other labels: where it covers fewest
// characters of others, then nearest the area's middle. On a line, the places nearest the
// middle are tried first, outwards, and the first clear one is that line's best.
func (p *placer) one(id int, runs []run, cx, cy float64, pass int, text string) bool {
	best, bestCover, bestD := label{}, 0, -1.0
	for _, r := range runs {
		lo, hi, ok := p.span(r, len(text), pass)
		if !ok {
			continue
		}
		mid := min(max(int(cx-float64(len(text))/2+0.5), lo), hi)
	line:
		for step := 0; mid-step >= lo || mid+step <= hi; step++ {
			xs := [2]int{mid - step, mid + step}
			for _, x := range xs[:min(step+1, 2)] {
				if x < lo || x > hi || !p.clear(x, r.y, len(text)) {
					continue
				}
				cover := max(0, r.x0-x) + max(0, x+len(text)-r.x1)
				d := distance(float64(x)+float64(len(text))/2, float64(r.y), cx, cy)
				if bestD < 0 || cover < bestCover || cover == bestCover && d < bestD {
					best, bestCover, bestD = label{x, r.y, text}, cover, d
				}
				if pass != spill {
					break line // farther along this line is no better
				}
			}
		}
	}
	if bestD < 0 {
		return false
	}
	p.put(id, best)
	return true
}
