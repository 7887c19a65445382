// Package pyrand reproduces CPython's random.Random bit for bit where Perfect Aim uses it:
// seeding from an integer, the Mersenne Twister MT19937 stream, random(), getrandbits(k),
// _randbelow(n) and shuffle. Upstream builds its maps (and later item batches) from one such
// stream, so a port that must draw the same map for the same seed needs the same generator.
package pyrand

const (
	n         = 624
	m         = 397
	matrixA   = 0x9908b0df
	upperMask = 0x80000000
	lowerMask = 0x7fffffff
)

// Random is one generator. The zero value is not seeded; use New. It is a plain value: copying
// it forks the stream (states clone it that way).
type Random struct {
	mt    [n]uint32
	index int
}

// New seeds like CPython's random.Random(seed) for a non-negative integer: init_by_array with
// the 32-bit words of seed, least significant first (one word, 0, for seed 0).
func New(seed uint64) *Random {
	key := []uint32{uint32(seed)}
	if hi := uint32(seed >> 32); hi != 0 {
		key = append(key, hi)
	}
	r := &Random{}
	r.initByArray(key)
	return r
}

func (r *Random) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < n; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.index = n
}

func (r *Random) initByArray(key []uint32) {
	r.initGenrand(19650218)
	i, j := 1, 0
	k := max(n, len(key))
	for ; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = n - 1; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
	}
	r.mt[0] = 0x80000000 // non-zero initial state, as CPython does
}

// Uint32 is genrand_uint32: the next 32-bit output of MT19937.
func (r *Random) Uint32() uint32 {
	if r.index >= n {
		r.twist()
	}
	y := r.mt[r.index]
	r.index++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

func (r *Random) twist() {
	for i := 0; i < n; i++ {
		y := (r.mt[i] & upperMask) | (r.mt[(i+1)%n] & lowerMask)
		v := r.mt[(i+m)%n] ^ (y >> 1)
		if y&1 != 0 {
			v ^= matrixA
		}
		r.mt[i] = v
	}
	r.index = 0
}

// Random is random.random(): 53 random bits scaled to [0, 1).
func (r *Random) Random() float64 {
	a := r.Uint32() >> 5
	b := r.Uint32() >> 6
	return (float64(a)*67108864 + float64(b)) * (1.0 / 9007199254740992.0)
}

// GetRandBits is random.getrandbits(k) for 0 <= k <= 64: 32-bit words, least significant
// first, the last one keeping its top bits.
func (r *Random) GetRandBits(k int) uint64 {
	if k < 0 || k > 64 {
		panic("pyrand: GetRandBits supports 0..64 bits")
	}
	var out uint64
	for shift := 0; k > 0; shift += 32 {
		w := r.Uint32()
		if k < 32 {
			w >>= 32 - k
		}
		out |= uint64(w) << shift
		k -= 32
	}
	return out
}

// RandBelow is random._randbelow(n) for n >= 1: getrandbits(n.bit_length()) until below n.
func (r *Random) RandBelow(n int) int {
	if n <= 0 {
		panic("pyrand: RandBelow needs n >= 1")
	}
	k := bitLength(uint64(n))
	v := r.GetRandBits(k)
	for v >= uint64(n) {
		v = r.GetRandBits(k)
	}
	return int(v)
}

// Shuffle is random.shuffle on a sequence of length count: for i from count-1 down to 1,
// swap i with randbelow(i+1).
func (r *Random) Shuffle(count int, swap func(i, j int)) {
	for i := count - 1; i >= 1; i-- {
		swap(i, r.RandBelow(i+1))
	}
}

func bitLength(x uint64) int {
	k := 0
	for x != 0 {
		k++
		x >>= 1
	}
	return k
}
