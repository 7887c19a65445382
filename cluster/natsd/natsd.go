// Package natsd runs a NATS server inside this process: the bus of a small cluster
// (`arena nats`) and of the tests, with nothing to install. Any NATS server does the same
// job, given the same users (busauth.ServerConfig).
package natsd

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/arena-classroom/arena/cluster/busauth"
)

// Options are what an arena cluster's bus needs to be told.
type Options struct {
	// Listen is host:port for clients ("127.0.0.1:0" picks a free port).
	Listen string
	// Name identifies the server in its logs and monitoring.
	Name string
	// Log writes the server's own log lines to stderr.
	Log bool

	// Nodes are the nodes the bus lets in, each with its key and its permissions
	// (busauth.Users).
	Nodes []busauth.NodeKey
	// NodesFile is a nodes file (busauth.ParseNodes) read at the start and read again
	// whenever it changes: a node added can connect, a key removed is disconnected. Bad
	// lines are logged and skipped. Give Nodes or NodesFile, not both.
	NodesFile string
	// TLSCert and TLSKey are the bus's certificate and key (PEM files): given, it serves
	// TLS only, and clients connect with tls://.
	TLSCert, TLSKey string
	// Logger is told when the nodes file is read again, and what is wrong with it; nil
	// logs nothing.
	Logger *slog.Logger
	// Open lets any client in with every right: for tests that need no authentication
	// only. Without it, a bus must be given Nodes or NodesFile.
	Open bool
}

// pollEvery is how often the nodes file is checked for a change.
var pollEvery = 2 * time.Second

// watchers counts the nodes file watchers running, for the tests to see them stop.
var watchers atomic.Int32

// Start runs a NATS server and waits until it takes connections. With a NodesFile, it
// watches the file until the server is shut down (Shutdown stops everything).
func Start(o Options) (*server.Server, error) {
	host, portText, err := net.SplitHostPort(o.Listen)
	if err != nil {
		return nil, fmt.Errorf("nats: listen address %q: %w", o.Listen, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return nil, fmt.Errorf("nats: listen port %q: %w", portText, err)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	nodes := o.Nodes
	var read stamp // the nodes file as it was when read: a change from then on is read again
	switch {
	case o.Open && (o.Nodes != nil || o.NodesFile != ""):
		return nil, errors.New("nats: an open bus has no nodes' keys")
	case o.Open:
	case o.Nodes != nil && o.NodesFile != "":
		return nil, errors.New("nats: give the nodes or a nodes file, not both")
	case o.NodesFile != "":
		var problems []string
		read = stampOf(o.NodesFile)
		nodes, problems, err = busauth.ReadNodes(o.NodesFile)
		if err != nil {
			return nil, fmt.Errorf("nats: %w", err)
		}
		logNodes(log, o.NodesFile, nodes, problems)
		log.Info("nodes file read", "file", o.NodesFile, "nodes", len(nodes), "names", names(nodes))
	case o.Nodes == nil:
		return nil, errors.New("nats: the bus needs its nodes' keys: --nodes FILE (arena nats init makes one)")
	}
	if (o.TLSCert == "") != (o.TLSKey == "") {
		return nil, errors.New("nats: TLS needs both a certificate and its key")
	}

	opts := &server.Options{
		ServerName: o.Name,
		Host:       host,
		Port:       port,
		NoLog:      !o.Log,
		NoSigs:     true,
		MaxPayload: 8 << 20, // a long game's replay, when a room moves to another node
	}
	if o.TLSCert != "" {
		// Read once: the reloads of the nodes file hand the server this very config, so
		// that they change nothing but the users.
		opts.TLSConfig, err = server.GenTLSConfig(&server.TLSConfigOpts{CertFile: o.TLSCert, KeyFile: o.TLSKey})
		if err != nil {
			return nil, fmt.Errorf("nats: TLS: %w", err)
		}
		opts.TLSTimeout = 5 // seconds: a node on a busy machine may be slow to shake hands
	}
	withUsers := func(nodes []busauth.NodeKey) *server.Options {
		c := *opts
		if !o.Open {
			c.Nkeys = busauth.Users(nodes)
		}
		return &c
	}
	s, err := server.NewServer(withUsers(nodes))
	if err != nil {
		return nil, fmt.Errorf("nats: %w", err)
	}
	if o.Log {
		s.ConfigureLogger()
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		s.Shutdown()
		return nil, fmt.Errorf("nats: the server did not start listening on %s", o.Listen)
	}
	if o.NodesFile != "" {
		w := &watch{path: o.NodesFile, log: log, last: read, reload: func(nodes []busauth.NodeKey) error {
			return s.ReloadOptions(withUsers(nodes))
		}}
		stopped := make(chan struct{})
		go func() { s.WaitForShutdown(); close(stopped) }()
		watchers.Add(1)
		go w.run(pollEvery, stopped)
	}
	return s, nil
}

// stamp is what tells that a file changed: whether it exists, its size and its time.
type stamp struct {
	exists bool
	size   int64
	mod    int64 // ns
}

func stampOf(path string) stamp {
	info, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	return stamp{exists: true, size: info.Size(), mod: info.ModTime().UnixNano()}
}

// watch reads a nodes file again whenever its stamp changes, and gives the server its new
// users.
type watch struct {
	path   string
	log    *slog.Logger
	last   stamp
	reload func([]busauth.NodeKey) error
}

func (w *watch) run(every time.Duration, stopped <-chan struct{}) {
	defer watchers.Add(-1)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-stopped:
			return
		case <-tick.C:
			w.check()
		}
	}
}

func (w *watch) check() {
	st := stampOf(w.path)
	if st == w.last {
		return
	}
	// Stamped before reading: a change made while the file is read is seen next time.
	w.last = st
	nodes, problems, err := busauth.ReadNodes(w.path)
	if err != nil {
		// An editor replacing the file, or a mistake: the nodes keep the last list rather
		// than all be shut out. The next change is read again.
		w.log.Error("nodes file unreadable: the bus keeps its last list", "err", err)
		return
	}
	logNodes(w.log, w.path, nodes, problems)
	if err := w.reload(nodes); err != nil {
		w.log.Error("nodes file read again, but the bus refused it: it keeps its last list", "file", w.path, "err", err)
		return
	}
	w.log.Info("nodes file read again", "file", w.path, "nodes", len(nodes), "names", names(nodes))
}

// logNodes says what is wrong with a nodes file, a line at a time.
func logNodes(log *slog.Logger, path string, nodes []busauth.NodeKey, problems []string) {
	for _, p := range problems {
		log.Warn("nodes file: line skipped", "file", path, "problem", p)
	}
	if len(nodes) == 0 {
		log.Warn("nodes file lists no node: the bus lets nobody in until a node's line is added", "file", path)
	}
}

// names lists the nodes' names, each once.
func names(nodes []busauth.NodeKey) string {
	var list []string
	seen := map[string]bool{}
	for _, n := range nodes {
		if !seen[n.Name] {
			seen[n.Name] = true
			list = append(list, n.Name)
		}
	}
	return strings.Join(list, ",")
}
