package dicewars

// sumWays[n][s]: the number of ways n six-sided dice sum to s (n ≤ MaxDice).
var sumWays = func() [MaxDice + 1][6*MaxDice + 1]float64 {
	var w [MaxDice + 1][6*MaxDice + 1]float64
	w[0][0] = 1
	for n := 1; n <= MaxDice; n++ {
		for s := n; s <= 6*n; s++ {
			for f := 1; f <= 6 && f <= s; f++ {
				w[n][s] += w[n-1][s-f]
			}
		}
	}
	return w
}()

// winChance[a][d]: the exact chance that a dice beat d dice (a strictly higher sum).
var winChance = func() [MaxDice + 1][MaxDice + 1]float64 {
	var p [MaxDice + 1][MaxDice + 1]float64
	for a := 1; a <= MaxDice; a++ {
		for d := 1; d <= MaxDice; d++ {
			wins, all := 0.0, 0.0
			for sa := a; sa <= 6*a; sa++ {
				for sd := d; sd <= 6*d; sd++ {
					ways := sumWays[a][sa] * sumWays[d][sd]
					all += ways
					if sa > sd {
						wins += ways
					}
				}
			}
			p[a][d] = wins / all
		}
	}
	return p
}()

// WinChance is the exact chance that an area of att dice takes one of def dice (ties go to
// the defender): 2 against 1 wins 181/216.
func WinChance(att, def int) float64 {
	if att < 1 || def < 1 || att > MaxDice || def > MaxDice {
		return 0
	}
	return winChance[att][def]
}
