package perfectaim

import (
	"fmt"
	"math/big"
	"math/bits"
)

// Instant is an exact non-negative time in seconds. Rules time is rational (speeds are n/4,
// so an action lasts 4/n s, and fireballs move every 1/8 s): a fixed tick cannot represent
// it. Values are kept as int64 num/den in lowest terms, which covers every game in practice
// (denominators divide 8·lcm of the speed numerators a player went through); an operation
// whose result would leave int64 switches that value to big.Rat, so time stays exact whatever
// happens. The zero value is 0. Instants are immutable values.
type Instant struct {
	num, den int64    // lowest terms; den == 0 means 0/1 (the zero value)
	big      *big.Rat // non-nil when the value does not fit int64 num/den; never mutated
}

// At returns num/den (den > 0).
func At(num, den int64) Instant {
	if den <= 0 {
		panic("perfectaim: At needs a positive denominator")
	}
	return small(num, den)
}

// small reduces num/den (den > 0).
func small(num, den int64) Instant {
	if g := gcd(abs(num), den); g > 1 {
		num, den = num/g, den/g
	}
	return Instant{num: num, den: den}
}

// InstantOf converts r exactly.
func InstantOf(r *big.Rat) Instant {
	if r.Num().IsInt64() && r.Denom().IsInt64() {
		return Instant{num: r.Num().Int64(), den: r.Denom().Int64()}
	}
	return Instant{big: new(big.Rat).Set(r)}
}

func (a Instant) parts() (int64, int64) {
	if a.den == 0 {
		return 0, 1
	}
	return a.num, a.den
}

// Rat returns the value as a new big.Rat.
func (a Instant) Rat() *big.Rat {
	if a.big != nil {
		return new(big.Rat).Set(a.big)
	}
	n, d := a.parts()
	return big.NewRat(n, d)
}

// String is "num/den" in lowest terms ("1/1" for one second), as big.Rat writes it.
func (a Instant) String() string {
	if a.big != nil {
		return a.big.String()
	}
	n, d := a.parts()
	return fmt.Sprintf("%d/%d", n, d)
}

// Float64 is for display only.
func (a Instant) Float64() float64 {
	if a.big != nil {
		f, _ := a.big.Float64()
		return f
	}
	n, d := a.parts()
	return float64(n) / float64(d)
}

// Plus returns a + num/den (den > 0).
func (a Instant) Plus(num, den int64) Instant {
	if a.big == nil && num >= 0 {
		an, ad := a.parts()
		g := gcd(ad, den)
		if d, ok := mul(ad/g, den); ok {
			if x, ok := mul(an, den/g); ok {
				if y, ok := mul(num, ad/g); ok {
					if s := x + y; s >= x { // no overflow: both non-negative
						return small(s, d)
					}
				}
			}
		}
	}
	r := a.Rat()
	return InstantOf(r.Add(r, big.NewRat(num, den)))
}

// Cmp compares a and b: -1, 0 or +1.
func (a Instant) Cmp(b Instant) int {
	if a.big == nil && b.big == nil {
		an, ad := a.parts()
		bn, bd := b.parts()
		if an >= 0 && bn >= 0 {
			h1, l1 := bits.Mul64(uint64(an), uint64(bd))
			h2, l2 := bits.Mul64(uint64(bn), uint64(ad))
			switch {
			case h1 < h2 || (h1 == h2 && l1 < l2):
				return -1
			case h1 == h2 && l1 == l2:
				return 0
			}
			return 1
		}
	}
	return a.Rat().Cmp(b.Rat())
}

// Floor is the largest integer <= a.
func (a Instant) Floor() int64 {
	if a.big != nil {
		q := new(big.Int)
		m := new(big.Int)
		q.DivMod(a.big.Num(), a.big.Denom(), m) // Euclidean: floor for a positive divisor
		return q.Int64()
	}
	n, d := a.parts()
	q := n / d
	if n%d != 0 && n < 0 {
		q--
	}
	return q
}

// Whole reports whether a is an integer, and which.
func (a Instant) Whole() (int64, bool) {
	if a.big != nil {
		if a.big.IsInt() && a.big.Num().IsInt64() {
			return a.big.Num().Int64(), true
		}
		return 0, false
	}
	n, d := a.parts()
	return n, d == 1
}

func mul(a, b int64) (int64, bool) {
	if a < 0 || b < 0 {
		return 0, false
	}
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > 1<<63-1 {
		return 0, false
	}
	return int64(lo), true
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}
