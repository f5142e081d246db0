// Package chart_test renders the chart with helm and decodes every manifest
// strictly into the Kubernetes API types (an unknown or misspelt field
// fails), then checks what the deployment relies on. It is a module of its
// own so that the site's go.mod does not carry k8s.io/api.
//
// HELM names the helm binary (make test-chart installs the pinned one);
// without it, the one in ../../../../.tools, else on PATH.
package chart_test

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

const chartDir = ".."

// minKubeVersion is the oldest Kubernetes the chart supports (Chart.yaml's
// kubeVersion: the preStop sleep action is on by default from 1.30).
const minKubeVersion = "1.30.0"

// helmBinary finds helm: $HELM, the project's .tools, or PATH.
func helmBinary(t *testing.T) string {
	t.Helper()
	if h := os.Getenv("HELM"); h != "" {
		return h
	}
	matches, _ := filepath.Glob(filepath.Join(chartDir, "..", "..", "..", ".tools", "helm-*", "helm"))
	if len(matches) > 0 {
		return matches[len(matches)-1]
	}
	h, err := exec.LookPath("helm")
	if err != nil {
		t.Fatal("no helm: run make test-chart, which installs the pinned one, or set HELM")
	}
	return h
}

// render runs helm template with the values files and --set flags given.
func render(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(helmBinary(t), append([]string{"template", "site", chartDir, "--namespace", "web", "--kube-version", minKubeVersion}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("helm template %s: %w\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String(), nil
}

// manifests holds one render, decoded by kind and name.
type manifests struct {
	deployments map[string]*appsv1.Deployment
	services    map[string]*corev1.Service
	accounts    map[string]*corev1.ServiceAccount
	claims      map[string]*corev1.PersistentVolumeClaim
	ingresses   map[string]*networkingv1.Ingress
	hpas        map[string]*autoscalingv2.HorizontalPodAutoscaler
	pdbs        map[string]*policyv1.PodDisruptionBudget
	rules       map[string]*prometheusRule
	monitors    map[string]*podMonitor
	routes      map[string]*httpRoute
	policies    map[string]*networkingv1.NetworkPolicy
}

// podMonitor is the Prometheus Operator's PodMonitor
// (monitoring.coreos.com/v1): the fields the chart writes. test/kube has
// the API server admit it against the operator's own CRD.
type podMonitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		Selector            metav1.LabelSelector `json:"selector"`
		PodMetricsEndpoints []struct {
			Port        string `json:"port"`
			Path        string `json:"path"`
			Interval    string `json:"interval"`
			Relabelings []struct {
				SourceLabels []string `json:"sourceLabels"`
				TargetLabel  string   `json:"targetLabel"`
			} `json:"relabelings"`
		} `json:"podMetricsEndpoints"`
	} `json:"spec"`
}

// httpRoute is the Gateway API's HTTPRoute (gateway.networking.k8s.io/v1):
// the fields the chart writes. test/kube has the API server admit it
// against the Gateway API's CRD.
type httpRoute struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		ParentRefs []struct {
			Group       string `json:"group"`
			Kind        string `json:"kind"`
			Name        string `json:"name"`
			Namespace   string `json:"namespace,omitempty"`
			SectionName string `json:"sectionName,omitempty"`
		} `json:"parentRefs"`
		Hostnames []string `json:"hostnames"`
		Rules     []struct {
			Matches []struct {
				Path struct {
					Type  string `json:"type"`
					Value string `json:"value"`
				} `json:"path"`
			} `json:"matches"`
			BackendRefs []struct {
				Name string `json:"name"`
				Port int32  `json:"port"`
			} `json:"backendRefs"`
		} `json:"rules"`
	} `json:"spec"`
}

// prometheusRule is the Prometheus Operator's PrometheusRule
// (monitoring.coreos.com/v1; its Go types live outside k8s.io/api): the
// fields the chart writes, so that strict decoding refuses any other.
type prometheusRule struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		Groups []ruleGroupT `json:"groups"`
	} `json:"spec"`
}

// ruleGroupT is one group of a PrometheusRule.
type ruleGroupT struct {
	Name  string `json:"name"`
	Rules []struct {
		Alert       string            `json:"alert"`
		Expr        string            `json:"expr"`
		For         string            `json:"for,omitempty"`
		Labels      map[string]string `json:"labels,omitempty"`
		Annotations map[string]string `json:"annotations,omitempty"`
	} `json:"rules"`
}

// decode splits a render into documents and decodes each strictly into the
// type its apiVersion and kind name; a kind the chart should not make fails.
func decode(t *testing.T, out string) manifests {
	t.Helper()
	m := manifests{
		deployments: map[string]*appsv1.Deployment{},
		services:    map[string]*corev1.Service{},
		accounts:    map[string]*corev1.ServiceAccount{},
		claims:      map[string]*corev1.PersistentVolumeClaim{},
		ingresses:   map[string]*networkingv1.Ingress{},
		hpas:        map[string]*autoscalingv2.HorizontalPodAutoscaler{},
		pdbs:        map[string]*policyv1.PodDisruptionBudget{},
		rules:       map[string]*prometheusRule{},
		monitors:    map[string]*podMonitor{},
		routes:      map[string]*httpRoute{},
		policies:    map[string]*networkingv1.NetworkPolicy{},
	}
	for _, doc := range strings.Split(out, "\n---") {
		body := strings.TrimSpace(doc)
		source := "(unknown)"
		if strings.HasPrefix(body, "# Source: ") {
			line, _, _ := strings.Cut(body, "\n")
			source = strings.TrimPrefix(line, "# Source: ")
		}
		if strings.Trim(body, "-\n ") == "" || !strings.Contains(body, "kind:") {
			continue
		}
		var tm metav1.TypeMeta
		if err := yaml.Unmarshal([]byte(body), &tm); err != nil {
			t.Fatalf("%s: %v", source, err)
		}
		// Each kind the chart makes: a fresh object to decode into, and
		// where to keep it once decoded.
		var obj interface{ GetName() string }
		var keep func()
		switch tm.APIVersion + " " + tm.Kind {
		case "apps/v1 Deployment":
			v := &appsv1.Deployment{}
			obj, keep = v, func() { m.deployments[v.Name] = v }
		case "v1 Service":
			v := &corev1.Service{}
			obj, keep = v, func() { m.services[v.Name] = v }
		case "v1 ServiceAccount":
			v := &corev1.ServiceAccount{}
			obj, keep = v, func() { m.accounts[v.Name] = v }
		case "v1 PersistentVolumeClaim":
			v := &corev1.PersistentVolumeClaim{}
			obj, keep = v, func() { m.claims[v.Name] = v }
		case "networking.k8s.io/v1 Ingress":
			v := &networkingv1.Ingress{}
			obj, keep = v, func() { m.ingresses[v.Name] = v }
		case "autoscaling/v2 HorizontalPodAutoscaler":
			v := &autoscalingv2.HorizontalPodAutoscaler{}
			obj, keep = v, func() { m.hpas[v.Name] = v }
		case "networking.k8s.io/v1 NetworkPolicy":
			v := &networkingv1.NetworkPolicy{}
			obj, keep = v, func() { m.policies[v.Name] = v }
		case "monitoring.coreos.com/v1 PrometheusRule":
			v := &prometheusRule{}
			obj, keep = v, func() { m.rules[v.Name] = v }
		case "monitoring.coreos.com/v1 PodMonitor":
			v := &podMonitor{}
			obj, keep = v, func() { m.monitors[v.Name] = v }
		case "gateway.networking.k8s.io/v1 HTTPRoute":
			v := &httpRoute{}
			obj, keep = v, func() { m.routes[v.Name] = v }
		case "policy/v1 PodDisruptionBudget":
			v := &policyv1.PodDisruptionBudget{}
			obj, keep = v, func() { m.pdbs[v.Name] = v }
		default:
			t.Fatalf("%s: unexpected %s %s", source, tm.APIVersion, tm.Kind)
		}
		if err := yaml.UnmarshalStrict([]byte(body), obj); err != nil {
			t.Fatalf("%s: does not decode strictly into %s: %v", source, tm.Kind, err)
		}
		if obj.GetName() == "" {
			t.Fatalf("%s: %s without a name", source, tm.Kind)
		}
		keep()
	}
	return m
}

