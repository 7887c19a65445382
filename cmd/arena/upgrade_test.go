package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/pgtest"
	"github.com/arena-classroom/arena/internal/sshtest"
	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/version"
)

// Upgrades without fear: the previous release (version/releases.tsv), built from its
// commit, starts and serves on a store this release made and migrated, and this release
// starts on it again after — a rolling upgrade runs both side by side, and a rollback needs
// no restore. On SQLite, and on PostgreSQL when the test server is there.
func TestThePreviousReleaseRunsOnThisReleasesStore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the previous release")
	}
	if storetest.OnPostgres() && pgtest.Available() {
		// The README's pass (go test ./... beside a PostgreSQL server) ran it on both.
		t.Skip("runs on SQLite and PostgreSQL in one pass, without ARENA_TEST_STORE")
	}
	old, _ := previousRelease(t)
	current := sshtest.ArenaBinary(t)

	stores := map[string][]string{"sqlite": nil}
	if pgtest.Available() {
		stores["postgres"] = []string{"--store", pgtest.Database(t)}
	}
	for name, args := range stores {
		t.Run(name, func(t *testing.T) {
			data := t.TempDir()
			serveOnce(t, current, data, args)
			serveOnce(t, old, data, args)
			serveOnce(t, current, data, args)
		})
	}
}

var previous struct {
	once      sync.Once
	bin, skip string
	err       error
	release   version.Release
}

// previousRelease is the previous release's arena (version/releases.tsv), built from its
// commit once per test binary (a minute or so); it skips the test in a shallow clone, where
// that commit is not at hand, and fails it otherwise when the build cannot be made.
func previousRelease(t *testing.T) (string, version.Release) {
	t.Helper()
	previous.once.Do(func() {
		previous.bin, previous.release, previous.skip, previous.err = buildPreviousRelease()
	})
	switch {
	case previous.skip != "":
		t.Skip(previous.skip)
	case previous.err != nil:
		t.Fatal(previous.err)
	}
	return previous.bin, previous.release
}

func buildPreviousRelease() (bin string, prev version.Release, skip string, err error) {
	prev, ok := version.Previous()
	if !ok {
		return "", prev, "", errors.New("no previous release in version/releases.tsv")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		return "", prev, "", err
	}
	git := func(args ...string) (string, error) {
		out, err := exec.Command("git", append([]string{"-C", root}, args...)...).Output()
		return strings.TrimSpace(string(out)), err
	}
	if shallow, err := git("rev-parse", "--is-shallow-repository"); err != nil {
		if os.Getenv("CI") != "" {
			return "", prev, "", fmt.Errorf("not a git checkout (%v): CI builds the previous release from its commit", err)
		}
		return "", prev, "not a git checkout: the previous release's source is not at hand", nil
	} else if shallow == "true" {
		return "", prev, "a shallow clone: the previous release's commit is not at hand (git fetch --unshallow)", nil
	}
	if _, err := git("cat-file", "-e", prev.Commit+"^{commit}"); err != nil {
		return "", prev, "", fmt.Errorf("release %s's commit %s is not in this clone: %v", prev.Version, prev.Commit, err)
	}
	// Not under a test's TempDir: the binary serves every test of this binary.
	dir, err := os.MkdirTemp("", "arena-"+prev.Version+"-")
	if err != nil {
		return "", prev, "", err
	}
	src := filepath.Join(dir, "src")
	if err := os.Mkdir(src, 0o755); err != nil {
		return "", prev, "", err
	}
	defer os.RemoveAll(src)
	archive := exec.Command("git", "-C", root, "archive", prev.Commit)
	untar := exec.Command("tar", "-x", "-C", src)
	untar.Stdin, _ = archive.StdoutPipe()
	if err := untar.Start(); err != nil {
		return "", prev, "", err
	}
	if err := archive.Run(); err != nil {
		return "", prev, "", fmt.Errorf("git archive %s: %v", prev.Commit, err)
	}
	if err := untar.Wait(); err != nil {
		return "", prev, "", fmt.Errorf("tar: %v", err)
	}
	bin = filepath.Join(dir, "arena-"+prev.Version)
	build := exec.Command("go", "build", "-o", bin, "./cmd/arena")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		return "", prev, "", fmt.Errorf("building release %s: %v\n%s", prev.Version, err, out)
	}
	return bin, prev, "", nil
}

// serveOnce starts bin serve on data (and args), has a person connect and run whoami, and
// stops it with SIGINT, as a service manager's stop does.
func serveOnce(t *testing.T, bin, data string, args []string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--listen", "127.0.0.1:0", "--data", data}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	addrs := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`msg=serving addr=(\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			logs.WriteString(sc.Text() + "\n")
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addrs <- m[1]
				break
			}
		}
		close(addrs)
		io.Copy(io.Discard, stderr)
	}()
	stopped := make(chan error, 1)
	var addr string
	select {
	case a, ok := <-addrs:
		if !ok {
			stopped <- cmd.Wait()
			t.Fatalf("%s did not start on the store: %v\n%s", filepath.Base(bin), <-stopped, logs.String())
		}
		addr = a
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatalf("%s did not start in 2 minutes", filepath.Base(bin))
	}
	c := sshtest.Dial(t, addr, "ann", sshtest.NewKey(t))
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, err := sess.CombinedOutput("whoami")
	c.Close()
	if err != nil || !strings.Contains(string(out), "ann") {
		t.Errorf("%s: whoami: %v\n%s", filepath.Base(bin), err, out)
	}
	cmd.Process.Signal(os.Interrupt)
	go func() { stopped <- cmd.Wait() }()
	select {
	case err := <-stopped:
		if err != nil {
			t.Errorf("%s stopped with %v", filepath.Base(bin), err)
		}
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatalf("%s did not stop in a minute", filepath.Base(bin))
	}
}
