package ci

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
)

// PlatformPaths are what make test-platform guards; only a change to one of
// them waits for the control plane. An entry ending in "/" is a folder.
var PlatformPaths = []string{
	".ci/run", ".github/", "Makefile", "deploy/", "test/kube/", "tools.mk",
	"scripts/apt-install.sh", "scripts/deploy.sh", "scripts/ensure-etcd.sh",
	"scripts/lint-workflows.sh", "scripts/test-deploy.sh", "scripts/test-single.sh",
}

// IsPlatform reports whether a changed file (from the repository's root) is one of PlatformPaths.
func IsPlatform(file string) bool {
	for _, p := range PlatformPaths {
		if strings.HasSuffix(p, "/") && strings.HasPrefix(file, p) || file == p {
			return true
		}
	}
	return false
}

// IsContent reports whether a changed file is staff's content (what
// .github/CODEOWNERS leaves without an owner), which only the site and HTML
// checks can see break, so it waits for no browser suite.
func IsContent(file string) bool {
	return strings.HasPrefix(file, "content/") &&
		!strings.HasPrefix(file, "content/schema/") && !strings.HasPrefix(file, "content/media/generate/")
}

// Changes is what a commit range changes, as the checks workflow sees it.
type Changes struct {
	// Platform: the control plane's check must run.
	Platform bool
	// Code: something other than content changed; the browser suites run.
	Code bool
	// Why says which files (or which missing information) decided.
	Why string
}

// ChangesSince classifies the files changed from base to HEAD in the git
// repository at dir; without a base git can diff, everything is tested.
func ChangesSince(ctx context.Context, dir, base string) Changes {
	if base == "" || strings.Trim(base, "0") == "" {
		return Changes{Platform: true, Code: true, Why: "no commit to compare with: everything is checked"}
	}
	cmd := exec.CommandContext(ctx, "git", "diff", "--name-only", "-z", "--no-renames", base, "HEAD")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return Changes{Platform: true, Code: true, Why: fmt.Sprintf("git diff %s HEAD failed (%v: %s): everything is checked", base, err, strings.TrimSpace(stderr.String()))}
	}
	files := strings.FieldsFunc(string(out), func(r rune) bool { return r == 0 })
	c := Changes{Why: fmt.Sprintf("%d files changed, all of them content", len(files))}
	for _, f := range files {
		if !c.Code && !IsContent(f) {
			c.Code, c.Why = true, f+" changed"
		}
		if !c.Platform && IsPlatform(f) {
			c.Platform, c.Why = true, f+" changed"
		}
	}
	return c
}

// BaseFor is the commit a checks run compares with: a pull request's base as
// it is now, the commit before a push, else none (everything is checked).
func BaseFor(event, before string) string {
	switch event {
	case "pull_request":
		return "HEAD^1"
	case "push":
		return before
	}
	return ""
}