func TestStrictDecodeCatchesUnknownFields(t *testing.T) {
	// The decoder the tests rely on must refuse what the API server would drop.
	bad := "apiVersion: v1\nkind: Service\nmetadata:\n  name: x\nspec:\n  prots: []\n"
	if err := yaml.UnmarshalStrict([]byte(bad), &corev1.Service{}); err == nil {
		t.Fatal("a misspelt field decoded without an error")
	}
}

// The objects of a release named "site" (helm template site ...).
const (
	webName   = "site-veldhaven-site"
	feedName  = "site-veldhaven-site-feed"
	claimName = "site-veldhaven-site-feed-data"
)

// linkedInKeys and editorKeys are the Secret's keys each kind of pod gets.
var (
	linkedInKeys = []string{"LINKEDIN_ACCESS_TOKEN", "LINKEDIN_ORGANIZATION_URN", "LINKEDIN_REFRESH_TOKEN", "LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET", "LINKEDIN_TOKEN_KEY"}
	editorKeys   = []string{"CMS_GITHUB_CLIENT_ID", "CMS_GITHUB_CLIENT_SECRET", "CMS_GITHUB_REPO", "CMS_GITHUB_BRANCH", "CMS_STATE_KEY"}
)

func TestDefaults(t *testing.T) {
	out, err := render(t)
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, out)
	// helm template asks no cluster: no Prometheus Operator API, so no
	// monitoring objects (TestMonitoringFollowsTheAPI renders with it).
	if len(m.ingresses)+len(m.hpas)+len(m.rules)+len(m.monitors)+len(m.routes) != 0 {
		t.Errorf("optional objects on by default: %d ingresses, %d autoscalers, %d rules, %d pod monitors, %d routes", len(m.ingresses), len(m.hpas), len(m.rules), len(m.monitors), len(m.routes))
	}
	web, feed := m.deployments[webName], m.deployments[feedName]
	if web == nil || feed == nil || len(m.deployments) != 2 {
		t.Fatalf("want the Deployments %s and %s; have %v", webName, feedName, keys(m.deployments))
	}
	if web.Spec.Replicas == nil || *web.Spec.Replicas != 2 {
		t.Errorf("web replicas %v, want 2", web.Spec.Replicas)
	}
	for _, d := range []*appsv1.Deployment{web, feed} {
		c := onlyContainer(t, d)
		if c.Image != "veldhaven-site:dev" {
			t.Errorf("%s: image %q, want veldhaven-site:dev (the chart's appVersion)", d.Name, c.Image)
		}
		env := envOf(c)
		for k, want := range map[string]string{"DATA_DIR": "/data", "PORT": "8080", "SITE_URL": "https://www.veldhaven.eu", "METRICS_ADDR": ":9090"} {
			if env[k] != want {
				t.Errorf("%s: env %s=%q, want %q", d.Name, k, env[k], want)
			}
		}
		if len(c.EnvFrom) != 0 || len(secretKeys(c)) != 0 {
			t.Errorf("%s: keys of a Secret (%v %v) without existingSecret", d.Name, c.EnvFrom, secretKeys(c))
		}
		if d.Spec.Template.Annotations["prometheus.io/port"] != "9090" {
			t.Errorf("%s: pod annotations %v: no scrape port", d.Name, d.Spec.Template.Annotations)
		}
		checkPod(t, d)
	}
	checkWeb(t, m, web)
	checkFeed(t, m, feed, web)
	if v := web.Spec.Template.Spec.Volumes; len(v) != 1 || v[0].EmptyDir == nil || v[0].EmptyDir.SizeLimit == nil {
		t.Errorf("web /data: %+v, want an emptyDir with a size limit", v)
	}
	claim := m.claims[claimName]
	if claim == nil || len(m.claims) != 1 {
		t.Fatalf("want the feed owner's claim %s by default; have %v", claimName, keys(m.claims))
	}
	// One pod, not one node: ReadWriteOnce would let a second owner onto
	// the first one's node.
	if modes := claim.Spec.AccessModes; len(modes) != 1 || modes[0] != corev1.ReadWriteOncePod {
		t.Errorf("claim access modes %v, want ReadWriteOncePod", modes)
	}
	if v := feed.Spec.Template.Spec.Volumes; len(v) != 1 || v[0].PersistentVolumeClaim == nil || v[0].PersistentVolumeClaim.ClaimName != claimName {
		t.Errorf("feed owner /data: %+v, want the claim %s", v, claimName)
	}
	pdb := m.pdbs[webName]
	if pdb == nil || pdb.Spec.MaxUnavailable == nil || pdb.Spec.MaxUnavailable.IntValue() != 1 || len(m.pdbs) != 1 {
		t.Fatalf("PodDisruptionBudgets %v, want one for the web pods with maxUnavailable 1", keys(m.pdbs))
	}
	if !selects(pdb.Spec.Selector.MatchLabels, web) || selects(pdb.Spec.Selector.MatchLabels, feed) {
		t.Errorf("the PodDisruptionBudget selects %v: want the web pods only", pdb.Spec.Selector.MatchLabels)
	}
}

