package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/catalog"
)

// The class scenario: a teacher runs a round robin of 7 Colors for a class over real SSH.
// The teacher's commands go through an x/crypto/ssh client with the admin key; each student is
// a program started in connect mode, running the OpenSSH client with a key of its own, or
// (--house) a house bot the teacher adds. The figures are the tournament's: wall time from
// its start to its end, games a second, and whether every game was recorded once.

// classStandings is the JSON of `tournament standings CODE --json`, as much as the scenario
// reads of it.
type classStandings struct {
	Code        string         `json:"code"`
	State       string         `json:"state"`
	GamesPlayed int            `json:"games_played"`
	GamesTotal  int            `json:"games_total"`
	Standings   []classEntrant `json:"standings"`
}

// classEntrant is one line of the standings.
type classEntrant struct {
	Rank                        int     `json:"rank"`
	Name                        string  `json:"name"`
	Points                      float64 `json:"points"`
	Played, Wins, Draws, Losses int
	Forfeits                    int `json:"forfeits"`
	Absent                      int `json:"absent"`
}

// complete says whether standings show every game of a round robin of n entrants with k games
// a pairing recorded once, and if not, what is missing.
func (s classStandings) complete(n, k int) (bool, string) {
	want := n * (n - 1) / 2 * k
	if s.GamesPlayed != want || s.GamesTotal != want {
		return false, fmt.Sprintf("%d of %d games recorded, want %d", s.GamesPlayed, s.GamesTotal, want)
	}
	if len(s.Standings) != n {
		return false, fmt.Sprintf("%d entrants in the standings, want %d", len(s.Standings), n)
	}
	for _, e := range s.Standings {
		if e.Played != (n-1)*k || e.Wins+e.Draws+e.Losses != e.Played {
			return false, fmt.Sprintf("%s played %d games (%d won, %d drawn, %d lost), want %d",
				e.Name, e.Played, e.Wins, e.Draws, e.Losses, (n-1)*k)
		}
	}
	return true, ""
}

// teacher runs the teacher's commands, one SSH session each, on one connection.
type teacher struct {
	addr, keyFile string
	signer        gossh.Signer
	conn          *gossh.Client
}

func newTeacher(addr, keyFile string) (*teacher, error) {
	if keyFile == "" {
		return nil, errors.New("the class scenario needs --admin-key FILE, the teacher's private key; the server lists its public key in its admin keys file (arena serve --admin-keys FILE, by default DATA/admin_keys)")
	}
	pemBytes, err := os.ReadFile(keyFile)
	if err != nil {
		return nil, fmt.Errorf("--admin-key: %w", err)
	}
	signer, err := gossh.ParsePrivateKey(pemBytes)
	if err != nil {
		return nil, fmt.Errorf("--admin-key %s: %w (an unencrypted OpenSSH private key, as ssh-keygen -t ed25519 -N '' writes)", keyFile, err)
	}
	return &teacher{addr: addr, keyFile: keyFile, signer: signer}, nil
}

// run runs one command and returns its stdout, stderr and exit status; err is for a
// connection that failed, not for a command that did.
func (t *teacher) run(cmd string) (stdout, stderr string, status int, err error) {
	for attempt := 0; ; attempt++ {
		if t.conn == nil {
			t.conn, err = gossh.Dial("tcp", t.addr, &gossh.ClientConfig{User: "teacher",
				Auth:            []gossh.AuthMethod{gossh.PublicKeys(t.signer)},
				HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 30 * time.Second})
			if err != nil {
				return "", "", 0, err
			}
		}
		sess, err := t.conn.NewSession()
		if err != nil {
			t.conn.Close()
			t.conn = nil
			if attempt == 0 {
				continue // the connection went away (a server restart): dial again, once
			}
			return "", "", 0, err
		}
		var o, e bytes.Buffer
		sess.Stdout, sess.Stderr = &o, &e
		err = sess.Run(cmd)
		sess.Close()
		var exit *gossh.ExitError
		switch {
		case err == nil:
			return o.String(), e.String(), 0, nil
		case errors.As(err, &exit):
			return o.String(), e.String(), exit.ExitStatus(), nil
		}
		return o.String(), e.String(), 0, err
	}
}

// errUnreachable marks a command that could not reach the server (it may be restarting).
var errUnreachable = errors.New("the server is unreachable")

