package match

import "sort"

// Record sums one entrant's games. A win is a first place alone, a draw a shared first
// place, anything else a loss.
type Record struct {
	Games, Wins, Draws, Losses int
	Forfeits                   int // games lost by crashing
	Score                      int // the outcome's scores summed (Perfect Aim: coins)
	shareSum                   float64
	shareGames                 int
}

// WinPct is the percentage of games won (0 without games).
func (r Record) WinPct() float64 {
	if r.Games == 0 {
		return 0
	}
	return 100 * float64(r.Wins) / float64(r.Games)
}

// Points counts a win 1 and a draw ½.
func (r Record) Points() float64 { return float64(r.Wins) + float64(r.Draws)/2 }

// MeanShare is the mean of the outcome's shares over the games that had them; ok is false
// when none had.
func (r Record) MeanShare() (share float64, ok bool) {
	if r.shareGames == 0 {
		return 0, false
	}
	return r.shareSum / float64(r.shareGames), true
}

func (r *Record) add(res Result, seat int) {
	o := res.Outcome
	r.Games++
	first := 0
	for _, rank := range o.Ranks {
		if rank == 1 {
			first++
		}
	}
	switch {
	case o.Ranks[seat] == 1 && first == 1:
		r.Wins++
	case o.Ranks[seat] == 1:
		r.Draws++
	default:
		r.Losses++
	}
	if res.Forfeit == seat {
		r.Forfeits++
	}
	if seat < len(o.Scores) {
		r.Score += o.Scores[seat]
	}
	if seat < len(o.Shares) {
		r.shareSum += o.Shares[seat]
		r.shareGames++
	}
}

// Tally sums results per entrant and, for two-seat games, per pair and group. Add results
// in plan order (Run's order): floating-point sums then come out the same on every run.
type Tally struct {
	Total []Record     // per entrant
	Cross [][][]Record // [group][row][col]: row's games against col, two-seat games only
	Void  int          // games that count for nobody
	Games int          // all games added, void ones included
	plan  Plan
}

// NewTally prepares a tally for plan's entrants and groups.
func NewTally(p Plan) *Tally {
	k := len(p.Entrants)
	groups := 1
	if p.Schedule.At != nil && p.Len() > 0 {
		groups = p.Job(p.Len()-1).Group + 1 // planners order their games by group
	}
	for _, j := range p.Jobs {
		groups = max(groups, j.Group+1)
	}
	t := &Tally{Total: make([]Record, k), Cross: make([][][]Record, groups), plan: p}
	for g := range t.Cross {
		t.Cross[g] = make([][]Record, k)
		for row := range t.Cross[g] {
			t.Cross[g][row] = make([]Record, k)
		}
	}
	return t
}

// Add counts one result.
func (t *Tally) Add(res Result) {
	t.Games++
	if res.Void() {
		t.Void++
		return
	}
	job := t.plan.Job(res.Job)
	for seat, e := range job.Seats {
		t.Total[e].add(res, seat)
	}
	if len(job.Seats) == 2 {
		a, b := job.Seats[0], job.Seats[1]
		t.Cross[job.Group][a][b].add(res, 0)
		t.Cross[job.Group][b][a].add(res, 1)
	}
}

// Ranking orders the entrants best first: by points, then mean share, then plan order.
func (t *Tally) Ranking() []int {
	order := make([]int, len(t.Total))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := t.Total[order[i]], t.Total[order[j]]
		if pa, pb := frac(a.Points(), a.Games), frac(b.Points(), b.Games); pa != pb {
			return pa > pb
		}
		sa, _ := a.MeanShare()
		sb, _ := b.MeanShare()
		return sa > sb
	})
	return order
}

// RankingByWins orders the entrants best first by wins, then summed score, then plan order:
// upstream Perfect Aim's tournament, whose winner is the greatest (wins, coins).
func (t *Tally) RankingByWins() []int {
	order := make([]int, len(t.Total))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := t.Total[order[i]], t.Total[order[j]]
		if a.Wins != b.Wins {
			return a.Wins > b.Wins
		}
		return a.Score > b.Score
	})
	return order
}

func frac(x float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return x / float64(n)
}
