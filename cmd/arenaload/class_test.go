package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/internal/sshtest"
)

// startServer runs `arena serve` as a process with the teacher's public key in its admin keys
// file and its metrics on; it returns the SSH address and the metrics URL.
func startServer(t *testing.T, adminKeys []byte) (addr, metricsURL string) {
	t.Helper()
	dir := t.TempDir()
	admin := filepath.Join(dir, "teachers.pub")
	if err := os.WriteFile(admin, adminKeys, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(sshtest.ArenaBinary(t), "serve", "--listen", "127.0.0.1:0", "--data", filepath.Join(dir, "data"),
		"--admin-keys", admin, "--metrics", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	type found struct{ addr, metrics string }
	ready := make(chan found, 1)
	go func() {
		serving := regexp.MustCompile(`msg=serving addr=(\S+)`)
		metrics := regexp.MustCompile(`msg="metrics and profiles" addr=(\S+)`)
		var f found
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := serving.FindStringSubmatch(sc.Text()); m != nil {
				f.addr = m[1]
			}
			if m := metrics.FindStringSubmatch(sc.Text()); m != nil {
				f.metrics = m[1]
			}
			if f.addr != "" && f.metrics != "" {
				ready <- f
				break
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
	}()
	select {
	case f := <-ready:
		return f.addr, f.metrics
	case <-time.After(60 * time.Second):
		t.Fatal("the server did not start")
	}
	return "", ""
}

// classOptions are the scenario's options for a small, fast class.
func classOptions(addr, metrics, adminKey string) options {
	return options{addr: addr, scenario: "class", metrics: metrics, adminKey: adminKey,
		students: 4, gamesPerPairing: 1, size: 8, nice: 10, every: time.Second}
}

// A class of four, both ways (house bots added by the teacher; students' programs, the
// Python kit started with the OpenSSH client): the tournament finishes with every game
// recorded once, and the report says so.
func TestClassTournamentFinishesWithEveryGameRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server as a process")
	}
	keyFile, authorized := sshtest.KeyFile(t)
	addr, metrics := startServer(t, authorized)
	for _, house := range []bool{true, false} {
		name := map[bool]string{true: "house", false: "programs"}[house]
		t.Run(name, func(t *testing.T) {
			o := classOptions(addr, metrics, keyFile)
			o.house = house
			if !house {
				for _, tool := range []string{"python3", "ssh", "nice"} {
					if _, err := exec.LookPath(tool); err != nil {
						t.Skipf("%s is not installed", tool)
					}
				}
				kits, err := filepath.Abs("../../kits/python")
				if err != nil {
					t.Fatal(err)
				}
				o.kitDir = kits
			}
			var out bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			if err := runClass(ctx, o, &out); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			for _, want := range []string{"state              finished", "games              6 of 6",
				"recorded           every game once", "hub tick           p99"} {
				if !strings.Contains(out.String(), want) {
					t.Fatalf("the report lacks %q:\n%s", want, out.String())
				}
			}
			if !house && !strings.Contains(out.String(), "4 programs: 4 told their final place, 0 ended with an error") {
				t.Fatalf("the students' programs:\n%s", out.String())
			}
		})
	}
}

// A teacher's key the server does not list gets a sentence that says what to do.
func TestClassTournamentSaysWhenTheTeacherIsRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server as a process")
	}
	keyFile, _ := sshtest.KeyFile(t)
	_, someoneElse := sshtest.KeyFile(t)
	addr, _ := startServer(t, someoneElse)
	o := classOptions(addr, "", keyFile)
	o.house = true
	var out bytes.Buffer
	err := runClass(context.Background(), o, &out)
	if err == nil || !strings.Contains(err.Error(), "admin keys file") || !strings.Contains(err.Error(), "ssh-ed25519 ") {
		t.Fatalf("err %v\n%s", err, out.String())
	}
}

func TestCompleteSaysWhatIsMissing(t *testing.T) {
	s := classStandings{State: "finished", GamesPlayed: 3, GamesTotal: 3}
	for _, n := range []string{"a", "b", "c"} {
		s.Standings = append(s.Standings, classEntrant{Name: n, Played: 2, Wins: 1, Losses: 1})
	}
	if ok, why := s.complete(3, 1); !ok {
		t.Fatalf("complete: %s", why)
	}
	s.Standings[1].Played = 1
	if ok, why := s.complete(3, 1); ok || !strings.Contains(why, "b played 1 games") {
		t.Fatalf("one game short: %v %q", ok, why)
	}
	s.GamesPlayed = 2
	if ok, why := s.complete(3, 1); ok || !strings.Contains(why, "2 of 3 games recorded") {
		t.Fatalf("a game missing: %v %q", ok, why)
	}
}
