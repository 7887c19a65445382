package keys

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

func TestHostKeyCreatedOnceAndReused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	a, err := LoadOrCreateHostKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := LoadOrCreateHostKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	if Fingerprint(a.PublicKey()) != Fingerprint(b.PublicKey()) {
		t.Fatalf("host key changed across loads: %s then %s", Fingerprint(a.PublicKey()), Fingerprint(b.PublicKey()))
	}
	if a.PublicKey().Type() != gossh.KeyAlgoED25519 {
		t.Fatalf("host key type %s, want ed25519", a.PublicKey().Type())
	}
	info, err := os.Stat(filepath.Join(dir, HostKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o600 {
		t.Errorf("host key mode %v, want 0600", perm)
	}
	dinfo, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if perm := dinfo.Mode().Perm(); perm != 0o700 {
		t.Errorf("data dir mode %v, want 0700", perm)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".host_ed25519-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestHostKeyConcurrentStartsAgree(t *testing.T) {
	dir := t.TempDir()
	const n = 8
	fps := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := LoadOrCreateHostKey(dir)
			if err != nil {
				t.Error(err)
				return
			}
			fps[i] = Fingerprint(s.PublicKey())
		}()
	}
	wg.Wait()
	for i := 1; i < n; i++ {
		if fps[i] != fps[0] {
			t.Fatalf("concurrent loads disagree: %v", fps)
		}
	}
}

func TestHostKeyCorruptIsAnError(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, HostKeyFile), []byte("not a key"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadOrCreateHostKey(dir); err == nil {
		t.Fatal("a corrupt host key must not be silently replaced")
	}
}

func newPub(t *testing.T) gossh.PublicKey {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := gossh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return pk
}

func TestFingerprint(t *testing.T) {
	pk := newPub(t)
	fp := Fingerprint(pk)
	if !strings.HasPrefix(fp, "SHA256:") || fp != gossh.FingerprintSHA256(pk) {
		t.Fatalf("fingerprint %q", fp)
	}
	if Fingerprint(newPub(t)) == fp {
		t.Fatal("two keys share a fingerprint")
	}
	if s := Short(fp); len(s) != 17 || !strings.HasPrefix(fp, s) {
		t.Fatalf("Short(%q) = %q", fp, s)
	}
}

func TestParseAdminKeys(t *testing.T) {
	a, b := newPub(t), newPub(t)
	text := "# teachers\n\n" +
		strings.TrimSpace(string(gossh.MarshalAuthorizedKey(a))) + " alice@lab\n" +
		"ssh-ed25519 AAAAnot-base64!!\n" +
		`no-pty,command="x" ` + strings.TrimSpace(string(gossh.MarshalAuthorizedKey(b))) + "\n" +
		"garbage\n"
	admins, problems := ParseAdminKeys([]byte(text))
	if !admins[Fingerprint(a)] || !admins[Fingerprint(b)] || len(admins) != 2 {
		t.Fatalf("admins = %v", admins)
	}
	if len(problems) != 2 || problems[0].Line != 4 || problems[1].Line != 6 {
		t.Fatalf("problems = %v, want lines 4 and 6", problems)
	}
	if !strings.Contains(problems[0].Error(), "line 4") {
		t.Fatalf("problem text %q", problems[0].Error())
	}
}

// Issue 13: a byte order mark does not cost the first key, and a line over a megabyte is one
// bad line, named by its number, not the end of the file.
func TestParseAdminKeysBOMAndHugeLine(t *testing.T) {
	a, b, c := newPub(t), newPub(t), newPub(t)
	line := func(k gossh.PublicKey) string { return strings.TrimSpace(string(gossh.MarshalAuthorizedKey(k))) + "\n" }
	text := "\xef\xbb\xbf" + line(a) + strings.Repeat("x", 2<<20) + "\n" + line(b) + "\r\n" + line(c)
	admins, problems := ParseAdminKeys([]byte(text))
	if !admins[Fingerprint(a)] || !admins[Fingerprint(b)] || !admins[Fingerprint(c)] || len(admins) != 3 {
		t.Fatalf("admins = %v: want all three keys", admins)
	}
	if len(problems) != 1 || problems[0].Line != 2 {
		t.Fatalf("problems = %v, want line 2 only", problems)
	}
}

func TestLoadAdminKeysMissingFile(t *testing.T) {
	admins, problems, err := LoadAdminKeys(filepath.Join(t.TempDir(), "nope"))
	if err != nil || len(problems) != 0 || len(admins) != 0 {
		t.Fatalf("missing file: %v %v %v", admins, problems, err)
	}
}

