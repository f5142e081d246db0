package ci

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/veldhaven/site/internal/editor"
	"github.com/veldhaven/site/internal/insights"
	"github.com/veldhaven/site/internal/sealedtoken"
	"go.yaml.in/yaml/v3"
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

// The owner's set-up is in the order that works:
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
	// One identity per environment, each kubeconfig an
	// environment secret (no repository secret a pull request could use),
	// the environments made before their secrets are stored in them.
	environments := find("makes the production and preview environments", func(s string) bool {
		return strings.Contains(s, "Settings → Environments") && strings.Contains(s, "`production`") && strings.Contains(s, "`preview`")
	})
	secret := find("stores KUBE_CONFIG in each environment", func(s string) bool {
		return strings.Contains(s, "environment secret") && strings.Contains(s, "`KUBE_CONFIG`") &&
			strings.Contains(s, "gh secret set KUBE_CONFIG --env production") && strings.Contains(s, "gh secret set KUBE_CONFIG --env preview")
	})
	if !(identity < image && image < secret && environments < secret) {
		t.Errorf("set-up steps: deploy identities %d, image %d, environments %d, KUBE_CONFIG %d: want the identities, then the image, and the environments, before KUBE_CONFIG", identity, image, environments, secret)
	}
	// The plan jobs read variables only (they cannot see an environment's
	// secret): the variables that switch the deploys on come after it.
	if at := strings.Index(steps[secret], "gh variable set PRODUCTION_URL"); at < 0 || at < strings.Index(steps[secret], "gh secret set KUBE_CONFIG --env production") ||
		!strings.Contains(steps[secret], "gh variable set PREVIEW_DOMAIN") {
		t.Error("set-up, KUBE_CONFIG step: PRODUCTION_URL and PREVIEW_DOMAIN, which switch the deploys on, are not set after the secrets")
	}
	if strings.Contains(steps[secret], "gh secret set KUBE_CONFIG <") || strings.Contains(steps[secret], "repository secret `KUBE_CONFIG`") {
		t.Error("set-up: KUBE_CONFIG stored as a repository secret, which every pull request's jobs can read")
	}
	for _, want := range []string{"deployer-token", "preview-deployer-token"} {
		if !strings.Contains(steps[secret], want) {
			t.Errorf("set-up, KUBE_CONFIG step: no kubeconfig from %s", want)
		}
	}
	// The kubeconfig's server is the admin's own (managed API servers
	// listen on 443), never a guessed port.
	if strings.Contains(steps[secret], ":6443") || !strings.Contains(steps[secret], "{.clusters[0].cluster.server}") {
		t.Error("set-up, KUBE_CONFIG step: the server URL must come from the admin's kubeconfig, not :6443")
	}
	if _, err := os.Stat(filepath.Join(repoRoot, "deploy/cluster/deploy-identity.yaml")); err != nil {
		t.Error(err)
	}
}

// On a private repository a ruleset needs a paid plan; the docs say so and
// what still holds without one.
func TestRulesetPlanDocumented(t *testing.T) {
	rule := docSection(t, "### The rule on main, and why it is needed")
	for _, want := range []string{"private", "GitHub Free", "GitHub Pro", "GitHub Team", "`deploy` needs `test`"} {
		if !strings.Contains(rule, want) {
			t.Errorf("docs/deploy.md, the rule on main: no %q", want)
		}
	}
}

// The Secret of the set-up: the first deploy failed
// because the docs' command lacked LINKEDIN_ORGANIZATION_URN, so the feed
// owner refused to start. Every key the docs' command sets, given a value of
// its form, must configure the feed owner's LinkedIn source and the web
// pods' editor sign-in as the server reads them; and each key must be one
// the chart hands to a pod.
func TestSetupSecretComplete(t *testing.T) {
	setup := docSection(t, "## One-time set-up of the repository")
	var step string
	for _, s := range regexp.MustCompile(`(?m)^\d+\. `).Split(setup, -1) {
		if strings.Contains(s, "create secret generic") {
			step = s
		}
	}
	if step == "" {
		t.Fatal("set-up: no step creating the site's Secret")
	}
	env := map[string]string{}
	for _, m := range regexp.MustCompile(`--from-literal=([A-Z_]+)=`).FindAllStringSubmatch(step, -1) {
		env[m[1]] = exampleValue(m[1])
	}
	getenv := func(k string) string { return env[k] }
	cfg, err := insights.ConfigFromEnv(getenv)
	if err != nil {
		t.Fatalf("the feed owner refuses the docs' Secret: %v", err)
	}
	if cfg.AccessToken == "" || cfg.OrganizationURN == "" {
		t.Errorf("the docs' Secret leaves the feed owner on the sample feed: keys %v", keys(env))
	}
	// A page admin's reconnect (day 60, refresh token or not) needs the
	// app's id and secret and the key the new token is sealed with.
	if cfg.ClientID == "" || cfg.ClientSecret == "" || len(cfg.TokenKey) == 0 {
		t.Errorf("the docs' Secret cannot reconnect LinkedIn: keys %v", keys(env))
	}
	if _, ok := env["LINKEDIN_REFRESH_TOKEN"]; ok {
		t.Error("the docs' Secret sets LINKEDIN_REFRESH_TOKEN, which most apps never get")
	}
	gh, err := editor.GitHubFromEnv(getenv)
	if err != nil || gh == nil {
		t.Errorf("the web pods' editor sign-in from the docs' Secret: %v, %v", gh, err)
	}
	if env[editor.EnvStateKey] == "" {
		t.Errorf("the docs' Secret has no %s: with 2 or more web pods a sign-in started on one fails on another", editor.EnvStateKey)
	}
	chart := chartTemplates(t)
	for k := range env {
		// The templates list each key a pod gets as a quoted string.
		if !strings.Contains(chart, `"`+k+`"`) {
			t.Errorf("the docs' Secret sets %s, which the chart hands to no pod", k)
		}
	}
}

