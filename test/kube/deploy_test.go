package kube

// scripts/deploy.sh, as the release and preview workflows run it, against a
// real control plane (cluster_test.go) set up exactly as docs/deploy.md
// tells the cluster's owner to: deploy/cluster/deploy-identity.yaml (two
// namespaces restricted by Pod Security admission, a deploy identity for
// each bound to `admin` and the routes-and-monitoring role there only,
// nothing at cluster scope), the Gateway API and Prometheus Operator CRDs,
// deploy/cluster/gateway.example.yaml, and a StorageClass with volumes.

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
)

const (
	repoRoot    = "../.."
	production  = "veldhaven"
	previews    = "veldhaven-previews"
	prodRelease = "veldhaven-site"
	// The image as the workflows pass it (GitHub keeps the owner's capitals;
	// the script lowers them).
	image = "ghcr.io/Veldhaven/Site"
	// kwok keeps pods of this image running but never ready
	// (stages/pod-never-ready.yaml): a release that cannot serve.
	neverReady = "never-ready"
	// The class of testdata/volumes.yaml, named as PRODUCTION_STORAGE_CLASS.
	storageClass = "veldhaven-test"
	// deploy/cluster/gateway.example.yaml's Gateway and listeners.
	gatewayName, gatewayNamespace = "veldhaven", "veldhaven-gateway"
)

// The chart's Gateway API and Prometheus Operator kinds.
var (
	httpRoutes      = schema.GroupVersionResource{Group: "gateway.networking.k8s.io", Version: "v1", Resource: "httproutes"}
	podMonitors     = schema.GroupVersionResource{Group: "monitoring.coreos.com", Version: "v1", Resource: "podmonitors"}
	prometheusRules = schema.GroupVersionResource{Group: "monitoring.coreos.com", Version: "v1", Resource: "prometheusrules"}
)

// digestOf is the image digest the test gives a tag: production runs images
// by digest (IMAGE_DIGEST), and kwok pulls nothing, so any digest will do as
// long as each tag has its own.
func digestOf(tag string) string {
	sum := sha256.Sum256([]byte(tag))
	return "sha256:" + hex.EncodeToString(sum[:])
}

