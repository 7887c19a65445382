package perfectaim

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// perfectAimSeed1 is the seed-1 map as docs/rules/perfectaim.md §2 prints it from upstream.
func perfectAimSeed1(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/seed1.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestPerfectAimMapSeed1(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := MapCommand([]string{"map", "--seed", "1"}, &out, &errOut, nil); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.HasPrefix(out.String(), perfectAimSeed1(t)) {
		t.Fatalf("output:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "seed 1, rotational symmetry") {
		t.Fatalf("legend: %s", out.String())
	}
}

func TestPerfectAimMapRandomSeedIsPrinted(t *testing.T) {
	var a, b bytes.Buffer
	MapCommand([]string{"map"}, &a, &bytes.Buffer{}, func() uint64 { return 1 })
	MapCommand([]string{"map", "--seed=1"}, &b, &bytes.Buffer{}, nil)
	if a.String() != b.String() {
		t.Fatal("a drawn seed should print the same as that seed given")
	}
}

func TestPerfectAimBadArguments(t *testing.T) {
	for _, args := range [][]string{nil, {"maps"}, {"map", "--seed", "x"}, {"map", "extra"}, {"map", "--seed", "-1"}} {
		var errOut bytes.Buffer
		if code := MapCommand(args, &bytes.Buffer{}, &errOut, func() uint64 { return 0 }); code != 2 || errOut.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut.String())
		}
	}
	var out bytes.Buffer
	if code := MapCommand([]string{"map", "--help"}, &out, &bytes.Buffer{}, nil); code != 0 || !strings.Contains(out.String(), "Usage") {
		t.Errorf("--help: %d %q", code, out.String())
	}
}
