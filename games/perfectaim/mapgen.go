package perfectaim

import "github.com/arena-classroom/arena/games/perfectaim/pyrand"

// Size is the board width and height (upstream DEFAULT_GRID_SIZE).
const Size = 21

// generating marks quarter-maze nodes not yet reached by the DFS.
const generating Tile = -2

// Map is a generated board before the game starts: tiles with items on them.
type Map struct {
	Tiles      [Size][Size]Tile // [y][x]; items appear as their own tile
	Rotational bool             // 90° rotational symmetry; false means mirror symmetry
}

// Generate builds the map of upstream's Grid(21, seed) and returns the generator, which the
// game keeps drawing from for item regeneration (docs/rules/perfectaim.md §2, §7).
func Generate(seed uint64) (Map, *pyrand.Random) {
	rng := pyrand.New(seed)
	q := quarterMaze(rng)
	placeQuarterItems(q, rng)
	return symmetrize(q, rng), rng
}

const quarter = (Size-1)/2 + 1 // 11

// quarterMaze is §2.1-2: a randomized DFS over the odd/odd nodes from (1,1), with a 1-in-5
// chance of opening a second wall (a loop) when another neighbour is left.
func quarterMaze(rng *pyrand.Random) [][]Tile {
	g := make([][]Tile, quarter)
	for y := range g {
		g[y] = make([]Tile, quarter)
		for x := range g[y] {
			if x%2 == 1 && y%2 == 1 {
				g[y][x] = generating
			} else {
				g[y][x] = Wall
			}
		}
	}
	type xy struct{ x, y int }
	path := []xy{{1, 1}}
	for len(path) > 0 {
		c := path[len(path)-1]
		g[c.y][c.x] = Floor
		var next []xy
		if c.y >= 3 && g[c.y-2][c.x] == generating {
			next = append(next, xy{c.x, c.y - 2})
		}
		if c.y <= quarter-3 && g[c.y+2][c.x] == generating {
			next = append(next, xy{c.x, c.y + 2})
		}
		if c.x >= 3 && g[c.y][c.x-2] == generating {
			next = append(next, xy{c.x - 2, c.y})
		}
		if c.x <= quarter-3 && g[c.y][c.x+2] == generating {
			next = append(next, xy{c.x + 2, c.y})
		}
		if len(next) == 0 {
			path = path[:len(path)-1]
			continue
		}
		rng.Shuffle(len(next), func(i, j int) { next[i], next[j] = next[j], next[i] })
		to := next[len(next)-1]
		next = next[:len(next)-1]
		path = append(path, to)
		g[(c.y+to.y)/2][(c.x+to.x)/2] = Floor
		// The draw is skipped when no neighbour is left (Python's short-circuit `and`).
		if len(next) > 0 && rng.Random() < 0.2 {
			o := next[len(next)-1]
			g[(c.y+o.y)/2][(c.x+o.x)/2] = Floor
		}
	}
	return g
}

// placeQuarterItems is §2.3: one of each item on shuffled nodes other than (1,1).
func placeQuarterItems(g [][]Tile, rng *pyrand.Random) {
	type xy struct{ x, y int }
	var coords []xy
	for x := 1; x < quarter; x += 2 {
		for y := 1; y < quarter; y += 2 {
			if x != 1 || y != 1 {
				coords = append(coords, xy{x, y})
			}
		}
	}
	rng.Shuffle(len(coords), func(i, j int) { coords[i], coords[j] = coords[j], coords[i] })
	items := []Tile{SpeedBoost, SpeedPenalty, Coin, SuperFireball, Shield}
	for len(coords) > 0 {
		c := coords[len(coords)-1]
		coords = coords[:len(coords)-1]
		if g[c.y][c.x] == Floor {
			g[c.y][c.x] = items[len(items)-1]
			items = items[:len(items)-1]
		}
		if len(items) == 0 {
			break
		}
	}
}

// symmetrize is §2.4: the quarter without its last row and column, a pierced separator, then
// mirror or 90° rotational copies around it.
func symmetrize(g [][]Tile, rng *pyrand.Random) Map {
	const h = quarter - 1 // 10
	var w [h]Tile
	for i := 0; i < h-2; i++ {
		w[i] = Wall
		if i%2 == 1 && rng.Random() < 0.5 {
			w[i] = Floor
		}
	}
	w[h-2], w[h-1] = Wall, Floor
	mirror := rng.Random() < 0.5

	// B is the 11×11 top-left block: the quarter, the separator on its right and bottom
	// edges, and a wall at the centre.
	var b [quarter][quarter]Tile
	for y := 0; y < h; y++ {
		copy(b[y][:h], g[y][:h])
		b[y][h] = w[y]
		b[h][y] = w[y]
	}
	b[h][h] = Wall

	var m Map
	m.Rotational = !mirror
	const last = Size - 1
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			var t Tile
			switch {
			case mirror:
				t = b[min(y, last-y)][min(x, last-x)]
			case x <= h && y <= h:
				t = b[y][x]
			case x >= h && y <= h:
				t = b[last-x][y]
			case x >= h && y >= h:
				t = b[last-y][last-x]
			default: // x < h, y > h
				t = b[x][last-y]
			}
			m.Tiles[y][x] = t
		}
	}
	return m
}

// mapLegend is the one-character legend of §2 (upstream's generator easter egg).
var mapLegend = map[Tile]byte{
	Wall: '#', Floor: '.', Coin: 'o', SpeedBoost: '^', SpeedPenalty: 'v',
	SuperFireball: '+', Shield: 'D',
}

// Lines renders the map one character per cell with the legend of §2.
func (m Map) Lines() []string {
	out := make([]string, Size)
	for y := range m.Tiles {
		row := make([]byte, Size)
		for x, t := range m.Tiles[y] {
			row[x] = mapLegend[t]
		}
		out[y] = string(row)
	}
	return out
}
