package version_test

import (
	"regexp"
	"testing"

	"github.com/arena-classroom/arena/version"
)

// VERSION is a semantic version after every release, and each release names a whole
// commit and a day, in order.
func TestTheVersionComesAfterEveryRelease(t *testing.T) {
	cur, err := version.Parse(version.Version())
	if err != nil {
		t.Fatal(err)
	}
	rs, err := version.Releases()
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) == 0 {
		t.Fatal("no release in releases.tsv")
	}
	commit, day := regexp.MustCompile(`^[0-9a-f]{40}$`), regexp.MustCompile(`^\d{4}-\d\d-\d\d$`)
	var prev *version.Semver
	for _, r := range rs {
		v, err := version.Parse(r.Version)
		if err != nil {
			t.Fatal(err)
		}
		if v.Pre != "" {
			t.Errorf("release %s is a pre-release", r.Version)
		}
		if !commit.MatchString(r.Commit) || !day.MatchString(r.Day) {
			t.Errorf("release %s: commit %q, day %q", r.Version, r.Commit, r.Day)
		}
		if prev != nil && !prev.Less(v) {
			t.Errorf("release %s is listed after a later one", r.Version)
		}
		prev = &v
	}
	if !prev.Less(cur) {
		t.Errorf("VERSION %s does not come after the last release %s", version.Version(), rs[len(rs)-1].Version)
	}
}

func TestSemanticVersionsAreOrdered(t *testing.T) {
	order := []string{"0.9.0", "0.16.0", "0.17.0-dev", "0.17.0-rc.1", "0.17.0", "1.0.0"}
	for i := range order {
		for j := range order {
			a, _ := version.Parse(order[i])
			b, err := version.Parse(order[j])
			if err != nil {
				t.Fatal(err)
			}
			if a.Less(b) != (i < j) {
				t.Errorf("%s < %s is %v", order[i], order[j], a.Less(b))
			}
		}
	}
	for _, bad := range []string{"1.2", "v1.2.3", "1.02.3", "1.x.3"} {
		if _, err := version.Parse(bad); err == nil {
			t.Errorf("%q parses", bad)
		}
	}
}

func TestTheVersionLineSaysVersionAndCommit(t *testing.T) {
	s := version.String()
	if !regexp.MustCompile(`^arena \d+\.\d+\.\d+(-\S+)? \(commit (unknown|[0-9a-f]{12}(-dirty)?), go\S+\)$`).MatchString(s) {
		t.Errorf("%q", s)
	}
}
