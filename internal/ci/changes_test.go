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
	if c := ChangesSince(ctx, dir, first); c.Platform {
		t.Errorf("a content edit: %+v, want no platform check", c)
	}
	if c := ChangesSince(ctx, dir, "HEAD^1"); c.Platform {
		t.Errorf("HEAD^1 after a content edit: %+v", c)
	}

	write("deploy/helm/veldhaven-site/values.yaml", "a: 2")
	git("commit", "-qam", "chart")
	if c := ChangesSince(ctx, dir, first); !c.Platform || !strings.Contains(c.Why, "values.yaml") {
		t.Errorf("a content edit then a chart edit: %+v, want the platform check, naming the file", c)
	}

	for _, base := range []string{"", "0000000000000000000000000000000000000000", "1234567890abcdef1234567890abcdef12345678"} {
		if c := ChangesSince(ctx, dir, base); !c.Platform {
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