// exampleValue is a value of the form the server checks for a key of the
// docs' Secret (the docs show placeholders).
func exampleValue(key string) string {
	switch key {
	case "LINKEDIN_ORGANIZATION_URN":
		return "urn:li:organization:2414183"
	case editor.EnvRepo:
		return "veldhaven/site"
	case editor.EnvStateKey:
		return "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH"
	case sealedtoken.EnvKey:
		// openssl rand -base64 32
		return "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="
	default:
		return "example-" + strings.ToLower(key)
	}
}

// chartTemplates is the text of the Helm chart's templates.
func chartTemplates(t *testing.T) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repoRoot, "deploy/helm/veldhaven-site/templates/*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no chart templates: %v", err)
	}
	var b strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// GitHub keeps one run waiting per concurrency group and cancels an older
// waiting run for a newer one; the docs say so, and why that is right for a
// release, instead of promising a queue.
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

// The example Gateway listens on port 80 too: without it no ACME HTTP-01
// challenge reaches cert-manager's solver and http:// visitors get nothing;
// everything else on it is redirected to HTTPS.
func TestGatewayExampleServesHTTP(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "deploy/cluster/gateway.example.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	httpListener, redirect := "", false
	for {
		var doc struct {
			Kind string `yaml:"kind"`
			Spec struct {
				Listeners []struct {
					Name     string `yaml:"name"`
					Protocol string `yaml:"protocol"`
					Port     int    `yaml:"port"`
				} `yaml:"listeners"`
				ParentRefs []struct {
					SectionName string `yaml:"sectionName"`
				} `yaml:"parentRefs"`
				Rules []struct {
					Matches []any `yaml:"matches"`
					Filters []struct {
						Type            string `yaml:"type"`
						RequestRedirect struct {
							Scheme     string `yaml:"scheme"`
							StatusCode int    `yaml:"statusCode"`
						} `yaml:"requestRedirect"`
					} `yaml:"filters"`
				} `yaml:"rules"`
			} `yaml:"spec"`
		}
		if err := dec.Decode(&doc); err != nil {
			break
		}
		switch doc.Kind {
		case "Gateway":
			for _, l := range doc.Spec.Listeners {
				if l.Protocol == "HTTP" && l.Port == 80 {
					httpListener = l.Name
				}
			}
		case "HTTPRoute":
			for _, r := range doc.Spec.Rules {
				for _, f := range r.Filters {
					if f.Type == "RequestRedirect" && f.RequestRedirect.Scheme == "https" && f.RequestRedirect.StatusCode == 301 && len(r.Matches) == 0 &&
						len(doc.Spec.ParentRefs) == 1 && doc.Spec.ParentRefs[0].SectionName != "" {
						redirect = doc.Spec.ParentRefs[0].SectionName == httpListener
					}
				}
			}
		}
	}
	if httpListener == "" || !redirect {
		t.Errorf("gateway.example.yaml: port-80 listener %q, redirect to HTTPS on it %v", httpListener, redirect)
	}
}

// The single host's env file (deploy/single/site.env.example) has every key
// the site needs, a LinkedIn reconnect and the editor's sign-in included,
// each read by the server as the unit passes it (podman --env-file).
func TestSingleHostEnvComplete(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "deploy/single/site.env.example"))
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, _, ok := strings.Cut(line, "=")
		if !ok {
			t.Fatalf("site.env.example: %q is not NAME=value", line)
		}
		env[k] = exampleValue(k)
	}
	getenv := func(k string) string { return env[k] }
	cfg, err := insights.ConfigFromEnv(getenv)
	if err != nil {
		t.Fatalf("the feed refuses site.env.example: %v", err)
	}
	if cfg.AccessToken == "" || cfg.ClientID == "" || cfg.ClientSecret == "" || len(cfg.TokenKey) == 0 {
		t.Errorf("site.env.example: no LinkedIn feed with a reconnect: keys %v", keys(env))
	}
	if gh, err := editor.GitHubFromEnv(getenv); err != nil || gh == nil || env[editor.EnvStateKey] == "" {
		t.Errorf("site.env.example: the editor's sign-in: %v, %v", gh, err)
	}
}
