// Command arenaload puts load on an arena server the way a class does: real SSH sessions with
// terminals (or bot programs), each from its own loopback address when the server is local,
// and reports what the clients saw and what the server says of itself.
//
//	go run ./cmd/arenaload --addr 127.0.0.1:2222 --sessions 1000 --scenario lobby --metrics http://127.0.0.1:9222/metrics
//
// Scenarios: lobby (sessions sit in the lobby; a sample presses a key now and then, and the
// time until the screen answers is the key echo), watch (sessions watch the live rooms, which
// the harness starts first with --rooms), play (each session plays 7 Colors against a house
// bot, pressing a colour key every second; with --rooms-addr, against a partner connected
// there, timing its keys' echo), bots (each session is a program playing 7 Colors
// practice games over the bot protocol), wall (each session is a projector showing every
// live game at once, `ssh -t HOST wall`, the rooms started as for watch: see wall.go), class
// (a teacher runs a round robin of 7 Colors for a class of programs started with the OpenSSH
// client, or of house bots: see class.go).
//
// On a cluster, --rooms-addr names the node whose sessions make the rooms, and --metrics
// takes every node's metrics: 1,000 spectators on one node watching rooms of another,
//
//	go run ./cmd/arenaload --addr 127.0.0.1:2301 --rooms-addr 127.0.0.1:2302 --scenario watch --sessions 1000 --rooms 10 \
//	    --metrics http://127.0.0.1:9301/metrics,http://127.0.0.1:9302/metrics
//
// and 40 walls on one node showing 30 rooms of another (what they cost the rooms' node):
//
//	go run ./cmd/arenaload --addr 127.0.0.1:2301 --rooms-addr 127.0.0.1:2302 --scenario wall --sessions 40 --rooms 30 \
//	    --metrics http://127.0.0.1:9301/metrics,http://127.0.0.1:9302/metrics
//
//	go run ./cmd/arenaload --addr 127.0.0.1:2222 --scenario class --students 30 --admin-key teacher.key
package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/catalog"
	gamespkg "github.com/arena-classroom/arena/games"
)

const usage = `Usage: arenaload --addr HOST:PORT [options]

  --addr HOST:PORT   the arena's SSH address (default 127.0.0.1:2222)
  --sessions N       clients to connect (default 100)
  --scenario S       lobby, watch, play, bots, wall or class (default lobby)
  --rooms R          watch, wall: live Perfect Aim rooms to start and watch (default 4)
  --rooms-addr HOST:PORT  where the rooms are made (on a cluster, another node than --addr):
                     watch, wall: the node whose sessions start the --rooms rooms (default
                     --addr); the report says what the walls or spectators cost it;
                     play: each session plays 7 Colors against a partner session connected
                     there, in a private room the partner opens and the session joins with
                     its code; both press a colour on their turn, and the session times each
                     key until its screen shows the move (key echo), a key every 0.5–1.5 s
  --duration D       how long to measure once everyone is connected (default 30s)
  --ramp D           spread the connections over this long (default 10s)
  --metrics URL[,URL…]  the server's metrics (arena serve --metrics), read before and after;
                     several, comma-separated, for the nodes of a cluster (the first is
                     --addr's: the memory a session is its; for watch and wall with
                     another --rooms-addr, the second is --rooms-addr's, the rooms' owner)
  --stall P          watch: this share of clients (0..1) stops reading, as a frozen laptop
  --probe P          lobby: this share of clients (0..1) presses a key every 2 s and times
                     the answer (default 0.1)
  --term T           the clients' TERM (default xterm-256color)
  --window COLSxROWS the clients' terminal (default 80x24; wall: 160x50, a projector)
  --churn N          keep rooms opening and closing meanwhile (not class): N more players
                     connected to --addr, each starting a 7 Colors 8×8 game against greedy,
                     pressing colour keys for 10 s, leaving and starting again (the rooms
                     close once they have lingered); the report says how many opened

The class scenario (--scenario class): a teacher runs a round robin of 7 Colors over SSH.
  --admin-key FILE   the teacher's private key (OpenSSH format); the server lists its public
                     key in its admin keys file (required)
  --students N       entrants (default 30)
  --games-per-pairing K  games each pair of entrants plays (default 10)
  --size S           the board's width (default 20)
  --program CMD      the students' program, run in connect mode with ssh as its arguments
                     (default: the Python kit, kits/python/mybot.py for one student in three
                     and kits/python/random_bot.py for the others; run from the repository)
  --game G           the game (default sevencolors); its default program is the Python
                     kit's GAME_bot.py where there is one; --size applies where the game
                     has a size
  --think D          the default programs think D before each answer (as students' do)
  --slow D           the first student's default program thinks D a move instead (one slow
                     student in the class: the report says when the others were done)
  --grace D, --move D  passed to tournament create, only when given
  --house            the entrants are house bots the teacher adds, no programs
  --nice N           run the students' programs under nice -n N (default 10; 0: not)
  --parallel N, --pace P  passed to tournament create, only when given
  --every D          how often to print progress (default 5s)
`

