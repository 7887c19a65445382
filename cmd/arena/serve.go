package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/arena-classroom/arena/catalog"
	"github.com/arena-classroom/arena/cluster"
	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/cluster/leases"
	"github.com/arena-classroom/arena/commands"
	"github.com/arena-classroom/arena/health"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/metrics"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/store"
	"github.com/arena-classroom/arena/tournament/director"
	"github.com/arena-classroom/arena/version"
)

// serveUsage is arena serve --help in l.
func serveUsage(l lang.Lang) string {
	return l.Sprintf(`Usage: arena serve [options]

Runs the arena's SSH server. Players connect with "ssh -p 2222 HOST"; bots with
"ssh -T -p 2222 HOST bot --game GAME". Every option can also come from the environment
variable named beside it; a flag on the command line wins.

  --listen ADDR        address to listen on (ARENA_LISTEN, default :2222)
  --data DIR           data directory: host key, database (ARENA_DATA, default ./arena-data)
  --store URL          keep the database on a PostgreSQL server instead of in the data
                       directory: postgres://USER@HOST:PORT/DB?sslmode=… (ARENA_STORE;
                       default none: SQLite in DIR/arena.db). The host key is then kept
                       in the database too, the same for every node that shares it
  --cluster URL        join a cluster of arena nodes through this NATS server,
                       nats://HOST:4222 (ARENA_CLUSTER; default none: this node alone).
                       Needs --store: the nodes share one PostgreSQL. "arena nats" runs
                       a NATS server; docs/operations.md explains a cluster
  --node NAME          this node's name in the cluster, unique among the nodes
                       (ARENA_NODE, default the host's name)
  --cluster-key FILE   this node's key on the bus, an NKey seed (ARENA_CLUSTER_KEY,
                       default DATA/bus.nkey, made at the first start). The bus knows
                       its public half under --node: when it does not, the node says
                       the line to add to the bus's nodes file ("arena nats init" makes
                       every node's key at once)
  --cluster-ca FILE    the certificate authority of a bus served over TLS, with a
                       tls://HOST:4222 URL (ARENA_CLUSTER_CA; arena nats init
                       --tls-host makes it: DIR/ca.pem)
  --store-pool N       database connections open at once (ARENA_STORE_POOL, default 8)
  --store-timeout D    longest a database statement or connection attempt may take
                       (ARENA_STORE_TIMEOUT, default 10s)
  --admin-keys FILE    teachers' public keys, authorized_keys format
                       (ARENA_ADMIN_KEYS, default DATA/admin_keys; read again when it changes)
  --guests BOOL        let clients without an SSH key in as unranked guests
                       (ARENA_GUESTS, default true)
  --lang LANG          the language of a person whose terminal names none the arena
                       speaks (en or fr; ARENA_LANG, default en)
  --tick-hz N          rooms' tick rate (ARENA_TICK_HZ, default 20)
  --fill-after D       quick match waits this long for people before a house bot takes
                       the empty seats (ARENA_FILL_AFTER, default 10s)
  --live-pace N        moves a second of a tournament's games at the live pace, which a
                       class follows on the projector (ARENA_LIVE_PACE, default 2)
  --human-move D       a person's time for one decision (ARENA_HUMAN_MOVE, default 60s)
  --bot-move D         a program's time for one decision, before its bank
                       (ARENA_BOT_MOVE, default 500ms)
  --max-conns-per-ip N concurrent connections with a session open from one address
                       (ARENA_MAX_CONNS_PER_IP, default 250; a class behind one NAT
                       shares one address); idle ones make room for newcomers
  --max-conns N        connections in all (ARENA_MAX_CONNS, default 1000)
  --ipv6-prefix N      the leading bits of an IPv6 address that every per-address limit
                       counts as one address (ARENA_IPV6_PREFIX, default 64: one network;
                       128: each address apart)
  --proxy-protocol     behind a TCP balancer: connections from --proxy-from begin with a
                       PROXY protocol header (v1 or v2: HAProxy's send-proxy or
                       send-proxy-v2) naming the client, whose address the limits then
                       count (ARENA_PROXY_PROTOCOL, default false)
  --proxy-from CIDR[,CIDR…]
                       the balancers' addresses, such as 10.0.0.0/8 or 192.0.2.7 (one
                       address); required by --proxy-protocol. Other connections are
                       served under their own address, and a header they send is not
                       honoured (ARENA_PROXY_FROM)
  --metrics ADDR       serve Prometheus metrics (/metrics) and pprof profiles
                       (/debug/pprof/) on this address, such as 127.0.0.1:9222
                       (ARENA_METRICS; default none: off). Never the SSH port: keep it
                       on loopback or a private network
  --health ADDR        answer /healthz (the process is up) and /readyz (it serves: its
                       store, bus and game loop answer; not while starting or draining)
                       on this address, for a balancer's checks, such as 0.0.0.0:9223
                       (ARENA_HEALTH; default none: off)
  --connect-burst N    new connections with a session one address may open at once
                       (ARENA_CONNECT_BURST, default 150: a lab of a hundred machines
                       behind one NAT)
  --connect-rate R     new connections with a session a second from one address once the
                       burst is spent (ARENA_CONNECT_RATE, default 10)
  --max-channels N     sessions open at once on one connection (ARENA_MAX_CHANNELS,
                       default 10)
  --idle-timeout D     a connection with no session open is closed after this
                       (ARENA_IDLE_TIMEOUT, default 30s)
  --session-start D    a session that asks for no shell or command within this is
                       closed; until it asks, it holds no place (ARENA_SESSION_START,
                       default 10s)
  --games-per-player N live games one person may start (ARENA_GAMES_PER_PLAYER, default 3)
  --games-per-address N
                       live games started from one address (ARENA_GAMES_PER_ADDRESS,
                       default 50)
  --log-level LEVEL    debug, info, warn or error (ARENA_LOG_LEVEL, default info)

Every limit, its default and what a client sees when it meets it: docs/security.md.

Logs go to stderr. SIGINT or SIGTERM ends every session politely and stops; a second
one stops at once.
`)
}

