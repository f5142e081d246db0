package kube

// scripts/deploy.sh, as the release and preview workflows run it, against a
// real control plane (cluster_test.go) set up exactly as docs/deploy.md
// tells the cluster's owner to: deploy/cluster/deploy-identity.yaml (two
// namespaces restricted by Pod Security admission, a deploy identity bound
// to `admin` in each, nothing at cluster scope) and storage for the claims.

import (
	"bufio"
	"context"
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
)

func TestDeploy(t *testing.T) {
	tl := toolsFromEnv(t)
	c := startCluster(t, tl, portsFromEnv(t))
	ctx := context.Background()

	// The cluster owner's part (docs/deploy.md, step 1), with the admin's rights.
	c.apply(t, filepath.Join(repoRoot, "deploy/cluster/deploy-identity.yaml"))
	// Storage: a cluster with a default StorageClass provisions claims by
	// itself; this one has none, so the owner makes volumes ahead (no class,
	// which is what a claim without storageClassName binds to then).
	c.apply(t, "testdata/volumes.yaml")
	kubeConfig := c.deployKubeconfig(t)
	e := &deployEnv{t: t, c: c, tl: tl, kubeConfig: kubeConfig, dir: t.TempDir()}

	t.Run("the deploy identity has nothing at cluster scope", func(t *testing.T) {
		cfg, err := clientcmd.RESTConfigFromKubeConfig([]byte(kubeConfig))
		if err != nil {
			t.Fatal(err)
		}
		deployer := kubernetes.NewForConfigOrDie(cfg)
		_, err = deployer.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "veldhaven-other"}}, metav1.CreateOptions{})
		if !apierrors.IsForbidden(err) {
			t.Errorf("deploy identity creating a namespace: %v, want forbidden", err)
		}
		if _, err := deployer.CoreV1().Nodes().List(ctx, metav1.ListOptions{}); !apierrors.IsForbidden(err) {
			t.Errorf("deploy identity listing nodes: %v, want forbidden", err)
		}
		if _, err := deployer.CoreV1().Secrets(previews).List(ctx, metav1.ListOptions{}); err != nil {
			t.Errorf("deploy identity listing secrets in %s: %v", previews, err)
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
		if r.outputs["url"] != "https://www.veldhaven.test" {
			t.Errorf("url output %q", r.outputs["url"])
		}
		e.expectLive(t, production, prodRelease, "sha-1", 1)
		e.expectClaimsBound(t, production, prodRelease)
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
		if r.outputs["url"] != "https://pr-12.preview.veldhaven.test" {
			t.Errorf("url output %q", r.outputs["url"])
		}
		e.expectLive(t, previews, "site-pr-12", "sha-p1", 1)
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

// deployKubeconfig is the deploy identity's kubeconfig, as the owner
// exports it for the repository secret KUBE_CONFIG: the service account's
// token from the Secret the token controller fills.
func (c *cluster) deployKubeconfig(t *testing.T) string {
	t.Helper()
	var token string
	c.waitFor(t, "the deploy identity's token", time.Minute, func(ctx context.Context) (bool, error) {
		s, err := c.client.CoreV1().Secrets(production).Get(ctx, "deployer-token", metav1.GetOptions{})
		if err != nil {
			return false, nil
		}
		token = string(s.Data["token"])
		return token != "", nil
	})
	return kubeconfigText(c.server, c.caPEM, "deployer", nil, nil, token)
}

type deployEnv struct {
	t          *testing.T
	c          *cluster
	tl         tools
	kubeConfig string
	dir        string
	n          int
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
	base := map[string]string{
		"PATH": os.Getenv("PATH"),
		"HOME": home,
		// The script's temporary kubeconfig (the token) stays in the test's
		// folder even when a run is killed before its trap removes it.
		"TMPDIR":                 e.dir,
		"HELM":                   e.tl.helm,
		"KUBE_CONFIG":            e.kubeConfig,
		"IMAGE":                  image,
		"PRODUCTION_URL":         "https://www.veldhaven.test",
		"PREVIEW_DOMAIN":         "preview.veldhaven.test",
		"PRODUCTION_PERSISTENCE": "true",
		"DEPLOY_TIMEOUT":         "180s",
		"GITHUB_OUTPUT":          outputFile,
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
// any with 0), and every Deployment of it runs the image tag with all its
// pods ready and up to date.
func (e *deployEnv) expectLive(t *testing.T, ns, release, tag string, rev int) {
	t.Helper()
	if got, st := e.latest(t, ns, release); st != "deployed" || (rev != 0 && got != rev) {
		t.Errorf("release %s: revision %d %s, want revision %d deployed", release, got, st, rev)
	}
	want := strings.ToLower(image) + ":" + tag
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
