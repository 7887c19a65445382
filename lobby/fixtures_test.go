package lobby_test

import (
	"os"
	"path/filepath"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/arena-classroom/arena/internal/storetest"
	"github.com/arena-classroom/arena/store"
)

// adminKeys writes an admin keys file that lists teacher, and returns its path.
func adminKeys(t *testing.T, teacher gossh.Signer) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "admin_keys")
	if err := os.WriteFile(file, gossh.MarshalAuthorizedKey(teacher.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

// testStore opens a fresh store (SQLite, or PostgreSQL: see storetest), closed when the
// test ends.
func testStore(t *testing.T) *store.Store {
	t.Helper()
	return storetest.Open(t)
}
