package ci

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

type renovateConfig struct {
	Extends        []string `json:"extends"`
	Schedule       []string `json:"schedule"`
	CustomManagers []struct {
		CustomType          string   `json:"customType"`
		ManagerFilePatterns []string `json:"managerFilePatterns"`
		MatchStrings        []string `json:"matchStrings"`
	} `json:"customManagers"`
	PackageRules []struct {
		MatchManagers     []string `json:"matchManagers"`
		MatchPackageNames []string `json:"matchPackageNames"`
		MatchUpdateTypes  []string `json:"matchUpdateTypes"`
		GroupName         string   `json:"groupName"`
		Automerge         *bool    `json:"automerge"`
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

// Every ecosystem the project pins has updates proposed (issue 37): Go
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
	for _, m := range []string{"gomod", "npm", "github-actions", "dockerfile"} {
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
// judged by make test's editor suite and by a person (issue 36), a
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
