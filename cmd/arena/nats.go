package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/cluster/natsd"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/metrics"
	"github.com/arena-classroom/arena/version"
)

// natsUsage is arena nats --help in l.
func natsUsage(l lang.Lang) string {
	return l.Sprintf(`Usage: arena nats [--listen ADDR] [--name NAME] [--log] --nodes FILE [--tls-cert FILE --tls-key FILE] [--plaintext] [--print-config]
       arena nats init DIR --nodes NAME[,NAME…] [--tls-host HOST[,HOST…]] [--if-absent]

Runs a NATS server, the bus of a cluster of arena nodes (arena serve --cluster
nats://HOST:4222): nats-server itself, embedded in the arena's binary, so a cluster needs
nothing else installed. It lets in the nodes listed in its nodes file alone, each with
its own key (an NKey: the node proves it holds it, and no secret crosses the network),
and each publishes on its own subjects only: a node cannot speak as another.
"arena nats init" makes the nodes file, the nodes' keys and the bus's TLS certificate.

  --nodes FILE     the nodes file, one node a line: NAME PUBLICKEY (ARENA_NATS_NODES;
                   required). Read again when it changes: a line added lets its node in,
                   a line removed disconnects its key; bad lines are logged and skipped
  --listen ADDR    address for the nodes to connect to (ARENA_NATS_LISTEN, default
                   127.0.0.1:4222; ":4222" is every interface). An address off this
                   host needs --tls-cert and --tls-key, or --plaintext
  --tls-cert FILE  the bus's certificate, PEM (ARENA_NATS_TLS_CERT): serve TLS; the
                   nodes then connect to tls://HOST:4222 with --cluster-ca
  --tls-key FILE   its private key, PEM (ARENA_NATS_TLS_KEY)
  --plaintext      listen off this host without TLS, on a private network you trust:
                   the keys stay safe, but the bus's traffic (moves, the hidden seeds
                   of live games) is readable on the network
  --name NAME      the server's name in its log and monitoring (default: an id the
                   server makes)
  --log            write the server's own log (connections, errors) to stderr
  --metrics ADDR   serve Prometheus metrics (/metrics) on this address: the bus up, its
                   connections, traffic and slow consumers (ARENA_NATS_METRICS; default
                   none: off)
  --print-config   print the nodes file as a nats-server configuration's authorization
                   block, for a nats-server of your own instead of arena nats, and exit

Logs go to stderr. SIGINT or SIGTERM stops the server.
`) + natsInitHelp(l)
}

// natsInitHelp is arena nats init --help in l.
func natsInitHelp(l lang.Lang) string {
	return l.Sprintf(`
arena nats init DIR --nodes NAME[,NAME…] [--tls-host HOST[,HOST…]] [--if-absent]

Makes a bus's keys in DIR (made if need be), and prints the commands that use them:
DIR/nodes, the nodes file listing each node's public key; DIR/NAME.nkey, each node's
key (secret, mode 600: give it to that node alone, arena serve --cluster-key); with
--tls-host, DIR/ca.pem (the CA the nodes trust, --cluster-ca) and DIR/bus-cert.pem and
DIR/bus-key.pem (the bus's certificate for those host names or addresses, 2 years, and
its key, which stays on the bus's host). It never replaces a file: run again, it
refuses. With --tls-host and no --nodes it makes the TLS files alone (a certificate
renewed: move the three old ones away first, and give the nodes the new ca.pem).

  --nodes NAME,…        the nodes' names (letters, digits, - and _), as their --node
  --tls-host HOST,…     the host names or IP addresses the nodes reach the bus by
  --if-absent           if the nodes file (with no --nodes, ca.pem) exists already,
                        change nothing and exit 0: for a container run at every start
`)
}

// natsConfig is arena nats's parsed command line.
type natsConfig struct {
	listen, name     string
	log              bool
	nodes            string
	tlsCert, tlsKey  string
	plaintext, print bool
	metrics          string // the metrics listener's address; "" for none
}

