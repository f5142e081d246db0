package ci

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
)

// PlatformPaths are the files the platform check (make test-platform: the
// chart, the workflows, the deploy script, the control plane) guards. A
// change to none of them, such as staff's content edits, waits only for the
// site's checks; a change to any of them also waits for the control plane.
// An entry ending in "/" is a folder and everything under it.
var PlatformPaths = []string{
	".ci/run",
	".github/",
	"Makefile",
	"deploy/",
	"scripts/apt-install.sh",
	"scripts/deploy.sh",
	"scripts/ensure-etcd.sh",
	"scripts/lint-workflows.sh",
	"scripts/test-deploy.sh",
	"scripts/test-single.sh",
	"test/kube/",
	"tools.mk",
}

// IsPlatform reports whether a changed file (a path relative to the
// repository's root, with forward slashes) is one of PlatformPaths.
func IsPlatform(file string) bool {
	for _, p := range PlatformPaths {
		if strings.HasSuffix(p, "/") && strings.HasPrefix(file, p) || file == p {
			return true
		}
	}
	return false
}

// IsContent reports whether a changed file is staff's content: under
// content/, not its schemas or the scripts that generate sample media (the
// files .github/CODEOWNERS leaves without an owner). A change of content
// alone can break only what the site check and the HTML check see, so it
// waits for no browser suite.
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
// repository at dir. An empty base, or one git cannot diff (a new branch, a
// shallow clone without it), counts as a platform and code change: when in
// doubt everything is tested.
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

// BaseFor is the commit a checks run compares with: for a pull request, the
// first parent of the merge commit GitHub tests (the base branch as it is
// now); for a push (the release), the commit main was at before it; for
// anything else (a schedule, a manual run) none, so everything is checked.
func BaseFor(event, before string) string {
	switch event {
	case "pull_request":
		return "HEAD^1"
	case "push":
		return before
	}
	return ""
}
