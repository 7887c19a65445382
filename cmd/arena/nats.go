package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/arena-classroom/arena/cluster/natsd"
)

const natsUsage = `Usage: arena nats [--listen ADDR] [--name NAME] [--log]

Runs a NATS server, the bus of a cluster of arena nodes (arena serve --cluster
nats://HOST:4222): nats-server itself, embedded in the arena's binary, so a cluster needs
nothing else installed. Any NATS server 2.x does the same job.

  --listen ADDR   address for the nodes to connect to (ARENA_NATS_LISTEN, default
                  127.0.0.1:4222; ":4222" is every interface). The bus has no password
                  and no TLS: keep it on loopback or a private network the nodes share
  --name NAME     the server's name in its log and monitoring (default: an id the
                  server makes)
  --log           write the server's own log (connections, errors) to stderr

Logs go to stderr. SIGINT or SIGTERM stops the server.
`

// natsConfig is arena nats's parsed command line.
type natsConfig struct {
	listen, name string
	log          bool
}

// parseNats reads arena nats's flags; --listen, when not given, comes from
// ARENA_NATS_LISTEN, and then from its default.
func parseNats(args []string, stderr io.Writer, getenv func(string) string) (natsConfig, error) {
	var c natsConfig
	fs := flag.NewFlagSet("nats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, natsUsage) }
	fs.StringVar(&c.listen, "listen", "127.0.0.1:4222", "")
	fs.StringVar(&c.name, "name", "", "")
	fs.BoolVar(&c.log, "log", false, "")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "listen" })
	if v := getenv("ARENA_NATS_LISTEN"); v != "" && !given {
		c.listen = v
	}
	return c, nil
}

func runNats(args []string) int {
	return natsMain(args, os.Stderr, nil)
}

// natsMain runs the NATS server until a signal (or, in tests, until stopCh is closed).
func natsMain(args []string, stderr io.Writer, stopCh <-chan struct{}) int {
	c, err := parseNats(args, stderr, os.Getenv)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "arena nats: %v\n\n%s", err, natsUsage)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	// Signals are watched before the server starts, so that one sent as soon as it is
	// listening is not the default action's (an exit without Shutdown).
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(signals)

	s, err := natsd.Start(natsd.Options{Listen: c.listen, Name: c.name, Log: c.log})
	if err != nil {
		fmt.Fprintf(stderr, "arena nats: %v\n", err)
		return 1
	}
	log.Info("serving", "url", "nats://"+s.Addr().String(), "name", s.Name())
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
