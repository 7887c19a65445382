package cluster_test

import (
	"context"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arena-classroom/arena/cluster"
	"github.com/arena-classroom/arena/cluster/bus"
	"github.com/arena-classroom/arena/cluster/clustertest"
	"github.com/arena-classroom/arena/cluster/leases"
	"github.com/arena-classroom/arena/cluster/quickmatch"
	"github.com/arena-classroom/arena/cluster/tourneys"
	"github.com/arena-classroom/arena/internal/arenatest"
	"github.com/arena-classroom/arena/internal/wiretest"
	"github.com/arena-classroom/arena/matchmaker"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/tournament/director"
)

// servingNode is a node that serves every protocol of the bus: its rooms, quick match and
// tournaments. Its operations are the bus protocol's.
func servingNode(t *testing.T) *cluster.Node {
	t.Helper()
	b := clustertest.Start(t, "a")
	st := arenatest.Store(t)
	n, err := cluster.Join(context.Background(), cluster.Config{URL: b.ClientURL(), Name: "a", Key: b.Key(t, "a"),
		Letters: leases.Letters(st, cluster.LetterTTL), Logger: arenatest.Logger(t)})
	if err != nil {
		t.Fatal(err)
	}
	hub := rooms.NewHub(rooms.Config{TickHz: 100, Codes: n.Codes()})
	if err := n.Serve(hub); err != nil {
		t.Fatal(err)
	}
	quickmatch.Serve(n, matchmaker.New(n.Directory(), time.Hour, time.Now))
	tourneys.Serve(n, director.New(st, arenatest.Logger(t)))
	t.Cleanup(n.Close)
	return n
}

// Every message of the bus protocol survives its trip: each field set, encoded, decoded,
// equal. A field added without a way across (an unexported type, a lost tag) fails here.
// (The programs' seat calls are seats' own test.)
func TestEveryMessageTypeRoundTrips(t *testing.T) {
	types := map[reflect.Type]bool{reflect.TypeFor[bus.Error](): true}
	for _, v := range cluster.WireMessages {
		types[reflect.TypeOf(v).Elem()] = true
	}
	for _, op := range servingNode(t).Bus().Ops() {
		types[op.Request], types[op.Answer] = true, true
	}
	for typ := range types {
		t.Run(typ.String(), func(t *testing.T) { wiretest.RoundTrips(t, typ) })
	}
}

// TestTheHandlersTableIsTheDocs: docs/architecture.md lists every operation a node serves,
// with its request's type and whether it may block, and nothing else.
func TestTheHandlersTableIsTheDocs(t *testing.T) {
	doc, err := os.ReadFile("../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	served := map[string]bus.OpInfo{}
	for _, op := range servingNode(t).Bus().Ops() {
		served[op.Name] = op
	}
	listed := map[string]bool{}
	row := regexp.MustCompile("^\\| `([a-z.]+)` \\| `([a-z/]+)` \\|.*\\| `([A-Za-z.]+)` \\| .* \\| (yes|no) \\|$")
	for _, line := range strings.Split(string(doc), "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name, pkg, req, blocks := m[1], m[2], m[3], m[4] == "yes"
		op, ok := served[name]
		switch {
		case !ok:
			t.Errorf("docs/architecture.md lists %q, which no node serves", name)
		case op.Blocks != blocks:
			t.Errorf("docs/architecture.md says %q blocks: %v; its handler says %v", name, blocks, op.Blocks)
		case op.Request.String() != req || !strings.HasSuffix(op.Request.PkgPath(), pkg):
			t.Errorf("docs/architecture.md says %q takes %s of %s; it takes %s of %s", name, req, pkg, op.Request, op.Request.PkgPath())
		}
		listed[name] = true
	}
	for name := range served {
		if !listed[name] {
			t.Errorf("operation %q is missing from docs/architecture.md's table", name)
		}
	}
}