func TestEveryOptionalPartOn(t *testing.T) {
	out, err := render(t, "-f", filepath.Join(chartDir, "ci", "all-on-values.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, out)
	web, feed := m.deployments[webName], m.deployments[feedName]
	if web == nil || feed == nil {
		t.Fatalf("want the Deployments %s and %s; have %v", webName, feedName, keys(m.deployments))
	}
	if web.Spec.Replicas != nil {
		t.Errorf("web replicas %d set while the autoscaler decides", *web.Spec.Replicas)
	}
	for _, d := range []*appsv1.Deployment{web, feed} {
		c := onlyContainer(t, d)
		if !strings.HasPrefix(c.Image, "veldhaven-site@sha256:") {
			t.Errorf("%s: image %q, want the digest", d.Name, c.Image)
		}
		if env := envOf(c); env["SECURITY_CONTACT"] != "mailto:security@veldhaven.eu" {
			t.Errorf("%s: env %v lacks the security contact", d.Name, env)
		}
		checkPod(t, d)
	}
	checkWeb(t, m, web)
	checkFeed(t, m, feed, web)

	// The editor's keys from existingSecret, LinkedIn's from feed.existingSecret.
	wc, fc := onlyContainer(t, web), onlyContainer(t, feed)
	if got, want := strings.Join(secretKeys(wc), " "), prefixed("veldhaven-site-secrets/", editorKeys); got != want {
		t.Errorf("web pods' Secret keys %s, want %s", got, want)
	}
	if got, want := strings.Join(secretKeys(fc), " "), prefixed("veldhaven-site-linkedin/", linkedInKeys); got != want {
		t.Errorf("feed owner's Secret keys %s, want %s", got, want)
	}
	if env := envOf(wc); env["CMS_GITHUB_BRANCH"] != "main" || env["LINKEDIN_VERSION"] != "" {
		t.Errorf("web env %v: want extraEnv and not feed.extraEnv", env)
	}
	if env := envOf(fc); env["LINKEDIN_VERSION"] != "202610" || env["LINKEDIN_DAILY_CALLS"] != "300" || env["INSIGHTS_TTL"] != "10m" || env["INSIGHTS_TIMEOUT"] != "4s" {
		t.Errorf("feed owner env %v: want feed.extraEnv and the insights settings", env)
	}

	claim := m.claims[claimName]
	if claim == nil || claim.Spec.StorageClassName == nil || *claim.Spec.StorageClassName != "fast" || claim.Annotations["helm.sh/resource-policy"] != "keep" {
		t.Fatalf("claim %+v", claim)
	}
	if v := feed.Spec.Template.Spec.Volumes; len(v) != 1 || v[0].PersistentVolumeClaim == nil || v[0].PersistentVolumeClaim.ClaimName != claim.Name {
		t.Errorf("feed owner /data volume %+v, want the claim", v)
	}
	ing := m.ingresses[webName]
	if ing == nil || ing.Spec.IngressClassName == nil || *ing.Spec.IngressClassName != "nginx" {
		t.Fatalf("ingress %+v", ing)
	}
	if len(ing.Spec.TLS) != 1 || ing.Spec.TLS[0].SecretName != "www-veldhaven-eu-tls" || ing.Spec.Rules[0].Host != "www.veldhaven.eu" {
		t.Errorf("ingress TLS %+v rules %+v", ing.Spec.TLS, ing.Spec.Rules)
	}
	if b := ing.Spec.Rules[0].HTTP.Paths[0].Backend.Service; b == nil || b.Name != webName || b.Port.Name != "http" {
		t.Errorf("ingress backend %+v, want the public Service's http port", b)
	}
	hpa := m.hpas[webName]
	if hpa == nil || hpa.Spec.ScaleTargetRef.Name != web.Name || hpa.Spec.MaxReplicas != 4 || hpa.Spec.MinReplicas == nil || *hpa.Spec.MinReplicas != 2 || len(m.hpas) != 1 {
		t.Errorf("autoscalers %v: want one of the web Deployment, 2-4", keys(m.hpas))
	}
	for _, d := range []*appsv1.Deployment{web, feed} {
		if m.accounts[webName] == nil || d.Spec.Template.Spec.ServiceAccountName != webName {
			t.Errorf("service account: %v, %s uses %q", keys(m.accounts), d.Name, d.Spec.Template.Spec.ServiceAccountName)
		}
	}
}

// TestAlertRules: the four alerts, each on a metric the feed
// owner exports (its name is in internal/insights), for this release's
// namespace, with the thresholds asked for.
func TestAlertRules(t *testing.T) {
	out, err := render(t, "-f", filepath.Join(chartDir, "ci", "all-on-values.yaml"), "--set-json", "prometheusRule.budgetUsedRatio=0.75")
	if err != nil {
		t.Fatal(err)
	}
	r := decode(t, out).rules[webName]
	if r == nil || len(r.Spec.Groups) != 2 {
		t.Fatalf("PrometheusRule %+v, want the up and insights groups", r)
	}
	if r.Namespace != "web" || r.Labels["release"] != "kube-prometheus-stack" {
		t.Errorf("namespace %q labels %v", r.Namespace, r.Labels)
	}
	source := insightsSource(t)
	insights := ruleGroup(t, r, ".insights")
	want := map[string]string{
		"VeldhavenFeedOld":                     `veldhaven_insights_feed_age_seconds{namespace="web"} > 3600`,
		"VeldhavenLinkedInBudgetMostlySpent":   `veldhaven_insights_linkedin_budget_used_ratio{namespace="web"} >= 0.75`,
		"VeldhavenLinkedInVersionRetiring":     `veldhaven_insights_linkedin_version_days_left{namespace="web"} < 30`,
		"VeldhavenLinkedInTokenRefreshFailing": `veldhaven_insights_token_refresh_failing{namespace="web"} > 0`,
		"VeldhavenLinkedInTokenExpiring":       `veldhaven_insights_linkedin_token_expiry_timestamp_seconds{namespace="web"} - time() < 14 * 86400`,
		"VeldhavenLinkedInTokenExpiringSoon":   `veldhaven_insights_linkedin_token_expiry_timestamp_seconds{namespace="web"} - time() < 3 * 86400`,
	}
	for _, rule := range insights.Rules {
		expr, ok := want[rule.Alert]
		if !ok {
			t.Errorf("unexpected alert %s", rule.Alert)
			continue
		}
		delete(want, rule.Alert)
		if !strings.Contains(rule.Expr, expr) {
			t.Errorf("%s: expr %q, want it to hold %q", rule.Alert, rule.Expr, expr)
		}
		metric, _, _ := strings.Cut(expr, "{")
		if !strings.Contains(source, `"`+metric+`"`) {
			t.Errorf("%s: no metric %s in internal/insights", rule.Alert, metric)
		}
		if rule.Labels["severity"] == "" || rule.Annotations["summary"] == "" || rule.Annotations["description"] == "" {
			t.Errorf("%s: labels %v annotations %v", rule.Alert, rule.Labels, rule.Annotations)
		}
	}
	for alert := range want {
		t.Errorf("no alert %s", alert)
	}
	out, err = render(t, "--set", "monitoring.enabled=true", "--set", `prometheusRule.selector=job="site"`)
	if err != nil {
		t.Fatal(err)
	}
	for _, rule := range ruleGroup(t, decode(t, out).rules[webName], ".insights").Rules {
		if !strings.Contains(rule.Expr, `{job="site"}`) || strings.Contains(rule.Expr, "namespace=") {
			t.Errorf("%s: expr %q, want the selector given", rule.Alert, rule.Expr)
		}
	}
	if _, err := render(t, "--set", "monitoring.enabled=true", "--set", `prometheusRule.selector=}or vector(1)`); err == nil {
		t.Error("a selector that is not label matchers renders")
	}
}

// ruleGroup is the rule group whose name ends in suffix.
func ruleGroup(t *testing.T, r *prometheusRule, suffix string) *ruleGroupT {
	t.Helper()
	if r == nil {
		t.Fatal("no PrometheusRule")
	}
	for i := range r.Spec.Groups {
		if strings.HasSuffix(r.Spec.Groups[i].Name, suffix) {
			return &r.Spec.Groups[i]
		}
	}
	t.Fatalf("PrometheusRule %s: no group *%s", r.Name, suffix)
	return nil
}

// The API versions a cluster with the Prometheus Operator serves, as
// helm template takes them (--api-versions group/version/Kind).
var operatorAPI = []string{"--api-versions", "monitoring.coreos.com/v1/PodMonitor", "--api-versions", "monitoring.coreos.com/v1/PrometheusRule"}

// TestMonitoringFollowsTheAPI: with the Prometheus Operator's
// API the defaults scrape the web pods and the feed owner and ship the
// rules with the down alerts; without it nothing of it renders (it would
// fail the install); each kind follows its own API; off is off.
func TestMonitoringFollowsTheAPI(t *testing.T) {
	out, err := render(t, operatorAPI...)
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, out)
	web, feed := m.deployments[webName], m.deployments[feedName]
	pm := m.monitors[webName]
	if pm == nil || len(m.monitors) != 1 {
		t.Fatalf("PodMonitors %v, want %s", keys(m.monitors), webName)
	}
	if !selects(pm.Spec.Selector.MatchLabels, web) || !selects(pm.Spec.Selector.MatchLabels, feed) {
		t.Errorf("PodMonitor selects %v: want the web pods and the feed owner", pm.Spec.Selector.MatchLabels)
	}
	if eps := pm.Spec.PodMetricsEndpoints; len(eps) != 1 || eps[0].Port != "metrics" || eps[0].Path != "/metrics" {
		t.Errorf("PodMonitor endpoints %+v, want the metrics port's /metrics", eps)
	} else {
		labels := map[string]string{}
		for _, r := range eps[0].Relabelings {
			labels[r.TargetLabel] = strings.Join(r.SourceLabels, ",")
		}
		if labels["component"] != "__meta_kubernetes_pod_label_app_kubernetes_io_component" || labels["release"] != "__meta_kubernetes_pod_label_app_kubernetes_io_instance" {
			t.Errorf("PodMonitor relabelings %v: the down alerts need component and release", labels)
		}
	}
	for _, d := range []*appsv1.Deployment{web, feed} {
		if !hasPort(onlyContainer(t, d), "metrics") {
			t.Errorf("%s: no metrics port for the PodMonitor", d.Name)
		}
		if d.Spec.Template.Labels["app.kubernetes.io/component"] == "" {
			t.Errorf("%s: pods without the component label the alerts tell them apart by", d.Name)
		}
	}
	r := m.rules[webName]
	down := map[string]string{}
	for _, rule := range ruleGroup(t, r, ".up").Rules {
		down[rule.Alert] = rule.Expr
		if rule.For != "5m" || rule.Labels["severity"] == "" || rule.Annotations["summary"] == "" {
			t.Errorf("%s: for %q labels %v annotations %v", rule.Alert, rule.For, rule.Labels, rule.Annotations)
		}
	}
	if got, want := down["VeldhavenSiteDown"], `absent(up{namespace="web",release="site",component="web"} == 1)`; got != want {
		t.Errorf("VeldhavenSiteDown: %q, want %q", got, want)
	}
	if got, want := down["VeldhavenFeedOwnerDown"], `absent(up{namespace="web",release="site",component="feed"} == 1)`; got != want {
		t.Errorf("VeldhavenFeedOwnerDown: %q, want %q", got, want)
	}
	if len(ruleGroup(t, r, ".insights").Rules) != 6 {
		t.Errorf("the insights alerts were not kept: %+v", ruleGroup(t, r, ".insights").Rules)
	}

	for _, tt := range []struct {
		name               string
		args               []string
		monitors, rules    int
		siteDown, feedDown bool
	}{
		{"no Prometheus Operator API", nil, 0, 0, false, false},
		{"no API, the old prometheusRule.enabled", []string{"--set", "prometheusRule.enabled=true"}, 0, 0, false, false},
		{"the API, monitoring off", append([]string{"--set", "monitoring.enabled=false"}, operatorAPI...), 0, 0, false, false},
		{"the API, rules off", append([]string{"--set", "prometheusRule.enabled=false"}, operatorAPI...), 1, 0, false, false},
		{"only PrometheusRule served", []string{"--api-versions", "monitoring.coreos.com/v1/PrometheusRule"}, 0, 1, false, false},
		{"the API, no PodMonitor: no down alerts that could never clear", append([]string{"--set", "monitoring.podMonitor.enabled=false"}, operatorAPI...), 0, 1, false, false},
		{"the API, no metrics port", append([]string{"--set", "metrics.enabled=false"}, operatorAPI...), 0, 1, false, false},
		{"the API, the owner stopped", append([]string{"--set", "feed.replicaCount=0"}, operatorAPI...), 1, 1, true, false},
		{"forced on without the API", []string{"--set", "monitoring.enabled=true"}, 1, 1, true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := render(t, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			m := decode(t, out)
			if len(m.monitors) != tt.monitors || len(m.rules) != tt.rules {
				t.Fatalf("%d PodMonitors, %d PrometheusRules; want %d, %d", len(m.monitors), len(m.rules), tt.monitors, tt.rules)
			}
			alerts := map[string]bool{}
			for _, r := range m.rules {
				for _, g := range r.Spec.Groups {
					for _, rule := range g.Rules {
						alerts[rule.Alert] = true
					}
				}
			}
			if alerts["VeldhavenSiteDown"] != tt.siteDown || alerts["VeldhavenFeedOwnerDown"] != tt.feedDown {
				t.Errorf("alerts %v: want site down %v, owner down %v", alerts, tt.siteDown, tt.feedDown)
			}
		})
	}
}

// TestHTTPRoute: the Gateway API's route to the public Service, attached to
// the Gateway named, for siteUrl's host unless told otherwise.
func TestHTTPRoute(t *testing.T) {
	out, err := render(t, "--set", "httpRoute.enabled=true", "--set", "httpRoute.gateway.name=veldhaven",
		"--set", "httpRoute.gateway.namespace=veldhaven-gateway", "--set", "httpRoute.gateway.sectionName=www",
		"--set", "siteUrl=https://pr-4.preview.example.com")
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, out)
	r := m.routes[webName]
	if r == nil || len(m.routes) != 1 || len(m.ingresses) != 0 {
		t.Fatalf("routes %v ingresses %v, want the one HTTPRoute", keys(m.routes), keys(m.ingresses))
	}
	if p := r.Spec.ParentRefs; len(p) != 1 || p[0].Kind != "Gateway" || p[0].Group != "gateway.networking.k8s.io" || p[0].Name != "veldhaven" || p[0].Namespace != "veldhaven-gateway" || p[0].SectionName != "www" {
		t.Errorf("parentRefs %+v", p)
	}
	if h := r.Spec.Hostnames; len(h) != 1 || h[0] != "pr-4.preview.example.com" {
		t.Errorf("hostnames %v, want siteUrl's host", h)
	}
	svc := m.services[webName]
	if len(r.Spec.Rules) != 1 || len(r.Spec.Rules[0].BackendRefs) != 1 || r.Spec.Rules[0].BackendRefs[0].Name != svc.Name || r.Spec.Rules[0].BackendRefs[0].Port != svc.Spec.Ports[0].Port {
		t.Errorf("rules %+v, want the public Service %s port %d", r.Spec.Rules, svc.Name, svc.Spec.Ports[0].Port)
	}
	if mt := r.Spec.Rules[0].Matches; len(mt) != 1 || mt[0].Path.Type != "PathPrefix" || mt[0].Path.Value != "/" {
		t.Errorf("matches %+v, want every path", mt)
	}

	out, err = render(t, "--set", "httpRoute.enabled=true", "--set", "httpRoute.gateway.name=gw", "--set", "httpRoute.hostnames={a.example.com,b.example.com}")
	if err != nil {
		t.Fatal(err)
	}
	r = decode(t, out).routes[webName]
	if h := r.Spec.Hostnames; len(h) != 2 || h[0] != "a.example.com" {
		t.Errorf("hostnames %v, want those given", h)
	}
	if p := r.Spec.ParentRefs[0]; p.Namespace != "" || p.SectionName != "" {
		t.Errorf("parentRef %+v: a namespace or listener nobody asked for", p)
	}
}

