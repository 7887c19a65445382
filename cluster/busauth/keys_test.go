package busauth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nats-io/nkeys"
)

// seedOf is kp's seed, as text.
func seedOf(t *testing.T, kp nkeys.KeyPair) string {
	t.Helper()
	seed, err := kp.Seed()
	if err != nil {
		t.Fatal(err)
	}
	return string(seed)
}

func publicOf(t *testing.T, kp nkeys.KeyPair) string {
	t.Helper()
	public, err := kp.PublicKey()
	if err != nil {
		t.Fatal(err)
	}
	return public
}

// A node's first start makes its key, 0600, in a directory made for it, and leaves nothing
// else there; the next start reads the same key.
func TestLoadOrCreateKeyMakesAKeyOnceAndKeepsIt(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data", "sub")
	path := filepath.Join(dir, "bus.nkey")
	kp, created, err := LoadOrCreateKey(path)
	if err != nil || !created {
		t.Fatalf("first start: created %v, %v", created, err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("the key file's mode is %04o, want 0600", info.Mode().Perm())
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("the directory holds %v (%v), want the key file alone", entries, err)
	}
	again, created, err := LoadOrCreateKey(path)
	if err != nil || created {
		t.Fatalf("second start: created %v, %v", created, err)
	}
	if publicOf(t, again) != publicOf(t, kp) || seedOf(t, again) != seedOf(t, kp) {
		t.Fatal("the second start read another key than the first made")
	}
	if prefix, _, err := nkeys.DecodeSeed([]byte(seedOf(t, kp))); err != nil || prefix != nkeys.PrefixByteUser {
		t.Fatalf("the key made is not a user key: %v %v", prefix, err)
	}
}

// A key file may have comments and whitespace around the seed.
func TestLoadKeyReadsASeedAmongComments(t *testing.T) {
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "node.nkey")
	text := "# node a's key\n\n   " + seedOf(t, kp) + "  \r\n# the end\n"
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := LoadKey(path)
	if err != nil {
		t.Fatal(err)
	}
	if publicOf(t, got) != publicOf(t, kp) {
		t.Fatal("another key was read")
	}
}

// What is not a node's key is refused with a sentence naming the file, which never quotes
// the file's text; a file others may read is refused with the chmod that mends it.
func TestLoadKeyRefusesWhatIsNotAPrivateNodeKey(t *testing.T) {
	user, _ := nkeys.CreateUser()
	account, _ := nkeys.CreateAccount()
	dir := t.TempDir()
	for _, c := range []struct {
		name, text string
		mode       os.FileMode
		want       string
	}{
		{"readable", seedOf(t, user) + "\n", 0o640, "chmod 600 "},
		{"world", seedOf(t, user) + "\n", 0o604, "chmod 600 "},
		{"account", seedOf(t, account) + "\n", 0o600, "not a node's key"},
		{"public", publicOf(t, user) + "\n", 0o600, "not a node's key"},
		{"garbage", "SUNOTASEED\n", 0o600, "not a node's key"},
		{"empty", "# nothing\n\n", 0o600, "empty"},
		{"two", seedOf(t, user) + "\n" + seedOf(t, user) + "\n", 0o600, "more than one line"},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.text), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, c.mode); err != nil { // past the umask
			t.Fatal(err)
		}
		_, err := LoadKey(path)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, path) || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %q does not name the file and say %q", c.name, msg, c.want)
		}
		if strings.Contains(msg, seedOf(t, user)) || strings.Contains(msg, seedOf(t, account)) {
			t.Errorf("%s: the error shows the secret: %q", c.name, msg)
		}
	}
	if _, err := LoadKey(filepath.Join(dir, "missing")); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing file: %v", err)
	}
	// LoadOrCreateKey reads an existing file, and refuses it as LoadKey does: it never makes
	// a new key over an old one.
	if _, created, err := LoadOrCreateKey(filepath.Join(dir, "readable")); err == nil || created {
		t.Errorf("LoadOrCreateKey on a readable key: created %v, %v", created, err)
	}
	if text, _ := os.ReadFile(filepath.Join(dir, "readable")); string(text) != seedOf(t, user)+"\n" {
		t.Error("LoadOrCreateKey changed a key file it refused")
	}
}

// A node's line is its name and public key, and the nodes file takes it as it is.
func TestNodeLineIsALineOfTheNodesFile(t *testing.T) {
	kp, _ := nkeys.CreateUser()
	line := NodeLine("arena1", kp)
	if line != "arena1 "+publicOf(t, kp) {
		t.Fatalf("line %q", line)
	}
	nodes, problems := ParseNodes(strings.NewReader(line + "\n"))
	if len(problems) > 0 || len(nodes) != 1 || nodes[0] != (NodeKey{"arena1", publicOf(t, kp)}) {
		t.Fatalf("parsed back: %v, %v", nodes, problems)
	}
}