func TestAdminFileReloadsOnChange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "admin_keys")
	a, b := newPub(t), newPub(t)
	var reported []LineError
	f := NewAdminFile(path, func(err error, p []LineError) { reported = append(reported, p...) })
	if f.IsAdmin(Fingerprint(a)) {
		t.Fatal("admin without a file")
	}
	if err := os.WriteFile(path, gossh.MarshalAuthorizedKey(a), 0o600); err != nil {
		t.Fatal(err)
	}
	if !f.IsAdmin(Fingerprint(a)) || f.IsAdmin(Fingerprint(b)) {
		t.Fatal("new admin file not picked up")
	}
	// A different size is a change even within the file system's time granularity.
	content := append(gossh.MarshalAuthorizedKey(b), []byte("bad line\n")...)
	if err := os.WriteFile(path, content, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, time.Now(), time.Now().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	if f.IsAdmin(Fingerprint(a)) || !f.IsAdmin(Fingerprint(b)) {
		t.Fatal("changed admin file not re-read")
	}
	if len(reported) != 1 || reported[0].Line != 2 {
		t.Fatalf("reported %v, want line 2", reported)
	}
	if f.Count() != 1 {
		t.Fatalf("count %d", f.Count())
	}
}

func TestSanitizeName(t *testing.T) {
	cases := []struct{ in, want string }{
		{"alice", "alice"},
		{"Alice", "alice"},
		{"jean.dupont", "jean-dupont"},
		{"bob_42", "bob_42"},
		{"\x1b[31mbob\x1b[0m", "bob"},
		{"\x1b]0;pwned\x07eve", "eve"},
		{"ma\x00l\x7flory", "mallory"},
		{"Éloïse", "eloise"},
		{"françois.Cœur", "francois-coeur"},
		{"李小龙x", "x"},
		{"--x--", "x"},
		{"averyveryverylongname123", "averyveryverylon"},
		{"abcdefghijklmno-z", "abcdefghijklmno"},
		{"", ""},
		{"\x1b[2J", ""},
		{"root", ""},
		{"ADMIN", ""},
		{"guest", ""},
		{"guest-1234", ""},
		{"player-3fa2b1", ""}, // another key's generated name
		{"System", ""},
	}
	for _, c := range cases {
		if got := SanitizeName(c.in); got != c.want {
			t.Errorf("SanitizeName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := SanitizeName("Greedy", "greedy"); got != "" {
		t.Errorf("extra reserved name accepted: %q", got)
	}
}

func TestSanitizedNamesAreSafe(t *testing.T) {
	// Every byte value, alone and around escapes, gives a short name of allowed bytes.
	var in bytes.Buffer
	for i := range 256 {
		in.WriteByte(byte(i))
	}
	for _, s := range []string{in.String(), "\x1b[" + in.String(), "a\x1b]" + in.String()} {
		got := SanitizeName(s)
		if len(got) > MaxNameLen {
			t.Fatalf("too long: %q", got)
		}
		for _, r := range got {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
				t.Fatalf("unsafe rune %q in %q", r, got)
			}
		}
	}
}

func TestGeneratedAndGuestNames(t *testing.T) {
	id := Fingerprint(newPub(t))
	g := GeneratedName(id)
	if g != GeneratedName(id) || g == GeneratedName(Fingerprint(newPub(t))) {
		t.Fatalf("generated name not stable per key: %q", g)
	}
	if len(g) > MaxNameLen || !Reserved(g) || SanitizeName(g+"x") != "" {
		t.Fatalf("generated name %q: it must fit, and nobody may ask for it (or one like it)", g)
	}
	gn := GuestName("guest:1")
	if !strings.HasPrefix(gn, "guest-") || !Reserved(gn) || len(gn) > MaxNameLen {
		t.Fatalf("guest name %q must be reserved and fit %d characters", gn, MaxNameLen)
	}
	seen := map[string]bool{}
	for i := range 20000 {
		n := GuestName(fmt.Sprintf("guest:%016x", i))
		if seen[n] {
			t.Fatalf("guest names collide within 20,000 guests: %s", n)
		}
		seen[n] = true
	}
}

func TestVariant(t *testing.T) {
	if Variant("alice", 1) != "alice" || Variant("alice", 2) != "alice2" || Variant("alice", 12) != "alice12" {
		t.Fatal("variants of alice")
	}
	long := "abcdefghijklmnop"
	if v := Variant(long, 2); v != "abcdefghijklmno2" {
		t.Fatalf("Variant(%q, 2) = %q", long, v)
	}
	if v := Variant(long, 100); len(v) != MaxNameLen || !strings.HasSuffix(v, "100") {
		t.Fatalf("Variant(%q, 100) = %q", long, v)
	}
}