// insightsSource is the text of the insights package's Go files, where the
// metric names are.
func insightsSource(t *testing.T) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(chartDir, "..", "..", "..", "internal", "insights", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no internal/insights sources: %v", err)
	}
	var b strings.Builder
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}

// checkWeb: the web pods are stateless, take the feed from the owner, get
// none of LinkedIn's keys, and are what the public Service reaches.
func checkWeb(t *testing.T, m manifests, web *appsv1.Deployment) {
	t.Helper()
	c := onlyContainer(t, web)
	for _, k := range secretKeys(c) {
		if strings.Contains(k, "/LINKEDIN_") {
			t.Errorf("the web pods get %s: LinkedIn's keys are the feed owner's", k)
		}
	}
	for _, e := range c.Env {
		if strings.HasPrefix(e.Name, "LINKEDIN_") || strings.HasPrefix(e.Name, "INSIGHTS_") {
			t.Errorf("the web pods get %s: they never call LinkedIn", e.Name)
		}
	}
	if len(c.EnvFrom) != 0 {
		t.Errorf("web envFrom %+v: would hand the pods every key of the Secret", c.EnvFrom)
	}
	for _, v := range web.Spec.Template.Spec.Volumes {
		if v.PersistentVolumeClaim != nil {
			t.Errorf("web volume %s on the claim %s: the web pods are stateless", v.Name, v.PersistentVolumeClaim.ClaimName)
		}
	}
	if web.Spec.Strategy.Type != appsv1.RollingUpdateDeploymentStrategyType {
		t.Errorf("web strategy %s, want RollingUpdate", web.Spec.Strategy.Type)
	}
	checkPublicService(t, m, web)
}