// natsEnv are the environment variables of arena nats's flags.
var natsEnv = map[string]string{
	"listen":   "ARENA_NATS_LISTEN",
	"nodes":    "ARENA_NATS_NODES",
	"tls-cert": "ARENA_NATS_TLS_CERT",
	"tls-key":  "ARENA_NATS_TLS_KEY",
	"metrics":  "ARENA_NATS_METRICS",
}

// parseNats reads arena nats's flags; a flag not given comes from its environment
// variable, and then from its default. Its help is in the language of getenv's locale.
func parseNats(args []string, stderr io.Writer, getenv func(string) string) (natsConfig, error) {
	var c natsConfig
	l := cliLang(getenv)
	fs := flag.NewFlagSet("nats", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVar(&c.listen, "listen", "127.0.0.1:4222", "")
	fs.StringVar(&c.name, "name", "", "")
	fs.BoolVar(&c.log, "log", false, "")
	fs.StringVar(&c.nodes, "nodes", "", "")
	fs.StringVar(&c.tlsCert, "tls-cert", "", "")
	fs.StringVar(&c.tlsKey, "tls-key", "", "")
	fs.BoolVar(&c.plaintext, "plaintext", false, "")
	fs.BoolVar(&c.print, "print-config", false, "")
	fs.StringVar(&c.metrics, "metrics", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, natsUsage(l))
			return c, err
		}
		return c, flagError(err, nil)
	}
	if fs.NArg() > 0 {
		return c, lang.Errorf("unexpected argument %q", fs.Arg(0))
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for name, env := range natsEnv {
		if v := getenv(env); v != "" && !given[name] {
			_ = fs.Set(name, v) // string flags: any value is one
		}
	}
	switch {
	case c.nodes == "":
		return c, lang.Errorf("the bus needs its nodes' keys: --nodes FILE (or ARENA_NATS_NODES); arena nats init DIR --nodes NAME,… makes one")
	case (c.tlsCert == "") != (c.tlsKey == ""):
		return c, lang.Errorf("TLS needs both --tls-cert and --tls-key")
	case c.plaintext && c.tlsCert != "":
		return c, lang.Errorf("--plaintext and --tls-cert: choose one")
	case c.print:
	case c.tlsCert == "" && !c.plaintext && !loopback(c.listen):
		return c, lang.Errorf("--listen %s: the bus leaves this host: give it --tls-cert and --tls-key (arena nats init --tls-host HOST makes them), or --plaintext on a private network you trust", c.listen)
	}
	return c, nil
}

// loopback reports whether addr listens on this host alone. An address that does not parse
// counts as loopback: the server refuses it anyway, with its own sentence.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return true
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func runNats(args []string, getenv func(string) string) int {
	return natsMain(args, os.Stdout, os.Stderr, getenv, nil)
}

