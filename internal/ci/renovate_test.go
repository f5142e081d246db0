package ci

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

type renovateConfig struct {
	Extends        []string `json:"extends"`
	Schedule       []string `json:"schedule"`
	IgnorePaths    []string `json:"ignorePaths"`
	CustomManagers []struct {
		CustomType          string   `json:"customType"`
		ManagerFilePatterns []string `json:"managerFilePatterns"`
		MatchStrings        []string `json:"matchStrings"`
	} `json:"customManagers"`
	PackageRules []struct {
		MatchManagers     []string `json:"matchManagers"`
		MatchDepTypes     []string `json:"matchDepTypes"`
		MatchPackageNames []string `json:"matchPackageNames"`
		MatchUpdateTypes  []string `json:"matchUpdateTypes"`
		GroupName         string   `json:"groupName"`
		Automerge         *bool    `json:"automerge"`
		MinimumReleaseAge string   `json:"minimumReleaseAge"`
	} `json:"packageRules"`
}

func readRenovate(t *testing.T) renovateConfig {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, ".github/renovate.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c renovateConfig
	dec := json.NewDecoder(strings.NewReader(string(data)))
	if err := dec.Decode(&c); err != nil {
		t.Fatalf(".github/renovate.json: %v", err)
	}
	return c
}

