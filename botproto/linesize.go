package botproto

import (
	"math/rand/v2"
	"time"

	"github.com/arena-classroom/arena/games"
	"github.com/arena-classroom/arena/lang"
)

// LongestTurn plays one game of g at cfg (nil: the defaults) with seats players choosing at
// random from seed (among the legal actions, or the example's where the game lists none)
// and returns the length of its longest turn line: what a program must be ready to read.
func LongestTurn(g games.Game, cfg games.Config, seats int, seed uint64) (int, error) {
	d := g.Describe().Protocol
	if d == nil {
		return 0, lang.Errorf("no bot protocol schema for %s", g.ID())
	}
	cfg, err := exampleConfig(g, cfg, seats)
	if err != nil {
		return 0, err
	}
	st, err := g.New(cfg, seats, seed)
	if err != nil {
		return 0, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	longest := 0
	for moves := 0; !st.Over() && moves < 100_000; moves++ {
		seat := st.ToMove()[0]
		line, err := Encode(NewTurn("m_k7qx2", moves+1, st, seat, time.Second, 5*time.Second))
		if err != nil {
			return 0, err
		}
		longest = max(longest, len(line))
		options := st.Legal(seat)
		if len(options) == 0 {
			for _, a := range d.ExampleActions {
				if st.Validate(seat, a) == nil {
					options = append(options, a)
				}
			}
		}
		a := st.DefaultAction(seat)
		if len(options) > 0 {
			a = options[rng.IntN(len(options))]
		}
		if _, err := st.Apply(seat, a); err != nil {
			return 0, err
		}
	}
	return longest, nil
}
