package busauth

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/nats-io/nkeys"
)

// validName is a node's name: one token of the bus's subjects (no dot, no wildcard), short
// enough to read in a log.
var validName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ValidName reports whether name can name a node: letters, digits, - and _, at most 64.
func ValidName(name string) bool { return validName.MatchString(name) }

// notAKey is what LoadKey says of a file that holds no node's key. It never quotes the
// file: what is in a key file may be a secret, even when it is not a valid one.
const notAKey = "not a node's key (an NKey user seed, SU…)"

// LoadKey reads a node's key file: an NKey user seed (SU…), with surrounding whitespace and
// # comment lines allowed. A file that others than its owner may read is refused: anyone
// who reads it can speak on the bus as the node.
func LoadKey(path string) (nkeys.KeyPair, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("bus key %s: %w", path, unwrapPath(err))
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("bus key %s: not a file", path)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("bus key %s: others than its owner may read it (mode %04o), and whoever reads it speaks on the bus as the node: chmod 600 %s", path, perm, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("bus key %s: %w", path, unwrapPath(err))
	}
	defer wipe(data)
	var seed []byte
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if seed != nil {
			return nil, fmt.Errorf("bus key %s: %s: more than one line besides comments", path, notAKey)
		}
		seed = line
	}
	if seed == nil {
		return nil, fmt.Errorf("bus key %s: %s: the file is empty", path, notAKey)
	}
	prefix, _, err := nkeys.DecodeSeed(seed)
	if err != nil || prefix != nkeys.PrefixByteUser {
		return nil, fmt.Errorf("bus key %s: %s", path, notAKey)
	}
	kp, err := nkeys.FromSeed(seed)
	if err != nil {
		return nil, fmt.Errorf("bus key %s: %s", path, notAKey)
	}
	return kp, nil
}

// LoadOrCreateKey reads the node's key file, or makes a new key there when there is none
// (a node's first start), in a directory made if need be. The key is written whole or not
// at all: a crash while writing leaves no half key that the next start would refuse.
func LoadOrCreateKey(path string) (kp nkeys.KeyPair, created bool, err error) {
	if _, err := os.Lstat(path); err == nil || !errors.Is(err, os.ErrNotExist) {
		kp, err := LoadKey(path)
		return kp, false, err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, false, fmt.Errorf("bus key %s: %w", path, err)
	}
	kp, err = nkeys.CreateUser()
	if err != nil {
		return nil, false, fmt.Errorf("bus key %s: %w", path, err)
	}
	data, err := keyFile(kp)
	if err != nil {
		return nil, false, fmt.Errorf("bus key %s: %w", path, err)
	}
	defer wipe(data)
	// CreateTemp makes the file 0600 from the start: the seed is never readable by others,
	// not even for a moment before a chmod.
	tmp, err := os.CreateTemp(dir, ".bus-key-*")
	if err != nil {
		return nil, false, fmt.Errorf("bus key %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // once renamed, there is nothing left to remove
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return nil, false, fmt.Errorf("bus key %s: %w", path, err)
	}
	return kp, true, nil
}

// keyFile is the text of a node's key file.
func keyFile(kp nkeys.KeyPair) ([]byte, error) {
	seed, err := kp.Seed() // the key pair's own bytes: not to be wiped here
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("# A node's key on the arena's bus (an NKey user seed): whoever reads it speaks on the\n")
	b.WriteString("# bus as the node. Keep it secret (mode 600); the bus's nodes file holds its public key.\n")
	b.Write(seed)
	b.WriteString("\n")
	return b.Bytes(), nil
}

// NodeLine is the line of the bus's nodes file that lets the node name in with key kp:
// "NAME UPUBLICKEY". It is empty for a key pair that has no public key (one wiped).
func NodeLine(name string, kp nkeys.KeyPair) string {
	public, err := kp.PublicKey()
	if err != nil {
		return ""
	}
	return name + " " + public
}

// isSeed reports whether s is an NKey seed of any kind: a secret, never to be shown.
func isSeed(s string) bool {
	_, _, err := nkeys.DecodeSeed([]byte(s))
	return err == nil
}

// wipe overwrites a secret's bytes once they are no longer needed.
func wipe(b []byte) {
	for i := range b {
		b[i] = 'x'
	}
}

// unwrapPath drops the path from an *os.PathError: the sentences here name the file
// already.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