// defaultClassGame is the class scenario's game unless --game says another.
const defaultClassGame = "sevencolors"

// sized reports whether game e has a board size people set (--size applies).
func sized(e catalog.Entry) bool {
	return slices.ContainsFunc(e.Game.Describe().Settings, func(s gamespkg.Setting) bool { return s.Key == "size" })
}

// board says the game of the class scenario, and its board.
func (o options) board() string {
	e, err := catalog.Lookup(o.game)
	if err != nil {
		return o.game
	}
	if sized(e) {
		return fmt.Sprintf("%s %d×%d", e.Game.Name(), o.size, o.size)
	}
	return e.Game.Name()
}

type options struct {
	addr, scenario, metrics, term string
	window                        string // --window: the clients' terminal, COLSxROWS ("": the scenario's)
	roomsAddr                     string // --rooms-addr: where the rooms are made ("": --addr for watch and wall)
	sessions, rooms               int
	churn                         int           // --churn: players opening and leaving rooms meanwhile
	churnPlay                     time.Duration // how long each stays in its room (0: defaultChurnPlay)
	duration, ramp                time.Duration
	stall, probe                  float64

	// The class scenario.
	adminKey, program, parallel, pace string
	game, grace, move                 string
	think, slow                       time.Duration
	students, gamesPerPairing, size   int
	nice                              int
	house                             bool
	every                             time.Duration
	kitDir                            string // where the default programs are (kits/python)
}

func main() {
	var o options
	fs := flag.NewFlagSet("arenaload", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, usage) }
	fs.StringVar(&o.addr, "addr", "127.0.0.1:2222", "")
	fs.IntVar(&o.sessions, "sessions", 100, "")
	fs.StringVar(&o.scenario, "scenario", "lobby", "")
	fs.IntVar(&o.rooms, "rooms", 4, "")
	fs.StringVar(&o.roomsAddr, "rooms-addr", "", "")
	fs.DurationVar(&o.duration, "duration", 30*time.Second, "")
	fs.DurationVar(&o.ramp, "ramp", 10*time.Second, "")
	fs.StringVar(&o.metrics, "metrics", "", "")
	fs.Float64Var(&o.stall, "stall", 0, "")
	fs.Float64Var(&o.probe, "probe", 0.1, "")
	fs.StringVar(&o.term, "term", "xterm-256color", "")
	fs.StringVar(&o.window, "window", "", "")
	fs.IntVar(&o.churn, "churn", 0, "")
	fs.StringVar(&o.adminKey, "admin-key", "", "")
	fs.IntVar(&o.students, "students", 30, "")
	fs.IntVar(&o.gamesPerPairing, "games-per-pairing", 10, "")
	fs.IntVar(&o.size, "size", 20, "")
	fs.StringVar(&o.program, "program", "", "")
	fs.BoolVar(&o.house, "house", false, "")
	fs.IntVar(&o.nice, "nice", 10, "")
	fs.StringVar(&o.parallel, "parallel", "", "")
	fs.StringVar(&o.pace, "pace", "", "")
	fs.StringVar(&o.game, "game", defaultClassGame, "")
	fs.StringVar(&o.grace, "grace", "", "")
	fs.StringVar(&o.move, "move", "", "")
	fs.DurationVar(&o.think, "think", 0, "")
	fs.DurationVar(&o.slow, "slow", 0, "")
	fs.DurationVar(&o.every, "every", 5*time.Second, "")
	o.kitDir = "kits/python"
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if o.sessions < 1 || o.rooms < 1 || o.duration <= 0 || o.stall < 0 || o.stall > 1 || o.probe < 0 || o.probe > 1 || o.churn < 0 {
		fmt.Fprint(os.Stderr, "arenaload: --sessions and --rooms are at least 1, --duration positive, --stall and --probe 0..1, --churn not negative\n\n"+usage)
		os.Exit(2)
	}
	if o.students < 2 || o.gamesPerPairing < 1 || o.size < 2 || o.every <= 0 {
		fmt.Fprint(os.Stderr, "arenaload: --students is at least 2, --games-per-pairing and --size at least 1 and 2, --every positive\n\n"+usage)
		os.Exit(2)
	}
	switch o.scenario {
	case "lobby", "watch", "play", "bots", "wall", "class":
	default:
		fmt.Fprintf(os.Stderr, "arenaload: unknown scenario %q\n\n%s", o.scenario, usage)
		os.Exit(2)
	}
	if _, _, err := o.terminal(); err != nil {
		fmt.Fprintf(os.Stderr, "arenaload: %v\n\n%s", err, usage)
		os.Exit(2)
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	scenario := run
	if o.scenario == "class" {
		scenario = runClass
	}
	if err := scenario(ctx, o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "arenaload:", err)
		os.Exit(1)
	}
}