func TestDeploy(t *testing.T) {
	tl := toolsFromEnv(t)
	c := startCluster(t, tl, portsFromEnv(t))
	ctx := context.Background()

	// The cluster owner's part (docs/deploy.md, steps 1 and 2), with the
	// admin's rights: the identities, the CRDs a cluster with the Gateway
	// API and the Prometheus Operator has, the example Gateway, storage.
	c.apply(t, filepath.Join(repoRoot, "deploy/cluster/deploy-identity.yaml"))
	c.installCRDs(t, tl.crds)
	c.apply(t, filepath.Join(repoRoot, "deploy/cluster/gateway.example.yaml"))
	c.apply(t, "testdata/volumes.yaml")
	e := &deployEnv{
		t: t, c: c, tl: tl, dir: t.TempDir(),
		productionConfig: c.tokenKubeconfig(t, production, "deployer"),
		previewConfig:    c.tokenKubeconfig(t, previews, "preview-deployer"),
	}

	identities := []struct{ name, config, own, other string }{
		{"production (deployer)", e.productionConfig, production, previews},
		{"preview (preview-deployer)", e.previewConfig, previews, production},
	}
	t.Run("each deploy identity reaches its own namespace only", func(t *testing.T) {
		for _, id := range identities {
			cfg, err := clientcmd.RESTConfigFromKubeConfig([]byte(id.config))
			if err != nil {
				t.Fatal(err)
			}
			client := kubernetes.NewForConfigOrDie(cfg)
			_, err = client.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "veldhaven-other"}}, metav1.CreateOptions{})
			if !apierrors.IsForbidden(err) {
				t.Errorf("%s creating a namespace: %v, want forbidden", id.name, err)
			}
			if _, err := client.CoreV1().Nodes().List(ctx, metav1.ListOptions{}); !apierrors.IsForbidden(err) {
				t.Errorf("%s listing nodes: %v, want forbidden", id.name, err)
			}
			if _, err := client.CoreV1().Secrets(id.own).List(ctx, metav1.ListOptions{}); err != nil {
				t.Errorf("%s listing secrets in its own %s: %v", id.name, id.own, err)
			}
			// Helm keeps its releases as Secrets: no Secret, no release.
			if _, err := client.CoreV1().Secrets(id.other).List(ctx, metav1.ListOptions{LabelSelector: "owner=helm"}); !apierrors.IsForbidden(err) {
				t.Errorf("%s listing Helm's release Secrets in %s: %v, want forbidden", id.name, id.other, err)
			}
			if _, err := client.CoreV1().Secrets(gatewayNamespace).List(ctx, metav1.ListOptions{}); !apierrors.IsForbidden(err) {
				t.Errorf("%s listing the Gateway's certificates in %s: %v, want forbidden", id.name, gatewayNamespace, err)
			}
			dyn := dynamic.NewForConfigOrDie(cfg)
			for _, gvr := range []schema.GroupVersionResource{httpRoutes, podMonitors, prometheusRules} {
				if _, err := dyn.Resource(gvr).Namespace(id.own).List(ctx, metav1.ListOptions{}); err != nil {
					t.Errorf("%s listing %s in its own %s: %v", id.name, gvr.Resource, id.own, err)
				}
				if _, err := dyn.Resource(gvr).Namespace(id.other).List(ctx, metav1.ListOptions{}); !apierrors.IsForbidden(err) {
					t.Errorf("%s listing %s in %s: %v, want forbidden", id.name, gvr.Resource, id.other, err)
				}
			}
		}
	})

	t.Run("the preview identity cannot deploy to production", func(t *testing.T) {
		// What a pull request's code could try with the preview
		// environment's KUBE_CONFIG.
		r := e.run(map[string]string{"KUBE_CONFIG": e.previewConfig, "IMAGE_TAG": "sha-x"}, "production")
		if r.err == nil {
			t.Fatalf("production with the preview identity: exit 0\n%s", r.out)
		}
		if !strings.Contains(r.out, `namespace "veldhaven"`) {
			t.Errorf("no word of the namespace in:\n%s", r.out)
		}
		if rev, st := e.latest(t, production, prodRelease); rev != 0 {
			t.Errorf("release %s: revision %d %s made by the preview identity", prodRelease, rev, st)
		}
	})

	t.Run("the production identity cannot touch previews", func(t *testing.T) {
		for _, args := range [][]string{{"preview", "7"}, {"teardown", "7"}, {"sweep-previews", "none"}} {
			r := e.run(map[string]string{"KUBE_CONFIG": e.productionConfig, "IMAGE_TAG": "sha-x"}, args...)
			if r.err == nil || !strings.Contains(r.out, `namespace "veldhaven-previews"`) {
				t.Errorf("%s with the production identity: %v, want refused naming the namespace\n%s", strings.Join(args, " "), r.err, r.out)
			}
		}
		if rev, st := e.latest(t, previews, "site-pr-7"); rev != 0 {
			t.Errorf("release site-pr-7: revision %d %s made by the production identity", rev, st)
		}
	})

	t.Run("the restricted namespaces refuse a privileged pod", func(t *testing.T) {
		// What admits the chart's pods is the real Pod Security admission.
		root := int64(0)
		pod := &corev1.Pod{
			ObjectMeta: metav1.ObjectMeta{Name: "root"},
			Spec: corev1.PodSpec{Containers: []corev1.Container{{
				Name: "c", Image: "busybox", SecurityContext: &corev1.SecurityContext{RunAsUser: &root},
			}}},
		}
		_, err := c.client.CoreV1().Pods(production).Create(ctx, pod, metav1.CreateOptions{})
		if !apierrors.IsForbidden(err) || !strings.Contains(err.Error(), "violates PodSecurity \"restricted") {
			t.Errorf("a pod running as root in %s: %v, want refused by PodSecurity restricted", production, err)
		}
	})

	t.Run("a namespace the owner has not made is named, not created", func(t *testing.T) {
		r := e.run(map[string]string{"PREVIEW_NAMESPACE": "veldhaven-missing", "IMAGE_TAG": "sha-a"}, "preview", "7")
		if r.err == nil {
			t.Fatalf("preview into a namespace that does not exist: exit 0\n%s", r.out)
		}
		for _, want := range []string{`namespace "veldhaven-missing"`, "cluster's owner", "docs/deploy.md"} {
			if !strings.Contains(r.out, want) {
				t.Errorf("no %q in:\n%s", want, r.out)
			}
		}
		if _, err := c.client.CoreV1().Namespaces().Get(ctx, "veldhaven-missing", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
			t.Errorf("namespace veldhaven-missing: %v, want not found", err)
		}
	})

	t.Run("first production install", func(t *testing.T) {
		r := e.run(map[string]string{"IMAGE_TAG": "sha-1"}, "production")
		if r.err != nil {
			t.Fatalf("production: %v\n%s", r.err, r.out)
		}
		if r.outputs["url"] != "https://www.veldhaven.eu" {
			t.Errorf("url output %q", r.outputs["url"])
		}
		e.expectLive(t, production, prodRelease, "sha-1", 1)
		e.expectClaimsBound(t, production, prodRelease)
		e.expectRoute(t, production, prodRelease, "www", "www.veldhaven.eu")
		e.expectMonitoring(t, production, prodRelease)
	})

	t.Run("one owner: a second pod naming the feed claim is not scheduled", func(t *testing.T) {
		// What an evicted owner's replacement, or any other pod, meets
		// while the owner runs: the claim is ReadWriteOncePod, and the
		// scheduler's VolumeRestrictions plugin holds the pod back on
		// every node (ReadWriteOnce would let it onto the owner's node).
		claim := prodRelease + "-feed-data"
		no, yes := false, true
		uid := int64(65532)
		pod := &corev1.Pod{
			ObjectMeta: metav1.ObjectMeta{Name: "second-owner"},
			Spec: corev1.PodSpec{
				SecurityContext: &corev1.PodSecurityContext{RunAsNonRoot: &yes, RunAsUser: &uid, SeccompProfile: &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeRuntimeDefault}},
				Containers: []corev1.Container{{
					Name: "c", Image: strings.ToLower(image) + "@" + digestOf("sha-1"),
					SecurityContext: &corev1.SecurityContext{AllowPrivilegeEscalation: &no, Capabilities: &corev1.Capabilities{Drop: []corev1.Capability{"ALL"}}},
					VolumeMounts:    []corev1.VolumeMount{{Name: "data", MountPath: "/data"}},
				}},
				Volumes: []corev1.Volume{{Name: "data", VolumeSource: corev1.VolumeSource{PersistentVolumeClaim: &corev1.PersistentVolumeClaimVolumeSource{ClaimName: claim}}}},
			},
		}
		if _, err := c.client.CoreV1().Pods(production).Create(ctx, pod, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
		defer func() {
			zero := int64(0)
			_ = c.client.CoreV1().Pods(production).Delete(ctx, pod.Name, metav1.DeleteOptions{GracePeriodSeconds: &zero})
			c.waitFor(t, "the second pod to be gone", time.Minute, func(ctx context.Context) (bool, error) {
				_, err := c.client.CoreV1().Pods(production).Get(ctx, pod.Name, metav1.GetOptions{})
				return apierrors.IsNotFound(err), nil
			})
		}()
		var message string
		c.waitFor(t, "the scheduler to refuse the second pod", time.Minute, func(ctx context.Context) (bool, error) {
			p, err := c.client.CoreV1().Pods(production).Get(ctx, pod.Name, metav1.GetOptions{})
			if err != nil {
				return false, err
			}
			if p.Spec.NodeName != "" {
				return false, fmt.Errorf("the second pod naming %s was scheduled to %s", claim, p.Spec.NodeName)
			}
			for _, cond := range p.Status.Conditions {
				if cond.Type == corev1.PodScheduled && cond.Status == corev1.ConditionFalse && cond.Reason == corev1.PodReasonUnschedulable {
					message = cond.Message
					return true, nil
				}
			}
			return false, nil
		})
		if !strings.Contains(message, "ReadWriteOncePod") {
			t.Errorf("unschedulable for %q, want the ReadWriteOncePod conflict", message)
		}
		// Still held back a moment later: not a race with the owner's start.
		time.Sleep(3 * time.Second)
		if p, err := c.client.CoreV1().Pods(production).Get(ctx, pod.Name, metav1.GetOptions{}); err != nil || p.Spec.NodeName != "" {
			t.Errorf("the second pod: %v, scheduled to %q", err, p.Spec.NodeName)
		}
	})

	t.Run("upgrade", func(t *testing.T) {
		r := e.run(map[string]string{"IMAGE_TAG": "sha-2"}, "production")
		if r.err != nil {
			t.Fatalf("production: %v\n%s", r.err, r.out)
		}
		e.expectLive(t, production, prodRelease, "sha-2", 2)
	})

	t.Run("an upgrade that never gets ready is rolled back and fails", func(t *testing.T) {
		r := e.run(map[string]string{"IMAGE_TAG": neverReady, "DEPLOY_TIMEOUT": "120s"}, "production")
		if r.err == nil {
			t.Fatalf("an upgrade whose pods never get ready: exit 0\n%s", r.out)
		}
		// Helm's --atomic made revision 4 from revision 2.
		e.expectLive(t, production, prodRelease, "sha-2", 4)
		if t.Failed() {
			t.Logf("the deploy's output:\n%s", r.out)
		}
		if !strings.Contains(r.outputs["result"], "sha-2") || !strings.Contains(r.out, "sha-2") {
			t.Errorf("the failure does not say what is live (sha-2): result %q\n%s", r.outputs["result"], r.out)
		}
	})

	t.Run("a failed smoke test rolls back to the release before", func(t *testing.T) {
		r := e.run(map[string]string{"IMAGE_TAG": "sha-3"}, "production")
		if r.err != nil {
			t.Fatalf("production: %v\n%s", r.err, r.out)
		}
		e.expectLive(t, production, prodRelease, "sha-3", 5)
		// What release.yml runs when the smoke test of sha-3 fails.
		r = e.run(map[string]string{"IMAGE_TAG": "sha-3"}, "rollback", "production")
		if r.err != nil {
			t.Fatalf("rollback: %v\n%s", r.err, r.out)
		}
		e.expectLive(t, production, prodRelease, "sha-2", 6)
		if res := r.outputs["result"]; !strings.Contains(res, "rolled back") || !strings.Contains(res, "sha-2") {
			t.Errorf("result %q: want what it rolled back to", res)
		}
		// A second rollback for the same commit (a re-run of the job) must
		// not go further back: sha-3 is no longer live.
		r = e.run(map[string]string{"IMAGE_TAG": "sha-3"}, "rollback", "production")
		if r.err == nil {
			t.Errorf("a rollback of sha-3 when sha-2 is live: exit 0\n%s", r.out)
		}
		e.expectLive(t, production, prodRelease, "sha-2", 6)
	})

	t.Run("a production deploy killed mid-way leaves the next one able to proceed", func(t *testing.T) {
		e.killWhenPending(t, production, prodRelease, "pending-upgrade", map[string]string{"IMAGE_TAG": neverReady}, "production")
		r := e.run(map[string]string{"IMAGE_TAG": "sha-4"}, "production")
		if r.err != nil {
			t.Fatalf("the run after a killed one: %v\n%s", r.err, r.out)
		}
		e.expectLive(t, production, prodRelease, "sha-4", 0)
	})

	t.Run("preview install and teardown", func(t *testing.T) {
		r := e.run(map[string]string{"IMAGE_TAG": "sha-p1"}, "preview", "12")
		if r.err != nil {
			t.Fatalf("preview: %v\n%s", r.err, r.out)
		}
		if r.outputs["url"] != "https://pr-12.preview.veldhaven.eu" {
			t.Errorf("url output %q", r.outputs["url"])
		}
		e.expectLive(t, previews, "site-pr-12", "sha-p1", 1)
		e.expectRoute(t, previews, "site-pr-12", "previews", "pr-12.preview.veldhaven.eu")
		e.expectMonitoring(t, previews, "site-pr-12")
		r = e.run(map[string]string{"IMAGE_TAG": "sha-p2"}, "preview", "12")
		if r.err != nil {
			t.Fatalf("preview, second push: %v\n%s", r.err, r.out)
		}
		e.expectLive(t, previews, "site-pr-12", "sha-p2", 2)
		r = e.run(nil, "teardown", "12")
		if r.err != nil {
			t.Fatalf("teardown: %v\n%s", r.err, r.out)
		}
		e.expectGone(t, previews, "site-pr-12")
		// Torn down twice (a re-run): nothing to do, no error.
		if r := e.run(nil, "teardown", "12"); r.err != nil {
			t.Errorf("second teardown: %v\n%s", r.err, r.out)
		}
	})

	t.Run("a preview cancelled during its first install leaves the next push able to proceed", func(t *testing.T) {
		e.killWhenPending(t, previews, "site-pr-13", "pending-install", map[string]string{"IMAGE_TAG": neverReady}, "preview", "13")
		r := e.run(map[string]string{"IMAGE_TAG": "sha-p3"}, "preview", "13")
		if r.err != nil {
			t.Fatalf("the push after a cancelled one: %v\n%s", r.err, r.out)
		}
		e.expectLive(t, previews, "site-pr-13", "sha-p3", 0)
		if r := e.run(nil, "teardown", "13"); r.err != nil {
			t.Fatalf("teardown: %v\n%s", r.err, r.out)
		}
		e.expectGone(t, previews, "site-pr-13")
	})

	t.Run("the sweeper removes the previews of pull requests no longer open", func(t *testing.T) {
		for _, pr := range []string{"21", "22"} {
			if r := e.run(map[string]string{"IMAGE_TAG": "sha-s" + pr}, "preview", pr); r.err != nil {
				t.Fatalf("preview %s: %v\n%s", pr, r.err, r.out)
			}
		}
		// 22 and 30 are open; 21's `closed` run never ran.
		r := e.run(nil, "sweep-previews", "22", "30")
		if r.err != nil {
			t.Fatalf("sweep-previews 22 30: %v\n%s", r.err, r.out)
		}
		if r.outputs["swept"] != "site-pr-21" {
			t.Errorf("swept output %q, want site-pr-21", r.outputs["swept"])
		}
		e.expectGone(t, previews, "site-pr-21")
		e.expectLive(t, previews, "site-pr-22", "sha-s22", 1)
		// None open: the last goes too.
		if r := e.run(nil, "sweep-previews", "none"); r.err != nil || r.outputs["swept"] != "site-pr-22" {
			t.Fatalf("sweep-previews none: %v, swept %q\n%s", r.err, r.outputs["swept"], r.out)
		}
		e.expectGone(t, previews, "site-pr-22")
	})

	t.Run("production is untouched by the previews", func(t *testing.T) {
		e.expectLive(t, production, prodRelease, "sha-4", 0)
	})
}