// natsMain runs the NATS server until a signal (or, in tests, until stopCh is closed), or
// arena nats init, in the environment getenv reads: its ARENA_NATS_* variables, and its
// locale's language for what it says to people (the logs stay English).
func natsMain(args []string, stdout, stderr io.Writer, getenv func(string) string, stopCh <-chan struct{}) int {
	l := cliLang(getenv)
	if len(args) > 0 && args[0] == "init" {
		return natsInit(l, args[1:], stdout, stderr)
	}
	c, err := parseNats(args, stderr, getenv)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		complain(stderr, l, "arena nats", err) // lang:keep the command's name
		fmt.Fprintf(stderr, "\n%s", natsUsage(l))
		return 2
	}
	if c.print {
		nodes, problems, err := busauth.ReadNodes(c.nodes)
		if err != nil {
			complain(stderr, l, "arena nats", err) // lang:keep the command's name
			return 1
		}
		for _, p := range problems {
			// lang:keep the command's name
			fmt.Fprintf(stderr, "arena nats: %s\n", l.Sprintf("%s: %s (skipped)", c.nodes, p))
		}
		fmt.Fprint(stdout, busauth.ServerConfig(nodes))
		return 0
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	// Signals are watched before the server starts, so that one sent as soon as it is
	// listening is not the default action's (an exit without Shutdown).
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(signals)

	s, err := natsd.Start(natsd.Options{Listen: c.listen, Name: c.name, Log: c.log, NodesFile: c.nodes,
		TLSCert: c.tlsCert, TLSKey: c.tlsKey, Logger: log})
	if err != nil {
		complain(stderr, l, "arena nats", err) // lang:keep the command's name
		return 1
	}
	scheme := "nats://"
	if c.tlsCert != "" {
		scheme = "tls://"
	} else if !loopback(c.listen) {
		log.Warn("the bus listens off this host without TLS (--plaintext): the nodes' keys are safe, but its traffic (moves, the hidden seeds of live games) is readable on the network")
	}
	if c.metrics != "" {
		metricsCtx, stopMetrics := context.WithCancel(context.Background())
		defer stopMetrics()
		addr, err := metrics.Serve(metricsCtx, c.metrics, metrics.Bus(s))
		if err != nil {
			s.Shutdown()
			complain(stderr, l, "arena nats", lang.Errorf("--metrics %s: %v", c.metrics, err)) // lang:keep the command's name
			return 1
		}
		log.Info("metrics", "addr", "http://"+addr.String()+"/metrics")
	}
	log.Info("serving", "url", scheme+s.Addr().String(), "name", s.Name(), "nodes", c.nodes, "version", version.Version(), "commit", version.Commit())
	select {
	case sig := <-signals:
		log.Info("shutting down", "signal", sig.String())
	case <-stopCh:
		log.Info("shutting down")
	}
	s.Shutdown()
	s.WaitForShutdown()
	log.Info("stopped")
	return 0
}

// natsInitConfig is arena nats init's parsed command line.
type natsInitConfig struct {
	dir          string
	nodes, hosts []string
	ifAbsent     bool
}

// parseNatsInit reads arena nats init's command line: DIR before, among or after the flags.
func parseNatsInit(l lang.Lang, args []string, stderr io.Writer) (natsInitConfig, error) {
	var c natsInitConfig
	var nodes, hosts string
	// lang:keep the flag set's name
	fs := flag.NewFlagSet("nats init", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVar(&nodes, "nodes", "", "")
	fs.StringVar(&hosts, "tls-host", "", "")
	fs.BoolVar(&c.ifAbsent, "if-absent", false, "")
	// flag stops at the first word that is not a flag: parse again after each.
	var words []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stderr, natsInitHelp(l))
				return c, err
			}
			return c, flagError(err, nil)
		}
		if args = fs.Args(); len(args) == 0 {
			break
		}
		words, args = append(words, args[0]), args[1:]
	}
	if len(words) > 0 {
		c.dir = words[0]
	}
	switch {
	case len(words) > 1:
		return c, lang.Errorf("unexpected argument %q", words[1])
	case c.dir == "":
		return c, lang.Errorf("name the directory to make the keys in: arena nats init DIR --nodes NAME,…")
	case nodes == "" && hosts == "":
		return c, lang.Errorf("name the nodes: --nodes NAME,… (and --tls-host HOST for a bus off this host)")
	}
	c.nodes, c.hosts = splitList(nodes), splitList(hosts)
	return c, nil
}