// client is one connected session and what it saw.
type client struct {
	id      int
	conn    *gossh.Client
	sess    *gossh.Session
	stdin   io.WriteCloser
	botOut  io.Reader // a bot's stdout, read by botLoop rather than counted as frames
	connect time.Duration

	mu       sync.Mutex
	bytes    int64
	frames   int64     // writes received that changed the screen
	gaps     []float64 // seconds between frames, once measuring
	last     time.Time
	measure  bool
	echoWant time.Time // when the last probe key was pressed (zero: none pending)
	echoes   []float64
	stalled  bool

	screen  *screen // what the terminal shows, for the play scenario with --rooms-addr and wall
	partner *client // that session's partner, who opened its room
	wall    wallSeen
}

// isLocal says whether addr is on this machine's loopback.
func isLocal(addr string) bool {
	return strings.HasPrefix(addr, "127.") || strings.HasPrefix(addr, "localhost:")
}

func run(ctx context.Context, o options, out io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	local := isLocal(o.addr)
	before := scrapeAll(o.metrics)
	var rooms []string
	if o.watches() {
		var err error
		if rooms, err = startRooms(ctx, o); err != nil {
			return err
		}
	}
	ch := startChurn(ctx, o, local)
	defer ch.stop()
	if ch != nil {
		fmt.Fprintf(out, "churn: %d players opening and leaving 7 Colors rooms on %s\n", o.churn, o.addr)
	}
	fmt.Fprintf(out, "connecting %d sessions (%s) to %s over %v…\n", o.sessions, o.scenario, o.addr, o.ramp)
	if o.roomsAddr != "" && (o.watches() || o.scenario == "play") {
		fmt.Fprintf(out, "  their rooms made through %s\n", o.roomsAddr)
	}
	var (
		clients  []*client
		mu       sync.Mutex
		failed   atomic.Int64
		firstErr atomic.Value
		wg       sync.WaitGroup
	)
	start := time.Now()
	for i := range o.sessions {
		if ctx.Err() != nil {
			break
		}
		if o.ramp > 0 {
			time.Sleep(time.Until(start.Add(o.ramp * time.Duration(i) / time.Duration(o.sessions))))
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := ""
			switch o.scenario {
			case "watch":
				cmd = "watch " + rooms[i%len(rooms)]
			case "play":
				cmd = "play sevencolors --vs greedy --size 20"
			case "bots":
				cmd = "bot --game sevencolors --practice --vs greedy --games 10000 --size 10"
			case "wall":
				cmd = "wall"
			}
			var c *client
			var err error
			if o.scenario == "play" && o.roomsAddr != "" {
				c, err = dialDuel(ctx, o, i, local)
			} else {
				c, err = dial(o, i, local, cmd)
			}
			if err != nil {
				if failed.Add(1) == 1 {
					firstErr.Store(err.Error())
				}
				return
			}
			c.mu.Lock() // its reader runs already
			c.stalled = o.scenario == "watch" && float64(i%100) < o.stall*100
			c.mu.Unlock()
			if o.scenario == "wall" {
				go c.readWall(ctx, rooms)
			}
			mu.Lock()
			clients = append(clients, c)
			mu.Unlock()
		}()
	}
	wg.Wait()
	connected := time.Since(start)
	fmt.Fprintf(out, "%d connected, %d failed in %v\n", len(clients), failed.Load(), connected.Round(time.Millisecond))
	if e, ok := firstErr.Load().(string); ok {
		fmt.Fprintf(out, "  first failure: %s\n", e)
	}
	if len(clients) == 0 {
		return fmt.Errorf("no session connected")
	}
	mid, churned := scrapeAll(o.metrics), ch.games()
	for _, c := range clients {
		c.mu.Lock()
		c.measure, c.last = true, time.Now()
		c.mu.Unlock()
	}
	stopDrivers := drive(ctx, o, clients)
	select {
	case <-time.After(o.duration):
	case <-ctx.Done():
	}
	stopDrivers()
	after, churned := scrapeAll(o.metrics), ch.games()-churned
	report(out, o, clients, connected, before, mid, after)
	fmt.Fprint(out, ch.report(o, churned, o.duration.Seconds()))
	if o.watches() {
		reportRooms(out, o, clients, rooms, mid, after)
	}
	for _, c := range clients {
		c.conn.Close()
		if c.partner != nil {
			c.partner.conn.Close()
		}
	}
	return nil
}

