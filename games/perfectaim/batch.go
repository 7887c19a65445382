package perfectaim

import (
	"encoding/json"
	"math/bits"
	"sort"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// End is how a game ended: the Detail that Inspect gives batches and practice sessions.
type End struct {
	End    Instant   // the last instant simulated: the last death
	Coins  []int     // per seat, held at the end or at death
	Deaths []Death   // in order of death; deaths at one instant in seat order
	Life   []Instant // per seat, how long it lived: its death, or End for a survivor
}

// Death is one seat's death; it is written [seat, "num/den"] in JSON.
type Death struct {
	Seat int
	At   Instant
}

// MarshalJSON writes [seat, "num/den"].
func (d Death) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{d.Seat, d.At.String()})
}

// Inspect is the games.Inspector hook: it returns a *End, or nil for another game's state.
func (game) Inspect(st games.State) any {
	s, ok := st.(*State)
	if !ok {
		return nil
	}
	n := s.Seats()
	e := &End{End: s.Time(), Coins: make([]int, n), Life: make([]Instant, n)}
	for seat := range n {
		p := s.Player(s.SeatColor(seat))
		e.Coins[seat] = p.Coins
		e.Life[seat] = e.End
		if !p.Alive {
			e.Life[seat] = p.DiedAt
			e.Deaths = append(e.Deaths, Death{Seat: seat, At: p.DiedAt})
		}
	}
	sort.SliceStable(e.Deaths, func(i, j int) bool { return e.Deaths[i].At.Cmp(e.Deaths[j].At) < 0 })
	return e
}

// BatchConfigs is the games.Seater hook: upstream's tournament (docs/rules/perfectaim.md §3,
// §12). The bots keep their colours (the colors mask, the first k colours when unset) and
// game i starts from permutation i mod 12, its period, unless cfg fixes the permutation.
func (game) BatchConfigs(cfg games.Config, k int) ([]games.Config, error) {
	if k < 2 || k > 4 {
		return nil, lang.Errorf("Perfect Aim is played by 2 to 4 players, not %d", games.Digits(k))
	}
	base := cfg.Clone()
	if base == nil {
		base = games.Config{}
	}
	if m, ok := base[KeyColors]; ok && m != 0 && bits.OnesCount(uint(m)) != k {
		return nil, lang.Errorf("Perfect Aim: colors %d does not name %d colours", games.Digits(m), games.Digits(k))
	}
	if base[KeyColors] == 0 {
		base[KeyColors] = 1<<k - 1
	}
	if _, fixed := base[KeyPermutation]; fixed {
		return []games.Config{base}, nil
	}
	out := make([]games.Config, 12)
	for p := range out {
		out[p] = base.Clone()
		out[p][KeyPermutation] = p
	}
	return out, nil
}