// must runs a command that has to succeed, and says why it did not.
func (t *teacher) must(cmd string) (string, error) {
	out, errOut, status, err := t.run(cmd)
	if err != nil {
		return "", fmt.Errorf("%s: %w: %w", cmd, errUnreachable, err)
	}
	if status != 0 {
		if strings.Contains(errOut, "only teachers") {
			return "", fmt.Errorf("the server refused the teacher's command %q: it must list the teacher's public key in its admin keys file (arena serve --admin-keys FILE, by default DATA/admin_keys):\n  %s",
				cmd, strings.TrimSpace(string(gossh.MarshalAuthorizedKey(t.signer.PublicKey())))+" teacher")
		}
		return "", fmt.Errorf("%s: status %d: %s", cmd, status, strings.TrimSpace(errOut))
	}
	return out, nil
}

// reportWithoutTheSlowOne says when the games the slow student had no part in were all
// over: how long the others took among themselves, whatever the slow one held up.
func reportWithoutTheSlowOne(out io.Writer, t *teacher, code, slow string, began time.Time) {
	raw, err := t.must("tournament games " + code + " --json")
	if err != nil {
		fmt.Fprintf(out, "without %s       (tournament games: %v)\n", slow, err)
		return
	}
	var list struct {
		Games []struct {
			Players []string `json:"players"`
			At      string   `json:"at"`
		} `json:"games"`
	}
	if err := json.Unmarshal([]byte(raw), &list); err != nil {
		fmt.Fprintf(out, "without %s       (tournament games: %v)\n", slow, err)
		return
	}
	var last, lastSlow time.Time
	n := 0
	for _, g := range list.Games {
		at, err := time.Parse(time.RFC3339Nano, g.At)
		if err != nil {
			continue
		}
		// A program's entrant name is its account's and its own: "student016/student01".
		if slices.ContainsFunc(g.Players, func(p string) bool { return p == slow || strings.HasSuffix(p, "/"+slow) }) {
			if at.After(lastSlow) {
				lastSlow = at
			}
			continue
		}
		n++
		if at.After(last) {
			last = at
		}
	}
	fmt.Fprintf(out, "without %s  the others' %d games among themselves were over %v after the start; %s's last game %v\n",
		slow, n, last.Sub(began).Round(100*time.Millisecond), slow, lastSlow.Sub(began).Round(100*time.Millisecond))
}

func (t *teacher) standings(code string) (classStandings, error) {
	var s classStandings
	out, err := t.must("tournament standings " + code + " --json")
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		return s, fmt.Errorf("tournament standings %s --json: %w", code, err)
	}
	return s, nil
}

func (t *teacher) close() {
	if t.conn != nil {
		t.conn.Close()
	}
}