// dial connects client i with a key of its own, from loopback address 127.0.x.y when the
// server is local (so that each client is counted as its own address), and starts cmd on a
// terminal (bots run without one).
func dial(o options, i int, local bool, cmd string) (*client, error) {
	signer, err := newSigner()
	if err != nil {
		return nil, err
	}
	return dialAs(o, i, local, cmd, signer)
}

// newSigner is a new key of a client's own.
func newSigner() (gossh.Signer, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	return gossh.NewSignerFromKey(priv)
}

// dialAs is dial with a given key: a client that comes back is the same person.
func dialAs(o options, i int, local bool, cmd string, signer gossh.Signer) (*client, error) {
	cfg := &gossh.ClientConfig{
		User: fmt.Sprintf("load%04d", i), Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 30 * time.Second,
	}
	d := net.Dialer{Timeout: 30 * time.Second}
	if local {
		d.LocalAddr = &net.TCPAddr{IP: net.IPv4(127, byte(1+i/250), byte(i/250%250), byte(2+i%250))}
	}
	began := time.Now()
	nc, err := d.Dial("tcp", o.addr)
	if err != nil {
		return nil, err
	}
	cc, chans, reqs, err := gossh.NewClientConn(nc, o.addr, cfg)
	if err != nil {
		nc.Close()
		return nil, err
	}
	conn := gossh.NewClient(cc, chans, reqs)
	sess, err := conn.NewSession()
	if err != nil {
		conn.Close()
		return nil, err
	}
	c := &client{id: i, conn: conn, sess: sess}
	if o.scenario == "play" && o.roomsAddr != "" || o.scenario == "wall" {
		c.screen = newScreen()
	}
	if c.stdin, err = sess.StdinPipe(); err != nil {
		conn.Close()
		return nil, err
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		conn.Close()
		return nil, err
	}
	if o.scenario != "bots" {
		cols, rows, _ := o.terminal()
		if err := sess.RequestPty(o.term, rows, cols, gossh.TerminalModes{gossh.ECHO: 0}); err != nil {
			conn.Close()
			return nil, err
		}
	}
	if cmd == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(cmd)
	}
	if err != nil {
		conn.Close()
		return nil, err
	}
	c.connect = time.Since(began)
	if o.scenario == "bots" {
		c.botOut = stdout
	} else {
		go c.read(stdout)
	}
	return c, nil
}

