package kube

// A Kubernetes control plane on loopback for the deploy test: etcd,
// kube-apiserver (RBAC, the default admission chain with PodSecurity),
// kube-controller-manager, kube-scheduler and kwok standing in for the
// kubelets, each the real program (built by `make test-kube` into .tools/),
// started the way controller-runtime's envtest and kwokctl's binary runtime
// start them, and stopped whatever happens to the test.

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/restmapper"
	"k8s.io/client-go/tools/clientcmd"
)

// tools are the programs the cluster runs, from the environment
// `make test-kube` sets (KUBE_BIN, KWOK, KWOK_STAGES, KUBE_CRDS, ETCD, HELM).
type tools struct {
	kubeBin, kwok, kwokStages, crds, etcd, helm string
}

func toolsFromEnv(t *testing.T) tools {
	t.Helper()
	tl := tools{
		kubeBin:    os.Getenv("KUBE_BIN"),
		kwok:       os.Getenv("KWOK"),
		kwokStages: os.Getenv("KWOK_STAGES"),
		crds:       os.Getenv("KUBE_CRDS"),
		etcd:       os.Getenv("ETCD"),
		helm:       os.Getenv("HELM"),
	}
	if tl.etcd == "" {
		tl.etcd = "etcd"
	}
	for name, value := range map[string]string{"KUBE_BIN": tl.kubeBin, "KWOK": tl.kwok, "KWOK_STAGES": tl.kwokStages, "KUBE_CRDS": tl.crds, "HELM": tl.helm} {
		if value == "" {
			t.Fatalf("%s not set: run this test with `make test-kube`, which builds the control plane", name)
		}
	}
	for name, path := range map[string]string{
		"KUBE_BIN/kube-apiserver": filepath.Join(tl.kubeBin, "kube-apiserver"),
		"KWOK":                    tl.kwok,
		"KWOK_STAGES":             tl.kwokStages,
		"KUBE_CRDS":               tl.crds,
		"HELM":                    tl.helm,
	} {
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("%s: %v (run `make test-kube`)", name, err)
		}
	}
	if _, err := exec.LookPath(tl.etcd); err != nil {
		t.Fatalf("etcd: %v (scripts/ensure-etcd.sh installs Debian's etcd-server)", err)
	}
	return tl
}

// ports are the loopback ports of one cluster: TEST_KUBE_PORT (19100) and
// the five after it.
type ports struct{ etcd, etcdPeer, apiserver, controllerManager, scheduler, kwok int }

func portsFromEnv(t *testing.T) ports {
	t.Helper()
	base := 19100
	if s := os.Getenv("TEST_KUBE_PORT"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1024 || n > 65000 {
			t.Fatalf("TEST_KUBE_PORT %q: want a port number", s)
		}
		base = n
	}
	p := ports{base, base + 1, base + 2, base + 3, base + 4, base + 5}
	for _, n := range []int{p.etcd, p.etcdPeer, p.apiserver, p.controllerManager, p.scheduler, p.kwok} {
		l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(n)))
		if err != nil {
			t.Fatalf("port %d is taken (set TEST_KUBE_PORT to move the six ports): %v", n, err)
		}
		l.Close()
	}
	return p
}

// cluster is a running control plane.
type cluster struct {
	dir    string
	server string // https://127.0.0.1:<port>
	caPEM  []byte
	admin  *rest.Config
	client *kubernetes.Clientset
	mu     sync.Mutex // guards procs: the signal handler reads them
	procs  []*proc
}

// pids are the process groups of the running components, newest first.
func (c *cluster) pids() []int {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []int
	for i := len(c.procs) - 1; i >= 0; i-- {
		out = append(out, c.procs[i].cmd.Process.Pid)
	}
	return out
}

type proc struct {
	name string
	cmd  *exec.Cmd
	log  string
	done chan struct{}
	err  error
}

