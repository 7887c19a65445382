package sevencolors

import "testing"

func BenchmarkNewState30(b *testing.B) {
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		NewState(30, seed)
	}
}

func BenchmarkClone30(b *testing.B) {
	s, _ := NewState(30, 1)
	for range 20 {
		s.Play(greedyColour(s))
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Clone()
	}
}

// Whole greedy games without events: the engine alone, as a search bot drives it.
func BenchmarkPlayGreedy30(b *testing.B) {
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		s, _ := NewState(30, seed)
		for !s.Over() {
			s.Play(greedyColour(s))
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
