package busauth

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"
)

func newUser(t *testing.T) nkeys.KeyPair {
	t.Helper()
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	return kp
}

// The nodes file: good lines are kept (one name with two keys too: a key being rotated),
// comments and blank lines skipped, and each bad line is a problem naming its line and
// what is wrong, never quoting a key.
func TestParseNodesKeepsGoodLinesAndNamesBadOnes(t *testing.T) {
	a, b, b2, c := newUser(t), newUser(t), newUser(t), newUser(t)
	account, _ := nkeys.CreateAccount()
	accountPublic, _ := account.PublicKey()
	text := strings.Join([]string{
		"\ufeff# the bus's nodes",             // 1
		"",                                    // 2
		"arena1 " + publicOf(t, a),            // 3
		"  arena2\t" + publicOf(t, b),         // 4
		"arena2 " + publicOf(t, b2),           // 5: arena2's new key, while it is rotated
		"bad.name " + publicOf(t, c),          // 6
		"arena3 " + accountPublic,             // 7: not a user key
		"arena3 UNOTAKEY",                     // 8
		"arena4 " + publicOf(t, a),            // 9: arena1's key again
		"arena5",                              // 10
		"arena5 " + seedOf(t, c),              // 11: a secret
		"arena6 " + publicOf(t, c) + " extra", // 12
		"   # indented comment",               // 13
		"arena6 " + publicOf(t, c),            // 14
	}, "\n")
	nodes, problems := ParseNodes(strings.NewReader(text))
	want := []NodeKey{{"arena1", publicOf(t, a)}, {"arena2", publicOf(t, b)}, {"arena2", publicOf(t, b2)}, {"arena6", publicOf(t, c)}}
	if !reflect.DeepEqual(nodes, want) {
		t.Errorf("nodes %v, want %v", nodes, want)
	}
	wantProblems := []struct{ line, says string }{
		{"line 6:", "not a node's name"},
		{"line 7:", "not a node's public key"},
		{"line 8:", "not a node's public key"},
		{"line 9:", "the key of line 3 again"},
		{"line 10:", "1 words"},
		{"line 11:", "secret key"},
		{"line 12:", "3 words"},
	}
	if len(problems) != len(wantProblems) {
		t.Fatalf("problems %q, want %d", problems, len(wantProblems))
	}
	for i, w := range wantProblems {
		if !strings.HasPrefix(problems[i], w.line) || !strings.Contains(problems[i], w.says) {
			t.Errorf("problem %q, want %s … %s", problems[i], w.line, w.says)
		}
	}
	for _, p := range problems {
		if strings.Contains(p, seedOf(t, c)) || strings.Contains(p, accountPublic) {
			t.Errorf("a problem quotes a key: %q", p)
		}
	}
}

func TestReadNodesSaysWhichFileIsMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nodes")
	if _, _, err := ReadNodes(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("a missing file: %v", err)
	}
	a := newUser(t)
	if err := os.WriteFile(path, []byte(NodeLine("a", a)+"\nnot a line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	nodes, problems, err := ReadNodes(path)
	if err != nil || len(nodes) != 1 || nodes[0].Name != "a" || len(problems) != 1 || !strings.HasPrefix(problems[0], "line 2:") {
		t.Fatalf("ReadNodes: %v, %q, %v", nodes, problems, err)
	}
}

// Each key is a user with its node's permissions; no node at all is a user nobody holds,
// allowed nothing, never an empty list (which a NATS server takes for no authentication).
func TestUsersAreTheNodesKeysWithTheirPermissions(t *testing.T) {
	a, b, b2 := newUser(t), newUser(t), newUser(t)
	nodes := []NodeKey{{"a", publicOf(t, a)}, {"b", publicOf(t, b)}, {"b", publicOf(t, b2)}}
	users := Users(nodes)
	if len(users) != 3 {
		t.Fatalf("%d users", len(users))
	}
	for i, u := range users {
		if u.Nkey != nodes[i].Key || !reflect.DeepEqual(u.Permissions, Permissions(nodes[i].Name)) {
			t.Errorf("user %d: %s %+v, want %s's", i, u.Nkey, u.Permissions, nodes[i].Name)
		}
	}
	none := Users(nil)
	if len(none) != 1 || !nkeys.IsValidPublicUserKey(none[0].Nkey) {
		t.Fatalf("no nodes: %+v", none)
	}
	if p := none[0].Permissions; len(p.Publish.Allow) > 0 || len(p.Subscribe.Allow) > 0 || !reflect.DeepEqual(p.Publish.Deny, []string{">"}) {
		t.Fatalf("nobody may do something: %+v", p)
	}
}

// parseConfig reads a configuration through nats-server's own parser.
func parseConfig(t *testing.T, config string) *server.Options {
	t.Helper()
	path := filepath.Join(t.TempDir(), "nats.conf")
	if err := os.WriteFile(path, []byte("port: 4222\n"+config), 0o644); err != nil {
		t.Fatal(err)
	}
	opts, err := server.ProcessConfigFile(path)
	if err != nil {
		t.Fatalf("nats-server refuses the configuration: %v\n%s", err, config)
	}
	return opts
}

// ServerConfig, read by nats-server itself, gives the nodes what Users does.
func TestServerConfigIsWhatUsersGive(t *testing.T) {
	a, b, b2 := newUser(t), newUser(t), newUser(t)
	nodes := []NodeKey{{"arena1", publicOf(t, a)}, {"arena2", publicOf(t, b)}, {"arena2", publicOf(t, b2)}}
	config := ServerConfig(nodes)
	for _, n := range []string{"# node arena1", "# node arena2"} {
		if !strings.Contains(config, n) {
			t.Errorf("no %q comment:\n%s", n, config)
		}
	}
	opts := parseConfig(t, config)
	want := Users(nodes)
	if len(opts.Nkeys) != len(want) {
		t.Fatalf("%d users read back, want %d:\n%s", len(opts.Nkeys), len(want), config)
	}
	for i, u := range opts.Nkeys {
		if u.Nkey != want[i].Nkey || !reflect.DeepEqual(u.Permissions, want[i].Permissions) {
			t.Errorf("user %d read back as %s %+v\nwant %s %+v", i, u.Nkey, u.Permissions, want[i].Nkey, want[i].Permissions)
		}
	}
	if len(opts.Users) != 0 || opts.Authorization != "" {
		t.Errorf("other ways in: users %v, token %q", opts.Users, opts.Authorization)
	}

	// No node: one user nobody holds, who may do nothing.
	opts = parseConfig(t, ServerConfig(nil))
	if len(opts.Nkeys) != 1 || opts.Nkeys[0].Permissions == nil || len(opts.Nkeys[0].Permissions.Publish.Allow) != 0 ||
		!reflect.DeepEqual(opts.Nkeys[0].Permissions.Subscribe.Deny, []string{">"}) {
		t.Fatalf("no nodes read back as %+v", opts.Nkeys)
	}
}
