package cluster

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/arena-classroom/arena/cluster/busauth"
	"github.com/arena-classroom/arena/cluster/natsd"
	"github.com/arena-classroom/arena/internal/until"
	"github.com/arena-classroom/arena/rooms"
)

// A bus served over TLS, as `arena nats init --tls-host` makes it: nodes that trust its
// CA join; a client that does not trust it is refused before it says anything.
func TestNodesJoinABusOverTLS(t *testing.T) {
	dir := t.TempDir()
	if err := busauth.Init(dir, []string{"a", "b"}, []string{"127.0.0.1"}); err != nil {
		t.Fatal(err)
	}
	bus, err := natsd.Start(natsd.Options{Listen: "127.0.0.1:0", NodesFile: filepath.Join(dir, busauth.NodesFile),
		TLSCert: filepath.Join(dir, busauth.BusCertFile), TLSKey: filepath.Join(dir, busauth.BusKeyFile)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(bus.Shutdown)
	url := "tls://" + bus.Addr().String()
	letters := &memLetters{holder: map[string]string{}}
	var nodes []*Node
	for _, name := range []string{"a", "b"} {
		key, err := busauth.LoadKey(filepath.Join(dir, busauth.KeyFile(name)))
		if err != nil {
			t.Fatal(err)
		}
		n, err := Join(t.Context(), Config{URL: url, Name: name, Key: key, CAFile: filepath.Join(dir, busauth.CAFile),
			Letters: letters, Heartbeat: 100 * time.Millisecond})
		if err != nil {
			t.Fatalf("%s over TLS: %v", name, err)
		}
		hub := rooms.NewHub(rooms.Config{TickHz: 100, Codes: n.Codes()})
		if err := n.Serve(hub); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(n.Close)
		nodes = append(nodes, n)
	}
	until.True(t, 10*time.Second, "a and b hearing each other over TLS", func() bool {
		return nodes[0].Stats().Nodes == 2 && nodes[1].Stats().Nodes == 2
	})
	if _, err := nats.Connect(url); err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("a client that does not trust the bus's CA: %v, want a certificate error", err)
	}
}