func runServe(args []string, getenv func(string) string) int {
	return serveMain(args, os.Stderr, getenv, nil)
}

// serveConfig is the parsed command line.
type serveConfig struct {
	listen, data, adminKeys, logLevel string
	store                             store.Config // Where "" for SQLite in the data directory
	guests                            bool
	lang                              string
	tickHz, maxConnsPerIP             int
	maxConns, maxChannels             int
	proxyProtocol                     bool
	proxyFrom                         string         // --proxy-from as given
	proxyPrefixes                     []netip.Prefix // --proxy-from parsed, by check
	connectBurst                      int
	metrics                           string // the metrics listener's address; "" for none
	health                            string // the health listener's address; "" for none
	cluster, node                     string // the bus's URL ("" alone) and this node's name
	clusterKey, clusterCA             string // the node's key on the bus, and the bus's CA
	connectRate                       float64
	gamesPerPlayer, gamesPerAddr      int
	fillAfter, humanMove, botMove     time.Duration
	livePace                          float64
	idleTimeout, sessionStart         time.Duration
	ipv6Prefix                        int
}

// serveEnv names the environment variable each flag of arena serve reads.
var serveEnv = map[string]string{
	"listen": "ARENA_LISTEN", "data": "ARENA_DATA", "admin-keys": "ARENA_ADMIN_KEYS",
	"guests": "ARENA_GUESTS", "lang": "ARENA_LANG", "tick-hz": "ARENA_TICK_HZ", "max-conns-per-ip": "ARENA_MAX_CONNS_PER_IP",
	"max-conns": "ARENA_MAX_CONNS", "connect-burst": "ARENA_CONNECT_BURST", "connect-rate": "ARENA_CONNECT_RATE",
	"proxy-protocol": "ARENA_PROXY_PROTOCOL", "proxy-from": "ARENA_PROXY_FROM",
	"max-channels": "ARENA_MAX_CHANNELS", "games-per-player": "ARENA_GAMES_PER_PLAYER",
	"games-per-address": "ARENA_GAMES_PER_ADDRESS", "log-level": "ARENA_LOG_LEVEL", "metrics": "ARENA_METRICS", "health": "ARENA_HEALTH",
	"fill-after": "ARENA_FILL_AFTER", "live-pace": "ARENA_LIVE_PACE", "human-move": "ARENA_HUMAN_MOVE", "bot-move": "ARENA_BOT_MOVE",
	"idle-timeout": "ARENA_IDLE_TIMEOUT", "session-start": "ARENA_SESSION_START", "ipv6-prefix": "ARENA_IPV6_PREFIX", "store": "ARENA_STORE", "store-pool": "ARENA_STORE_POOL",
	"store-timeout": "ARENA_STORE_TIMEOUT", "cluster": "ARENA_CLUSTER", "node": "ARENA_NODE",
	"cluster-key": "ARENA_CLUSTER_KEY", "cluster-ca": "ARENA_CLUSTER_CA",
}