// stopOnSignal stops the cluster and removes its files when the test
// binary is interrupted (Ctrl-C, or go test's own timeout signal).
func stopOnSignal(t *testing.T, c *cluster) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	t.Cleanup(func() { signal.Stop(sigs); close(done) })
	go func() {
		select {
		case s := <-sigs:
			for _, pid := range c.pids() {
				_ = syscall.Kill(-pid, syscall.SIGKILL)
			}
			// The test's temporary root: the cluster's files and the deploys'.
			_ = os.RemoveAll(filepath.Dir(c.dir))
			fmt.Fprintf(os.Stderr, "test-kube: %v: control plane stopped\n", s)
			os.Exit(2)
		case <-done:
		}
	}()
}

// tokenKubeconfig is a deploy identity's kubeconfig, as the owner exports
// it for its environment's secret KUBE_CONFIG: the service account's token
// from the Secret <account>-token the token controller fills.
func (c *cluster) tokenKubeconfig(t *testing.T, ns, account string) string {
	t.Helper()
	var token string
	c.waitFor(t, account+"'s token", time.Minute, func(ctx context.Context) (bool, error) {
		s, err := c.client.CoreV1().Secrets(ns).Get(ctx, account+"-token", metav1.GetOptions{})
		if err != nil {
			return false, nil
		}
		token = string(s.Data["token"])
		return token != "", nil
	})
	return kubeconfigText(c.server, c.caPEM, account, nil, nil, token)
}