// splitList is a comma-separated list's words, blanks dropped.
func splitList(s string) []string {
	var out []string
	for w := range strings.SplitSeq(s, ",") {
		if w = strings.TrimSpace(w); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// natsInit is arena nats init: the keys made, then what was made and how to use it.
func natsInit(l lang.Lang, args []string, stdout, stderr io.Writer) int {
	c, err := parseNatsInit(l, args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		complain(stderr, l, "arena nats init", err) // lang:keep the command's name
		fmt.Fprint(stderr, natsInitHelp(l))
		return 2
	}
	if c.ifAbsent {
		marker := filepath.Join(c.dir, busauth.NodesFile)
		if len(c.nodes) == 0 {
			marker = filepath.Join(c.dir, busauth.CAFile)
		}
		if _, err := os.Lstat(marker); err == nil {
			// lang:keep the command's name
			fmt.Fprintf(stdout, "arena nats init: %s\n", l.Sprintf("%s exists already: nothing made (--if-absent)", marker))
			return 0
		}
	}
	if err := busauth.Init(c.dir, c.nodes, c.hosts); err != nil {
		complain(stderr, l, "arena nats init", err) // lang:keep the command's name
		return 1
	}
	printInit(l, stdout, c)
	return 0
}

// printInit says in l what init made and the commands that use it. It names files only:
// the secrets stay in them.
func printInit(l lang.Lang, w io.Writer, c natsInitConfig) {
	path := func(name string) string { return filepath.Join(c.dir, name) }
	// lang:keep the command's name
	fmt.Fprintf(w, "arena nats init: %s\n", l.Sprintf("made in %s:", c.dir))
	file := func(name, what string) { fmt.Fprintf(w, "  %-16s %s\n", name, what) }
	if len(c.nodes) > 0 {
		file(busauth.NodesFile, l.Sprintf("the bus's nodes file: %s (public keys)", strings.Join(c.nodes, ", ")))
		for _, n := range c.nodes {
			file(busauth.KeyFile(n), l.Sprintf("%s's key: secret (mode 600), for that node alone", n))
		}
	}
	tls := len(c.hosts) > 0
	if tls {
		file(busauth.CAFile, l.Sprintf("the CA the nodes trust (public; its key is not kept)"))
		file(busauth.BusCertFile, l.Sprintf("the bus's certificate for %s (2 years)", strings.Join(c.hosts, ", ")))
		file(busauth.BusKeyFile, l.Sprintf("its key: secret (mode 600), for the bus's host alone"))
	}
	fmt.Fprintln(w)
	if len(c.nodes) == 0 {
		fmt.Fprintln(w, l.Sprintf("Restart the bus with --tls-cert %s --tls-key %s once every node has been given the new\n%s (--cluster-ca).",
			path(busauth.BusCertFile), path(busauth.BusKeyFile), path(busauth.CAFile)))
		return
	}
	url := "nats://127.0.0.1:4222"
	fmt.Fprintln(w, l.Sprintf("The bus:"))
	// lang:keep commands, typed as they are
	if tls {
		url = "tls://" + net.JoinHostPort(c.hosts[0], "4222")
		// lang:keep a command, typed as it is
		fmt.Fprintf(w, "  arena nats --listen :4222 --nodes %s --tls-cert %s --tls-key %s\n",
			path(busauth.NodesFile), path(busauth.BusCertFile), path(busauth.BusKeyFile))
	} else {
		fmt.Fprintf(w, "  arena nats --nodes %s\n", path(busauth.NodesFile)) // lang:keep a command
		fmt.Fprintf(w, "  %s\n", l.Sprintf("(on 127.0.0.1: a bus off this host needs TLS, arena nats init --tls-host HOST)"))
	}
	if tls {
		fmt.Fprintln(w, l.Sprintf("Copy each node's key to that node alone (mode 600), and %s to every node.", busauth.CAFile))
	}
	fmt.Fprintln(w, l.Sprintf("Each node, with the same --store and other flags as the others:"))
	for _, n := range c.nodes {
		// lang:keep a command
		fmt.Fprintf(w, "  arena serve --cluster %s --node %s --cluster-key %s", url, n, path(busauth.KeyFile(n)))
		if tls {
			fmt.Fprintf(w, " --cluster-ca %s", path(busauth.CAFile))
		}
		fmt.Fprintln(w)
	}
}