// checkFeed: the feed owner is one pod replaced with Recreate, reached
// through a ClusterIP Service of its own that the web pods' FEED_URL names,
// and only it gets LinkedIn's keys and settings.
func checkFeed(t *testing.T, m manifests, feed, web *appsv1.Deployment) {
	t.Helper()
	if feed.Spec.Replicas == nil || *feed.Spec.Replicas != 1 {
		t.Errorf("feed owner replicas %v, want 1", feed.Spec.Replicas)
	}
	if feed.Spec.Strategy.Type != appsv1.RecreateDeploymentStrategyType || feed.Spec.Strategy.RollingUpdate != nil {
		t.Errorf("feed owner strategy %+v, want Recreate", feed.Spec.Strategy)
	}
	c := onlyContainer(t, feed)
	env := envOf(c)
	if env["INSIGHTS_TTL"] == "" || env["INSIGHTS_TIMEOUT"] == "" || env["FEED_URL"] != "" {
		t.Errorf("feed owner env %v: want INSIGHTS_TTL and INSIGHTS_TIMEOUT, no FEED_URL", env)
	}
	for _, k := range secretKeys(c) {
		if strings.Contains(k, "/CMS_") {
			t.Errorf("the feed owner gets %s: the editor's keys are the web pods'", k)
		}
	}
	if len(c.EnvFrom) != 0 {
		t.Errorf("feed owner envFrom %+v: would hand it every key of the Secret", c.EnvFrom)
	}
	// Each selector picks its own pods and not the other's.
	if web.Spec.Selector == nil || feed.Spec.Selector == nil || selects(web.Spec.Selector.MatchLabels, feed) || selects(feed.Spec.Selector.MatchLabels, web) {
		t.Errorf("the Deployments' selectors overlap: web %v, feed %v", web.Spec.Selector, feed.Spec.Selector)
	}

	// Only the web pods reach the owner's http port.
	np := m.policies[feed.Name]
	if np == nil {
		t.Fatalf("no NetworkPolicy %s; have %v", feed.Name, keys(m.policies))
	}
	if !selects(np.Spec.PodSelector.MatchLabels, feed) || selects(np.Spec.PodSelector.MatchLabels, web) {
		t.Errorf("NetworkPolicy applies to %v: want the owner's pods only", np.Spec.PodSelector.MatchLabels)
	}
	httpRules := 0
	for _, rule := range np.Spec.Ingress {
		for _, p := range rule.Ports {
			if p.Port == nil || p.Port.String() != "http" {
				continue
			}
			httpRules++
			if len(rule.From) != 1 || rule.From[0].PodSelector == nil || rule.From[0].NamespaceSelector != nil ||
				!selects(rule.From[0].PodSelector.MatchLabels, web) || selects(rule.From[0].PodSelector.MatchLabels, feed) {
				t.Errorf("NetworkPolicy lets %+v reach the http port: want the web pods only", rule.From)
			}
		}
	}
	if httpRules != 1 {
		t.Errorf("NetworkPolicy has %d rules for the http port, want 1 (the web pods)", httpRules)
	}
	// Its metrics port only to what scrapes it: every rule names its
	// peers, none of them everything, nor the web pods.
	metricsRules := 0
	for _, rule := range np.Spec.Ingress {
		if len(rule.Ports) == 0 {
			t.Errorf("NetworkPolicy rule %+v opens every port", rule)
		}
		for _, p := range rule.Ports {
			if p.Port == nil || p.Port.String() != "metrics" {
				continue
			}
			metricsRules++
			if len(rule.From) == 0 {
				t.Errorf("NetworkPolicy opens the metrics port to everything: want what scrapes it only")
			}
			for _, peer := range rule.From {
				if peer.IPBlock == nil && (peer.PodSelector == nil || len(peer.PodSelector.MatchLabels)+len(peer.PodSelector.MatchExpressions) == 0) {
					t.Errorf("NetworkPolicy lets %+v reach the metrics port: every pod it names", peer)
				}
				if peer.PodSelector != nil && selects(peer.PodSelector.MatchLabels, web) {
					t.Errorf("NetworkPolicy lets the web pods reach the owner's metrics port")
				}
			}
		}
	}
	if metricsRules != 1 {
		t.Errorf("NetworkPolicy has %d rules for the metrics port, want 1 (the scrapers)", metricsRules)
	}

	// FEED_URL is the owner's Service, at the port that reaches its http port.
	s := m.services[feed.Name]
	if s == nil {
		t.Fatalf("no Service %s; have %v", feed.Name, keys(m.services))
	}
	if s.Spec.Type != corev1.ServiceTypeClusterIP {
		t.Errorf("feed owner Service type %q: want ClusterIP, inside the cluster only", s.Spec.Type)
	}
	if len(s.Spec.Ports) != 1 || s.Spec.Ports[0].TargetPort.String() != "http" {
		t.Fatalf("feed owner Service ports %+v, want one, to the http port", s.Spec.Ports)
	}
	if !selects(s.Spec.Selector, feed) || selects(s.Spec.Selector, web) {
		t.Errorf("feed owner Service selects %v: want the owner's pods only", s.Spec.Selector)
	}
	if !hasPort(c, "http") {
		t.Errorf("feed owner container ports %+v: no http port for its Service", c.Ports)
	}
	raw := envOf(onlyContainer(t, web))["FEED_URL"]
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" || u.Path != "" || u.RawQuery != "" {
		t.Fatalf("web FEED_URL %q: want http://<feed owner's Service>:<port>", raw)
	}
	if u.Hostname() != s.Name || u.Port() != strconv.Itoa(int(s.Spec.Ports[0].Port)) {
		t.Errorf("web FEED_URL %q: want the feed owner's Service %s on port %d", raw, s.Name, s.Spec.Ports[0].Port)
	}
	for _, ing := range m.ingresses {
		for _, r := range ing.Spec.Rules {
			for _, p := range r.HTTP.Paths {
				if p.Backend.Service != nil && p.Backend.Service.Name == s.Name {
					t.Errorf("the Ingress %s reaches the feed owner's Service", ing.Name)
				}
			}
		}
	}
}