// startCluster starts every component and waits until the cluster can take
// a Helm release: the API ready, the aggregated ClusterRoles filled, a node
// Ready. t.Cleanup stops it all; so does an interrupt of the test binary.
func startCluster(t *testing.T, tl tools, p ports) *cluster {
	t.Helper()
	dir := t.TempDir()
	c := &cluster{dir: dir, server: "https://127.0.0.1:" + strconv.Itoa(p.apiserver)}
	t.Cleanup(func() { c.stop(t) })
	stopOnSignal(t, c)

	pki, err := newPKI(filepath.Join(dir, "pki"))
	if err != nil {
		t.Fatal(err)
	}
	c.caPEM = pki.caPEM
	serving, err := pki.issue("kube-apiserver", nil, []net.IP{net.ParseIP("127.0.0.1")}, []string{"localhost", "kubernetes", "kubernetes.default", "kubernetes.default.svc"}, x509.ExtKeyUsageServerAuth)
	if err != nil {
		t.Fatal(err)
	}
	// Client certificates: the admin (system:masters, as kubeadm's
	// admin.conf), the controller manager and the scheduler under the
	// names the default RBAC policy binds (system:kube-controller-manager,
	// system:kube-scheduler), and kwok as an admin (kwokctl does the same).
	admin, err := pki.issue("admin", []string{"system:masters"}, nil, nil, x509.ExtKeyUsageClientAuth)
	if err != nil {
		t.Fatal(err)
	}
	kcm, err := pki.issue("system:kube-controller-manager", nil, nil, nil, x509.ExtKeyUsageClientAuth)
	if err != nil {
		t.Fatal(err)
	}
	sched, err := pki.issue("system:kube-scheduler", nil, nil, nil, x509.ExtKeyUsageClientAuth)
	if err != nil {
		t.Fatal(err)
	}
	saKey, saPub, err := pki.serviceAccountKeys()
	if err != nil {
		t.Fatal(err)
	}

	kubeconfigOf := func(name string, cred certKey) string {
		path := filepath.Join(dir, name+".kubeconfig")
		if err := os.WriteFile(path, []byte(kubeconfigText(c.server, c.caPEM, name, cred.certPEM, cred.keyPEM, "")), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	adminKubeconfig := kubeconfigOf("admin", admin)

	// etcd 3.4 (Debian's etcd-server) on loopback, its data in the test's folder.
	c.start(t, "etcd", tl.etcd, nil,
		"--name=node0",
		"--data-dir="+filepath.Join(dir, "etcd"),
		"--listen-client-urls=http://127.0.0.1:"+strconv.Itoa(p.etcd),
		"--advertise-client-urls=http://127.0.0.1:"+strconv.Itoa(p.etcd),
		"--listen-peer-urls=http://127.0.0.1:"+strconv.Itoa(p.etcdPeer),
		"--initial-advertise-peer-urls=http://127.0.0.1:"+strconv.Itoa(p.etcdPeer),
		"--initial-cluster=node0=http://127.0.0.1:"+strconv.Itoa(p.etcdPeer),
		"--listen-metrics-urls=",
		"--unsafe-no-fsync",
		"--quota-backend-bytes=536870912",
	)

	// The admission chain is the default one (no --enable-admission-plugins):
	// NamespaceLifecycle, LimitRanger, ServiceAccount, PodSecurity,
	// DefaultStorageClass, ..., the validating and mutating webhooks and
	// policies, ResourceQuota. Authorization: RBAC (and Node, as clusters run it).
	c.start(t, "kube-apiserver", filepath.Join(tl.kubeBin, "kube-apiserver"), nil,
		"--etcd-servers=http://127.0.0.1:"+strconv.Itoa(p.etcd),
		"--bind-address=127.0.0.1",
		// Kubernetes 1.37 refuses a loopback address in the endpoints of
		// the `kubernetes` Service; nothing here reaches the API server
		// through that Service, so the reconciler is off instead.
		"--advertise-address=127.0.0.1",
		"--endpoint-reconciler-type=none",
		"--secure-port="+strconv.Itoa(p.apiserver),
		"--cert-dir="+filepath.Join(dir, "apiserver"),
		"--tls-cert-file="+serving.certPath,
		"--tls-private-key-file="+serving.keyPath,
		"--client-ca-file="+pki.caPath,
		"--authorization-mode=Node,RBAC",
		"--service-account-issuer=https://kubernetes.default.svc.cluster.local",
		"--service-account-key-file="+saPub,
		"--service-account-signing-key-file="+saKey,
		"--service-cluster-ip-range=10.96.0.0/16",
		"--allow-privileged=false",
		"--profiling=false",
	)
	cfg, err := clientcmd.BuildConfigFromFlags("", adminKubeconfig)
	if err != nil {
		t.Fatal(err)
	}
	c.admin = cfg
	c.client = kubernetes.NewForConfigOrDie(cfg)
	c.waitFor(t, "the API server to be ready", 3*time.Minute, func(ctx context.Context) (bool, error) {
		_, err := c.client.Discovery().RESTClient().Get().AbsPath("/readyz").DoRaw(ctx)
		return err == nil, nil
	})

	// The controllers the deploy relies on are all in the default set:
	// clusterrole-aggregation (fills admin/edit/view), deployment, replicaset,
	// persistentvolume-binder, namespace, garbage collector, serviceaccount
	// and its token controller (the deploy identity's token), node lifecycle.
	c.start(t, "kube-controller-manager", filepath.Join(tl.kubeBin, "kube-controller-manager"), nil,
		"--kubeconfig="+kubeconfigOf("kube-controller-manager", kcm),
		"--authentication-kubeconfig="+filepath.Join(dir, "kube-controller-manager.kubeconfig"),
		"--authorization-kubeconfig="+filepath.Join(dir, "kube-controller-manager.kubeconfig"),
		"--bind-address=127.0.0.1",
		"--secure-port="+strconv.Itoa(p.controllerManager),
		"--cert-dir="+filepath.Join(dir, "kcm"),
		"--leader-elect=false",
		"--use-service-account-credentials=true",
		"--service-account-private-key-file="+saKey,
		"--root-ca-file="+pki.caPath,
		"--profiling=false",
	)
	c.start(t, "kube-scheduler", filepath.Join(tl.kubeBin, "kube-scheduler"), nil,
		"--kubeconfig="+kubeconfigOf("kube-scheduler", sched),
		"--authentication-kubeconfig="+filepath.Join(dir, "kube-scheduler.kubeconfig"),
		"--authorization-kubeconfig="+filepath.Join(dir, "kube-scheduler.kubeconfig"),
		"--bind-address=127.0.0.1",
		"--secure-port="+strconv.Itoa(p.scheduler),
		"--cert-dir="+filepath.Join(dir, "scheduler"),
		"--leader-elect=false",
		"--profiling=false",
	)

	// kwok plays every kubelet: the node's status and lease, and each pod's
	// life by the stages (kwok's own node and pod stages, and ours).
	stages, err := filepath.Glob(filepath.Join(tl.kwokStages, "*.yaml"))
	if err != nil || len(stages) == 0 {
		t.Fatalf("no kwok stages in %s: %v", tl.kwokStages, err)
	}
	ours, err := filepath.Glob("stages/*.yaml")
	if err != nil || len(ours) == 0 {
		t.Fatalf("no stages in test/kube/stages: %v", err)
	}
	stages = append(stages, ours...)
	kwokArgs := []string{
		"--kubeconfig=" + adminKubeconfig,
		"--manage-all-nodes=true",
		"--server-address=127.0.0.1:" + strconv.Itoa(p.kwok),
		"--node-ip=10.0.0.10",
		"--node-port=" + strconv.Itoa(p.kwok),
		"--node-lease-duration-seconds=40",
	}
	for _, s := range stages {
		kwokArgs = append(kwokArgs, "--config="+s)
	}
	// kwok reads ~/.kwok; give it a home of its own.
	c.start(t, "kwok", tl.kwok, []string{"HOME=" + filepath.Join(dir, "kwok-home")}, kwokArgs...)

	ctx := context.Background()
	node := &corev1.Node{
		ObjectMeta: metav1.ObjectMeta{
			Name:        "kwok-node-0",
			Annotations: map[string]string{"kwok.x-k8s.io/node": "fake", "node.alpha.kubernetes.io/ttl": "0"},
			Labels:      map[string]string{"kubernetes.io/hostname": "kwok-node-0", "kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64", "type": "kwok"},
		},
		Status: corev1.NodeStatus{
			Allocatable: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("32"), corev1.ResourceMemory: resource.MustParse("256Gi"), corev1.ResourcePods: resource.MustParse("110")},
			Capacity:    corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("32"), corev1.ResourceMemory: resource.MustParse("256Gi"), corev1.ResourcePods: resource.MustParse("110")},
		},
	}
	if _, err := c.client.CoreV1().Nodes().Create(ctx, node, metav1.CreateOptions{}); err != nil {
		t.Fatalf("create node: %v", err)
	}
	c.waitFor(t, "the node to be Ready and untainted", 2*time.Minute, func(ctx context.Context) (bool, error) {
		n, err := c.client.CoreV1().Nodes().Get(ctx, node.Name, metav1.GetOptions{})
		if err != nil {
			return false, nil
		}
		for _, taint := range n.Spec.Taints {
			if taint.Effect == corev1.TaintEffectNoSchedule || taint.Effect == corev1.TaintEffectNoExecute {
				return false, nil
			}
		}
		for _, cond := range n.Status.Conditions {
			if cond.Type == corev1.NodeReady {
				return cond.Status == corev1.ConditionTrue, nil
			}
		}
		return false, nil
	})
	// A RoleBinding to admin grants nothing until the aggregation
	// controller has filled the role.
	c.waitFor(t, "the aggregated admin ClusterRole to have rules", 2*time.Minute, func(ctx context.Context) (bool, error) {
		r, err := c.client.RbacV1().ClusterRoles().Get(ctx, "admin", metav1.GetOptions{})
		return err == nil && len(r.Rules) > 0, nil
	})
	return c
}