// runClass runs the class scenario and reports on out. It fails when the tournament did not
// finish with every game recorded once.
func runClass(ctx context.Context, o options, out io.Writer) (err error) {
	local := strings.HasPrefix(o.addr, "127.") || strings.HasPrefix(o.addr, "localhost:")
	t, err := newTeacher(o.addr, o.adminKey)
	if err != nil {
		return err
	}
	defer t.close()
	first := scrapeAll(o.metrics)
	if o.game == "" {
		o.game = defaultClassGame
	}
	e, err := catalog.Lookup(o.game)
	if err != nil {
		return fmt.Errorf("--game: %w", err)
	}
	board := ""
	if sized(e) {
		board = fmt.Sprintf(" --size %d", o.size)
	}
	create := fmt.Sprintf(`tournament create --game %s --format round-robin --games-per-pairing %d%s --name "arenaload class of %d"`,
		o.game, o.gamesPerPairing, board, o.students)
	if o.grace != "" {
		create += " --grace " + o.grace
	}
	if o.move != "" {
		create += " --move " + o.move
	}
	if o.parallel != "" {
		create += " --parallel " + o.parallel
	}
	if o.pace != "" {
		create += " --pace " + o.pace
	}
	created, err := t.must(create)
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSpace(created), "\n")
	code := lines[len(lines)-1]
	fmt.Fprintf(out, "tournament %s: round robin of %d %s, %s a pairing, %s\n",
		code, o.students, map[bool]string{true: "house bots", false: "students' programs"}[o.house], games(o.gamesPerPairing), o.board())

	var class *students
	if o.house {
		if err := addHouseBots(t, code, o.game, o.students); err != nil {
			return err
		}
	} else {
		if class, err = startStudents(o, code, local); err != nil {
			return err
		}
		defer func() {
			class.stop()
			class.cleanUp(out, err != nil)
		}()
	}
	// Whatever stops the run before the end (ctrl+c, a stuck tournament) cancels the
	// tournament, so that the server does not go on calling programs that are gone.
	finished := false
	defer func() {
		if !finished {
			if _, err := t.must("tournament cancel " + code); err == nil {
				fmt.Fprintf(out, "tournament %s cancelled\n", code)
			}
		}
	}()
	if err := waitEntered(ctx, o, t, code, class, out); err != nil {
		return err
	}
	before := scrapeAll(o.metrics)
	if _, err := t.must("tournament start " + code); err != nil {
		return err
	}
	began := time.Now()
	fmt.Fprintf(out, "started %s\n", code)
	final, err := follow(ctx, o, t, code, class, began, out)
	wall := time.Since(began)
	after := scrapeAll(o.metrics)
	if err != nil {
		return err
	}
	finished = final.State == "finished"
	ok, why := final.complete(o.students, o.gamesPerPairing)
	fmt.Fprintf(out, "\nscenario class · %s · %d entrants · %s a pairing · %s\n",
		code, o.students, games(o.gamesPerPairing), o.board())
	if o.think > 0 || o.slow > 0 {
		fmt.Fprintf(out, "programs think      %v a move", o.think)
		if o.slow > 0 {
			fmt.Fprintf(out, "; %s %v", studentName(o, 0), o.slow)
		}
		fmt.Fprintln(out)
	}
	fmt.Fprintf(out, "state              %s\n", final.State)
	fmt.Fprintf(out, "wall time          %v (start to finish)\n", wall.Round(time.Millisecond))
	fmt.Fprintf(out, "games              %d of %d, %.2f games/s\n", final.GamesPlayed, final.GamesTotal, float64(final.GamesPlayed)/wall.Seconds())
	if ok {
		fmt.Fprintf(out, "recorded           every game once (%d entrants × %d games each)\n", o.students, (o.students-1)*o.gamesPerPairing)
	} else {
		fmt.Fprintf(out, "recorded           NOT COMPLETE: %s\n", why)
	}
	unplayed := 0
	for _, e := range final.Standings {
		unplayed += e.Forfeits + e.Absent
	}
	// A game forfeited counts in one entrant's forfeits, a game nobody came to in each
	// entrant's absences.
	fmt.Fprintf(out, "not played         %d entrant-games scored by forfeit or absence\n", unplayed)
	if o.slow > 0 {
		reportWithoutTheSlowOne(out, t, code, studentName(o, 0), began)
	}
	if class != nil {
		class.report(out)
	}
	reportServer(out, o, first, before, after, o.students)
	if !finished || !ok {
		return fmt.Errorf("tournament %s ended %s, %s", code, final.State, map[bool]string{true: "every game recorded", false: why}[ok])
	}
	return nil
}

// addHouseBots enters n house bots, the game's bots in turn (a second greedy is greedy#2).
func addHouseBots(t *teacher, code, game string, n int) error {
	e, err := catalog.Lookup(game)
	if err != nil {
		return err
	}
	var names []string
	for i := range n {
		names = append(names, e.Bots[i%len(e.Bots)].Name)
	}
	_, err = t.must("tournament add " + code + " --bot " + strings.Join(names, ","))
	return err
}

// waitEntered waits until every entrant is in the tournament, saying how many are every
// o.every.
func waitEntered(ctx context.Context, o options, t *teacher, code string, class *students, out io.Writer) error {
	deadline := time.Now().Add(3 * time.Minute)
	said := time.Now()
	for {
		s, err := t.standings(code)
		if err != nil {
			return err
		}
		if len(s.Standings) >= o.students {
			fmt.Fprintf(out, "%d of %d entered\n", len(s.Standings), o.students)
			return nil
		}
		if class != nil {
			class.tellEnded(out)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d of %d entered after 3 minutes", len(s.Standings), o.students)
		}
		if time.Since(said) >= o.every {
			fmt.Fprintf(out, "%d of %d entered…\n", len(s.Standings), o.students)
			said = time.Now()
		}
		if !sleep(ctx, 250*time.Millisecond) {
			return errors.New("interrupted")
		}
	}
}