// Every ecosystem the project pins has updates proposed: Go
// modules and the go directive, npm, the actions, the Dockerfile's images,
// and the tool versions of tools.mk, which no built-in manager reads.
func TestRenovateCoversEveryPin(t *testing.T) {
	c := readRenovate(t)
	managers := map[string]bool{}
	for _, r := range c.PackageRules {
		for _, m := range r.MatchManagers {
			managers[m] = true
		}
	}
	want := []string{"gomod", "npm", "github-actions"}
	// The Dockerfile's images, if it has any but scratch.
	dockerfile, err := os.ReadFile(filepath.Join(repoRoot, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?mi)^FROM\s+(?:--\S+\s+)*(\S+)`).FindAllStringSubmatch(string(dockerfile), -1) {
		if m[1] != "scratch" && !slices.Contains(want, "dockerfile") {
			want = append(want, "dockerfile")
		}
	}
	for _, m := range want {
		if !managers[m] {
			t.Errorf("renovate: no rule groups the %s manager's updates", m)
		}
	}
	if len(c.Schedule) == 0 {
		t.Error("renovate: no schedule: updates would arrive at any hour, one pull request each")
	}

	tools, err := os.ReadFile(filepath.Join(repoRoot, "tools.mk"))
	if err != nil {
		t.Fatal(err)
	}
	versions := regexp.MustCompile(`(?m)^([A-Z_]+) := \S+$`).FindAllStringSubmatch(string(tools), -1)
	if len(versions) < 4 {
		t.Fatalf("tools.mk: %d versions, want Helm, Kubernetes, kwok, actionlint at least", len(versions))
	}
	found := 0
	for _, m := range c.CustomManagers {
		if m.CustomType != "regex" || !slices.ContainsFunc(m.ManagerFilePatterns, func(p string) bool { return strings.Contains(p, "tools") }) {
			continue
		}
		for _, s := range m.MatchStrings {
			// Renovate's regexes are JavaScript's; Go reads the named groups
			// (?<name>...) of this one the same way.
			re, err := regexp.Compile(s)
			if err != nil {
				t.Fatalf("renovate matchString %q: %v", s, err)
			}
			for _, hit := range re.FindAllStringSubmatch(string(tools), -1) {
				found++
				dep := hit[re.SubexpIndex("depName")]
				if dep == "" || hit[re.SubexpIndex("currentValue")] == "" {
					t.Errorf("renovate: %q matched without a module or version", hit[0])
				}
			}
		}
	}
	if found != len(versions) {
		t.Errorf("renovate reads %d of tools.mk's %d versions: each needs a '# renovate: datasource=go depName=<module>' line above it", found, len(versions))
	}
}

// The editor and the platform never merge themselves: a Decap upgrade is
// judged by make test's editor suite and by a person, a
// Kubernetes one by the control plane's check and a person.
func TestRenovateNeverAutomergesEditorOrPlatform(t *testing.T) {
	c := readRenovate(t)
	for _, pkg := range []string{"decap-cms-app", "k8s.io/**", "helm.sh/**", "node"} {
		last := (*bool)(nil)
		for _, r := range c.PackageRules {
			if r.Automerge != nil && (len(r.MatchPackageNames) == 0 || slices.Contains(r.MatchPackageNames, pkg)) && !slices.Contains(r.MatchPackageNames, "!"+pkg) {
				last = r.Automerge
			}
		}
		if last == nil || *last {
			t.Errorf("renovate: %s may merge itself (the last automerge rule matching it)", pkg)
		}
	}
}

// Renovate manages every go.mod of the repository: config:recommended
// ignores **/test/** (and more), which would leave test/kube/go.mod (the
// control plane, moving with tools.mk's KUBE_VERSION) and the chart's test
// module behind. The go and toolchain directives of all of them move
// together in one group.
func TestRenovateManagesEveryGoModule(t *testing.T) {
	c := readRenovate(t)
	if c.IgnorePaths == nil {
		t.Fatal("renovate: no ignorePaths: config:recommended's default ignores **/test/**")
	}
	var mods []string
	err := filepath.WalkDir(repoRoot, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git" || d.Name() == ".tools") {
			return filepath.SkipDir
		}
		if d.Name() == "go.mod" {
			rel, _ := filepath.Rel(repoRoot, p)
			mods = append(mods, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(mods) < 3 {
		t.Fatalf("go.mod files %v: want the site's, the control plane's and the chart test's", mods)
	}
	for _, mod := range mods {
		for _, pattern := range c.IgnorePaths {
			if globMatchRenovate(pattern, mod) {
				t.Errorf("renovate ignores %s (ignorePaths %q)", mod, pattern)
			}
		}
	}
	// The matcher itself: config:recommended's pattern must catch both
	// test modules, or the check above could not fail.
	for _, mod := range []string{"test/kube/go.mod", "deploy/helm/veldhaven-site/test/go.mod"} {
		if !globMatchRenovate("**/test/**", mod) || globMatchRenovate("**/node_modules/**", mod) {
			t.Errorf("globMatchRenovate is wrong about %s", mod)
		}
	}
	toolchain := false
	for _, r := range c.PackageRules {
		if slices.Contains(r.MatchManagers, "gomod") && slices.Contains(r.MatchDepTypes, "golang") && slices.Contains(r.MatchDepTypes, "toolchain") && r.GroupName != "" {
			toolchain = true
		}
	}
	if !toolchain {
		t.Error("renovate: the go and toolchain directives are not grouped")
	}
}

// globMatchRenovate is minimatch's ** and * as Renovate's ignorePaths use
// them (a pattern without a slash matches at any depth).
func globMatchRenovate(pattern, file string) bool {
	var re strings.Builder
	re.WriteString("^")
	for i := 0; i < len(pattern); i++ {
		switch {
		case strings.HasPrefix(pattern[i:], "**/"):
			re.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(pattern[i:], "**"):
			re.WriteString(".*")
			i++
		case pattern[i] == '*':
			re.WriteString("[^/]*")
		default:
			re.WriteString(regexp.QuoteMeta(pattern[i : i+1]))
		}
	}
	re.WriteString("$")
	return regexp.MustCompile(re.String()).MatchString(file) || regexp.MustCompile(re.String()).MatchString(file+"/")
}

// Nothing merges itself on the day it is released: a broken or hijacked
// release is usually pulled within days.
func TestRenovateWaitsBeforeAutomerge(t *testing.T) {
	c := readRenovate(t)
	n := 0
	for _, r := range c.PackageRules {
		if r.Automerge == nil || !*r.Automerge {
			continue
		}
		n++
		days, err := strconv.Atoi(strings.TrimSuffix(r.MinimumReleaseAge, " days"))
		if err != nil || days < 3 {
			t.Errorf("renovate: an automerge rule (%v) with minimumReleaseAge %q: want 3 days or more", r.MatchUpdateTypes, r.MinimumReleaseAge)
		}
	}
	if n == 0 {
		t.Error("renovate: no automerge rule found; the test reads nothing")
	}
}
