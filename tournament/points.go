package tournament

// Points is what each seat of r's game scores in f's standings, in seat order: (n−p)/(n−1)
// for place p of n, a forfeit ranked below everyone (see score). A game nobody came to gives
// every seat 0; a voided game, or one without a result, gives nil: it counts for nobody.
// Every format counts a game's points alike today; one that counted them otherwise would
// say so here (TestPointsAddUpToTheStandings checks that they add up to its standings).
func Points(f Format, r Result) []float64 {
	if r.Forfeit == Voided || r.Ranks == nil && r.Forfeit == "" {
		return nil
	}
	outs := score(r)
	out := make([]float64, len(outs))
	for i, o := range outs {
		out[i] = o.points
	}
	return out
}
