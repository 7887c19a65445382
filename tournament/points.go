package tournament

// Points is what each seat of r's game scores in f's standings, in seat order: (n−p)/(n−1)
// for place p of n, a forfeit ranked below everyone (see score); pools count place points
// instead, a point for each player finished ahead of (placePoints). A game nobody came to
// gives every seat 0; a voided game, or one without a result, gives nil: it counts for
// nobody. TestPointsAddUpToTheStandings checks that they add up to each format's standings.
func Points(f Format, r Result) []float64 {
	if r.Forfeit == Voided || r.Ranks == nil && r.Forfeit == "" {
		return nil
	}
	outs := score(r)
	_, places := f.(Pools)
	out := make([]float64, len(outs))
	for i, o := range outs {
		out[i] = o.points
		if places {
			out[i] = placePoints(o.points, len(outs))
		}
	}
	return out
}
