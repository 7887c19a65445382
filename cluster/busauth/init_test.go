package busauth

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// readDir is every file of dir with its contents and mode.
func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		info, _ := e.Info()
		files[e.Name()] = info.Mode().Perm().String() + " " + string(data)
	}
	return files
}

func certificate(t *testing.T, path string) *x509.Certificate {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "CERTIFICATE" {
		t.Fatalf("%s holds no certificate", path)
	}
	c, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// arena nats init makes the nodes file, a key for each node that the file lists, and a CA
// and a bus certificate valid for the hosts named; run again, it refuses and changes
// nothing.
func TestInitMakesTheBusKeysAndNeverReplacesThem(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "bus")
	names := []string{"arena1", "arena2", "arena3"}
	if err := Init(dir, names, []string{"nats", "127.0.0.1"}); err != nil {
		t.Fatal(err)
	}
	before := readDir(t, dir)
	if len(before) != 7 {
		t.Errorf("%d files made, want nodes, 3 keys and 3 for TLS: %v", len(before), before)
	}
	for name, mode := range map[string]string{NodesFile: "-rw-r--r--", "arena1.nkey": "-rw-------",
		CAFile: "-rw-r--r--", BusCertFile: "-rw-r--r--", BusKeyFile: "-rw-------"} {
		if got := strings.Fields(before[name]); len(got) == 0 || got[0] != mode {
			t.Errorf("%s: mode %v, want %s", name, got, mode)
		}
	}

	nodes, problems, err := ReadNodes(filepath.Join(dir, NodesFile))
	if err != nil || len(problems) > 0 || len(nodes) != 3 {
		t.Fatalf("the nodes file: %v, %q, %v", nodes, problems, err)
	}
	if !strings.Contains(before[NodesFile], "Rotate") {
		t.Errorf("the nodes file does not say how to rotate a key:\n%s", before[NodesFile])
	}
	for i, n := range nodes {
		kp, err := LoadKey(filepath.Join(dir, KeyFile(names[i])))
		if err != nil {
			t.Fatal(err)
		}
		if n.Name != names[i] || n.Key != publicOf(t, kp) {
			t.Errorf("line %d: %v, want %s with its key file's key", i, n, names[i])
		}
		if strings.Contains(before[NodesFile], seedOf(t, kp)) {
			t.Error("the nodes file holds a seed")
		}
	}

	ca, cert := certificate(t, filepath.Join(dir, CAFile)), certificate(t, filepath.Join(dir, BusCertFile))
	if !ca.IsCA || cert.IsCA {
		t.Errorf("IsCA: CA %v, bus %v", ca.IsCA, cert.IsCA)
	}
	if years := time.Until(ca.NotAfter).Hours() / 24 / 365; years < 9.9 || years > 10.1 {
		t.Errorf("the CA is valid %.1f years, want 10", years)
	}
	if years := time.Until(cert.NotAfter).Hours() / 24 / 365; years < 1.9 || years > 2.1 {
		t.Errorf("the bus's certificate is valid %.1f years, want 2", years)
	}
	roots := x509.NewCertPool()
	roots.AddCert(ca)
	for _, host := range []string{"nats", "127.0.0.1"} {
		if _, err := cert.Verify(x509.VerifyOptions{DNSName: host, Roots: roots}); err != nil {
			t.Errorf("the bus's certificate for %s: %v", host, err)
		}
	}
	if _, err := cert.Verify(x509.VerifyOptions{DNSName: "elsewhere", Roots: roots}); err == nil {
		t.Error("the bus's certificate is good for a host it was not made for")
	}
	if _, err := tls.LoadX509KeyPair(filepath.Join(dir, BusCertFile), filepath.Join(dir, BusKeyFile)); err != nil {
		t.Errorf("the bus's key does not go with its certificate: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "ca-key.pem")); err == nil {
		t.Error("the CA's key is kept")
	}

	// Again, with the same names, or another node, or TLS alone: refused, nothing changed.
	for _, again := range []struct {
		names, hosts []string
		file         string
	}{{names, nil, NodesFile}, {[]string{"arena4"}, nil, NodesFile}, {nil, []string{"nats"}, CAFile}} {
		err := Init(dir, again.names, again.hosts)
		if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, again.file)+" exists already") {
			t.Errorf("init %v %v again: %v, want %s named", again.names, again.hosts, err, again.file)
		}
	}
	if after := readDir(t, dir); !equalFiles(before, after) {
		t.Error("init again changed the directory")
	}
}

func equalFiles(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// Without hosts, no TLS files; bad names, the same name twice, bad hosts and nothing to
// make are refused before anything is written.
func TestInitChecksItsArguments(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "plain")
	if err := Init(dir, []string{"node1"}, nil); err != nil {
		t.Fatal(err)
	}
	if files := readDir(t, dir); len(files) != 2 {
		t.Errorf("without hosts: %d files, want the nodes file and one key", len(files))
	}
	for _, c := range []struct {
		names, hosts []string
		want         string
	}{
		{[]string{"a.b"}, nil, "not a node's name"},
		{[]string{"a", "b", "a"}, nil, "named twice"},
		{[]string{"a"}, []string{"bad host!"}, "not a host name"},
		{nil, nil, "nothing to make"},
	} {
		fresh := filepath.Join(t.TempDir(), "bus")
		err := Init(fresh, c.names, c.hosts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("init %v %v: %v, want %q", c.names, c.hosts, err, c.want)
		}
		if _, err := os.Stat(fresh); err == nil {
			t.Errorf("init %v %v made its directory", c.names, c.hosts)
		}
	}
	// A key file beside the nodes file matches its line byte for byte: it is the one key
	// LoadKey reads.
	kp, err := LoadKey(filepath.Join(dir, KeyFile("node1")))
	if err != nil {
		t.Fatal(err)
	}
	nodes, _ := os.ReadFile(filepath.Join(dir, NodesFile))
	if !bytes.Contains(nodes, []byte("\n"+NodeLine("node1", kp)+"\n")) {
		t.Errorf("the nodes file has no line for node1's key:\n%s", nodes)
	}
}
