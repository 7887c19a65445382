package perfectaim

import (
	"os"
	"strings"
	"testing"
)

// seed1 is Grid(21, seed=1) as docs/rules/perfectaim.md §2 prints it from upstream (shared with
// the `arena perfectaim map` test).
func seed1(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/seed1.txt")
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}

func TestSeed1MapIsUpstreams(t *testing.T) {
	m, _ := Generate(1)
	got := strings.Join(m.Lines(), "\n")
	if want := seed1(t); got != want {
		t.Fatalf("seed 1 map:\n%s\nupstream:\n%s", got, want)
	}
	if !m.Rotational {
		t.Error("seed 1 is rotational upstream")
	}
}

// TestMapProperties checks what docs/rules/perfectaim.md §2.5 found over 2000 upstream seeds.
func TestMapProperties(t *testing.T) {
	rotational := 0
	for seed := uint64(0); seed < 500; seed++ {
		m, _ := Generate(seed)
		if m.Rotational {
			rotational++
		}
		counts := map[Tile]int{}
		for y := 0; y < Size; y++ {
			for x := 0; x < Size; x++ {
				tile := m.Tiles[y][x]
				border := x == 0 || y == 0 || x == Size-1 || y == Size-1
				if border && tile != Wall {
					t.Fatalf("seed %d: border cell (%d,%d) is %v", seed, x, y, tile)
				}
				if tile.IsCollectible() {
					counts[tile]++
					if x%2 == 0 || y%2 == 0 {
						t.Fatalf("seed %d: item at (%d,%d), not on a node", seed, x, y)
					}
				}
			}
		}
		if m.Tiles[10][10] != Wall {
			t.Fatalf("seed %d: the centre is not a wall", seed)
		}
		for _, c := range [][2]int{{9, 10}, {11, 10}, {10, 9}, {10, 11}, {1, 1}, {19, 1}, {1, 19}, {19, 19}} {
			if m.Tiles[c[1]][c[0]] != Floor {
				t.Fatalf("seed %d: (%d,%d) should be floor", seed, c[0], c[1])
			}
		}
		for _, it := range []Tile{SpeedBoost, SpeedPenalty, Coin, SuperFireball, Shield} {
			if counts[it] != 4 {
				t.Fatalf("seed %d: %d × %v, want 4", seed, counts[it], it)
			}
		}
	}
	if rotational < 200 || rotational > 300 {
		t.Errorf("%d rotational maps out of 500; upstream splits about evenly", rotational)
	}
}