// parseServe reads arena serve's flags, then, for each flag not given, its environment
// variable, parsed by the flag itself (so ARENA_CONNECT_RATE=2.5 reads as --connect-rate
// 2.5 does). A flag wins: a malformed variable it overrides is only mentioned on stderr; a
// malformed variable that counts is an error naming it. What it says, it says in the
// language getenv's locale variables name.
func parseServe(args []string, stderr io.Writer, getenv func(string) string) (serveConfig, error) {
	var c serveConfig
	l := cliLang(getenv)
	fs := serveFlags(&c)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, serveUsage(l))
			return c, err
		}
		return c, flagError(err, nil)
	}
	if err := applyServeEnv(l, fs, stderr, getenv); err != nil {
		return c, err
	}
	if err := c.check(fs); err != nil {
		return c, err
	}
	for _, w := range proxyFromWarnings(c.proxyPrefixes) {
		// lang:keep the command's name
		fmt.Fprintf(stderr, "arena serve: %s\n", l.Sprintf("warning: %s", w.In(l)))
	}
	return c, nil
}

// serveFlags are arena serve's flags, with their defaults, into c.
func serveFlags(c *serveConfig) *flag.FlagSet {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	// Each default is its package's own: a default changed there changes here.
	srv, hub, st := server.DefaultConfig(), rooms.DefaultConfig(), store.DefaultConfig()
	fs.StringVar(&c.listen, "listen", srv.Listen, "")
	fs.StringVar(&c.data, "data", srv.DataDir, "")
	fs.StringVar(&c.adminKeys, "admin-keys", "", "")
	fs.BoolVar(&c.guests, "guests", srv.AllowGuests, "")
	fs.StringVar(&c.lang, "lang", string(srv.Lang), "")
	fs.IntVar(&c.tickHz, "tick-hz", hub.TickHz, "")
	fs.IntVar(&c.maxConnsPerIP, "max-conns-per-ip", srv.MaxConnsPerIP, "")
	fs.IntVar(&c.maxConns, "max-conns", srv.MaxConns, "")
	fs.BoolVar(&c.proxyProtocol, "proxy-protocol", srv.ProxyProtocol, "")
	fs.StringVar(&c.proxyFrom, "proxy-from", "", "")
	fs.IntVar(&c.connectBurst, "connect-burst", srv.ConnectBurst, "")
	fs.Float64Var(&c.connectRate, "connect-rate", srv.ConnectRate, "")
	fs.IntVar(&c.maxChannels, "max-channels", srv.MaxChannels, "")
	fs.IntVar(&c.gamesPerPlayer, "games-per-player", hub.MaxRoomsPerOwner, "")
	fs.IntVar(&c.gamesPerAddr, "games-per-address", hub.MaxRoomsPerAddr, "")
	fs.StringVar(&c.logLevel, "log-level", "info", "")
	fs.StringVar(&c.metrics, "metrics", "", "")
	fs.StringVar(&c.health, "health", "", "")
	fs.DurationVar(&c.fillAfter, "fill-after", commands.DefaultFillAfter, "")
	fs.Float64Var(&c.livePace, "live-pace", float64(time.Second)/float64(director.LiveMoveGap), "")
	fs.DurationVar(&c.humanMove, "human-move", hub.HumanMove, "")
	fs.DurationVar(&c.botMove, "bot-move", hub.BotMove, "")
	fs.DurationVar(&c.idleTimeout, "idle-timeout", srv.IdleNoChannel, "")
	fs.DurationVar(&c.sessionStart, "session-start", srv.SessionStart, "")
	fs.IntVar(&c.ipv6Prefix, "ipv6-prefix", srv.IPv6Prefix, "")
	fs.StringVar(&c.store.Where, "store", "", "")
	fs.StringVar(&c.cluster, "cluster", "", "")
	fs.StringVar(&c.node, "node", defaultNodeName(), "")
	fs.StringVar(&c.clusterKey, "cluster-key", "", "")
	fs.StringVar(&c.clusterCA, "cluster-ca", "", "")
	fs.IntVar(&c.store.PoolSize, "store-pool", st.PoolSize, "")
	fs.DurationVar(&c.store.Timeout, "store-timeout", st.Timeout, "")
	return fs
}

