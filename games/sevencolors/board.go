package sevencolors

import "math/rand/v2"

// Cell codes, as the seed's GameState.h enum.
const (
	Empty    = 0
	Player1  = 1 // '^', bottom-left
	Player2  = 2 // 'v', top-right
	MinColor = 3 // A (RED)
	MaxColor = 9 // G (WHITE)
)

// Board sizes the arena plays [rules 2a.1].
const (
	MinSize     = 2
	MaxSize     = 50
	DefaultSize = 30
)

// pcgStream is the second PCG word: the board of a seed is rand.NewPCG(seed, pcgStream).
const pcgStream = 0x7c010125

// board is what never changes during a game. A free cell keeps its colour until it is
// captured, and a move captures exactly the blobs (maximal 4-connected same-code regions) of
// the chosen colour that touch the territory, so the game is played on blobs. Clones share it.
type board struct {
	n      int
	cells  []uint8 // initial codes, row-major y*n+x
	blobOf []int32 // cell → blob
	color  []uint8 // blob → code
	size   []int32 // blob → cells
	// cellsOf[cellAt[b]:cellAt[b+1]] are blob b's cells; adj[adjAt[b]:adjAt[b+1]] its
	// neighbour blobs.
	cellAt  []int32
	cellsOf []int32
	adjAt   []int32
	adj     []int32
}

// randomCells fills an n×n board as fill_map does: every cell uniform in 3..9 in row-major
// order, then the two corners.
func randomCells(n int, seed uint64) []uint8 {
	r := rand.New(rand.NewPCG(seed, pcgStream))
	cells := make([]uint8, n*n)
	for i := range cells {
		cells[i] = uint8(MinColor + r.IntN(MaxColor-MinColor+1))
	}
	cells[(n-1)*n] = Player1 // x=0, y=n-1
	cells[n-1] = Player2     // x=n-1, y=0
	return cells
}

// newBoard labels the blobs of cells (codes 0..9, already validated).
func newBoard(n int, cells []uint8) *board {
	nn := n * n
	// One allocation for every array a cell or blob count bounds; the stack is scratch.
	ints := make([]int32, 5*nn+1)
	blobOf, cellsOf, stack := ints[:nn:nn], ints[nn:2*nn:2*nn], ints[2*nn:3*nn]
	for i := range blobOf {
		blobOf[i] = -1
	}
	b := &board{n: n, cells: cells, blobOf: blobOf, cellsOf: cellsOf}
	b.color = make([]uint8, 0, nn)
	b.size = ints[3*nn : 3*nn : 4*nn]
	b.cellAt = ints[4*nn : 4*nn : 5*nn+1]
	filled := 0
	for start := range nn {
		if blobOf[start] >= 0 {
			continue
		}
		id := int32(len(b.color))
		code := cells[start]
		first := filled
		blobOf[start] = id
		top := 0
		stack[top] = int32(start)
		top++
		for top > 0 {
			top--
			c := int(stack[top])
			cellsOf[filled] = int32(c)
			filled++
			x := c % n
			if x > 0 && blobOf[c-1] < 0 && cells[c-1] == code {
				blobOf[c-1] = id
				stack[top] = int32(c - 1)
				top++
			}
			if x < n-1 && blobOf[c+1] < 0 && cells[c+1] == code {
				blobOf[c+1] = id
				stack[top] = int32(c + 1)
				top++
			}
			if c >= n && blobOf[c-n] < 0 && cells[c-n] == code {
				blobOf[c-n] = id
				stack[top] = int32(c - n)
				top++
			}
			if c+n < nn && blobOf[c+n] < 0 && cells[c+n] == code {
				blobOf[c+n] = id
				stack[top] = int32(c + n)
				top++
			}
		}
		b.color = append(b.color, code)
		b.size = append(b.size, int32(filled-first))
		b.cellAt = append(b.cellAt, int32(first))
	}
	b.cellAt = append(b.cellAt, int32(nn))

	// Neighbour blobs, deduplicated with a stamp (the stack is free again).
	nb := len(b.color)
	stamp := stack[:nb]
	for i := range stamp {
		stamp[i] = -1
	}
	b.adjAt = make([]int32, nb+1)
	b.adj = make([]int32, 0, 5*nb) // 7 random colours average 4.3 neighbour blobs
	for id := range nb {
		b.adjAt[id] = int32(len(b.adj))
		stamp[id] = int32(id)
		for _, c32 := range cellsOf[b.cellAt[id]:b.cellAt[id+1]] {
			c := int(c32)
			x := c % n
			if x > 0 {
				b.link(int32(id), blobOf[c-1], stamp)
			}
			if x < n-1 {
				b.link(int32(id), blobOf[c+1], stamp)
			}
			if c >= n {
				b.link(int32(id), blobOf[c-n], stamp)
			}
			if c+n < nn {
				b.link(int32(id), blobOf[c+n], stamp)
			}
		}
	}
	b.adjAt[nb] = int32(len(b.adj))
	return b
}

func (b *board) link(id, other int32, stamp []int32) {
	if stamp[other] != id {
		stamp[other] = id
		b.adj = append(b.adj, other)
	}
}

func (b *board) neighbours(blob int32) []int32 { return b.adj[b.adjAt[blob]:b.adjAt[blob+1]] }
func (b *board) cellsIn(blob int32) []int32    { return b.cellsOf[b.cellAt[blob]:b.cellAt[blob+1]] }
