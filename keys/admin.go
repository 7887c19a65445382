package keys

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	gossh "golang.org/x/crypto/ssh"
)

// AdminKeys is the set of teacher keys, by fingerprint.
type AdminKeys map[string]bool

// LineError is a line of an admin keys file that could not be read.
type LineError struct {
	Line int
	Err  error
}

func (e LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// ParseAdminKeys reads authorized_keys-format text (options, key, comment; # comments and
// blank lines allowed). Bad lines are returned as problems and skipped: one typo must not
// lock every teacher out.
func ParseAdminKeys(data []byte) (AdminKeys, []LineError) {
	admins := AdminKeys{}
	var problems []LineError
	// Editors on some systems start the file with a byte order mark: it is not part of the
	// first key.
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	// Lines are split by hand (no bufio.Scanner): a line of any length is one bad line, not
	// the end of the file.
	for n := 1; len(data) > 0; n++ {
		raw := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			raw, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line := strings.TrimSpace(string(raw))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if len(line) > maxAdminLine {
			problems = append(problems, LineError{Line: n, Err: fmt.Errorf("%d bytes long: not a public key", len(line))}) // lang:keep the operator's, logged at start
			continue
		}
		pk, _, _, _, err := gossh.ParseAuthorizedKey([]byte(line))
		if err != nil {
			problems = append(problems, LineError{Line: n, Err: err})
			continue
		}
		admins[Fingerprint(pk)] = true
	}
	return admins, problems
}

// maxAdminLine is longer than any public key line (an RSA 16384-bit key with options is
// under 4 KB).
const maxAdminLine = 16 << 10

// LoadAdminKeys reads an admin keys file. A missing file means no admins and is no error.
func LoadAdminKeys(path string) (AdminKeys, []LineError, error) {
	if path == "" {
		return AdminKeys{}, nil, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return AdminKeys{}, nil, nil
	}
	if err != nil {
		return AdminKeys{}, nil, fmt.Errorf("admin keys: %w", err) // lang:keep the operator's, logged at start
	}
	admins, problems := ParseAdminKeys(data)
	return admins, problems, nil
}

// AdminFile is an admin keys file that is read again whenever it changes, so a teacher can
// be added during class without restarting the server.
type AdminFile struct {
	path string
	// report is told about unreadable files and bad lines each time the file is (re)read.
	report func(err error, problems []LineError)

	mu      sync.Mutex
	stamp   fileStamp
	admins  AdminKeys
	checked bool
}

type fileStamp struct {
	exists bool
	size   int64
	mod    int64 // modification time, ns
}

// NewAdminFile watches path; report may be nil.
func NewAdminFile(path string, report func(err error, problems []LineError)) *AdminFile {
	if report == nil {
		report = func(error, []LineError) {}
	}
	return &AdminFile{path: path, report: report, admins: AdminKeys{}}
}

// Path is the watched file.
func (f *AdminFile) Path() string { return f.path }

// IsAdmin reports whether the key with fingerprint fp is listed, re-reading the file if its
// size or modification time changed since last time.
func (f *AdminFile) IsAdmin(fp string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refreshLocked()
	return f.admins[fp]
}

// Count is the number of admin keys currently listed.
func (f *AdminFile) Count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refreshLocked()
	return len(f.admins)
}

func (f *AdminFile) refreshLocked() {
	if f.path == "" {
		return
	}
	var st fileStamp
	if info, err := os.Stat(f.path); err == nil {
		st = fileStamp{exists: true, size: info.Size(), mod: info.ModTime().UnixNano()}
	}
	if f.checked && st == f.stamp {
		return
	}
	admins, problems, err := LoadAdminKeys(f.path)
	if err != nil {
		// Keep the last good list rather than dropping every teacher on a read error.
		f.report(err, nil)
		return
	}
	f.checked, f.stamp, f.admins = true, st, admins
	if len(problems) > 0 {
		f.report(nil, problems)
	}
}
