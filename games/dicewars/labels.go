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
// for its token even so: at scale 0 (28×16, the wall's tiles; some areas are 3 columns wide)
// its label runs over its neighbours' characters or the sea, drawn in its own colour and
// centred on it; at every scale of a window of 80×24 or more, the picture gives the area the
// few characters its label lacks on one of its lines (widen), so that every label lies on
// its own area's characters. Labels sit as near the middle of their area as they fit.

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
// for each character of the picture, the label's character drawn there (ch 0: none). With
// the grid's picture before the blanks that part the areas (grid), no label ever runs over
// another area's characters or the sea: where an area has no run of its label's length
// clear of the others, the picture makes it one on a line of the area, taking the
// characters the label lacks (see widen), and ids says so. Without (grid nil), a label runs
// over its neighbours' characters where it must (spill).
func labelAreas(s *State, ids []int, w int, grid []int) []labelChar {
	n := len(s.owner)
	widen := grid != nil
	orig := slices.Clone(ids)
	// Where each area is and how large: on the grid's picture when there is one, for an area
	// the blanks hide (one character wide between two others) is labelled too.
	gridRuns, sx, sy, cnt := measure(ids, w, n)
	if widen {
		gridRuns, sx, sy, cnt = measure(grid, w, n)
	}
	// The smallest areas first: the others have more room to make way. An area left without
	// a label goes first in the next try, and its neighbours make way (48 areas at scale 0).
	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	slices.SortStableFunc(order, func(a, b int) int { return cnt[a] - cnt[b] })
	passes := []int{inside, loose, spill}
	if widen {
		passes = passes[:2]
	}
	var p, best *placer // this try's labels, and the try's that left fewest areas without
	var bestIDs []int
	bestMissing := 0
	var first []int // the areas left without a label by the tries before
	for range 4 {
		copy(ids, orig)
		runs, _, _, _ := measure(ids, w, n)
		p = &placer{w: w, at: make([]labelChar, len(ids)), dice: s.dice}
		place := func(id, pass int) {
			if cnt[id] > 0 && !p.placed(id) {
				cx, cy := sx[id]/float64(cnt[id]), sy[id]/float64(cnt[id])
				p.one(id, runs[id], cx, cy, pass, LabelText(id, s.dice[id-1]))
			}
		}
		widenOne := func(id int) {
			if cnt[id] > 0 && !p.placed(id) {
				p.widen(id, ids, gridRuns[id], sx[id]/float64(cnt[id]), sy[id]/float64(cnt[id]), LabelText(id, s.dice[id-1]))
				runs, _, _, _ = measure(ids, w, n) // it took characters: the others' runs change
			}
		}
		for _, id := range first {
			for _, pass := range passes {
				place(id, pass)
			}
			if widen {
				widenOne(id)
			}
		}
		for _, pass := range passes {
			for _, id := range order {
				place(id, pass)
			}
		}
		if widen {
			for _, id := range order {
				for _, pass := range passes {
					place(id, pass)
				}
				widenOne(id)
			}
		}
		left, missing := len(first), 0
		for _, id := range order {
			if cnt[id] > 0 && !p.placed(id) {
				missing++
				if !slices.Contains(first, id) {
					first = append(first, id)
				}
			}
		}
		if best == nil || missing < bestMissing {
			best, bestMissing, bestIDs = p, missing, slices.Clone(ids)
		}
		if missing == 0 || len(first) == left {
			break // all labelled, or no better for trying again
		}
	}
	copy(ids, bestIDs)
	return best.at
}

// measure finds the runs of every area on a picture of ids w wide, and each area's
// characters: their count and the sums of their columns and lines (for its middle).
func measure(ids []int, w, n int) (runs [][]run, sx, sy []float64, cnt []int) {
	runs = make([][]run, n+1)
	sx, sy, cnt = make([]float64, n+1), make([]float64, n+1), make([]int, n+1)
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
	return runs, sx, sy, cnt
}

// widen labels area id where none of its runs is long enough, clear of the labels placed:
// on a line where the grid shows the area (runs), at the place where its label takes fewest
// characters that are not the area's (then nearest its middle), it takes them, so that the
// label lies on the area's own characters, and it leaves the character on either side of
// the label that belongs to another area blank, so that the edge between the two still
// shows. It takes only characters of the sea, of the blanks between areas, or of an area
// that keeps its label's length and one more, never a label's or one beside a label. It
// reports whether it placed one.
func (p *placer) widen(id int, ids []int, runs []run, cx, cy float64, text string) bool {
	length := len(text)
	count := map[int]int{}
	for _, a := range ids {
		count[a]++
	}
	type choice struct {
		x, y, cost int
		d          float64
	}
	best := choice{cost: -1}
	for _, r := range runs {
		row := ids[r.y*p.w : (r.y+1)*p.w]
		for x := max(0, r.x0-length+1); x <= min(r.x1-1, p.w-length); x++ {
			if !p.clear(x, r.y, length) {
				continue
			}
			taken := map[int]int{}
			for k := x; k < x+length; k++ {
				if row[k] != id {
					taken[row[k]]++
				}
			}
			for _, k := range []int{x - 1, x + length} { // the blanks that keep the edges
				if k >= 0 && k < p.w && row[k] > 0 && row[k] != id {
					taken[row[k]]++
				}
			}
			cost, ok := 0, true
			for a, c := range taken {
				cost += c
				// An area keeps room for its label (placed, or to place) and one character
				// more, so that it still shows where the grid puts it.
				if a > 0 && count[a]-c <= len(LabelText(a, p.dice[a-1])) {
					ok = false
				}
			}
			d := distance(float64(x)+float64(length)/2, float64(r.y), cx, cy)
			if ok && (best.cost < 0 || cost < best.cost || cost == best.cost && d < best.d) {
				best = choice{x, r.y, cost, d}
			}
		}
	}
	if best.cost < 0 {
		return false
	}
	row := ids[best.y*p.w : (best.y+1)*p.w]
	for k := best.x; k < best.x+length; k++ {
		row[k] = id
	}
	for _, k := range []int{best.x - 1, best.x + length} {
		if k >= 0 && k < p.w && row[k] > 0 && row[k] != id {
			row[k] = 0
		}
	}
	p.put(id, label{best.x, best.y, text})
	return true
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
	dice []int        // each area's dice, for its label's length
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
