package ci

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The rules the workflows in .github/workflows keep (docs/deploy.md,
// "Releases and previews"); actionlint (make lint-workflows) checks that they
// are valid workflows at all. No runner of the code host is reachable here,
// so this is where they are held to what the docs promise.

const repoRoot = "../.."

type workflow struct {
	Name        string            `yaml:"name"`
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Concurrency map[string]any    `yaml:"concurrency"`
	Jobs        map[string]job    `yaml:"jobs"`
}

type job struct {
	Name        string            `yaml:"name"`
	Needs       any               `yaml:"needs"`
	If          string            `yaml:"if"`
	Uses        string            `yaml:"uses"`
	Permissions map[string]string `yaml:"permissions"`
	Environment any               `yaml:"environment"`
	Env         map[string]string `yaml:"env"`
	Steps       []step            `yaml:"steps"`
	RunsOn      string            `yaml:"runs-on"`
	Timeout     int               `yaml:"timeout-minutes"`
	Outputs     map[string]string `yaml:"outputs"`
}

type step struct {
	Name string            `yaml:"name"`
	ID   string            `yaml:"id"`
	If   string            `yaml:"if"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]any    `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

func (j job) needs() []string {
	switch n := j.Needs.(type) {
	case string:
		return []string{n}
	case []any:
		var out []string
		for _, v := range n {
			s, _ := v.(string)
			out = append(out, s)
		}
		return out
	}
	return nil
}

// runs lists the steps whose command starts with prefix.
func (j job) runs(prefix string) []step {
	var out []step
	for _, s := range j.Steps {
		if strings.HasPrefix(s.Run, prefix) {
			out = append(out, s)
		}
	}
	return out
}

// action is the step using the action owner/name (any version), if any.
func (j job) action(name string) (step, bool) {
	for _, s := range j.Steps {
		if strings.HasPrefix(s.Uses, name+"@") {
			return s, true
		}
	}
	return step{}, false
}

func readWorkflows(t *testing.T) map[string]workflow {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repoRoot, ".github/workflows/*.y*ml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no workflows: %v", err)
	}
	out := map[string]workflow{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var w workflow
		dec := yaml.NewDecoder(strings.NewReader(string(data)))
		dec.KnownFields(true)
		if err := dec.Decode(&w); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for id, j := range w.Jobs {
			if j.Uses == "" && (j.RunsOn == "" || j.Timeout <= 0) {
				t.Errorf("%s %s: runs-on %q, timeout-minutes %d: want a pinned runner and a time limit", f, id, j.RunsOn, j.Timeout)
			}
		}
		out[filepath.Base(f)] = w
	}
	for _, name := range []string{"checks.yml", "release.yml", "preview.yml"} {
		if _, ok := out[name]; !ok {
			t.Fatalf("no .github/workflows/%s", name)
		}
	}
	return out
}

// action is a composite action of .github/actions.
type action struct {
	Name        string         `yaml:"name"`
	Description string         `yaml:"description"`
	Inputs      map[string]any `yaml:"inputs"`
	Outputs     map[string]any `yaml:"outputs"`
	Runs        struct {
		Using string `yaml:"using"`
		Steps []step `yaml:"steps"`
	} `yaml:"runs"`
}

func readAction(t *testing.T, name string) job {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, ".github/actions", name, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a action
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&a); err != nil || a.Runs.Using != "composite" {
		t.Fatalf(".github/actions/%s: %v, runs using %q", name, err, a.Runs.Using)
	}
	return job{Steps: a.Runs.Steps}
}

// setupStep is the job's step using .github/actions/setup, and its index.
func (j job) setupStep() (step, int) {
	at := slices.IndexFunc(j.Steps, func(s step) bool { return s.Uses == "./.github/actions/setup" })
	if at < 0 {
		return step{}, -1
	}
	return j.Steps[at], at
}

// trigger is one event's settings (nil when the event is listed bare).
func trigger(t *testing.T, w workflow, event string) map[string]any {
	t.Helper()
	v, ok := w.On[event]
	if !ok {
		t.Fatalf("%s: not triggered by %s", w.Name, event)
	}
	m, _ := v.(map[string]any)
	return m
}

func strings_(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

func TestTriggers(t *testing.T) {
	wf := readWorkflows(t)
	// Pull requests from any branch, the editor's cms/** included: a branch
	// or path filter would let some of them through unchecked.
	for _, name := range []string{"checks.yml", "preview.yml"} {
		pr := trigger(t, wf[name], "pull_request")
		for _, filter := range []string{"branches", "branches-ignore", "paths", "paths-ignore"} {
			if _, ok := pr[filter]; ok {
				t.Errorf("%s: pull_request has a %s filter; every pull request must run", name, filter)
			}
		}
		types := strings_(pr["types"])
		for _, want := range []string{"opened", "synchronize", "reopened"} {
			if !slices.Contains(types, want) {
				t.Errorf("%s: pull_request types %v lack %s", name, types, want)
			}
		}
		if _, ok := wf[name].On["pull_request_target"]; ok {
			t.Errorf("%s: pull_request_target runs with secrets on others' code", name)
		}
	}
	if types := strings_(trigger(t, wf["preview.yml"], "pull_request")["types"]); !slices.Contains(types, "closed") {
		t.Errorf("preview.yml: no teardown: pull_request types %v lack closed", types)
	}
	// checks.yml is also what the release runs.
	trigger(t, wf["checks.yml"], "workflow_call")
	push := trigger(t, wf["release.yml"], "push")
	if b := strings_(push["branches"]); !slices.Equal(b, []string{"main"}) {
		t.Errorf("release.yml: push branches %v, want [main]", b)
	}
	if len(wf["release.yml"].On) != 1 {
		t.Errorf("release.yml: triggers %v, want only the push to main", wf["release.yml"].On)
	}
}

func TestLeastPrivilege(t *testing.T) {
	for name, w := range readWorkflows(t) {
		if len(w.Permissions) != 1 || w.Permissions["contents"] != "read" {
			t.Errorf("%s: workflow permissions %v, want contents: read only", name, w.Permissions)
		}
		for id, j := range w.Jobs {
			for scope, level := range j.Permissions {
				if level != "write" {
					if level != "read" && level != "none" {
						t.Errorf("%s %s: %s: %s", name, id, scope, level)
					}
					continue
				}
				switch scope {
				case "statuses":
					// Only to post commit statuses.
					if len(j.runs("scripts/ci status")) == 0 {
						t.Errorf("%s %s: statuses: write, but posts no status", name, id)
					}
				case "packages":
					// Only to push the image, or to move the single host's
					// tag to it.
					if s, ok := j.action("docker/build-push-action"); (!ok || s.With["push"] != true) && len(j.runs("scripts/promote.sh")) == 0 {
						t.Errorf("%s %s: packages: write, but pushes no image", name, id)
					}
				case "issues":
					// Only to report the weekly check's failure or the live
					// site's problems.
					if len(j.runs("scripts/ci report"))+len(j.runs("scripts/ci monitor")) == 0 {
						t.Errorf("%s %s: issues: write, but reports nothing", name, id)
					}
				case "actions":
					// Only to keep the scheduled workflows enabled.
					if ms := j.runs("scripts/ci monitor"); len(ms) == 0 || !strings.Contains(ms[0].Run, "-keep-enabled ") {
						t.Errorf("%s %s: actions: write, but enables no workflow", name, id)
					}
				default:
					t.Errorf("%s %s: %s: write; the workflows need none", name, id, scope)
				}
			}
			if len(j.runs("scripts/ci status")) > 0 && j.Permissions["statuses"] != "write" {
				t.Errorf("%s %s: posts a status without statuses: write", name, id)
			}
			for _, s := range j.Steps {
				if s.Uses != "" && strings.HasPrefix(s.Uses, "actions/checkout@") && s.With["persist-credentials"] != false {
					t.Errorf("%s %s: checkout leaves the token in .git/config (persist-credentials: false)", name, id)
				}
			}
		}
	}
}

var (
	usesLine = regexp.MustCompile(`^\s*(?:-\s+)?uses:\s*(\S+)(.*)$`)
	pinned   = regexp.MustCompile(`^([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)(?:/[A-Za-z0-9_./-]+)?@([0-9a-f]{40})$`)
	tagNote  = regexp.MustCompile(`^\s+# v\d+\.\d+\.\d+$`)
)

// Every action is pinned to a full commit id, with the release tag it is
// in a comment; one action, one commit across the workflows.
func TestActionsPinned(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(repoRoot, ".github/workflows/*.y*ml"))
	actions, _ := filepath.Glob(filepath.Join(repoRoot, ".github/actions/*/action.yml"))
	files = append(files, actions...)
	shaOf := map[string]string{}
	count := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			m := usesLine.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			count++
			ref, rest := m[1], m[2]
			where := filepath.Base(f) + " line " + strconv.Itoa(i+1)
			if strings.HasPrefix(ref, "./") {
				if _, err := os.Stat(filepath.Join(repoRoot, ref)); err != nil {
					t.Errorf("%s: %s: %v", where, ref, err)
				}
				continue
			}
			p := pinned.FindStringSubmatch(ref)
			if p == nil {
				t.Errorf("%s: %s is not pinned to a 40-hex commit id", where, ref)
				continue
			}
			if !tagNote.MatchString(rest) {
				t.Errorf("%s: %s: no `# vX.Y.Z` comment naming the release", where, ref)
			}
			if prev, ok := shaOf[p[1]]; ok && prev != p[2] {
				t.Errorf("%s: %s pinned to %s here and %s elsewhere", where, p[1], p[2], prev)
			}
			shaOf[p[1]] = p[2]
		}
	}
	if count == 0 {
		t.Fatal("no uses: lines found; the test reads nothing")
	}
}

