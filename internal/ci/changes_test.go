package ci

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestIsPlatform(t *testing.T) {
	for _, tc := range []struct {
		file string
		want bool
	}{
		{"content/careers.json", false},
		{"content/media/images/person-rasmus-holm.jpg", false},
		{"web/src/pages/index.astro", false},
		{"internal/insights/feed.go", false},
		{"Dockerfile", false},
		{"scripts/test-image.sh", false},
		{"Makefile.bak", false},
		{"deployment.md", false},
		{"deploy/helm/veldhaven-site/values.yaml", true},
		{"deploy/cluster/deploy-identity.yaml", true},
		{".github/workflows/checks.yml", true},
		{".github/rulesets/main.json", true},
		{"Makefile", true},
		{"tools.mk", true},
		{"scripts/deploy.sh", true},
		{"test/kube/deploy_test.go", true},
		{".ci/run", true},
	} {
		if got := IsPlatform(tc.file); got != tc.want {
			t.Errorf("IsPlatform(%q) = %v, want %v", tc.file, got, tc.want)
		}
	}
}

func TestIsContent(t *testing.T) {
	for file, want := range map[string]bool{
		"content/careers.json":                        true,
		"content/people/femke-bakker.json":            true,
		"content/media/images/person-rasmus-holm.jpg": true,
		"content/schema/people.schema.json":           false,
		"content/media/generate/images.mjs":           false,
		"web/src/content.config.ts":                   false,
		"contentx/a.json":                             false,
		".github/workflows/checks.yml":                false,
	} {
		if got := IsContent(file); got != want {
			t.Errorf("IsContent(%q) = %v, want %v", file, got, want)
		}
	}
}

// Every entry names something that exists: a renamed script must not leave
// its changes unguarded by a stale name.
func TestPlatformPathsExist(t *testing.T) {
	for _, p := range PlatformPaths {
		if _, err := os.Stat(filepath.Join(repoRoot, p)); err != nil {
			t.Errorf("PlatformPaths: %s: %v", p, err)
		}
	}
}

func TestChangesSince(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q", "-b", "main")
	write("content/careers.json", "{}")
	write("deploy/helm/veldhaven-site/values.yaml", "a: 1")
	git("add", ".")
	git("commit", "-qm", "one")
	first := git("rev-parse", "HEAD")

	write("content/careers.json", `{"a":1}`)
	git("commit", "-qam", "content")
	ctx := context.Background()
	if c := ChangesSince(ctx, dir, first); c.Platform || c.Code {
		t.Errorf("a content edit: %+v, want neither the platform check nor the browser suites", c)
	}
	if c := ChangesSince(ctx, dir, "HEAD^1"); c.Platform || c.Code {
		t.Errorf("HEAD^1 after a content edit: %+v", c)
	}
	content := git("rev-parse", "HEAD")
	write("content/schema/careers.schema.json", "{}")
	git("add", ".")
	git("commit", "-qm", "schema")
	if c := ChangesSince(ctx, dir, content); c.Platform || !c.Code || !strings.Contains(c.Why, "careers.schema.json") {
		t.Errorf("a schema edit: %+v, want the browser suites, naming the file", c)
	}

	write("deploy/helm/veldhaven-site/values.yaml", "a: 2")
	git("commit", "-qam", "chart")
	if c := ChangesSince(ctx, dir, first); !c.Platform || !c.Code || !strings.Contains(c.Why, "values.yaml") {
		t.Errorf("a content edit then a chart edit: %+v, want the platform check, naming the file", c)
	}

	for _, base := range []string{"", "0000000000000000000000000000000000000000", "1234567890abcdef1234567890abcdef12345678"} {
		if c := ChangesSince(ctx, dir, base); !c.Platform || !c.Code {
			t.Errorf("base %q: %+v, want everything checked when there is nothing to compare with", base, c)
		}
	}
}

func TestBaseFor(t *testing.T) {
	for _, tc := range []struct{ event, before, want string }{
		{"pull_request", "abc", "HEAD^1"},
		{"push", "abc", "abc"},
		{"schedule", "abc", ""},
		{"workflow_dispatch", "", ""},
	} {
		if got := BaseFor(tc.event, tc.before); got != tc.want {
			t.Errorf("BaseFor(%q, %q) = %q, want %q", tc.event, tc.before, got, tc.want)
		}
	}
}
