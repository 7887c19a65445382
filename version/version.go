// Package version says which arena this is: the version being built (VERSION, a semantic
// version), the commit it was built from (as go build stamps it), and the releases before
// it (releases.tsv: each release's version and commit, since a clone may not carry tags).
package version

import (
	_ "embed"
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
)

//go:embed VERSION
var versionFile string

//go:embed releases.tsv
var releasesFile string

// Version is this build's version: "0.17.0", or "0.17.0-dev" between releases.
func Version() string { return strings.TrimSpace(versionFile) }

// Built is the commit a build names itself when go cannot read it from git (a container's
// build, which has no .git; GOFLAGS=-buildvcs=false):
//
//	go build -ldflags "-X github.com/arena-classroom/arena/version.Built=$(git rev-parse --short=12 HEAD)" ./cmd/arena
var Built string

// Commit is the commit this binary was built from, 12 hex digits, "-dirty" after it when
// the work tree had changes; Built when the build named it; "unknown" when the build did not
// record it (go run, go test, a build outside a git checkout).
func Commit() string {
	if Built != "" {
		return Built
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "unknown"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return rev
}

// String is what `arena version` prints: "arena 0.17.0-dev (commit 0123456789ab, go1.26.0)".
func String() string {
	return fmt.Sprintf("arena %s (commit %s, %s)", Version(), Commit(), runtime.Version())
}

// Release is a released version and the commit it was built from.
type Release struct {
	Version string // "0.16.0"
	Commit  string // 40 hex digits
	Day     string // "2026-11-28"
}

// Releases are the releases before this build, the oldest first.
func Releases() ([]Release, error) {
	var out []Release
	for i, line := range strings.Split(releasesFile, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("releases.tsv:%d: version, commit and day, tab-separated", i+1)
		}
		out = append(out, Release{Version: f[0], Commit: f[1], Day: f[2]})
	}
	return out, nil
}

// Previous is the release before this build: the last of Releases.
func Previous() (Release, bool) {
	rs, err := Releases()
	if err != nil || len(rs) == 0 {
		return Release{}, false
	}
	return rs[len(rs)-1], true
}

// Semver is a semantic version's numbers and pre-release tag: "0.17.0-dev" is 0, 17, 0, "dev".
type Semver struct {
	Major, Minor, Patch int
	Pre                 string
}

// Parse reads a semantic version (MAJOR.MINOR.PATCH, an optional -PRERELEASE).
func Parse(s string) (Semver, error) {
	core, pre, _ := strings.Cut(s, "-")
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return Semver{}, fmt.Errorf("version %q: MAJOR.MINOR.PATCH", s)
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || (len(p) > 1 && p[0] == '0') {
			return Semver{}, fmt.Errorf("version %q: %q is not a number", s, p)
		}
		n[i] = v
	}
	return Semver{Major: n[0], Minor: n[1], Patch: n[2], Pre: pre}, nil
}

// Less reports whether v comes before w (a pre-release before its release).
func (v Semver) Less(w Semver) bool {
	if v.Major != w.Major {
		return v.Major < w.Major
	}
	if v.Minor != w.Minor {
		return v.Minor < w.Minor
	}
	if v.Patch != w.Patch {
		return v.Patch < w.Patch
	}
	return v.Pre != "" && (w.Pre == "" || v.Pre < w.Pre)
}
