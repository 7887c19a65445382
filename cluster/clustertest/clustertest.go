// Package clustertest starts a cluster's bus for tests: an embedded NATS server that knows
// the keys of the nodes named, as `arena nats --nodes FILE` does.
package clustertest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"

	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/cluster/natsd"
)

// Bus is a running bus and the keys of the nodes it lets in.
type Bus struct {
	*server.Server
	Keys map[string]nkeys.KeyPair

	opts natsd.Options // to start it again, on its port
	url  string
}

// ClientURL is where the nodes connect, the same across Stop and Restart.
func (b *Bus) ClientURL() string { return b.url }

// Stop takes the bus down, as an operator's restart of `arena nats` does; the nodes lose it
// and keep trying to connect again.
func (b *Bus) Stop() {
	b.Server.Shutdown()
	b.Server.WaitForShutdown()
}

// Restart brings the bus back on its address, knowing the same nodes.
func (b *Bus) Restart(t testing.TB) {
	t.Helper()
	s, err := natsd.Start(b.opts)
	if err != nil {
		t.Fatalf("the bus does not start again: %v", err)
	}
	b.Server = s
}

// Key is node's key, made for it on first asking (the bus only knows those of Start's
// names, and of Allow's).
func (b *Bus) Key(t testing.TB, node string) nkeys.KeyPair {
	t.Helper()
	if kp, ok := b.Keys[node]; ok {
		return kp
	}
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	b.Keys[node] = kp
	return kp
}

// Start runs a bus on 127.0.0.1 that lets in the nodes named, each with a key of its own;
// it stops with the test.
func Start(t testing.TB, names ...string) *Bus {
	t.Helper()
	b := &Bus{Keys: map[string]nkeys.KeyPair{}}
	var nodes []busauth.NodeKey
	for _, name := range names {
		public, err := b.Key(t, name).PublicKey()
		if err != nil {
			t.Fatal(err)
		}
		nodes = append(nodes, busauth.NodeKey{Name: name, Key: public})
	}
	s, err := natsd.Start(natsd.Options{Listen: "127.0.0.1:0", Name: "test", Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	b.Server, b.url = s, s.ClientURL()
	b.opts = natsd.Options{Listen: s.Addr().String(), Name: "test", Nodes: nodes}
	t.Cleanup(func() { b.Server.Shutdown() })
	return b
}

// KeyFile writes node's key to a file of the test's, for a node run as a process
// (arena serve --cluster-key FILE).
func (b *Bus) KeyFile(t testing.TB, node string) string {
	t.Helper()
	seed, err := b.Key(t, node).Seed()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), node+".nkey")
	if err := os.WriteFile(path, append(seed, '\n'), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