type deployEnv struct {
	t  *testing.T
	c  *cluster
	tl tools
	// The KUBE_CONFIG of the `production` and `preview` environments.
	productionConfig, previewConfig string
	dir                             string
	n                               int
}

type result struct {
	out     string
	outputs map[string]string
	err     error
}

// command is scripts/deploy.sh with the environment the workflows give it
// (a clean one: only what the workflow step sets) and a $GITHUB_OUTPUT.
func (e *deployEnv) command(env map[string]string, args ...string) (*exec.Cmd, string) {
	e.n++
	outputFile := filepath.Join(e.dir, "github_output_"+strconv.Itoa(e.n))
	home := filepath.Join(e.dir, "home")
	// Each job runs in its environment: the preview jobs (preview,
	// teardown, the sweeper) with the preview identity, the release's
	// with production's.
	kubeConfig := e.productionConfig
	if len(args) > 0 && (args[0] == "preview" || args[0] == "teardown" || args[0] == "sweep-previews") {
		kubeConfig = e.previewConfig
	}
	base := map[string]string{
		"PATH": os.Getenv("PATH"),
		"HOME": home,
		// The script's temporary kubeconfig (the token) stays in the test's
		// folder even when a run is killed before its trap removes it.
		"TMPDIR":      e.dir,
		"HELM":        e.tl.helm,
		"KUBE_CONFIG": kubeConfig,
		"IMAGE":       image,
		// The hosts of deploy/cluster/gateway.example.yaml's listeners.
		"PRODUCTION_URL":              "https://www.veldhaven.eu",
		"PREVIEW_DOMAIN":              "preview.veldhaven.eu",
		"PRODUCTION_PERSISTENCE":      "true",
		"PRODUCTION_STORAGE_CLASS":    storageClass,
		"GATEWAY_NAME":                gatewayName,
		"GATEWAY_NAMESPACE":           gatewayNamespace,
		"PRODUCTION_GATEWAY_LISTENER": "www",
		"PREVIEW_GATEWAY_LISTENER":    "previews",
		// What kube-prometheus-stack selects by, and a key with dots.
		"MONITORING_LABELS": "release=kube-prometheus-stack,app.kubernetes.io/part-of=monitoring",
		"DEPLOY_TIMEOUT":    "180s",
		"GITHUB_OUTPUT":     outputFile,
	}
	// Production runs the image by the digest the release passes.
	if tag := env["IMAGE_TAG"]; tag != "" {
		base["IMAGE_DIGEST"] = digestOf(tag)
	}
	for k, v := range env {
		base[k] = v
	}
	cmd := exec.Command(filepath.Join(repoRoot, "scripts/deploy.sh"), args...)
	for k, v := range base {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd, outputFile
}

func (e *deployEnv) run(env map[string]string, args ...string) result {
	e.t.Helper()
	cmd, outputFile := e.command(env, args...)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	e.t.Logf("scripts/deploy.sh %s (IMAGE_TAG %s): %v in %.1f s", strings.Join(args, " "), env["IMAGE_TAG"], exitOf(err), time.Since(start).Seconds())
	return result{out: string(out), outputs: readOutputs(outputFile), err: err}
}

func exitOf(err error) string {
	if err == nil {
		return "exit 0"
	}
	return err.Error()
}

// killWhenPending starts a deploy and kills its whole process group with
// SIGKILL (the runner's last word on a cancelled job) once Helm has marked
// the release pending: the state an interrupted Helm leaves behind.
func (e *deployEnv) killWhenPending(t *testing.T, ns, release, status string, env map[string]string, args ...string) {
	t.Helper()
	cmd, _ := e.command(env, args...)
	logPath := filepath.Join(e.dir, "killed-"+release+".log")
	f, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		select {
		case err := <-exited:
			t.Fatalf("the deploy ended (%v) before the release was %s:\n%s", err, status, tail(logPath, 30))
		default:
		}
		if _, st := e.latest(t, ns, release); st == status {
			break
		}
		if time.Now().After(deadline) {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			t.Fatalf("release %s never became %s:\n%s", release, status, tail(logPath, 30))
		}
		time.Sleep(200 * time.Millisecond)
	}
	// Let Helm get into its wait, then kill it.
	time.Sleep(2 * time.Second)
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-exited
	if _, st := e.latest(t, ns, release); st != status {
		t.Fatalf("after the kill, release %s is %q, want it left %s (the case to recover from)", release, st, status)
	}
}