// start runs one component in its own process group; its output goes to a
// log file shown when the test fails.
func (c *cluster) start(t *testing.T, name, bin string, env []string, args ...string) {
	t.Helper()
	logPath := filepath.Join(c.dir, name+".log")
	f, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = f, f
	cmd.Env = append(os.Environ(), env...)
	// Its own group, so stop reaches whatever it starts; and killed with
	// the test process should that die first.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		f.Close()
		t.Fatalf("start %s: %v", name, err)
	}
	p := &proc{name: name, cmd: cmd, log: logPath, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		f.Close()
		close(p.done)
	}()
	c.mu.Lock()
	c.procs = append(c.procs, p)
	c.mu.Unlock()
}

// stop ends the components in reverse order: SIGTERM, then SIGKILL after
// 10 s. A component that had died before is reported with its log.
func (c *cluster) stop(t *testing.T) {
	for i := len(c.procs) - 1; i >= 0; i-- {
		p := c.procs[i]
		select {
		case <-p.done:
			t.Errorf("%s had exited before the end (%v); its log:\n%s", p.name, p.err, tail(p.log, 40))
			continue
		default:
		}
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
			<-p.done
		}
		if t.Failed() {
			t.Logf("%s log (last lines):\n%s", p.name, tail(p.log, 15))
		}
	}
	c.procs = nil
}