// follow polls the standings until the tournament is over, printing progress every o.every;
// it gives up when no game ends for five minutes. A server that cannot be reached (killed,
// restarting) is waited for as long.
func follow(ctx context.Context, o options, t *teacher, code string, class *students, began time.Time, out io.Writer) (classStandings, error) {
	said, moved, played := time.Now(), time.Now(), 0
	var s classStandings
	for {
		now, err := t.standings(code)
		switch {
		case err == nil:
			s = now
		case errors.Is(err, errUnreachable) && time.Since(moved) <= 5*time.Minute:
			if time.Since(said) >= o.every {
				fmt.Fprintf(out, "%v · %v; waiting for it\n", time.Since(began).Round(time.Second), err)
				said = time.Now()
			}
			if !sleep(ctx, time.Second) {
				return s, errors.New("interrupted")
			}
			continue
		default:
			return s, err
		}
		if s.State == "finished" || s.State == "cancelled" {
			return s, nil
		}
		if s.GamesPlayed != played {
			played, moved = s.GamesPlayed, time.Now()
		}
		if class != nil {
			class.tellEnded(out)
		}
		if time.Since(said) >= o.every {
			fmt.Fprintf(out, "%v · games %d of %d · %.2f games/s (%s)\n", time.Since(began).Round(time.Second),
				s.GamesPlayed, s.GamesTotal, float64(s.GamesPlayed)/time.Since(began).Seconds(), s.State)
			said = time.Now()
		}
		if time.Since(moved) > 5*time.Minute {
			return s, fmt.Errorf("tournament %s stuck at %d of %d games for five minutes", code, s.GamesPlayed, s.GamesTotal)
		}
		if !sleep(ctx, 500*time.Millisecond) {
			return s, errors.New("interrupted")
		}
	}
}

// sleep waits d, or less when ctx ends first; it reports whether ctx is still going.
func sleep(ctx context.Context, d time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(d):
		return true
	}
}

// students are the class's programs, each in its own process group (the program and the ssh
// it runs), with its output in DIR/studentNN.log.
type students struct {
	dir   string
	names []string
	procs []*exec.Cmd
	logs  []string
	ended []chan struct{}
	told  []bool
}

// programFor is student i's command line: --program for everyone, or by default the Python
// kit's bot (kitModule), thinking --think (or --slow) before each answer when asked.
func programFor(o options, i int, dir string) []string {
	if o.program != "" {
		return strings.Fields(o.program)
	}
	think := o.think
	if i == 0 && o.slow > 0 {
		think = o.slow
	}
	module := kitModule(o, i)
	if think > 0 {
		return []string{"python3", filepath.Join(dir, "thinking_bot.py"), module, o.game, strconv.FormatFloat(think.Seconds(), 'f', -1, 64)}
	}
	return []string{"python3", filepath.Join(o.kitDir, module+".py")}
}

// kitModule is student i's bot of the Python kit: the game's own (GAME_bot.py) where the kit
// has one; else the kit's first bot (mybot.py) for one student in three and a random legal
// move (random_bot.py) for the others.
func kitModule(o options, i int) string {
	if _, err := os.Stat(filepath.Join(o.kitDir, o.game+"_bot.py")); err == nil {
		return o.game + "_bot"
	}
	if i%3 == 0 {
		return "mybot"
	}
	return "random_bot"
}

// studentName is student i's name (and login).
func studentName(o options, i int) string {
	return fmt.Sprintf("student%0*d", max(len(strconv.Itoa(o.students)), 2), i+1)
}

// thinkingBot runs a bot of the Python kit (its folder, %%s) that thinks before each answer,
// as a student's does: python3 thinking_bot.py MODULE GAME SECONDS ssh …
const thinkingBot = `import sys, time
sys.path.insert(0, %q)
import importlib, arena
module, game, think = sys.argv[1], sys.argv[2], float(sys.argv[3])
del sys.argv[1:4]
choose = importlib.import_module(module).choose
def slow(obs, legal):
    time.sleep(think)
    return choose(obs, legal)
arena.run({game: slow}, name=module)
`

// startStudents writes a key per student and starts each one's program in connect mode.
func startStudents(o options, code string, local bool) (*students, error) {
	if o.program == "" {
		if _, err := os.Stat(filepath.Join(o.kitDir, "random_bot.py")); err != nil {
			return nil, fmt.Errorf("the default students' programs are the Python kit's, in %s: run arenaload from the repository's root, or give --program: %w", o.kitDir, err)
		}
	}
	host, port, err := net.SplitHostPort(o.addr)
	if err != nil {
		return nil, fmt.Errorf("--addr: %w", err)
	}
	dir, err := os.MkdirTemp("", "arenaload-class-")
	if err != nil {
		return nil, err
	}
	c := &students{dir: dir}
	if err := os.WriteFile(filepath.Join(dir, "thinking_bot.py"), []byte(fmt.Sprintf(thinkingBot, o.kitDir)), 0o600); err != nil {
		c.stop()
		return nil, err
	}
	for i := range o.students {
		name := studentName(o, i)
		key := filepath.Join(dir, name+".key")
		if err := writeKey(key); err != nil {
			c.stop()
			return nil, err
		}
		var argv []string
		if o.nice != 0 {
			argv = append(argv, "nice", "-n", strconv.Itoa(o.nice))
		}
		argv = append(argv, programFor(o, i, dir)...)
		argv = append(argv, "ssh", "-T", "-p", port, "-i", key, "-F", "/dev/null",
			"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
			"-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes")
		if local {
			argv = append(argv, "-b", loopback(i).String())
		}
		argv = append(argv, name+"@"+host, "bot", "--game", o.game, "--tournament", code, "--name", name)
		logFile := filepath.Join(dir, name+".log")
		f, err := os.Create(logFile)
		if err != nil {
			c.stop()
			return nil, err
		}
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Stdout, cmd.Stderr = f, f
		ownProcessGroup(cmd)
		if err := cmd.Start(); err != nil {
			f.Close()
			c.stop()
			return nil, fmt.Errorf("%s: %w", strings.Join(argv, " "), err)
		}
		ended := make(chan struct{})
		go func() { cmd.Wait(); f.Close(); close(ended) }()
		c.names = append(c.names, name)
		c.procs = append(c.procs, cmd)
		c.logs = append(c.logs, logFile)
		c.ended = append(c.ended, ended)
		c.told = append(c.told, false)
	}
	return c, nil
}