// checkPod: what the image and the server need from the pod, whatever the values.
func checkPod(t *testing.T, d *appsv1.Deployment) {
	t.Helper()
	pod := d.Spec.Template.Spec
	c := onlyContainer(t, d)
	psc, sc := pod.SecurityContext, c.SecurityContext
	if psc == nil || sc == nil {
		t.Fatal("no security context")
	}
	if psc.RunAsNonRoot == nil || !*psc.RunAsNonRoot || psc.RunAsUser == nil || *psc.RunAsUser != 65532 || psc.FSGroup == nil || *psc.FSGroup != 65532 {
		t.Errorf("pod security context %+v: want runAsNonRoot, user 65532, fsGroup 65532", psc)
	}
	if psc.SeccompProfile == nil || psc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		t.Errorf("seccomp %+v, want RuntimeDefault", psc.SeccompProfile)
	}
	if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation ||
		sc.Capabilities == nil || len(sc.Capabilities.Drop) != 1 || sc.Capabilities.Drop[0] != "ALL" || len(sc.Capabilities.Add) != 0 {
		t.Errorf("container security context %+v: want a read-only root, no escalation, ALL capabilities dropped", sc)
	}
	if pod.AutomountServiceAccountToken == nil || *pod.AutomountServiceAccountToken {
		t.Errorf("%s: a service account token is mounted; the server needs none", d.Name)
	}
	if pod.EnableServiceLinks == nil || *pod.EnableServiceLinks {
		t.Errorf("%s: Service variables in the environment; the server reads only its own", d.Name)
	}
	if c.ReadinessProbe == nil || c.ReadinessProbe.HTTPGet == nil || c.ReadinessProbe.HTTPGet.Path != "/readyz" || c.ReadinessProbe.HTTPGet.Port.String() != "http" {
		t.Errorf("readiness probe %+v, want /readyz on http", c.ReadinessProbe)
	}
	if c.LivenessProbe == nil || c.LivenessProbe.HTTPGet == nil || c.LivenessProbe.HTTPGet.Path != "/healthz" {
		t.Errorf("liveness probe %+v, want /healthz", c.LivenessProbe)
	}
	if c.Resources.Requests.Memory().IsZero() || c.Resources.Limits.Memory().IsZero() || c.Resources.Requests.Cpu().IsZero() {
		t.Errorf("resources %+v: want CPU and memory requests and a memory limit", c.Resources)
	}
	drain := 0
	for _, a := range c.Args {
		if s, ok := strings.CutPrefix(a, "-drain="); ok {
			if _, err := fmt.Sscanf(s, "%ds", &drain); err != nil {
				t.Fatalf("arg %q: %v", a, err)
			}
		}
	}
	sleep := int64(0)
	if c.Lifecycle != nil && c.Lifecycle.PreStop != nil && c.Lifecycle.PreStop.Sleep != nil {
		sleep = c.Lifecycle.PreStop.Sleep.Seconds
	}
	if drain == 0 || pod.TerminationGracePeriodSeconds == nil || *pod.TerminationGracePeriodSeconds <= int64(drain)+sleep {
		t.Errorf("terminationGracePeriodSeconds %v, want above the preStop sleep (%d s) plus the drain (%d s)", pod.TerminationGracePeriodSeconds, sleep, drain)
	}
	mounts := c.VolumeMounts
	if len(mounts) != 1 || mounts[0].MountPath != "/data" || mounts[0].ReadOnly {
		t.Errorf("mounts %+v, want /data writable (the only writable path under a read-only root)", mounts)
	}
	sel, err := metav1.LabelSelectorAsMap(d.Spec.Selector)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range sel {
		if d.Spec.Template.Labels[k] != v {
			t.Errorf("the pod template lacks selector label %s=%s", k, v)
		}
	}
}

