package keys

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	gossh "golang.org/x/crypto/ssh"
)

// HostKeyFile is the host key's file name inside the data directory.
const HostKeyFile = "host_ed25519"

// LoadOrCreateHostKey returns the server's ed25519 host key from dir, creating it (and dir)
// the first time. Reusing it on every start keeps clients' known_hosts valid.
func LoadOrCreateHostKey(dir string) (gossh.Signer, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("host key: create data directory: %w", err) // lang:keep the operator's, logged at start
	}
	path := filepath.Join(dir, HostKeyFile)
	signer, err := loadHostKey(path)
	if err == nil {
		return signer, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err := createHostKey(path); err != nil {
		return nil, err
	}
	return loadHostKey(path)
}

// NewHostKeyPEM makes a new ed25519 host key, PEM-encoded (OpenSSH's private key format).
func NewHostKeyPEM() ([]byte, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("host key: generate: %w", err) // lang:keep the operator's, logged at start
	}
	block, err := gossh.MarshalPrivateKey(priv, "arena host key") // lang:keep the operator's, logged at start
	if err != nil {
		return nil, fmt.Errorf("host key: encode: %w", err) // lang:keep the operator's, logged at start
	}
	return pem.EncodeToMemory(block), nil
}

// ParseHostKey reads a host key that NewHostKeyPEM made.
func ParseHostKey(pemKey []byte) (gossh.Signer, error) {
	signer, err := gossh.ParsePrivateKey(pemKey)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err) // lang:keep the operator's, logged at start
	}
	return signer, nil
}

func loadHostKey(path string) (gossh.Signer, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err) // lang:keep the operator's, logged at start
	}
	signer, err := gossh.ParsePrivateKey(data)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err) // lang:keep the operator's, logged at start
	}
	return signer, nil
}

// createHostKey writes a new key next to path and links it into place, so that two servers
// starting at once on the same directory end up with the same key and nobody reads half a
// file.
func createHostKey(path string) error {
	pemKey, err := NewHostKeyPEM()
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".host_ed25519-*")
	if err != nil {
		return fmt.Errorf("host key: %w", err) // lang:keep the operator's, logged at start
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("host key: %w", err) // lang:keep the operator's, logged at start
	}
	if _, err := tmp.Write(pemKey); err != nil {
		tmp.Close()
		return fmt.Errorf("host key: write: %w", err) // lang:keep the operator's, logged at start
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("host key: write: %w", err) // lang:keep the operator's, logged at start
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("host key: write: %w", err) // lang:keep the operator's, logged at start
	}
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, os.ErrExist) {
		return fmt.Errorf("host key: %w", err) // lang:keep the operator's, logged at start
	}
	return nil
}

// Fingerprint is a public key's identity: its SHA256 fingerprint, "SHA256:…".
func Fingerprint(pk gossh.PublicKey) string {
	return gossh.FingerprintSHA256(pk)
}

// Short abbreviates an identity for logs: enough to tell keys apart, not the whole hash.
func Short(id string) string {
	const n = 7 + 10 // "SHA256:" + 10 characters of the hash
	if len(id) > n {
		return id[:n]
	}
	return id
}
