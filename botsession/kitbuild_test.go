package botsession_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// kitRoot holds the kits' builds of this test binary (TestMain removes it).
var kitRoot string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "arena-kits-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	kitRoot = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// built are the command lines of the kits' bots built so far, by kit and game: a compiled
// kit (C++ with nlohmann/json takes seconds a file) is built once per test binary, not once
// per test, which would load the machine under the tests that time things.
var built struct {
	sync.Mutex
	lines map[string][]string
	skips map[string]string
}

// commandKit is kit name's bot for game, built once with kits/NAME/command into kitRoot. A
// missing tool (status 3) skips, except in CI, which installs every kit's tools.
func commandKit(name, game string) kit {
	return kit{name, func(t *testing.T) []string {
		t.Helper()
		key := name + "/" + game
		built.Lock()
		defer built.Unlock()
		if line, ok := built.lines[key]; ok {
			return line
		}
		if why, ok := built.skips[key]; ok {
			t.Skip(why)
		}
		dir := filepath.Join(kitRoot, name+"-"+game)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(abs(t, "../kits/"+name+"/command"), game, dir)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit) && exit.ExitCode() == 3 && os.Getenv("CI") == "":
			if built.skips == nil {
				built.skips = map[string]string{}
			}
			built.skips[key] = strings.TrimSpace(errOut.String())
			t.Skip(built.skips[key])
		case err != nil:
			t.Fatalf("kits/%s/command %s: %v\n%s", name, game, err, errOut.String())
		}
		if built.lines == nil {
			built.lines = map[string][]string{}
		}
		built.lines[key] = strings.Fields(out.String())
		return built.lines[key]
	}}
}
