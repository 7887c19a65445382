package tournament

// Points is what each seat of r's game scores in the standings, in seat order: (n−p)/(n−1)
// for place p of n, a forfeit ranked below everyone (see score). A game nobody came to
// gives every seat 0; a voided game gives nil: it counts for nobody.
func Points(r Result) []float64 {
	if r.Forfeit == Voided {
		return nil
	}
	if r.Ranks == nil && r.Forfeit == "" {
		return nil // no result
	}
	outs := score(r)
	out := make([]float64, len(outs))
	for i, o := range outs {
		out[i] = o.points
	}
	return out
}