// writeKey writes a new ed25519 private key in OpenSSH format, for ssh -i.
func writeKey(file string) error {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	block, err := gossh.MarshalPrivateKey(priv, "")
	if err != nil {
		return err
	}
	return os.WriteFile(file, pem.EncodeToMemory(block), 0o600)
}

// loopback is client i's own loopback address (127.1.x.y), so that the server counts each
// client as its own address.
func loopback(i int) net.IP {
	return net.IPv4(127, byte(1+i/250), byte(i/250%250), byte(2+i%250))
}

// tellEnded says, once each, which programs ended before the tournament did, with the last
// line of their output.
func (c *students) tellEnded(out io.Writer) {
	for i, ended := range c.ended {
		select {
		case <-ended:
		default:
			continue
		}
		if !c.told[i] && !c.procs[i].ProcessState.Success() { // 0: the server said it was over
			c.told[i] = true
			fmt.Fprintf(out, "%s's program ended (%s): %s\n", c.names[i], c.procs[i].ProcessState, lastLine(c.logs[i]))
		}
	}
}

// report says how the programs ended and how often they reconnected. Programs are told
// their final place a moment after the tournament ends: it waits for them a little.
func (c *students) report(out io.Writer) {
	timeout := time.NewTimer(10 * time.Second)
	defer timeout.Stop()
waiting:
	for _, ended := range c.ended {
		select {
		case <-ended:
		case <-timeout.C:
			break waiting
		}
	}
	running, told, failed, reconnections, timeouts := 0, 0, 0, 0, 0
	for i, ended := range c.ended {
		select {
		case <-ended:
			if !c.procs[i].ProcessState.Success() {
				failed++
			}
		default:
			running++
		}
		if b, err := os.ReadFile(c.logs[i]); err == nil {
			reconnections += bytes.Count(b, []byte("reconnecting in"))
			timeouts += bytes.Count(b, []byte("warning: timeout")) + bytes.Count(b, []byte("warning timeout"))
			if bytes.Contains(b, []byte(" is finished: you are ")) {
				told++
			}
		}
	}
	fmt.Fprintf(out, "students           %d programs: %d told their final place, %d ended with an error, %d still running; %d reconnections; %d timeouts warned\n",
		len(c.procs), told, failed, running, reconnections, timeouts)
}

// cleanUp removes the keys and logs, or, when keep, says where they are.
func (c *students) cleanUp(out io.Writer, keep bool) {
	if keep {
		fmt.Fprintf(out, "the students' keys and logs are in %s\n", c.dir)
		return
	}
	os.RemoveAll(c.dir)
}

// stop ends every program (and the ssh it runs) and waits for them, a few seconds at most.
func (c *students) stop() {
	for i, p := range c.procs {
		select {
		case <-c.ended[i]: // gone already: its process group may be no more
		default:
			signalGroup(p, false)
		}
	}
	deadline := time.NewTimer(5 * time.Second)
	defer deadline.Stop()
	for _, ended := range c.ended {
		select {
		case <-ended:
		case <-deadline.C:
			for i, p := range c.procs {
				select {
				case <-c.ended[i]:
				default:
					signalGroup(p, true)
				}
			}
			<-ended
		}
	}
}

func games(n int) string {
	if n == 1 {
		return "1 game"
	}
	return strconv.Itoa(n) + " games"
}

func lastLine(file string) string {
	b, _ := os.ReadFile(file)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}