// latest is the newest revision of a release and its status, from Helm's
// own records (Secrets labelled owner=helm).
func (e *deployEnv) latest(t *testing.T, ns, release string) (int, string) {
	t.Helper()
	list, err := e.c.client.CoreV1().Secrets(ns).List(context.Background(), metav1.ListOptions{LabelSelector: "owner=helm,name=" + release})
	if err != nil {
		t.Fatal(err)
	}
	rev, status := 0, ""
	for _, s := range list.Items {
		v, _ := strconv.Atoi(s.Labels["version"])
		if v > rev {
			rev, status = v, s.Labels["status"]
		}
	}
	return rev, status
}

// expectLive: the release's newest revision is deployed (revision rev, or
// any with 0), and every Deployment of it runs the image tag (in production
// by its digest) with all its pods ready and up to date.
func (e *deployEnv) expectLive(t *testing.T, ns, release, tag string, rev int) {
	t.Helper()
	if got, st := e.latest(t, ns, release); st != "deployed" || (rev != 0 && got != rev) {
		t.Errorf("release %s: revision %d %s, want revision %d deployed", release, got, st, rev)
	}
	want := strings.ToLower(image) + ":" + tag
	if ns == production {
		want = strings.ToLower(image) + "@" + digestOf(tag)
	}
	e.c.waitFor(t, "release "+release+" to run "+want+" with every pod ready", 2*time.Minute, func(ctx context.Context) (bool, error) {
		deps, err := e.c.client.AppsV1().Deployments(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/instance=" + release})
		if err != nil {
			return false, err
		}
		if len(deps.Items) == 0 {
			return false, nil
		}
		for _, d := range deps.Items {
			for _, ctr := range d.Spec.Template.Spec.Containers {
				if ctr.Image != want {
					return false, nil
				}
			}
			replicas := int32(1)
			if d.Spec.Replicas != nil {
				replicas = *d.Spec.Replicas
			}
			s := d.Status
			if s.ObservedGeneration < d.Generation || s.UpdatedReplicas != replicas || s.ReadyReplicas != replicas || s.Replicas != replicas {
				return false, nil
			}
		}
		pods, err := e.c.client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/instance=" + release})
		if err != nil {
			return false, err
		}
		for _, p := range pods.Items {
			if p.DeletionTimestamp != nil {
				continue
			}
			if p.Spec.NodeName == "" || p.Spec.Containers[0].Image != want {
				return false, nil
			}
		}
		return true, nil
	})
}

func (e *deployEnv) expectClaimsBound(t *testing.T, ns, release string) {
	t.Helper()
	e.c.waitFor(t, "the release's claims to be bound", time.Minute, func(ctx context.Context) (bool, error) {
		pvcs, err := e.c.client.CoreV1().PersistentVolumeClaims(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/instance=" + release})
		if err != nil {
			return false, err
		}
		if len(pvcs.Items) == 0 {
			return false, fmt.Errorf("release %s has no claim (PRODUCTION_PERSISTENCE=true)", release)
		}
		for _, c := range pvcs.Items {
			if c.Status.Phase != corev1.ClaimBound {
				return false, nil
			}
		}
		return true, nil
	})
	// Bound with the class the deploy named, one pod's access mode.
	pvcs, err := e.c.client.CoreV1().PersistentVolumeClaims(ns).List(context.Background(), metav1.ListOptions{LabelSelector: "app.kubernetes.io/instance=" + release})
	if err != nil {
		t.Fatal(err)
	}
	for _, claim := range pvcs.Items {
		if claim.Spec.StorageClassName == nil || *claim.Spec.StorageClassName != storageClass {
			t.Errorf("claim %s: class %v, want %s (PRODUCTION_STORAGE_CLASS)", claim.Name, claim.Spec.StorageClassName, storageClass)
		}
		if m := claim.Spec.AccessModes; len(m) != 1 || m[0] != corev1.ReadWriteOncePod {
			t.Errorf("claim %s: access modes %v, want ReadWriteOncePod", claim.Name, m)
		}
		pv, err := e.c.client.CoreV1().PersistentVolumes().Get(context.Background(), claim.Spec.VolumeName, metav1.GetOptions{})
		if err != nil || pv.Spec.StorageClassName != storageClass {
			t.Errorf("claim %s bound to %q: %v, class %q", claim.Name, claim.Spec.VolumeName, err, pv.Spec.StorageClassName)
		}
	}
}

// expectRoute: the release's HTTPRoute was admitted by the API server (the
// Gateway API's CRD schema and validation rules) and attaches to the
// example Gateway's listener for the host.
func (e *deployEnv) expectRoute(t *testing.T, ns, release, listener, host string) {
	t.Helper()
	route := e.get(t, httpRoutes, ns, release)
	parents, _, _ := unstructured.NestedSlice(route.Object, "spec", "parentRefs")
	hostnames, _, _ := unstructured.NestedStringSlice(route.Object, "spec", "hostnames")
	if len(parents) != 1 || len(hostnames) != 1 || hostnames[0] != host {
		t.Fatalf("HTTPRoute %s/%s: parentRefs %v hostnames %v, want one parent and %s", ns, release, parents, hostnames, host)
	}
	p, _ := parents[0].(map[string]any)
	if p["name"] != gatewayName || p["namespace"] != gatewayNamespace || p["sectionName"] != listener {
		t.Errorf("HTTPRoute %s/%s attaches to %v, want %s/%s listener %s", ns, release, p, gatewayNamespace, gatewayName, listener)
	}
	// The Ingress is the other way: never both.
	if ings, err := e.c.client.NetworkingV1().Ingresses(ns).List(context.Background(), metav1.ListOptions{LabelSelector: "app.kubernetes.io/instance=" + release}); err != nil || len(ings.Items) != 0 {
		t.Errorf("release %s: Ingresses %v (%v) beside the HTTPRoute", release, ings, err)
	}
}

// expectMonitoring: with the Prometheus Operator's API served, the chart's
// defaults made the PodMonitor and the PrometheusRule with its down
// alerts, and the API server admitted both.
func (e *deployEnv) expectMonitoring(t *testing.T, ns, release string) {
	t.Helper()
	pm := e.get(t, podMonitors, ns, release)
	if eps, _, _ := unstructured.NestedSlice(pm.Object, "spec", "podMetricsEndpoints"); len(eps) != 1 {
		t.Errorf("PodMonitor %s/%s endpoints %v, want the metrics port", ns, release, eps)
	}
	rule := e.get(t, prometheusRules, ns, release)
	// Production carries MONITORING_LABELS (the previews do not).
	if ns == production {
		for _, obj := range []*unstructured.Unstructured{pm, rule} {
			if l := obj.GetLabels(); l["release"] != "kube-prometheus-stack" || l["app.kubernetes.io/part-of"] != "monitoring" {
				t.Errorf("%s %s/%s labels %v: want MONITORING_LABELS on it", obj.GetKind(), ns, release, l)
			}
		}
	}
	groups, _, _ := unstructured.NestedSlice(rule.Object, "spec", "groups")
	alerts := map[string]bool{}
	for _, g := range groups {
		rules, _, _ := unstructured.NestedSlice(g.(map[string]any), "rules")
		for _, r := range rules {
			if a, ok := r.(map[string]any)["alert"].(string); ok {
				alerts[a] = true
			}
		}
	}
	for _, want := range []string{"VeldhavenSiteDown", "VeldhavenFeedOwnerDown", "VeldhavenFeedOld"} {
		if !alerts[want] {
			t.Errorf("PrometheusRule %s/%s: no alert %s in %v", ns, release, want, alerts)
		}
	}
}

// get reads the one object of a CRD's kind that a release made (by its
// instance label: the object's name is the chart's full name, which for
// site-pr-N is site-pr-N-veldhaven-site), with the admin's rights.
func (e *deployEnv) get(t *testing.T, gvr schema.GroupVersionResource, ns, release string) *unstructured.Unstructured {
	t.Helper()
	list, err := dynamic.NewForConfigOrDie(e.c.admin).Resource(gvr).Namespace(ns).List(context.Background(), metav1.ListOptions{LabelSelector: "app.kubernetes.io/instance=" + release})
	if err != nil || len(list.Items) != 1 {
		t.Fatalf("%s of release %s in %s: %v, %d found; want one", gvr.Resource, release, ns, err, len(list.Items))
	}
	return &list.Items[0]
}

// expectGone: no revision of the release is left, nor anything it made.
func (e *deployEnv) expectGone(t *testing.T, ns, release string) {
	t.Helper()
	if rev, st := e.latest(t, ns, release); rev != 0 {
		t.Errorf("release %s: revision %d %s left after teardown", release, rev, st)
	}
	e.c.waitFor(t, "everything of "+release+" to be gone", time.Minute, func(ctx context.Context) (bool, error) {
		sel := metav1.ListOptions{LabelSelector: "app.kubernetes.io/instance=" + release}
		deps, err := e.c.client.AppsV1().Deployments(ns).List(ctx, sel)
		if err != nil {
			return false, err
		}
		svcs, err := e.c.client.CoreV1().Services(ns).List(ctx, sel)
		if err != nil {
			return false, err
		}
		pods, err := e.c.client.CoreV1().Pods(ns).List(ctx, sel)
		if err != nil {
			return false, err
		}
		return len(deps.Items)+len(svcs.Items)+len(pods.Items) == 0, nil
	})
}

// readOutputs reads a $GITHUB_OUTPUT file of key=value lines.
func readOutputs(path string) map[string]string {
	out := map[string]string{}
	f, err := os.Open(path)
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			out[k] = v
		}
	}
	return out
}