// check refuses settings out of range, and completes the admin keys' default.
func (c *serveConfig) check(fs *flag.FlagSet) error {
	if fs.NArg() > 0 {
		return lang.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if c.tickHz < 1 || c.tickHz > 1000 {
		return lang.Errorf("--tick-hz %s: want 1 to 1000", typed(c.tickHz))
	}
	if _, err := lang.Flag(c.lang); err != nil {
		return err
	}
	if c.livePace < 0.1 || c.livePace > 100 {
		return lang.Errorf("--live-pace %s: want 0.1 to 100 moves a second", typed(c.livePace))
	}
	if c.maxConnsPerIP < 1 {
		return lang.Errorf("--max-conns-per-ip %s: want at least 1", typed(c.maxConnsPerIP))
	}
	if c.maxConns < 1 {
		return lang.Errorf("--max-conns %s: want at least 1", typed(c.maxConns))
	}
	if c.ipv6Prefix < 16 || c.ipv6Prefix > 128 {
		return lang.Errorf("--ipv6-prefix %s: want 16 to 128 (64, one network, is the usual)", typed(c.ipv6Prefix))
	}
	switch {
	case c.proxyProtocol && c.proxyFrom == "":
		return lang.Errorf("--proxy-protocol needs --proxy-from CIDR[,CIDR…], the balancers' addresses: a PROXY header from any address would let every client choose the address the limits count")
	case !c.proxyProtocol && c.proxyFrom != "":
		return lang.Errorf("--proxy-from %q without --proxy-protocol: turn the PROXY protocol on, or leave out --proxy-from", c.proxyFrom)
	case c.proxyFrom != "":
		var err error
		if c.proxyPrefixes, err = parseProxyFrom(c.proxyFrom); err != nil {
			return err
		}
	}
	if c.connectBurst < 1 || c.connectRate <= 0 {
		return lang.Errorf("--connect-burst %s, --connect-rate %s: want at least 1 and more than 0", typed(c.connectBurst), typed(c.connectRate))
	}
	if c.gamesPerPlayer < 1 || c.gamesPerAddr < 1 {
		return lang.Errorf("--games-per-player %s, --games-per-address %s: want at least 1", typed(c.gamesPerPlayer), typed(c.gamesPerAddr))
	}
	if c.maxChannels < 1 {
		return lang.Errorf("--max-channels %s: want at least 1", typed(c.maxChannels))
	}
	if c.store.Where != "" && !store.IsURL(c.store.Where) {
		return lang.Errorf("--store %q: want a PostgreSQL URL, postgres://USER@HOST:PORT/DB?sslmode=… (without --store, the database is in --data)", c.store.Where)
	}
	if c.cluster != "" && c.store.Where == "" {
		return lang.Errorf("--cluster %s needs --store postgres://…: the nodes of a cluster share one database", cluster.RedactURL(c.cluster))
	}
	if c.cluster != "" && !cluster.ValidName(c.node) {
		return lang.Errorf("--node %q: use letters, digits, - and _ (at most 64)", c.node)
	}
	if c.store.PoolSize < 1 {
		return lang.Errorf("--store-pool %s: want at least 1", typed(c.store.PoolSize))
	}
	if c.store.Where == "" {
		c.store.Where = filepath.Join(c.data, store.FileName)
	}
	if c.adminKeys == "" {
		c.adminKeys = filepath.Join(c.data, "admin_keys")
	}
	if c.clusterKey == "" {
		// lang:keep a file name
		c.clusterKey = filepath.Join(c.data, "bus.nkey")
	}
	return nil
}

// parseProxyFrom reads --proxy-from: prefixes and bare addresses (one address each),
// separated by commas.
func parseProxyFrom(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if !strings.Contains(item, "/") {
			a, err := netip.ParseAddr(item)
			if err != nil || a.Zone() != "" {
				return nil, lang.Errorf("--proxy-from: %q is neither an address nor a prefix such as 10.0.0.0/8", item)
			}
			a = a.Unmap()
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(item)
		switch {
		case err != nil:
			return nil, lang.Errorf("--proxy-from: %q is not a prefix such as 10.0.0.0/8 or 2001:db8::/32", item)
		case p.Addr().Is4In6():
			return nil, lang.Errorf("--proxy-from: %q: write IPv4 prefixes as such, 10.0.0.0/8", item)
		case p.Bits() == 0:
			return nil, lang.Errorf("--proxy-from: %q would trust every address: name the balancers' addresses", item)
		case p != p.Masked():
			// 192.168.1.10/24 may mean the one balancer: trusting its whole network by mistake
			// would let its neighbours name any address.
			return nil, lang.Errorf("--proxy-from: %q has host bits set: %s for the network, or %s alone",
				item, p.Masked(), p.Addr())
		}
		out = append(out, p)
	}
	for _, bits := range []int{32, 128} {
		if coversAll(out, bits) {
			return nil, lang.Errorf("--proxy-from %s: together these prefixes cover every IPv%d address, which would trust anyone: name the balancers' addresses",
				list, map[int]int{32: 4, 128: 6}[bits])
		}
	}
	return out, nil
}

// coversAll reports whether prefixes of one family (its address length bits) together
// hold every address of it: 0.0.0.0/1 and 128.0.0.0/1 are /0 in pieces.
func coversAll(prefixes []netip.Prefix, bits int) bool {
	var family []netip.Prefix
	for _, p := range prefixes {
		if p.Addr().BitLen() == bits {
			family = append(family, p)
		}
	}
	// Sum the sizes of the prefixes no other one holds: disjoint ones add up to the whole
	// space only if they cover it.
	total := new(big.Int)
	for i, p := range family {
		inner := false
		for j, q := range family {
			if i != j && q.Bits() <= p.Bits() && q.Contains(p.Addr()) && (q.Bits() < p.Bits() || j < i) {
				inner = true
				break
			}
		}
		if !inner {
			total.Add(total, new(big.Int).Lsh(big.NewInt(1), uint(bits-p.Bits())))
		}
	}
	return total.Cmp(new(big.Int).Lsh(big.NewInt(1), uint(bits))) >= 0
}

// proxyFromWarnings are the balancers' prefixes wider than a /16 (IPv4) or a /48 (IPv6):
// every host in one can claim any client address.
func proxyFromWarnings(prefixes []netip.Prefix) []lang.Text {
	var out []lang.Text
	for _, p := range prefixes {
		if p.Addr().Is4() && p.Bits() < 16 || p.Addr().Is6() && p.Bits() < 48 {
			out = append(out, lang.T("--proxy-from %s is wider than a /%d: every host in it may name any client address to the arena's limits and logs; name the balancers' own addresses if you can",
				p, map[bool]int{true: 16, false: 48}[p.Addr().Is4()]))
		}
	}
	return out
}

// applyServeEnv sets each flag not given on the command line from its environment
// variable; it says in l what it ignores.
func applyServeEnv(l lang.Lang, fs *flag.FlagSet, stderr io.Writer, getenv func(string) string) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var errs []error
	fs.VisitAll(func(f *flag.Flag) {
		name, ok := serveEnv[f.Name]
		if !ok {
			return
		}
		v := getenv(name)
		if v == "" {
			return
		}
		err := parsesAs(f, v)
		switch {
		case given[f.Name] && err != nil:
			// lang:keep the command's name
			fmt.Fprintf(stderr, "arena serve: %s\n", l.Sprintf("ignoring %s=%q (--%s is given): %v", name, v, f.Name, lang.Say(err, l)))
		case given[f.Name]:
		case err != nil:
			errs = append(errs, lang.Errorf("%s=%q: %v", name, v, err))
		default:
			_ = f.Value.Set(v)
		}
	})
	return joinErrors(errs)
}