// checkPublicService: the public Service selects the pods and exposes the
// http port only, never the metrics port.
func checkPublicService(t *testing.T, m manifests, d *appsv1.Deployment) {
	t.Helper()
	s := m.services[d.Name]
	if s == nil {
		t.Fatalf("no Service %s; have %v", d.Name, keys(m.services))
	}
	if len(s.Spec.Ports) != 1 || s.Spec.Ports[0].TargetPort.String() != "http" {
		t.Errorf("public Service ports %+v, want the http port only", s.Spec.Ports)
	}
	c := onlyContainer(t, d)
	for _, p := range c.Ports {
		if p.Name == "metrics" && (s.Spec.Ports[0].TargetPort.IntValue() == int(p.ContainerPort)) {
			t.Error("the public Service reaches the metrics port")
		}
	}
	if !selects(s.Spec.Selector, d) {
		t.Errorf("the Service selects %v, which the pods %v lack", s.Spec.Selector, d.Spec.Template.Labels)
	}
}

func TestBadValuesFailWithAReason(t *testing.T) {
	tests := []struct {
		name string
		set  []string
		want string
	}{
		{"grace not above the drain", []string{"terminationGracePeriodSeconds=12", "drainSeconds=10", "preStopSleepSeconds=5"}, "terminationGracePeriodSeconds"},
		{"site URL with a path", []string{"siteUrl=https://www.veldhaven.eu/site"}, "siteUrl"},
		{"ingress without a host", []string{"ingress.enabled=true", "ingress.host="}, "ingress.host"},
		{"metrics on the public port", []string{"metrics.port=8080"}, "metrics.port"},
		{"autoscaler upside down", []string{"autoscaling.enabled=true", "autoscaling.minReplicas=5", "autoscaling.maxReplicas=2"}, "minReplicas"},
		{"misspelt value (values.schema.json)", []string{"replicaCont=3"}, "replicaCont"},
		{"unknown log level", []string{"logLevel=verbose"}, "logLevel"},
		{"digest that is not one", []string{"image.digest=latest"}, "digest"},
		{"an HTTPRoute without its Gateway", []string{"httpRoute.enabled=true"}, "httpRoute.gateway.name"},
		{"monitoring neither auto, on nor off", []string{"monitoring.enabled=sometimes"}, "monitoring"},
		// The combinations that cannot start.
		{"two feed owners on a ReadWriteOnce claim", []string{"feed.replicaCount=2"}, "Multi-Attach"},
		{"two feed owners on any claim", []string{"feed.replicaCount=2", "feed.persistence.accessModes={ReadWriteMany}"}, "feed.replicaCount 2"},
		{"two feed owners without a claim", []string{"feed.replicaCount=3", "feed.persistence.enabled=false"}, "another LinkedIn client"},
		{"a surge of the owner (always Recreate)", []string{"feed.strategy.type=RollingUpdate"}, "strategy"},
		{"a claim on the web pods", []string{"persistence.enabled=true"}, "persistence"},
		{"a misspelt owner value", []string{"feed.replicas=1"}, "replicas"},
		{"a budget under the server's minimum", []string{"insights.dailyCalls=9"}, "dailyCalls"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var args []string
			for _, s := range tt.set {
				args = append(args, "--set", s)
			}
			_, err := render(t, args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("render: %v, want an error naming %s", err, tt.want)
			}
		})
	}
}