var makeTarget = regexp.MustCompile(`(?m)^([A-Za-z0-9_./-]+):`)

// Every command is a make target or a script of the repository, so it runs
// here too; no expression is pasted into a shell (they go through env).
func TestRunStepsAreTargetsOrScripts(t *testing.T) {
	mk, err := os.ReadFile(filepath.Join(repoRoot, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	var targets []string
	for _, m := range makeTarget.FindAllStringSubmatch(string(mk), -1) {
		targets = append(targets, m[1])
	}
	for name, w := range readWorkflows(t) {
		for id, j := range w.Jobs {
			for _, s := range j.Steps {
				if s.Run == "" {
					continue
				}
				where := name + " " + id + ": " + s.Run
				if strings.Contains(s.Run, "${{") {
					t.Errorf("%s: an expression in a shell command (pass it through env)", where)
				}
				if strings.Contains(strings.TrimSpace(s.Run), "\n") {
					t.Errorf("%s: one command per step", where)
				}
				fields := strings.Fields(s.Run)
				switch {
				case fields[0] == "make":
					if len(fields) < 2 || !slices.Contains(targets, fields[1]) {
						t.Errorf("%s: no such make target", where)
					}
				case s.Run == "bash .ci/run":
				case strings.HasPrefix(fields[0], "scripts/"):
					info, err := os.Stat(filepath.Join(repoRoot, fields[0]))
					if err != nil || info.Mode()&0o111 == 0 {
						t.Errorf("%s: %s is not an executable script of the repository", where, fields[0])
					}
				default:
					t.Errorf("%s: not a make target or a script of the repository", where)
				}
			}
		}
	}
}

func TestRelease(t *testing.T) {
	w := readWorkflows(t)["release.yml"]
	test, image, deploy := w.Jobs["test"], w.Jobs["image"], w.Jobs["deploy"]
	if test.Uses != "./.github/workflows/checks.yml" {
		t.Errorf("test job uses %q, want the pull requests' checks", test.Uses)
	}
	// The image is built beside the checks (a content change is live
	// sooner); only the deploy waits for both.
	for _, n := range []string{"test", "image", "plan"} {
		if !slices.Contains(deploy.needs(), n) {
			t.Errorf("deploy needs %v, want %s", deploy.needs(), n)
		}
	}
	build, ok := image.action("docker/build-push-action")
	if !ok {
		t.Fatal("image: no docker/build-push-action")
	}
	platforms, _ := build.With["platforms"].(string)
	if !strings.Contains(platforms, "linux/amd64") || !strings.Contains(platforms, "linux/arm64") {
		t.Errorf("image platforms %q, want amd64 and arm64", platforms)
	}
	if build.With["push"] != true || build.With["sbom"] != true || !strings.HasPrefix(build.With["provenance"].(string), "mode=") {
		t.Errorf("image: push %v, sbom %v, provenance %v", build.With["push"], build.With["sbom"], build.With["provenance"])
	}
	if bins := image.runs("make image-bin"); len(bins) != 1 || bins[0].Env["BUILD_ID"] != "${{ github.sha }}" {
		t.Error("image: no make image-bin with BUILD_ID the released commit")
	}
	if meta, ok := image.action("docker/metadata-action"); !ok || meta.With["images"] != "ghcr.io/${{ github.repository }}" {
		t.Errorf("image: not pushed to ghcr.io/<repository>")
	}
	env, _ := deploy.Environment.(map[string]any)
	if env["name"] != "production" {
		t.Errorf("deploy environment %v, want production", deploy.Environment)
	}
	if !strings.Contains(deploy.If, "needs.plan.outputs.configured == 'true'") {
		t.Errorf("deploy if %q: must be skipped when the settings are missing", deploy.If)
	}
	if len(w.Jobs["plan"].runs("scripts/deploy.sh plan production")) != 1 {
		t.Error("plan: does not run scripts/deploy.sh plan production")
	}
	// Production runs the image this run built, by its digest: a tag can be
	// pushed again by anyone with packages: write (a preview job has it).
	build, _ = image.action("docker/build-push-action")
	if build.ID == "" || image.Outputs["digest"] != "${{ steps."+build.ID+".outputs.digest }}" {
		t.Errorf("image outputs %v: want digest from the build step (id %q)", image.Outputs, build.ID)
	}
	if d := deploy.runs("scripts/deploy.sh production"); len(d) != 1 || d[0].Env["IMAGE_DIGEST"] != "${{ needs.image.outputs.digest }}" {
		t.Error("deploy: scripts/deploy.sh production without IMAGE_DIGEST from the image job")
	}
	if meta, _ := image.action("docker/metadata-action"); strings.Contains(asString(meta.With["tags"]), "type=raw") {
		t.Errorf("image tags %v: production's images carry only their commit (no moving tag)", meta.With["tags"])
	}
	wantOrder := []string{
		"scripts/ci status -context production -state pending",
		"scripts/deploy.sh production",
		`scripts/ci smoke -url "$PRODUCTION_URL" -build-id "$GITHUB_SHA"`,
		"scripts/ci status -context production -state success",
	}
	at := 0
	for _, s := range deploy.Steps {
		if at < len(wantOrder) && strings.HasPrefix(s.Run, wantOrder[at]) && s.If == "" {
			at++
		}
	}
	if at != len(wantOrder) {
		t.Errorf("deploy: missing or out of order from %q", wantOrder[at])
	}
	if s := deploy.runs("scripts/ci status -context production -state failure"); len(s) != 1 || s[0].If != "failure()" {
		t.Error("deploy: no failure status when it fails")
	}
	// The failure status says what the deploy script or the rollback found
	// live, not a sentence written in advance.
	for _, s := range deploy.runs("scripts/ci status -context production -state failure") {
		result := s.Env["RESULT"]
		if !strings.Contains(s.Run, `-description "$RESULT"`) || !strings.Contains(result, "steps.rollback.outputs.result") || !strings.Contains(result, "steps.deploy.outputs.result") {
			t.Errorf("failure status %q (RESULT %q): want the description from the rollback's or the deploy's result", s.Run, result)
		}
	}
	if w.Concurrency["cancel-in-progress"] != false {
		t.Error("release: a release must not cancel the one before half-way")
	}
	// Every release the deploy never tried ends with production's failure
	// status too: the editor waits for that status to say a change is live.
	nd := w.Jobs["not-deployed"]
	for _, n := range []string{"test", "image", "plan"} {
		if !slices.Contains(nd.needs(), n) {
			t.Errorf("not-deployed needs %v, want %s", nd.needs(), n)
		}
	}
	if s := nd.runs("scripts/ci status -context production -state failure"); len(s) != 1 ||
		!strings.Contains(nd.If, "failure()") || !strings.Contains(nd.If, "cancelled()") || !strings.Contains(nd.If, "needs.plan.outputs.configured == 'true'") {
		t.Errorf("not-deployed: if %q, steps %v: want production's failure status when the checks or the image failed or were cancelled", nd.If, nd.Steps)
	}
	// The single host's tag moves to this run's image only after its checks.
	promote := w.Jobs["promote"]
	if p := promote.runs("scripts/promote.sh"); len(p) != 1 || p[0].Env["IMAGE_DIGEST"] != "${{ needs.image.outputs.digest }}" ||
		!slices.Contains(promote.needs(), "test") || !slices.Contains(promote.needs(), "image") {
		t.Errorf("promote: needs %v, steps %v: want scripts/promote.sh of the image's digest after the checks", promote.needs(), promote.Steps)
	}
}

// asString is v when it is a string, else "".
func asString(v any) string {
	s, _ := v.(string)
	return s
}

func TestPreview(t *testing.T) {
	w := readWorkflows(t)["preview.yml"]
	deploy, teardown := w.Jobs["deploy"], w.Jobs["teardown"]
	// Previews push to the previews' own registry with the preview
	// environment's credential. No job a pull request starts has
	// packages: write: with it, the repository's token can push to every
	// package the repository writes, production's included.
	for name, w := range readWorkflows(t) {
		_, onPR := w.On["pull_request"]
		for id, j := range w.Jobs {
			if onPR && j.Permissions["packages"] == "write" {
				t.Errorf("%s %s: packages: write in a workflow pull requests run", name, id)
			}
		}
	}
	if meta, ok := deploy.action("docker/metadata-action"); !ok || meta.With["images"] != "${{ vars.PREVIEW_IMAGE }}" {
		t.Errorf("preview images pushed to %v, want the previews' own registry (vars.PREVIEW_IMAGE)", meta.With["images"])
	}
	if login, ok := deploy.action("docker/login-action"); !ok || login.With["password"] != "${{ secrets.PREVIEW_REGISTRY_PASSWORD }}" ||
		login.With["registry"] != "${{ needs.plan.outputs.registry }}" || asString(deploy.Environment.(map[string]any)["name"]) != "preview" {
		t.Errorf("preview login %v: want the preview environment's PREVIEW_REGISTRY_PASSWORD for the registry plan names", login.With)
	}
	if d := deploy.runs(`scripts/deploy.sh preview "$PR_NUMBER"`); len(d) != 1 || d[0].Env["IMAGE"] != "${{ vars.PREVIEW_IMAGE }}" {
		t.Error("preview: deploys an image other than the one it pushed")
	}
	if !strings.Contains(deploy.If, "github.event.action != 'closed'") || !strings.Contains(deploy.If, "needs.plan.outputs.configured == 'true'") {
		t.Errorf("deploy if %q", deploy.If)
	}
	if !strings.Contains(teardown.If, "github.event.action == 'closed'") || len(teardown.runs(`scripts/deploy.sh teardown "$PR_NUMBER"`)) != 1 {
		t.Errorf("teardown: if %q, steps %v", teardown.If, teardown.Steps)
	}
	if teardown.Steps[len(teardown.Steps)-1].Env["PR_NUMBER"] != "${{ github.event.pull_request.number }}" {
		t.Error("teardown: PR_NUMBER is not the pull request's number")
	}
	if len(deploy.runs(`scripts/deploy.sh preview "$PR_NUMBER"`)) != 1 || deploy.Env["PR_NUMBER"] != "${{ github.event.pull_request.number }}" {
		t.Error("deploy: does not deploy the pull request's own release")
	}
	// Decap asks for the statuses of the pull request's head commit.
	if deploy.Env["HEAD_SHA"] != "${{ github.event.pull_request.head.sha }}" {
		t.Errorf("HEAD_SHA %q, want the pull request's head commit", deploy.Env["HEAD_SHA"])
	}
	statuses := deploy.runs("scripts/ci status")
	if len(statuses) != 4 {
		t.Fatalf("%d status steps, want pending, success, failure and cancelled", len(statuses))
	}
	for _, s := range statuses {
		if !strings.Contains(s.Run, "-context preview ") || !strings.Contains(s.Run, `-sha "$HEAD_SHA"`) {
			t.Errorf("status %q: want -context preview on -sha \"$HEAD_SHA\"", s.Run)
		}
	}
	var success step
	for _, s := range statuses {
		if strings.Contains(s.Run, "-state success") {
			success = s
		}
	}
	if !strings.Contains(success.Run, `-target-url "$PREVIEW_URL"`) || success.Env["PREVIEW_URL"] != "${{ steps.deploy.outputs.url }}" {
		t.Errorf("success status %q (env %v): its target must be the preview's address", success.Run, success.Env)
	}
}

// The status context the workflows post is one of cmd/ci's names; the
// preview's is the editor's (status_test.go, TestContexts), so a workflow
// cannot post a context the editor does not look for.
func TestStatusContexts(t *testing.T) {
	contextFlag := regexp.MustCompile(`-context (\S+)`)
	n := 0
	for name, w := range readWorkflows(t) {
		for id, j := range w.Jobs {
			for _, s := range j.runs("scripts/ci status") {
				m := contextFlag.FindStringSubmatch(s.Run)
				if m == nil {
					t.Errorf("%s %s: %q names no -context", name, id, s.Run)
					continue
				}
				if _, ok := Contexts[m[1]]; !ok {
					t.Errorf("%s %s: context %q: want one of cmd/ci's", name, id, m[1])
				}
				if name == "preview.yml" && m[1] != "preview" {
					t.Errorf("preview.yml: status context %q, want preview (the editor's)", m[1])
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no status steps found")
	}
}

func TestConcurrencyAndCaches(t *testing.T) {
	for name, w := range readWorkflows(t) {
		group, _ := w.Concurrency["group"].(string)
		if !strings.Contains(group, "github.ref") && !strings.Contains(group, "pull_request.number") && !strings.Contains(group, "github.head_ref") {
			t.Errorf("%s: concurrency group %q is not per branch", name, group)
		}
		for id, j := range w.Jobs {
			// One way to set up Go and Node: the setup action.
			for _, a := range []string{"actions/setup-go", "actions/setup-node"} {
				if _, ok := j.action(a); ok {
					t.Errorf("%s %s: %s outside .github/actions/setup", name, id, a)
				}
			}
			setup, at := j.setupStep()
			if at < 0 || name != "checks.yml" || id == "changes" {
				continue
			}
			// The checks' jobs build different things: each keeps a Go cache
			// of its own, saved even when a test fails.
			if setup.With["go-cache"] != "job" || setup.ID == "" {
				t.Errorf("%s %s: setup with %v (id %q): want go-cache: job", name, id, setup.With, setup.ID)
			}
			if !slices.ContainsFunc(j.Steps[at:], func(s step) bool {
				return s.Uses == "./.github/actions/save" && s.If == "always()" && s.With["setup"] == "${{ toJSON(steps."+setup.ID+".outputs) }}"
			}) {
				t.Errorf("%s %s: the setup's caches are not saved with if: always()", name, id)
			}
		}
	}
	a := readAction(t, "setup")
	goStep, _ := a.action("actions/setup-go")
	node, _ := a.action("actions/setup-node")
	if goStep.With["go-version-file"] != "go.mod" || goStep.With["cache"] != "${{ inputs.go-cache == 'setup-go' }}" {
		t.Errorf("setup: setup-go with %v: want go.mod's version, its cache only for go-cache: setup-go", goStep.With)
	}
	if node.With["cache"] != "npm" || node.With["cache-dependency-path"] != "web/package-lock.json" {
		t.Errorf("setup: setup-node without the npm cache of web/")
	}
	key, _ := cacheSteps(a, "~/.cache/go-build")
	if !strings.Contains(key, "github.job") {
		t.Errorf("setup: Go cache key %q: want the job in the key", key)
	}
	saves := readAction(t, "save").Steps
	for _, p := range []string{"~/.cache/go-build", "web/.media-cache"} {
		if !slices.ContainsFunc(saves, func(s step) bool {
			return strings.HasPrefix(s.Uses, "actions/cache/save@") && strings.Contains(asString(s.With["path"]), p) && strings.HasPrefix(s.If, "always() && ")
		}) {
			t.Errorf("save: %s is not saved whatever happened before", p)
		}
	}
}

// cacheSteps finds the actions/cache/restore step whose path holds path and
// says whether an actions/cache/save step saves its key whatever happened
// before it (actions/cache saves only when the job succeeds).
func cacheSteps(j job, path string) (restoreKey string, savedAlways bool) {
	id := ""
	for _, s := range j.Steps {
		p, _ := s.With["path"].(string)
		if strings.HasPrefix(s.Uses, "actions/cache/restore@") && strings.Contains(p, path) {
			restoreKey, _ = s.With["key"].(string)
			id = s.ID
		}
	}
	for _, s := range j.Steps {
		p, _ := s.With["path"].(string)
		if id != "" && strings.HasPrefix(s.Uses, "actions/cache/save@") && strings.Contains(p, path) &&
			strings.Contains(s.If, "always()") && s.With["key"] == "${{ steps."+id+".outputs.cache-primary-key }}" {
			savedAlways = true
		}
	}
	return restoreKey, savedAlways
}

// The ruleset an owner applies (docs/deploy.md): main changes only through a
// pull request whose checks passed, no one bypasses it, no force push, no
// deletion. It is what stops Decap's forceMergePR fallback.
func TestRuleset(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, ".github/rulesets/main.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rs struct {
		Target      string `json:"target"`
		Enforcement string `json:"enforcement"`
		Bypass      []any  `json:"bypass_actors"`
		Conditions  struct {
			RefName struct {
				Include []string `json:"include"`
				Exclude []string `json:"exclude"`
			} `json:"ref_name"`
		} `json:"conditions"`
		Rules []struct {
			Type       string `json:"type"`
			Parameters struct {
				Checks []struct {
					Context       string `json:"context"`
					IntegrationID int    `json:"integration_id"`
				} `json:"required_status_checks"`
			} `json:"parameters"`
		} `json:"rules"`
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	if err := dec.Decode(&rs); err != nil {
		t.Fatal(err)
	}
	if rs.Target != "branch" || rs.Enforcement != "active" || rs.Bypass == nil || len(rs.Bypass) != 0 {
		t.Errorf("target %q, enforcement %q, bypass_actors %v: want branch, active, [] (no one)", rs.Target, rs.Enforcement, rs.Bypass)
	}
	if !slices.Equal(rs.Conditions.RefName.Include, []string{"~DEFAULT_BRANCH"}) || len(rs.Conditions.RefName.Exclude) != 0 {
		t.Errorf("ref_name %+v, want the default branch", rs.Conditions.RefName)
	}
	var types, contexts []string
	for _, r := range rs.Rules {
		types = append(types, r.Type)
		for _, c := range r.Parameters.Checks {
			contexts = append(contexts, c.Context)
			if c.IntegrationID != 15368 {
				t.Errorf("check %q: integration_id %d, want 15368 (GitHub Actions) so no one else can post it", c.Context, c.IntegrationID)
			}
		}
	}
	sort.Strings(types)
	if want := []string{"deletion", "non_fast_forward", "pull_request", "required_status_checks"}; !slices.Equal(types, want) {
		t.Errorf("rules %v, want %v", types, want)
	}
	var jobs []string
	for _, j := range readWorkflows(t)["checks.yml"].Jobs {
		jobs = append(jobs, j.Name)
	}
	sort.Strings(jobs)
	sort.Strings(contexts)
	if !slices.Equal(contexts, jobs) {
		t.Errorf("required checks %v, want the names of checks.yml's jobs %v", contexts, jobs)
	}
}

// A secret reaches only the steps that use it: the token only the steps
// that post a status, the kubeconfig only the deploy script; never a whole job.
func TestSecretsOnlyWhereUsed(t *testing.T) {
	uses := map[string][]string{
		"secrets.GITHUB_TOKEN": {"scripts/ci status", "scripts/ci open-prs", "scripts/ci report", "scripts/ci monitor"},
		"secrets.KUBE_CONFIG":  {"scripts/deploy.sh"},
	}
	for name, w := range readWorkflows(t) {
		for id, j := range w.Jobs {
			for k, v := range j.Env {
				if strings.Contains(v, "secrets.") {
					t.Errorf("%s %s: job-wide env %s carries a secret; give it to the step that uses it", name, id, k)
				}
			}
			for _, s := range j.Steps {
				for k, v := range s.Env {
					for secret, commands := range uses {
						if strings.Contains(v, secret) && !slices.ContainsFunc(commands, func(c string) bool { return strings.HasPrefix(s.Run, c) }) {
							t.Errorf("%s %s: %s gets %s but runs none of %v", name, id, k, secret, commands)
						}
					}
					if strings.Contains(v, "secrets.") && !strings.Contains(v, "secrets.GITHUB_TOKEN") && !strings.Contains(v, "secrets.KUBE_CONFIG") {
						t.Errorf("%s %s: %s gets an unexpected secret %s", name, id, k, v)
					}
				}
			}
		}
	}
}

// A job that posts a pending status ends it whatever happens: failure() is
// false when the run is cancelled (a newer push, or timeout-minutes), so
// without a cancelled() step the status would stay pending for good.
func TestPendingStatusesEnd(t *testing.T) {
	contextFlag := regexp.MustCompile(`-context (\S+)`)
	n := 0
	for name, w := range readWorkflows(t) {
		for id, j := range w.Jobs {
			for _, pending := range j.runs("scripts/ci status") {
				if !strings.Contains(pending.Run, "-state pending") {
					continue
				}
				n++
				ctx := contextFlag.FindStringSubmatch(pending.Run)
				ends := map[string]bool{}
				for _, s := range j.runs("scripts/ci status") {
					c := contextFlag.FindStringSubmatch(s.Run)
					if c == nil || ctx == nil || c[1] != ctx[1] || strings.Contains(s.Run, "-state pending") {
						continue
					}
					switch {
					case s.If == "":
						ends["success"] = true
					case strings.Contains(s.If, "always()"):
						ends["success"], ends["failure"], ends["cancelled"] = true, true, true
					case strings.Contains(s.If, "failure()"):
						ends["failure"] = true
					case strings.Contains(s.If, "cancelled()"):
						if !strings.Contains(s.Run, "-state error") && !strings.Contains(s.Run, "-state failure") {
							t.Errorf("%s %s: the cancelled status %q is neither error nor failure", name, id, s.Run)
						}
						ends["cancelled"] = true
					}
				}
				for _, want := range []string{"success", "failure", "cancelled"} {
					if !ends[want] {
						t.Errorf("%s %s: the pending %s status is not ended when the job ends in %s", name, id, ctx[1], want)
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no pending statuses found")
	}
}

// A release that passed Helm's wait but fails the smoke test is rolled
// back, by the deploy script, to the release before it.
func TestSmokeFailureRollsBack(t *testing.T) {
	deploy := readWorkflows(t)["release.yml"].Jobs["deploy"]
	smoke, rollback := -1, -1
	for i, s := range deploy.Steps {
		if strings.HasPrefix(s.Run, "scripts/ci smoke") {
			smoke = i
			if s.ID != "smoke" {
				t.Errorf("the smoke step has id %q, want smoke (the rollback's condition names it)", s.ID)
			}
		}
		if s.Run == "scripts/deploy.sh rollback production" {
			rollback = i
			if !strings.Contains(s.If, "failure()") || !strings.Contains(s.If, "steps.smoke.outcome == 'failure'") {
				t.Errorf("rollback if %q: want it only when the smoke test failed", s.If)
			}
			if s.ID != "rollback" || s.Env["IMAGE_TAG"] != "${{ github.sha }}" || s.Env["KUBE_CONFIG"] != "${{ secrets.KUBE_CONFIG }}" ||
				s.Env["PRODUCTION_NAMESPACE"] != "${{ vars.PRODUCTION_NAMESPACE }}" {
				t.Errorf("rollback step: id %q, env %v", s.ID, s.Env)
			}
		}
	}
	if smoke < 0 || rollback < smoke {
		t.Fatalf("deploy: smoke step %d, rollback step %d: want a rollback after the smoke test", smoke, rollback)
	}
	for _, s := range deploy.Steps {
		if strings.Contains(s.Run+s.Env["RESULT"], "keeps the previous release") {
			t.Errorf("%q: claims the previous release stays whatever happened", s.Run)
		}
	}
}

// Helm is built from source by the Makefile; every job that deploys keeps
// the binary in the cache, keyed by tools.mk, which pins it, instead of
// compiling it on each run.
func TestHelmCached(t *testing.T) {
	n := 0
	for name, w := range readWorkflows(t) {
		for id, j := range w.Jobs {
			at := slices.IndexFunc(j.Steps, func(s step) bool {
				return strings.HasPrefix(s.Run, "scripts/deploy.sh") && !strings.HasPrefix(s.Run, "scripts/deploy.sh plan")
			})
			if at < 0 {
				continue
			}
			n++
			if setup, i := j.setupStep(); i < 0 || i > at || setup.With["helm"] != true {
				t.Errorf("%s %s: runs the deploy script without helm from the cache (setup with helm: true)", name, id)
			}
		}
	}
	if n == 0 {
		t.Fatal("no deploy steps found")
	}
	for _, s := range readAction(t, "setup").Steps {
		if strings.HasPrefix(s.Uses, "actions/cache@") && s.If == "inputs.helm == 'true'" {
			if asString(s.With["path"]) != ".tools/helm-*" || !strings.Contains(asString(s.With["key"]), "hashFiles('tools.mk')") {
				t.Errorf("setup: Helm cache %v: want .tools/helm-* keyed by tools.mk", s.With)
			}
			return
		}
	}
	t.Error("setup: no Helm cache for helm: true")
}

// The image variants' cache key covers every input of what is cached:
// the media, the content the share images are drawn from, the fonts, and
// every module of the two scripts `npm run media` runs. A key that misses
// one hits the old cache after a change and never saves the new renders,
// so they are made again on every run.
func TestMediaCacheKey(t *testing.T) {
	inputs := mediaInputs(t)
	hashArg := regexp.MustCompile(`'([^']+)'`)
	n := 0
	wf := readWorkflows(t)
	wf["setup action"] = workflow{Jobs: map[string]job{"": readAction(t, "setup")}}
	for name, w := range wf {
		for id, j := range w.Jobs {
			for _, s := range j.Steps {
				path, _ := s.With["path"].(string)
				if !strings.HasPrefix(s.Uses, "actions/cache@") && !strings.HasPrefix(s.Uses, "actions/cache/restore@") || !strings.Contains(path, "web/.media-cache") {
					continue
				}
				n++
				key, _ := s.With["key"].(string)
				var globs []string
				for _, m := range hashArg.FindAllStringSubmatch(key, -1) {
					globs = append(globs, m[1])
				}
				for _, in := range inputs {
					if !slices.ContainsFunc(globs, func(g string) bool { return globMatch(g, in) }) {
						t.Errorf("%s %s: media cache key %q leaves out %s", name, id, key, in)
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no media cache found")
	}
}

// mediaInputs lists the files `npm run media` reads: the scripts it runs
// and every local module they import, the fonts, the content and media.
func mediaInputs(t *testing.T) []string {
	t.Helper()
	var pkg struct {
		Scripts map[string]string `json:"scripts"`
	}
	data, err := os.ReadFile(filepath.Join(repoRoot, "web/package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	entry := regexp.MustCompile(`node (scripts/\S+\.mjs)`)
	importRe := regexp.MustCompile(`from "(\.\.?/[^"]+\.mjs)"`)
	seen := map[string]bool{}
	var queue []string
	for _, m := range entry.FindAllStringSubmatch(pkg.Scripts["media"], -1) {
		queue = append(queue, "web/"+m[1])
	}
	if len(queue) < 2 {
		t.Fatalf("npm run media is %q: want build-media and build-share-images", pkg.Scripts["media"])
	}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		if seen[f] {
			continue
		}
		seen[f] = true
		src, err := os.ReadFile(filepath.Join(repoRoot, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range importRe.FindAllStringSubmatch(string(src), -1) {
			queue = append(queue, filepath.ToSlash(filepath.Join(filepath.Dir(f), m[1])))
		}
	}
	var out []string
	for f := range seen {
		out = append(out, f)
	}
	for _, pattern := range []string{"web/scripts/fonts/*", "content/*.json", "content/media/*/*"} {
		files, _ := filepath.Glob(filepath.Join(repoRoot, pattern))
		if len(files) == 0 {
			t.Fatalf("no %s", pattern)
		}
		for _, f := range files {
			rel, _ := filepath.Rel(repoRoot, f)
			out = append(out, filepath.ToSlash(rel))
		}
	}
	sort.Strings(out)
	return out
}

// globMatch is hashFiles' matching for the patterns the workflows use:
// "dir/**" is everything under dir; otherwise path.Match per segment.
func globMatch(glob, file string) bool {
	if prefix, ok := strings.CutSuffix(glob, "/**"); ok {
		return strings.HasPrefix(file, prefix+"/")
	}
	ok, _ := filepath.Match(glob, file)
	return ok
}

// One path to the image: the Dockerfile builds nothing, it packages the
// binary of make image-bin (bin/site, which make test tested, and its
// cross-compiled twins), and every workflow that pushes an image runs make
// image-bin first. A Dockerfile with a build stage of its own could ship a
// web build the tests never saw (an npm install before web/patches is copied
// ships Decap unpatched).
func TestImageIsTheTestedBinary(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	var froms, copies []string
	sbomContext := false
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch strings.ToUpper(f[0]) {
		case "FROM":
			froms = append(froms, strings.Join(f[1:], " "))
		case "COPY", "ADD":
			copies = append(copies, strings.Join(f[1:], " "))
		case "RUN":
			t.Errorf("Dockerfile: %q: the image builds nothing of its own", line)
		case "ARG":
			if len(froms) == 0 && len(f) == 2 && f[1] == "BUILDKIT_SBOM_SCAN_CONTEXT=true" {
				sbomContext = true
			}
		}
	}
	if !slices.Equal(froms, []string{"scratch"}) {
		t.Errorf("Dockerfile stages %q: want one, FROM scratch", froms)
	}
	if len(copies) == 0 || copies[0] != "bin/image/${TARGETOS}/${TARGETARCH}/site /site" {
		t.Errorf("Dockerfile copies %q: want /site from make image-bin's bin/image/<os>/<arch>/site", copies)
	}
	// The SBOM lists the npm packages compiled into the pages, not only the
	// binary's Go modules: BuildKit scans the context's lock file.
	if !sbomContext {
		t.Error("Dockerfile: no global ARG BUILDKIT_SBOM_SCAN_CONTEXT=true: the SBOM would miss the npm packages")
	}
	ignore, err := os.ReadFile(filepath.Join(repoRoot, ".dockerignore"))
	if err != nil || !regexp.MustCompile(`(?m)^!web/package-lock\.json$`).Match(ignore) {
		t.Errorf(".dockerignore does not let web/package-lock.json in for the SBOM (%v)", err)
	}
	mk := makeDeps(t)
	if !slices.Contains(mk["image-bin"], "build") || !slices.Contains(mk["test-image"], "image-bin") || !slices.Contains(mk["image"], "image-bin") {
		t.Errorf("make image-bin %v, test-image %v, image %v: want image-bin after build, and both image targets from it", mk["image-bin"], mk["test-image"], mk["image"])
	}
	pushed := 0
	for name, w := range readWorkflows(t) {
		for id, j := range w.Jobs {
			at := slices.IndexFunc(j.Steps, func(s step) bool { return strings.HasPrefix(s.Uses, "docker/build-push-action@") })
			if at < 0 {
				continue
			}
			pushed++
			build := j.Steps[at]
			bin := slices.IndexFunc(j.Steps, func(s step) bool { return strings.HasPrefix(s.Run, "make image-bin ") })
			if bin < 0 || bin > at || !strings.Contains(j.Steps[bin].Run, `PLATFORMS="`+strings.ReplaceAll(asString(build.With["platforms"]), ",", " ")+`"`) {
				t.Errorf("%s %s: the image is not made from make image-bin for its platforms %v", name, id, build.With["platforms"])
			}
			if build.With["build-args"] != nil || build.With["sbom"] != true {
				t.Errorf("%s %s: build-args %v (the binary carries its build id), sbom %v", name, id, build.With["build-args"], build.With["sbom"])
			}
		}
	}
	if pushed == 0 {
		t.Fatal("no workflow builds an image")
	}
}

// Credentials by blast radius: the kubeconfig is an environment's
// secret, never a repository secret a pull request's job could read. The
// production environment (main only, docs/deploy.md) is used only by the
// release; what a pull request starts uses the preview environment, whose
// identity reaches only the previews' namespace.
func TestCredentialsByBlastRadius(t *testing.T) {
	n := 0
	for name, w := range readWorkflows(t) {
		_, onPR := w.On["pull_request"]
		_, onTarget := w.On["pull_request_target"]
		_, onCall := w.On["workflow_call"]
		for id, j := range w.Jobs {
			envName := asString(j.Environment)
			if m, ok := j.Environment.(map[string]any); ok {
				envName = asString(m["name"])
			}
			if envName == "production" {
				if name != "release.yml" {
					t.Errorf("%s %s: the production environment outside the release", name, id)
				}
			}
			for _, s := range j.Steps {
				for _, v := range s.Env {
					if !strings.Contains(v, "secrets.KUBE_CONFIG") {
						continue
					}
					n++
					switch {
					case envName == "":
						t.Errorf("%s %s: KUBE_CONFIG outside an environment: a repository secret reaches every pull request's jobs", name, id)
					case (onPR || onTarget || onCall) && envName != "preview":
						t.Errorf("%s %s: a pull request's job with the %s environment's credential", name, id, envName)
					}
				}
			}
			if (onPR || onCall) && envName == "production" {
				t.Errorf("%s %s: production's environment in a workflow pull requests run", name, id)
			}
		}
	}
	if n == 0 {
		t.Fatal("no KUBE_CONFIG found")
	}
}

// makeDeps reads the Makefile's rules: each target's prerequisites.
func makeDeps(t *testing.T) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	rule := regexp.MustCompile(`(?m)^([A-Za-z0-9_./$()-]+):([^=\n][^\n]*)?$`)
	deps := map[string][]string{}
	for _, m := range rule.FindAllStringSubmatch(string(data), -1) {
		if m[1] == ".PHONY" {
			continue
		}
		deps[m[1]] = append(deps[m[1]], strings.Fields(m[2])...)
	}
	return deps
}

// closure is every target reached from target through prerequisites.
func closure(deps map[string][]string, target string) map[string]bool {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(x string) {
		if seen[x] {
			return
		}
		seen[x] = true
		for _, d := range deps[x] {
			walk(d)
		}
	}
	walk(target)
	return seen
}

// What a content-only change waits for is the site's checks, complete for
// content and without the control plane; what the platform check runs is
// the control plane; make test (and .ci/run) is both.
func TestContentChangesWaitForNoControlPlane(t *testing.T) {
	deps := makeDeps(t)
	site, platform, all := closure(deps, "test-site"), closure(deps, "test-platform"), closure(deps, "test")
	for _, want := range []string{"build", "test-go", "test-web", "test-html", "e2e-site", "e2e-editor", "test-image", "check", "test-build", "test-lockfile"} {
		if !site[want] {
			t.Errorf("make test-site does not run %s: a content change would go out without it", want)
		}
	}
	for _, never := range []string{"test-kube", "kube-tools", "$(KUBE_BIN)/kube-apiserver", "$(HELM)", "test-chart", "test-deploy"} {
		if site[never] {
			t.Errorf("make test-site runs %s: a content change would wait for the platform", never)
		}
	}
	for _, want := range []string{"test-kube", "test-chart", "test-deploy", "test-single", "lint-workflows"} {
		if !platform[want] {
			t.Errorf("make test-platform does not run %s", want)
		}
	}
	if !all["test-site"] || !all["test-platform"] {
		t.Error("make test is not test-site and test-platform")
	}
	ciRun, err := os.ReadFile(filepath.Join(repoRoot, ".ci/run"))
	if err != nil || !regexp.MustCompile(`(?m)^make test$`).Match(ciRun) {
		t.Errorf(".ci/run does not run make test (%v)", err)
	}

	jobs := readWorkflows(t)["checks.yml"].Jobs
	// The site's checks, split over three runners, are make test-site whole.
	if len(jobs["site-check"].runs("make test-content")) != 1 || len(jobs["site-suite"].runs("make test-pages")) != 1 || len(jobs["editor-suite"].runs("make test-editor")) != 1 {
		t.Error("the Site check, Site suite and Editor suite do not run make test-content, test-pages and test-editor")
	}
	if parts := deps["test-site"]; !slices.Equal(parts, []string{"test-content", "test-pages", "test-editor"}) {
		t.Errorf("make test-site is %v, want test-content, test-pages and test-editor (what the three jobs run)", parts)
	}
	cp := jobs["control-plane"]
	if len(cp.runs("make test-platform")) != 1 || !slices.Contains(cp.needs(), "changes") {
		t.Errorf("Control plane: needs %v, steps %v: want make test-platform after the changes job", cp.needs(), cp.Steps)
	}
	// Skipped by its own condition (counts as passed), run when the change
	// is the platform's or when that could not be told, never when cancelled.
	for _, part := range []string{"needs.changes.outputs.platform == 'true'", "needs.changes.result != 'success'", "!cancelled()"} {
		if !strings.Contains(cp.If, part) {
			t.Errorf("Control plane if %q lacks %q", cp.If, part)
		}
	}
	changes := jobs["changes"]
	if changes.Outputs["platform"] != "${{ steps.changed.outputs.platform }}" || len(changes.runs("scripts/ci changed")) != 1 {
		t.Errorf("changes job: outputs %v; want platform from scripts/ci changed", changes.Outputs)
	}
	for _, s := range changes.runs("scripts/ci changed") {
		if s.ID != "changed" || s.Env["BEFORE"] != "${{ github.event.before }}" {
			t.Errorf("scripts/ci changed: id %q, env %v", s.ID, s.Env)
		}
	}
	if jobs["site-check"].If != "" {
		t.Errorf("Site check if %q: what content can break is checked for every change", jobs["site-check"].If)
	}
}

// A change of content alone waits for what content can break (the build
// with its content rules, every page and link, the HTML check) and for no
// browser suite, at the pull request and at the release (which runs
// checks.yml); any other change runs all of make test-site. Each job's `if`
// is evaluated as GitHub would for both kinds of change.
func TestContentChangesSkipBrowserSuites(t *testing.T) {
	deps := makeDeps(t)
	browser := []string{"e2e-site", "e2e-engines", "e2e-editor"}
	site := closure(deps, "test-site")
	delete(site, "test-site")
	wf := readWorkflows(t)
	for _, name := range []string{"checks.yml", "release.yml"} {
		for _, kind := range []struct {
			code     string
			reached  []string
			excluded []string
		}{
			{"false", []string{"build", "check", "test-html"}, browser},
			{"true", slices.Collect(maps.Keys(site)), nil},
		} {
			ran := map[string]bool{}
			for id, j := range wf[name].Jobs {
				ctx := map[string]string{
					"needs.changes.result": "success", "needs.changes.outputs.code": kind.code,
					"needs.changes.outputs.platform": "false", "needs.plan.outputs.configured": "true",
				}
				if !evalIf(t, j.If, ctx) {
					continue
				}
				if j.Uses == "./.github/workflows/checks.yml" && name != "checks.yml" {
					// The release runs the checks' jobs, under the same rules.
					for _, cj := range wf["checks.yml"].Jobs {
						if evalIf(t, cj.If, ctx) {
							for _, r := range cj.runs("make ") {
								maps.Copy(ran, closure(deps, strings.Fields(r.Run)[1]))
							}
						}
					}
				}
				for _, r := range j.runs("make ") {
					for target, ok := range closure(deps, strings.Fields(r.Run)[1]) {
						ran[target] = ok
						if slices.Contains(kind.excluded, target) {
							t.Errorf("%s %s: a content-only change runs %s (make %s)", name, id, target, strings.Fields(r.Run)[1])
						}
					}
				}
			}
			for _, want := range kind.reached {
				if !ran[want] {
					t.Errorf("%s with code=%s: %s is not run", name, kind.code, want)
				}
			}
			for _, never := range kind.excluded {
				if ran[never] {
					t.Errorf("%s: a content-only change waits for %s", name, never)
				}
			}
		}
	}
}

// evalIf evaluates a job's `if` the way GitHub does for the expressions the
// workflows use: literals, the names in ctx, ==, !=, !, &&, || and parentheses,
// for a run in which nothing failed or was cancelled. An empty condition is true.
func evalIf(t *testing.T, cond string, ctx map[string]string) bool {
	t.Helper()
	expr := strings.TrimSpace(cond)
	expr = strings.TrimSuffix(strings.TrimPrefix(expr, "${{"), "}}")
	if strings.TrimSpace(expr) == "" {
		return true
	}
	toks := regexp.MustCompile(`'[^']*'|==|!=|&&|\|\||[!()]|[A-Za-z_][A-Za-z0-9_.-]*(?:\(\))?`).FindAllString(expr, -1)
	pos := 0
	peek := func() string {
		if pos < len(toks) {
			return toks[pos]
		}
		return ""
	}
	var or func() string
	value := func() string {
		tok := peek()
		pos++
		switch {
		case tok == "(":
			v := or()
			if peek() != ")" {
				t.Fatalf("if %q: no closing parenthesis", cond)
			}
			pos++
			return v
		case tok == "!":
			return "" // negation is applied by the caller
		case strings.HasPrefix(tok, "'"):
			return strings.Trim(tok, "'")
		case tok == "cancelled()" || tok == "failure()":
			return "false"
		case tok == "always()" || tok == "success()" || tok == "true":
			return "true"
		case tok == "false":
			return "false"
		}
		v, ok := ctx[tok]
		if !ok {
			t.Fatalf("if %q: %q is not known to the test", cond, tok)
		}
		return v
	}
	truthy := func(v string) bool { return v != "" && v != "false" }
	var unary func() string
	unary = func() string {
		if peek() == "!" {
			pos++
			return strconv.FormatBool(!truthy(unary()))
		}
		return value()
	}
	compare := func() string {
		l := unary()
		for peek() == "==" || peek() == "!=" {
			op := peek()
			pos++
			r := unary()
			l = strconv.FormatBool((l == r) == (op == "=="))
		}
		return l
	}
	and := func() string {
		l := compare()
		for peek() == "&&" {
			pos++
			r := compare()
			l = strconv.FormatBool(truthy(l) && truthy(r))
		}
		return l
	}
	or = func() string {
		l := and()
		for peek() == "||" {
			pos++
			r := and()
			l = strconv.FormatBool(truthy(l) || truthy(r))
		}
		return l
	}
	v := or()
	if pos != len(toks) {
		t.Fatalf("if %q: stopped at %q", cond, peek())
	}
	return truthy(v)
}

// The control plane's programs are cached by their versions alone, and
// saved whether or not a test failed; a change of one version restores the
// newest older cache and rebuilds only that program.
func TestToolsCache(t *testing.T) {
	j := readWorkflows(t)["checks.yml"].Jobs["control-plane"]
	key, saved := cacheSteps(j, ".tools")
	if key != "tools-${{ runner.os }}-${{ hashFiles('tools.mk', 'test/kube/go.sum') }}" || !saved {
		t.Errorf(".tools cache key %q (saved whatever happened: %v): want tools.mk and test/kube/go.sum alone", key, saved)
	}
	for _, s := range j.Steps {
		if strings.HasPrefix(s.Uses, "actions/cache/restore@") && asString(s.With["path"]) == ".tools" && s.With["restore-keys"] != "tools-${{ runner.os }}-" {
			t.Errorf(".tools cache restore-keys %v: want the newest older cache", s.With["restore-keys"])
		}
	}
	mk, err := os.ReadFile(filepath.Join(repoRoot, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	tools, err := os.ReadFile(filepath.Join(repoRoot, "tools.mk"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^include tools\.mk$`).Match(mk) {
		t.Error("the Makefile does not include tools.mk")
	}
	for _, v := range []string{"HELM_VERSION", "KUBE_VERSION", "KWOK_VERSION", "ACTIONLINT_VERSION"} {
		if !regexp.MustCompile(`(?m)^` + v + ` :=`).Match(tools) {
			t.Errorf("tools.mk does not pin %s", v)
		}
		if regexp.MustCompile(`(?m)^` + v + ` :=`).Match(mk) {
			t.Errorf("the Makefile pins %s itself: the cache key would not see it", v)
		}
	}
}

// Main is checked every week whatever changed, the control plane included,
// and a failure reaches the owner as an issue.
func TestWeeklyCheck(t *testing.T) {
	w := readWorkflows(t)["weekly.yml"]
	if cron, _ := w.On["schedule"].([]any); len(cron) != 1 {
		t.Errorf("weekly.yml: schedule %v, want one cron", w.On["schedule"])
	}
	if w.Jobs["checks"].Uses != "./.github/workflows/checks.yml" {
		t.Errorf("weekly.yml: checks job uses %q, want every check", w.Jobs["checks"].Uses)
	}
	// A schedule has no commit to compare with: the control plane runs.
	if base := BaseFor("schedule", ""); base != "" {
		t.Errorf("a scheduled run compares with %q: the control plane would be skipped", base)
	}
	rep := w.Jobs["report"]
	if !slices.Contains(rep.needs(), "checks") {
		t.Errorf("report needs %v, want checks", rep.needs())
	}
	if !strings.Contains(rep.If, "always()") || !strings.Contains(rep.If, "'failure'") || len(rep.runs("scripts/ci report")) != 1 {
		t.Errorf("report: if %q: want it after any failure, running scripts/ci report", rep.If)
	}
}

// The live site is checked every day from outside, and each problem reaches
// a person as an issue; the check keeps every scheduled workflow enabled
// (GitHub disables them after 60 days without activity).
func TestLiveSiteCheck(t *testing.T) {
	wf := readWorkflows(t)
	w := wf["monitor.yml"]
	cron, _ := w.On["schedule"].([]any)
	if len(cron) != 1 {
		t.Fatalf("monitor.yml: schedule %v, want one cron", w.On["schedule"])
	}
	expr := asString(cron[0].(map[string]any)["cron"])
	if f := strings.Fields(expr); len(f) != 5 || f[2] != "*" || f[3] != "*" || f[4] != "*" {
		t.Errorf("monitor.yml: cron %q: want at least daily", expr)
	}
	j := w.Jobs["monitor"]
	ms := j.runs("scripts/ci monitor")
	if len(ms) != 1 || !strings.Contains(ms[0].Run, `-url "$PRODUCTION_URL"`) || ms[0].Env["PRODUCTION_URL"] != "${{ vars.PRODUCTION_URL }}" {
		t.Fatalf("monitor.yml: no scripts/ci monitor of PRODUCTION_URL: %v", j.Steps)
	}
	if m := regexp.MustCompile(`-days (\d+)`).FindStringSubmatch(ms[0].Run); m == nil || m[1] != "14" {
		t.Errorf("monitor: %q: want the certificate's -days 14", ms[0].Run)
	}
	var scheduled []string
	for name, other := range wf {
		if _, ok := other.On["schedule"]; ok {
			scheduled = append(scheduled, name)
		}
	}
	sort.Strings(scheduled)
	m := regexp.MustCompile(`-keep-enabled (\S+)`).FindStringSubmatch(ms[0].Run)
	if m == nil {
		t.Fatal("monitor: no -keep-enabled")
	}
	kept := strings.Split(m[1], ",")
	sort.Strings(kept)
	if !slices.Equal(kept, scheduled) {
		t.Errorf("monitor keeps %v enabled, want every scheduled workflow %v", kept, scheduled)
	}
}

// Review where it matters: the ruleset requires a code owner's approval,
// and CODEOWNERS gives every file an owner except the content staff edit,
// so a content pull request needs no review and nothing that ships code
// (the workflows, which define the checks themselves, included) merges
// unreviewed.
func TestCodeOwners(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, ".github/rulesets/main.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rs struct {
		Rules []struct {
			Type       string         `json:"type"`
			Parameters map[string]any `json:"parameters"`
		} `json:"rules"`
	}
	if err := json.Unmarshal(data, &rs); err != nil {
		t.Fatal(err)
	}
	for _, r := range rs.Rules {
		if r.Type == "pull_request" && (r.Parameters["require_code_owner_review"] != true || r.Parameters["dismiss_stale_reviews_on_push"] != true) {
			t.Errorf("ruleset pull_request %v: want require_code_owner_review and dismiss_stale_reviews_on_push", r.Parameters)
		}
	}

	owners, err := os.ReadFile(filepath.Join(repoRoot, ".github/CODEOWNERS"))
	if err != nil {
		t.Fatal(err)
	}
	type rule struct {
		pattern string
		owned   bool
	}
	var rules []rule
	for _, line := range strings.Split(string(owners), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		// Only the two forms this file uses, so that a new one cannot be
		// read wrongly here: * and an anchored folder /dir/.
		if f[0] != "*" && !(strings.HasPrefix(f[0], "/") && strings.HasSuffix(f[0], "/") && !strings.ContainsAny(f[0], "*?[")) {
			t.Fatalf("CODEOWNERS: pattern %q: this test reads only * and /folder/", f[0])
		}
		for _, o := range f[1:] {
			if !regexp.MustCompile(`^@[A-Za-z0-9-]+(/[A-Za-z0-9_.-]+)?$`).MatchString(o) {
				t.Errorf("CODEOWNERS: owner %q is not a @user or @org/team", o)
			}
		}
		rules = append(rules, rule{f[0], len(f) > 1})
	}
	ownedFile := func(file string) bool {
		owned := false
		for _, r := range rules {
			if r.pattern == "*" || strings.HasPrefix("/"+file, r.pattern) {
				owned = r.owned
			}
		}
		return owned
	}
	checked := 0
	err = filepath.WalkDir(repoRoot, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repoRoot, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", ".tools", ".make", "bin", "dist", ".astro", ".media-cache", "generated", "test-results", "playwright-report":
				return filepath.SkipDir
			}
			return nil
		}
		checked++
		// What staff publish without review is what waits for no browser suite.
		want := !IsContent(rel)
		if ownedFile(rel) != want {
			t.Errorf("CODEOWNERS: %s owned %v, want %v", rel, ownedFile(rel), want)
		}
		return nil
	})
	if err != nil || checked < 100 {
		t.Fatalf("%d files checked (%v)", checked, err)
	}
	for _, must := range []string{".github/workflows/checks.yml", ".github/CODEOWNERS", "deploy/helm/veldhaven-site/values.yaml", "scripts/deploy.sh", "Makefile", "tools.mk", "Dockerfile", "cmd/site/main.go", "web/package.json"} {
		if !ownedFile(must) {
			t.Errorf("CODEOWNERS: %s has no owner", must)
		}
	}
	if ownedFile("content/home.json") || ownedFile("content/media/images/x.jpg") {
		t.Error("CODEOWNERS: staff's content needs a code owner's review")
	}
}

// A plan step that lacks a variable scripts/deploy.sh plan reads reports
// "not configured" for ever, and every job waiting on it is skipped.
func TestPlansSeeTheirVariables(t *testing.T) {
	reads := map[string][]string{
		"production": {"PRODUCTION_URL", "PRODUCTION_PLATFORM"},
		"preview":    {"PREVIEW_DOMAIN", "PREVIEW_IMAGE"},
	}
	for file, w := range readWorkflows(t) {
		for id, j := range w.Jobs {
			for _, s := range j.runs("scripts/deploy.sh plan ") {
				what := strings.TrimSpace(strings.TrimPrefix(s.Run, "scripts/deploy.sh plan "))
				for _, v := range reads[what] {
					if want := "${{ vars." + v + " }}"; s.Env[v] != want {
						t.Errorf("%s: job %s: plan %s with %s=%q, want %s", file, id, what, v, s.Env[v], want)
					}
				}
			}
		}
	}
}
