// Package natsd runs a NATS server inside this process: the bus of a small cluster
// (`arena nats`) and of the tests, with nothing to install. Any NATS server does the same job.
package natsd

import (
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Options are what an arena cluster's bus needs to be told.
type Options struct {
	// Listen is host:port for clients ("127.0.0.1:0" picks a free port).
	Listen string
	// Name identifies the server in its logs and monitoring.
	Name string
	// Log writes the server's own log lines to stderr.
	Log bool
}

// Start runs a NATS server and waits until it takes connections.
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
	s, err := server.NewServer(&server.Options{
		ServerName: o.Name,
		Host:       host,
		Port:       port,
		NoLog:      !o.Log,
		NoSigs:     true,
		MaxPayload: 8 << 20, // a long game's replay, when a room moves to another node
	})
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
	return s, nil
}