// joinErrors is errs as one error, a line each, every one said in a reader's language.
func joinErrors(errs []error) error {
	var all error
	for _, err := range errs {
		if all == nil {
			all = err
		} else {
			all = lang.Errorf("%v\n%v", all, err)
		}
	}
	return all
}

// parsesAs says, in a sentence, why v is no value for flag f (nil when it is one).
func parsesAs(f *flag.Flag, v string) error {
	scratch := flag.NewFlagSet("", flag.ContinueOnError)
	scratch.SetOutput(io.Discard)
	var want error
	switch f.Value.(flag.Getter).Get().(type) {
	case int:
		scratch.Int("v", 0, "")
		want = lang.Errorf("want a whole number")
	case float64:
		scratch.Float64("v", 0, "")
		want = lang.Errorf("want a number such as 2.5")
	case bool:
		scratch.Bool("v", false, "")
		want = lang.Errorf("want true or false")
	case time.Duration:
		d := scratch.Duration("v", 0, "")
		if err := scratch.Set("v", v); err != nil || *d <= 0 {
			return lang.Errorf("want a duration such as 10s or 500ms")
		}
		return nil
	default:
		return nil
	}
	if scratch.Set("v", v) != nil {
		return want
	}
	return nil
}

// serveMain runs the server until a signal (or, in tests, until stopCh is closed), with
// the environment getenv reads (os.Getenv): its ARENA_* variables, and its locale's
// language for what it says before the logs begin (the logs stay English).
func serveMain(args []string, stderr io.Writer, getenv func(string) string, stopCh <-chan struct{}) int {
	l := cliLang(getenv)
	c, err := parseServe(args, stderr, getenv)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		complain(stderr, l, "arena serve", err) // lang:keep the command's name
		fmt.Fprintf(stderr, "\n%s", serveUsage(l))
		return 2
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.logLevel)); err != nil {
		complain(stderr, l, "arena serve", lang.Errorf("--log-level %q: want debug, info, warn or error", c.logLevel)) // lang:keep the command's name
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	log.Info("arena", "version", version.Version(), "commit", version.Commit())
	fail := func(err error) int {
		complain(stderr, l, "arena serve", err) // lang:keep the command's name
		return 1
	}

	if err := os.MkdirAll(c.data, 0o700); err != nil {
		return fail(lang.Errorf("data directory: %v", err))
	}
	ctx := context.Background()
	// A signal while the node waits for its store or bus stops it there.
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(signals)
	stopStarting, started := make(chan struct{}), make(chan struct{})
	go func() {
		select {
		case sig := <-signals:
			log.Info("shutting down", "signal", sig.String())
		case <-stopCh:
		case <-started:
			return
		}
		close(stopStarting)
	}()
	stopped := func(err error) int {
		if errors.Is(err, errStopped) {
			log.Info("stopped")
			return 0
		}
		return fail(err)
	}
	// One set of checks: /readyz's, and arena_part_up's (the metrics read them too).
	hl := health.New(version.Version(), 2*time.Second)
	if c.health != "" {
		healthCtx, stopHealth := context.WithCancel(ctx)
		defer stopHealth()
		addr, err := metrics.Serve(healthCtx, c.health, hl.Handler())
		if err != nil {
			return fail(lang.Errorf("--health %s: %v", c.health, err))
		}
		log.Info("health", "addr", "http://"+addr.String()+"/readyz")
	}

	var st *store.Store
	if err := waitFor("store", log, stopStarting, partBackoff, store.Unreachable, func() (err error) {
		st, err = store.OpenConfig(ctx, c.store)
		return err
	}); err != nil {
		return stopped(err)
	}
	defer st.Close()
	log.Info("store", "backend", st.Backend(), "at", store.Redact(c.store.Where))
	if v := st.NewerSchema(); v != 0 {
		log.Warn("the store's schema is newer than this arena's; it was made to be read by this release: serving without migrating", "schema", v)
	}

	var mx *metrics.Metrics
	if c.metrics != "" {
		mx = metrics.New(metrics.Sources{}) // its sources are set below, once they exist
	}
	var node *cluster.Node
	if c.cluster != "" {
		key, created, err := busauth.LoadOrCreateKey(c.clusterKey)
		if err != nil {
			return fail(err)
		}
		if created {
			log.Info("made this node's key for the bus: the bus's nodes file needs its line", "file", c.clusterKey, "line", busauth.NodeLine(c.node, key))
		}
		cc := cluster.Config{URL: c.cluster, Name: c.node, Key: key, CAFile: c.clusterCA, Logger: log,
			Letters: leases.Letters(st, cluster.LetterTTL)}
		if mx != nil {
			cc.FrameRouted = mx.FrameRouted
		}
		if err := waitFor("bus", log, stopStarting, partBackoff, bus.Unreachable, func() (err error) {
			node, err = cluster.Join(ctx, cc)
			return err
		}); err != nil {
			return stopped(err)
		}
		defer node.Close()
		log.Info("cluster", "bus", cluster.RedactURL(c.cluster), "node", node.Name(), "letter", node.Letter())
	}
	app, hub, stopApp, err := newApp(appOptions{Logger: log, Store: st, TickHz: c.tickHz,
		FillAfter: c.fillAfter, HumanMove: c.humanMove, BotMove: c.botMove, LivePace: c.livePace,
		GamesPerPlayer: c.gamesPerPlayer, GamesPerAddr: c.gamesPerAddr, Metrics: mx, Cluster: node})
	if err != nil {
		return fail(err)
	}
	defer stopApp()

	cfg := server.DefaultConfig()
	cfg.Listen, cfg.DataDir, cfg.AdminKeysFile = c.listen, c.data, c.adminKeys
	cfg.AllowGuests = c.guests
	cfg.Lang, _ = lang.Parse(c.lang) // checked by check
	cfg.MaxConnsPerIP = c.maxConnsPerIP
	cfg.ConnectBurst, cfg.ConnectRate = c.connectBurst, c.connectRate
	cfg.MaxConns = c.maxConns
	cfg.ProxyProtocol, cfg.ProxyFrom = c.proxyProtocol, c.proxyPrefixes
	cfg.MaxChannels = c.maxChannels
	cfg.IdleNoChannel = c.idleTimeout
	cfg.SessionStart = c.sessionStart
	cfg.IPv6Prefix = c.ipv6Prefix
	cfg.ReservedNames = houseBotNames()
	cfg.Logger = log
	if node != nil {
		cfg.SessionsElsewhere = node.SessionsElsewhere
	}
	srv, err := server.New(cfg, st, app)
	if err != nil {
		return fail(err)
	}
	if node != nil {
		node.CountSessions(srv.SessionsByKey)
	}
	readiness(hl, st, node, hub, srv)
	if mx != nil {
		src := metrics.Sources{Server: srv.Stats, Rooms: hub.List, Lobby: app.Stats, Parts: hl.Parts}
		if d := app.Director(); d != nil {
			src.Tournaments = d.Stats
		}
		if node != nil {
			src.Cluster = node.Stats
		}
		mx.SetSources(src)
		metricsCtx, stopMetrics := context.WithCancel(ctx)
		defer stopMetrics()
		addr, err := metrics.Serve(metricsCtx, c.metrics, mx.Handler())
		if err != nil {
			return fail(lang.Errorf("--metrics %s: %v", c.metrics, err))
		}
		log.Info("metrics and profiles", "addr", "http://"+addr.String()+"/metrics")
	}

	served := make(chan error, 1)
	go func() { served <- srv.ListenAndServe() }()
	close(started)
	hl.Started()

	select {
	case err := <-served:
		return fail(err)
	case sig := <-signals:
		log.Info("shutting down", "signal", sig.String())
	case <-stopCh:
		log.Info("shutting down")
	case <-stopStarting: // a signal as the node started
	}
	hl.Drain() // the balancer's checks see the node is not ready
	// New connections are refused from now on (a balancer tries them on another node);
	// the sessions here stay until the drain has moved their games.
	srv.StopAccepting()
	if node != nil {
		// A rolling restart: the node's games with people move to the other nodes, where
		// their people take their seats again as they reconnect (through the balancer).
		srv.SetFarewell(lang.T("this server restarts; connect again the same way and your game goes on."))
		moved, failed := node.Drain()
		log.Info("drained", "games moved", moved, "games that could not move", failed)
	}
	shutCtx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	go func() {
		select {
		case <-signals:
			log.Warn("second signal: closing everything now")
			cancel()
		case <-shutCtx.Done():
		}
	}()
	if err := srv.Shutdown(shutCtx); err != nil {
		log.Warn("shutdown cut short", "err", err)
	}
	if err := <-served; err != nil && !errors.Is(err, server.ErrServerClosed) {
		log.Warn("serve", "err", err)
	}
	log.Info("stopped")
	return 0
}

// defaultNodeName is the host's name as a node name (letters, digits, - and _).
func defaultNodeName() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		return "arena"
	}
	host, _, _ = strings.Cut(host, ".")
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '-'
	}, host)
}

// houseBotNames are display names nobody may take: a player called "greedy" would pass for
// the house bot.
func houseBotNames() []string {
	var names []string
	for _, e := range catalog.All() {
		for _, b := range e.Bots {
			names = append(names, strings.ToLower(b.Name))
			for _, a := range b.Aliases {
				names = append(names, strings.ToLower(a))
			}
		}
	}
	return names
}