// read counts what the server sends; a stalled client stops reading after its first frame.
func (c *client) read(r io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		now := time.Now()
		c.mu.Lock()
		if c.measure {
			c.bytes += int64(n)
		}
		if n > 0 && c.measure {
			c.frames++
			c.gaps = append(c.gaps, now.Sub(c.last).Seconds())
			if !c.echoWant.IsZero() {
				c.echoes = append(c.echoes, now.Sub(c.echoWant).Seconds())
				c.echoWant = time.Time{}
			}
		}
		c.last = now
		stalled := c.stalled
		c.mu.Unlock()
		if n > 0 && c.screen != nil {
			c.screen.write(buf[:n], now)
		}
		if err != nil {
			return
		}
		if stalled {
			select {} // a frozen laptop: never reads again
		}
	}
}

// drive makes the clients act as their scenario says until stop is called.
func drive(ctx context.Context, o options, clients []*client) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch o.scenario {
			case "lobby":
				// A sample (--probe) presses ↓ or ↑ every two seconds and times the answer.
				if float64(c.id%100) >= o.probe*100 {
					return
				}
				t := time.NewTicker(2 * time.Second)
				defer t.Stop()
				keys := []string{"\x1b[B", "\x1b[A"}
				for k := 0; ; k++ {
					select {
					case <-ctx.Done():
						return
					case <-t.C:
						c.mu.Lock()
						c.echoWant = time.Now()
						c.mu.Unlock()
						c.stdin.Write([]byte(keys[k%2]))
					}
				}
			case "play":
				if c.partner != nil {
					return // the duel runs since the room opened (dialDuel)
				}
				t := time.NewTicker(time.Second)
				defer t.Stop()
				for k := 0; ; k++ {
					select {
					case <-ctx.Done():
						return
					case <-t.C:
						c.stdin.Write([]byte{byte('a' + (c.id+k)%7)})
					}
				}
			case "bots":
				botLoop(ctx, c)
			}
		}()
	}
	return func() { cancel(); wg.Wait() }
}

// startRooms opens o.rooms live Perfect Aim games through --rooms-addr (a person who never
// presses a key against three house bots; the harness keeps their sessions open) and returns
// their ids: the Perfect Aim rooms being played that the list had not before.
func startRooms(ctx context.Context, o options) ([]string, error) {
	if o.roomsAddr != "" {
		o.addr = o.roomsAddr
	}
	// The rooms' players are the watch scenario's, whichever scenario watches them: the
	// same terminal, and no screen read.
	o.scenario, o.window = "watch", ""
	local := isLocal(o.addr)
	list, err := command(o, "rooms")
	if err != nil {
		return nil, err
	}
	old := map[string]bool{}
	for _, id := range playingAim(list) {
		old[id] = true
	}
	for i := range o.rooms {
		if _, err := dial(o, 9000+i, local, "play perfectaim --vs zidane,bobmorane,anouslefouz"); err != nil {
			return nil, fmt.Errorf("starting room %d: %w", i+1, err)
		}
	}
	var ids []string
	for deadline := time.Now().Add(20 * time.Second); len(ids) < o.rooms; {
		if time.Now().After(deadline) || ctx.Err() != nil {
			return nil, fmt.Errorf("%d of %d Perfect Aim rooms started", len(ids), o.rooms)
		}
		time.Sleep(200 * time.Millisecond)
		list, err := command(o, "rooms")
		if err != nil {
			return nil, err
		}
		ids = ids[:0]
		for _, id := range playingAim(list) {
			if !old[id] {
				ids = append(ids, id)
			}
		}
	}
	return ids, nil
}

// playingAim are the ids of the Perfect Aim rooms being played in the output of `rooms`.
func playingAim(list string) []string {
	var ids []string
	for _, line := range strings.Split(list, "\n") {
		if f := strings.Fields(line); len(f) > 2 && f[1] == "perfectaim" && f[2] == "playing" {
			ids = append(ids, f[0])
		}
	}
	return ids
}

// command runs one command without a terminal and returns its output.
func command(o options, cmd string) (string, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return "", err
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return "", err
	}
	conn, err := gossh.Dial("tcp", o.addr, &gossh.ClientConfig{User: "loadctl", Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 30 * time.Second})
	if err != nil {
		return "", err
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		return "", err
	}
	out, err := sess.Output(cmd)
	return string(out), err
}

// percentile is the p-th percentile (0..1) of xs, sorted in place.
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	return xs[min(int(p*float64(len(xs))), len(xs)-1)]
}