// waitFor polls cond every 250 ms until it holds; fails the test with what
// it waited for after limit, or at once when a component has exited.
func (c *cluster) waitFor(t *testing.T, what string, limit time.Duration, cond func(context.Context) (bool, error)) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	for {
		for _, p := range c.procs {
			select {
			case <-p.done:
				t.Fatalf("waiting for %s: %s exited (%v):\n%s", what, p.name, p.err, tail(p.log, 40))
			default:
			}
		}
		ok, err := cond(ctx)
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		if ok {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("waited %s for %s", limit, what)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// apply creates every object of a YAML file (several documents), as
// `kubectl create -f` does, with the admin's rights.
func (c *cluster) apply(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dyn := dynamic.NewForConfigOrDie(c.admin)
	mapper := restmapper.NewDeferredDiscoveryRESTMapper(memory.NewMemCacheClient(c.client.Discovery()))
	dec := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	n := 0
	for {
		var obj unstructured.Unstructured
		if err := dec.Decode(&obj.Object); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			t.Fatalf("%s: %v", path, err)
		}
		if len(obj.Object) == 0 {
			continue
		}
		gvk := obj.GroupVersionKind()
		m, err := mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
		if err != nil {
			t.Fatalf("%s: %s: %v", path, gvk, err)
		}
		var ri dynamic.ResourceInterface = dyn.Resource(m.Resource)
		if m.Scope.Name() == meta.RESTScopeNameNamespace {
			ri = dyn.Resource(m.Resource).Namespace(obj.GetNamespace())
		}
		if _, err := ri.Create(context.Background(), &obj, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
			t.Fatalf("%s: create %s %s/%s: %v", path, gvk.Kind, obj.GetNamespace(), obj.GetName(), err)
		}
		n++
	}
	if n == 0 {
		t.Fatalf("%s: no objects", path)
	}
}

// installCRDs creates every CustomResourceDefinition in dir (the Gateway
// API's and the Prometheus Operator's, from their modules: the Makefile's
// KUBE_CRDS) and waits until the API server serves each kind, so that Helm's
// discovery (.Capabilities.APIVersions) sees them.
func (c *cluster) installCRDs(t *testing.T, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no CRDs in %s: %v", dir, err)
	}
	var kinds []string // group/version/Kind
	for _, f := range files {
		c.apply(t, f)
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var crd struct {
			Spec struct {
				Group string `json:"group"`
				Names struct {
					Kind string `json:"kind"`
				} `json:"names"`
				Versions []struct {
					Name   string `json:"name"`
					Served bool   `json:"served"`
				} `json:"versions"`
			} `json:"spec"`
		}
		if err := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096).Decode(&crd); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, v := range crd.Spec.Versions {
			if v.Served {
				kinds = append(kinds, crd.Spec.Group+"/"+v.Name+"/"+crd.Spec.Names.Kind)
			}
		}
	}
	c.waitFor(t, "the API server to serve "+strings.Join(kinds, ", "), 2*time.Minute, func(ctx context.Context) (bool, error) {
		for _, k := range kinds {
			i := strings.LastIndex(k, "/")
			list, err := c.client.Discovery().ServerResourcesForGroupVersion(k[:i])
			if err != nil {
				return false, nil
			}
			found := false
			for _, r := range list.APIResources {
				found = found || r.Kind == k[i+1:]
			}
			if !found {
				return false, nil
			}
		}
		return true, nil
	})
}

