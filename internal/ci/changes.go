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

// Changes is what a commit range changes, as the checks workflow sees it.
type Changes struct {
	// Platform: the control plane's check must run.
	Platform bool
	// Why says which file (or which missing information) decided.
	Why string
}

// ChangesSince classifies the files changed from base to HEAD in the git
// repository at dir. An empty base, or one git cannot diff (a new branch, a
// shallow clone without it), counts as a platform change: when in doubt the
// control plane is tested.
func ChangesSince(ctx context.Context, dir, base string) Changes {
	if base == "" || strings.Trim(base, "0") == "" {
		return Changes{Platform: true, Why: "no commit to compare with: everything is checked"}
	}
	cmd := exec.CommandContext(ctx, "git", "diff", "--name-only", "-z", "--no-renames", base, "HEAD")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return Changes{Platform: true, Why: fmt.Sprintf("git diff %s HEAD failed (%v: %s): everything is checked", base, err, strings.TrimSpace(stderr.String()))}
	}
	files := strings.FieldsFunc(string(out), func(r rune) bool { return r == 0 })
	for _, f := range files {
		if IsPlatform(f) {
			return Changes{Platform: true, Why: f + " changed"}
		}
	}
	return Changes{Why: fmt.Sprintf("%d files changed, none of the platform's", len(files))}
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
