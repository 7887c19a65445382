package tournament

import "testing"

func TestSmoke(t *testing.T) {
	for _, spec := range []string{"round-robin", "double-round-robin", "swiss", "elimination:3", "pools:3"} {
		o := Options{MinSeats: 2, MaxSeats: 2}
		if spec == "pools:3" {
			o.MaxSeats = 4
		}
		f, err := Parse(spec, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{2, 5, 8} {
			rounds, results := playOut(t, f, people(n), higherWins)
			ss, err := f.Standings(people(n), results)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s n=%d rounds=%d/%d", spec, n, len(rounds), f.Rounds(n))
			for i, r := range rounds {
				t.Logf("  %d: %s", i+1, show(r))
			}
			t.Logf("  %s", table(ss))
		}
	}
}
