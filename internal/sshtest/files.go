package sshtest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/crypto/ssh"
)

// KeyFile writes a fresh ed25519 private key in OpenSSH format (for ssh -i), as ssh-keygen
// would, and returns its path and its public key in authorized_keys format.
func KeyFile(t testing.TB) (path string, authorized []byte) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "id_ed25519")
	authorized, err := WriteKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, authorized
}

// WriteKeyFile writes a fresh ed25519 private key in OpenSSH format at path, and returns its
// public key in authorized_keys format.
func WriteKeyFile(path string) (authorized []byte, err error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	block, err := ssh.MarshalPrivateKey(priv, "")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
		return nil, err
	}
	sshPub, err := ssh.NewPublicKey(pub)
	if err != nil {
		return nil, err
	}
	return ssh.MarshalAuthorizedKey(sshPub), nil
}

// Buffer is a buffer a process's output is copied into while the test reads it.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *Buffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *Buffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var (
	buildOnce sync.Once
	binPath   string
	buildOut  []byte
	buildErr  error
)

// ArenaBinary builds the arena command once per test binary, for the tests that run the
// server as a process, and returns its path.
func ArenaBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "arena-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "arena")
		buildOut, buildErr = exec.Command("go", "build", "-o", binPath, "github.com/arena-classroom/arena/cmd/arena").CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("go build: %v\n%s", buildErr, buildOut)
	}
	return binPath
}
