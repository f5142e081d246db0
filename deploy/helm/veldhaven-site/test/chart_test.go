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
	"os"
	"os/exec"
	"path/filepath"
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

func TestDefaults(t *testing.T) {
	out, err := render(t)
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, out)
	if len(m.ingresses)+len(m.hpas)+len(m.claims) != 0 {
		t.Errorf("optional objects on by default: %d ingresses, %d autoscalers, %d claims", len(m.ingresses), len(m.hpas), len(m.claims))
	}
	d := m.deployments["site-veldhaven-site"]
	if d == nil {
		t.Fatalf("no Deployment site-veldhaven-site; have %v", keys(m.deployments))
	}
	if d.Spec.Replicas == nil || *d.Spec.Replicas != 2 {
		t.Errorf("replicas %v, want 2", d.Spec.Replicas)
	}
	pod := d.Spec.Template.Spec
	c := onlyContainer(t, d)
	if c.Image != "veldhaven-site:dev" {
		t.Errorf("image %q, want veldhaven-site:dev (the chart's appVersion)", c.Image)
	}
	if vol := pod.Volumes; len(vol) != 1 || vol[0].EmptyDir == nil || vol[0].EmptyDir.SizeLimit == nil {
		t.Errorf("/data: %+v, want an emptyDir with a size limit", vol)
	}
	env := envOf(c)
	for k, want := range map[string]string{"DATA_DIR": "/data", "PORT": "8080", "SITE_URL": "https://www.veldhaven.eu", "METRICS_ADDR": ":9090"} {
		if env[k] != want {
			t.Errorf("env %s=%q, want %q", k, env[k], want)
		}
	}
	if len(c.EnvFrom) != 0 {
		t.Errorf("envFrom %+v without existingSecret", c.EnvFrom)
	}
	if d.Spec.Template.Annotations["prometheus.io/port"] != "9090" {
		t.Errorf("pod annotations %v: no scrape port", d.Spec.Template.Annotations)
	}
	checkPod(t, d)
	checkPublicService(t, m, d)
	if pdb := m.pdbs["site-veldhaven-site"]; pdb == nil || pdb.Spec.MaxUnavailable == nil || pdb.Spec.MaxUnavailable.IntValue() != 1 {
		t.Errorf("PodDisruptionBudget %+v, want maxUnavailable 1", pdb)
	}
}

func TestEveryOptionalPartOn(t *testing.T) {
	out, err := render(t, "-f", filepath.Join(chartDir, "ci", "all-on-values.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, out)
	d := m.deployments["site-veldhaven-site"]
	if d == nil {
		t.Fatalf("no Deployment; have %v", keys(m.deployments))
	}
	if d.Spec.Replicas != nil {
		t.Errorf("replicas %d set while the autoscaler decides", *d.Spec.Replicas)
	}
	c := onlyContainer(t, d)
	if !strings.HasPrefix(c.Image, "veldhaven-site@sha256:") {
		t.Errorf("image %q, want the digest", c.Image)
	}
	if len(c.EnvFrom) != 1 || c.EnvFrom[0].SecretRef == nil || c.EnvFrom[0].SecretRef.Name != "veldhaven-site-secrets" {
		t.Errorf("envFrom %+v, want the existing Secret", c.EnvFrom)
	}
	if env := envOf(c); env["CMS_GITHUB_BRANCH"] != "main" || env["SECURITY_CONTACT"] != "mailto:security@veldhaven.eu" {
		t.Errorf("env %v lacks extraEnv or the security contact", env)
	}
	checkPod(t, d)
	checkPublicService(t, m, d)

	ms := m.services["site-veldhaven-site-metrics"]
	if ms == nil || len(ms.Spec.Ports) != 1 || ms.Spec.Ports[0].TargetPort.String() != "metrics" || ms.Spec.Type != corev1.ServiceTypeClusterIP {
		t.Errorf("metrics Service %+v, want one ClusterIP port to the metrics port", ms)
	}
	claim := m.claims["site-veldhaven-site-data"]
	if claim == nil || claim.Spec.StorageClassName == nil || *claim.Spec.StorageClassName != "shared" {
		t.Fatalf("claim %+v", claim)
	}
	if v := d.Spec.Template.Spec.Volumes; len(v) != 1 || v[0].PersistentVolumeClaim == nil || v[0].PersistentVolumeClaim.ClaimName != claim.Name {
		t.Errorf("/data volume %+v, want the claim", v)
	}
	ing := m.ingresses["site-veldhaven-site"]
	if ing == nil || ing.Spec.IngressClassName == nil || *ing.Spec.IngressClassName != "nginx" {
		t.Fatalf("ingress %+v", ing)
	}
	if len(ing.Spec.TLS) != 1 || ing.Spec.TLS[0].SecretName != "www-veldhaven-eu-tls" || ing.Spec.Rules[0].Host != "www.veldhaven.eu" {
		t.Errorf("ingress TLS %+v rules %+v", ing.Spec.TLS, ing.Spec.Rules)
	}
	if b := ing.Spec.Rules[0].HTTP.Paths[0].Backend.Service; b == nil || b.Name != "site-veldhaven-site" || b.Port.Name != "http" {
		t.Errorf("ingress backend %+v, want the public Service's http port", b)
	}
	hpa := m.hpas["site-veldhaven-site"]
	if hpa == nil || hpa.Spec.ScaleTargetRef.Name != d.Name || hpa.Spec.MaxReplicas != 4 || hpa.Spec.MinReplicas == nil || *hpa.Spec.MinReplicas != 2 {
		t.Errorf("autoscaler %+v", hpa)
	}
	if m.accounts["site-veldhaven-site"] == nil || d.Spec.Template.Spec.ServiceAccountName != "site-veldhaven-site" {
		t.Errorf("service account: %v, pod uses %q", keys(m.accounts), d.Spec.Template.Spec.ServiceAccountName)
	}
	if m.pdbs["site-veldhaven-site"] == nil {
		t.Error("no PodDisruptionBudget")
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
		t.Error("a service account token is mounted; the server needs none")
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
	for k, v := range s.Spec.Selector {
		if d.Spec.Template.Labels[k] != v {
			t.Errorf("the Service selects %s=%s, which the pods lack", k, v)
		}
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

// TestImageTagAsGiven: the release workflow passes the build id (a short
// commit) with --set; an all-digit one arrives as a number, with or
// without leading zeros, and must come out as written.
func TestImageTagAsGiven(t *testing.T) {
	for _, tag := range []string{"3ac003e", "1234567", "0123456"} {
		out, err := render(t, "--set", "image.repository=registry.example/site", "--set", "image.tag="+tag)
		if err != nil {
			t.Fatal(err)
		}
		d := decode(t, out).deployments["site-veldhaven-site"]
		if c := onlyContainer(t, d); c.Image != "registry.example/site:"+tag {
			t.Errorf("--set image.tag=%s: image %q", tag, c.Image)
		}
	}
}

func TestNoPreStopSleepWhenZero(t *testing.T) {
	out, err := render(t, "--set", "preStopSleepSeconds=0")
	if err != nil {
		t.Fatal(err)
	}
	d := decode(t, out).deployments["site-veldhaven-site"]
	if c := onlyContainer(t, d); c.Lifecycle != nil {
		t.Errorf("lifecycle %+v with preStopSleepSeconds=0", c.Lifecycle)
	}
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

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