// The site's certificate from cert-manager: the ClusterIssuer's
// annotation on the Ingress, the certificate in the TLS Secret, which is
// then required.
func TestCertManager(t *testing.T) {
	out, err := render(t, "--set", "ingress.enabled=true", "--set", "ingress.tlsSecretName=www-tls", "--set", "ingress.certManagerClusterIssuer=letsencrypt",
		"--set", "ingress.annotations.a=b")
	if err != nil {
		t.Fatal(err)
	}
	ing := decode(t, out).ingresses[webName]
	if ing == nil || ing.Annotations["cert-manager.io/cluster-issuer"] != "letsencrypt" || ing.Annotations["a"] != "b" || len(ing.Spec.TLS) != 1 || ing.Spec.TLS[0].SecretName != "www-tls" {
		t.Errorf("ingress %+v", ing)
	}
	if _, err := render(t, "--set", "ingress.enabled=true", "--set", "ingress.certManagerClusterIssuer=letsencrypt"); err == nil || !strings.Contains(err.Error(), "tlsSecretName") {
		t.Errorf("an issuer without a TLS Secret: %v, want a refusal naming tlsSecretName", err)
	}
}

// TestImageTagAsGiven: the release workflow passes the build id (a short
// commit) with --set; an all-digit one arrives as a number, with or
// without leading zeros, and must come out as written.
func TestImageTagAsGiven(t *testing.T) {
	for _, tag := range []string{"3ac003e", "1234567", "0123456"} {
		out, err := render(t, "--set", "image.repository=registry.example/site", "--set", "image.tag="+tag)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range decode(t, out).deployments {
			if c := onlyContainer(t, d); c.Image != "registry.example/site:"+tag {
				t.Errorf("--set image.tag=%s: %s image %q", tag, d.Name, c.Image)
			}
		}
	}
}

func TestNoPreStopSleepWhenZero(t *testing.T) {
	out, err := render(t, "--set", "preStopSleepSeconds=0")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range decode(t, out).deployments {
		if c := onlyContainer(t, d); c.Lifecycle != nil {
			t.Errorf("%s: lifecycle %+v with preStopSleepSeconds=0", d.Name, c.Lifecycle)
		}
	}
}

// TestFeedOwnerWithoutClaim: the owner on an emptyDir, or stopped.
func TestFeedOwnerWithoutClaim(t *testing.T) {
	out, err := render(t, "--set", "feed.persistence.enabled=false")
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, out)
	if len(m.claims) != 0 {
		t.Errorf("claims %v with feed.persistence off", keys(m.claims))
	}
	feed := m.deployments[feedName]
	if v := feed.Spec.Template.Spec.Volumes; len(v) != 1 || v[0].EmptyDir == nil || v[0].EmptyDir.SizeLimit == nil {
		t.Errorf("feed owner /data %+v, want an emptyDir with a size limit", v)
	}

	out, err = render(t, "--set", "feed.replicaCount=0")
	if err != nil {
		t.Fatal(err)
	}
	m = decode(t, out)
	if r := m.deployments[feedName].Spec.Replicas; r == nil || *r != 0 {
		t.Errorf("feed owner replicas %v, want 0 (stopped)", r)
	}
	if m.claims[claimName] == nil {
		t.Error("the claim went with the stopped owner: its snapshot would be lost")
	}
}

// TestTrustedProxies: both Deployments believe X-Forwarded-For only from the
// proxies named, and from none by default.
func TestTrustedProxies(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, ""},
		{[]string{"--set", "trustedProxies={10.244.0.0/16,10.96.0.0/12}"}, "10.244.0.0/16,10.96.0.0/12"},
	} {
		out, err := render(t, tc.args...)
		if err != nil {
			t.Fatal(err)
		}
		for name, d := range decode(t, out).deployments {
			got, set := envOf(onlyContainer(t, d))["TRUSTED_PROXIES"]
			if got != tc.want || set != (tc.want != "") {
				t.Errorf("%v: %s TRUSTED_PROXIES %q (set %v), want %q", tc.args, name, got, set, tc.want)
			}
		}
	}
}

// TestFeedURLFollowsNames: FEED_URL follows the release's names and the
// owner's Service port.
func TestFeedURLFollowsNames(t *testing.T) {
	out, err := render(t, "--set", "fullnameOverride=www", "--set", "feed.service.port=8123")
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, out)
	web, feed := m.deployments["www"], m.deployments["www-feed"]
	if web == nil || feed == nil {
		t.Fatalf("Deployments %v, want www and www-feed", keys(m.deployments))
	}
	if got := envOf(onlyContainer(t, web))["FEED_URL"]; got != "http://www-feed:8123" {
		t.Errorf("FEED_URL %q, want http://www-feed:8123", got)
	}
	checkFeed(t, m, feed, web)
}

func onlyContainer(t *testing.T, d *appsv1.Deployment) corev1.Container {
	t.Helper()
	if d == nil || len(d.Spec.Template.Spec.Containers) != 1 {
		t.Fatal(errors.New("want one Deployment with one container"))
	}
	return d.Spec.Template.Spec.Containers[0]
}

func envOf(c corev1.Container) map[string]string {
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	return env
}

// secretKeys lists the container's variables taken from a Secret, as
// "secret/key", in order; each must be optional (a key the Secret lacks
// leaves its variable unset rather than stopping the pod).
func secretKeys(c corev1.Container) []string {
	var out []string
	for _, e := range c.Env {
		if e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil {
			continue
		}
		r := e.ValueFrom.SecretKeyRef
		if r.Key != e.Name || r.Optional == nil || !*r.Optional {
			out = append(out, "not-optional-or-renamed:"+e.Name)
			continue
		}
		out = append(out, r.Name+"/"+r.Key)
	}
	return out
}

func prefixed(prefix string, list []string) string {
	var out []string
	for _, s := range list {
		out = append(out, prefix+s)
	}
	return strings.Join(out, " ")
}

// selects reports whether a Service's or a selector's labels pick d's pods.
func selects(selector map[string]string, d *appsv1.Deployment) bool {
	if len(selector) == 0 {
		return false
	}
	for k, v := range selector {
		if d.Spec.Template.Labels[k] != v {
			return false
		}
	}
	return true
}

func hasPort(c corev1.Container, name string) bool {
	for _, p := range c.Ports {
		if p.Name == name {
			return true
		}
	}
	return false
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