func tail(path string, lines int) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	all := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(all) > lines {
		all = all[len(all)-lines:]
	}
	return strings.Join(all, "\n")
}

// kubeconfigText is a kubeconfig for one user: a client certificate, or a
// bearer token (the deploy identity's, as the owner exports it).
func kubeconfigText(server string, caPEM []byte, user string, certPEM, keyPEM []byte, token string) string {
	b64 := base64.StdEncoding.EncodeToString
	var cred string
	if token != "" {
		cred = "    token: " + token + "\n"
	} else {
		cred = "    client-certificate-data: " + b64(certPEM) + "\n    client-key-data: " + b64(keyPEM) + "\n"
	}
	return "apiVersion: v1\nkind: Config\n" +
		"clusters:\n- name: test\n  cluster:\n    server: " + server + "\n    certificate-authority-data: " + b64(caPEM) + "\n" +
		"users:\n- name: " + user + "\n  user:\n" + cred +
		"contexts:\n- name: test\n  context:\n    cluster: test\n    user: " + user + "\n" +
		"current-context: test\n"
}

// pki is a certificate authority made for one run: nothing outlives it.
type pki struct {
	dir    string
	ca     *x509.Certificate
	caKey  *ecdsa.PrivateKey
	caPEM  []byte
	caPath string
	serial int64
}

type certKey struct {
	certPath, keyPath string
	certPEM, keyPEM   []byte
}

func newPKI(dir string) (*pki, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("ca key: %w", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "veldhaven-test-ca"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, fmt.Errorf("ca certificate: %w", err)
	}
	ca, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	p := &pki{dir: dir, ca: ca, caKey: key, serial: 1}
	p.caPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	p.caPath = filepath.Join(dir, "ca.crt")
	return p, os.WriteFile(p.caPath, p.caPEM, 0o600)
}

// issue makes a certificate signed by the CA: CN name, O groups (which
// Kubernetes reads as the user's groups).
func (p *pki) issue(name string, groups []string, ips []net.IP, dns []string, usage x509.ExtKeyUsage) (certKey, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return certKey{}, err
	}
	p.serial++
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(p.serial),
		Subject:      pkix.Name{CommonName: name, Organization: groups},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{usage},
		IPAddresses:  ips,
		DNSNames:     dns,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, p.ca, &key.PublicKey, p.caKey)
	if err != nil {
		return certKey{}, fmt.Errorf("certificate %s: %w", name, err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return certKey{}, err
	}
	file := strings.ReplaceAll(name, ":", "-")
	ck := certKey{
		certPath: filepath.Join(p.dir, file+".crt"),
		keyPath:  filepath.Join(p.dir, file+".key"),
		certPEM:  pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		keyPEM:   pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}),
	}
	if err := os.WriteFile(ck.certPath, ck.certPEM, 0o600); err != nil {
		return certKey{}, err
	}
	return ck, os.WriteFile(ck.keyPath, ck.keyPEM, 0o600)
}

// serviceAccountKeys makes the key pair service account tokens are signed
// with (the API server signs, the controller manager's token controller
// too), new for every run.
func (p *pki) serviceAccountKeys() (keyPath, pubPath string, err error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return "", "", fmt.Errorf("service account key: %w", err)
	}
	pub, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return "", "", err
	}
	keyPath, pubPath = filepath.Join(p.dir, "sa.key"), filepath.Join(p.dir, "sa.pub")
	if err := os.WriteFile(keyPath, pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}), 0o600); err != nil {
		return "", "", err
	}
	return keyPath, pubPath, os.WriteFile(pubPath, pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}), 0o600)
}
