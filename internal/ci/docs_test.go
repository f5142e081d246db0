package ci

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docSection is the text of a Markdown section of docs/deploy.md, from its
// heading to the next heading of the same or a higher level.
func docSection(t *testing.T, heading string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "docs/deploy.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, "\n"+heading+"\n")
	if start < 0 {
		t.Fatalf("docs/deploy.md: no section %q", heading)
	}
	level := strings.Index(heading, " ")
	rest := text[start+len(heading)+2:]
	next := regexp.MustCompile(`(?m)^#{1,` + string(rune('0'+level)) + `} `).FindStringIndex(rest)
	if next != nil {
		rest = rest[:next[0]]
	}
	return rest
}

// The owner's set-up is in the order that works (issue 27, points 1 and 6):
// the cluster's namespaces and deploy identity (the deploy never creates
// them), then the image's visibility or pull secret, and only then the
// repository secret KUBE_CONFIG, which switches the deploys on. The other
// way round, the first deploy pulls a package GitHub made private and fails.
func TestSetupOrder(t *testing.T) {
	setup := docSection(t, "## One-time set-up of the repository")
	steps := regexp.MustCompile(`(?m)^\d+\. `).Split(setup, -1)
	find := func(what string, match func(string) bool) int {
		for i, s := range steps {
			if match(s) {
				return i
			}
		}
		t.Fatalf("set-up: no step that %s", what)
		return -1
	}
	identity := find("applies deploy/cluster/deploy-identity.yaml", func(s string) bool {
		return strings.Contains(s, "kubectl apply -f deploy/cluster/deploy-identity.yaml")
	})
	image := find("makes the package public or names a pull secret", func(s string) bool {
		return strings.Contains(s, "Change visibility") && strings.Contains(s, "IMAGE_PULL_SECRET")
	})
	secret := find("stores the repository secret KUBE_CONFIG", func(s string) bool {
		return strings.Contains(s, "repository secret") && strings.Contains(s, "`KUBE_CONFIG`") && strings.Contains(s, "gh secret set KUBE_CONFIG")
	})
	if !(identity < image && image < secret) {
		t.Errorf("set-up steps: deploy identity %d, image %d, KUBE_CONFIG %d: want them in that order", identity, image, secret)
	}
	if _, err := os.Stat(filepath.Join(repoRoot, "deploy/cluster/deploy-identity.yaml")); err != nil {
		t.Error(err)
	}
}

// On a private repository a ruleset needs a paid plan; the docs say so and
// what still holds without one (issue 27, point 9).
func TestRulesetPlanDocumented(t *testing.T) {
	rule := docSection(t, "### The rule on main, and why it is needed")
	for _, want := range []string{"private", "GitHub Free", "GitHub Pro", "GitHub Team", "`deploy` needs `test`"} {
		if !strings.Contains(rule, want) {
			t.Errorf("docs/deploy.md, the rule on main: no %q", want)
		}
	}
}

// GitHub keeps one run waiting per concurrency group and cancels an older
// waiting run for a newer one; the docs say so, and why that is right for a
// release, instead of promising a queue (issue 33, point 7).
func TestReleaseConcurrencyDocumented(t *testing.T) {
	release := docSection(t, "### Release")
	for _, want := range []string{"at most one more run **waiting**", "the newest `main` contains every commit"} {
		if !strings.Contains(release, want) {
			t.Errorf("docs/deploy.md, Release: no %q", want)
		}
	}
	for _, wrong := range []string{"releases queue", "queued releases"} {
		if strings.Contains(strings.ToLower(release), wrong) {
			t.Errorf("docs/deploy.md, Release: %q promises a queue GitHub does not keep", wrong)
		}
	}
}
