package replicas

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// balancer stands in for a Service (kube-proxy) with its endpoints: it
// sends each request to one of the backends that are in rotation, round
// robin, and never retries. A backend is in rotation once its /readyz
// answers 200 and until remove takes it out (what the endpoints controller
// does when a pod starts terminating, before the kubelet sends SIGTERM after
// the preStop sleep). So a failed request through it is one a visitor
// behind a Kubernetes Service would have seen too.
type balancer struct {
	mu      sync.Mutex
	ready   map[string]bool // backend -> answering /readyz 200
	removed map[string]bool // taken out of rotation by the test
	next    atomic.Uint64
	proxies map[string]*httputil.ReverseProxy
	hits    map[string]*atomic.Int64
	order   []string
}

func newBalancer(backends []string) *balancer {
	b := &balancer{ready: map[string]bool{}, removed: map[string]bool{}, proxies: map[string]*httputil.ReverseProxy{}, hits: map[string]*atomic.Int64{}, order: backends}
	for _, be := range backends {
		u, _ := url.Parse(be)
		b.proxies[be] = &httputil.ReverseProxy{
			Rewrite:   func(pr *httputil.ProxyRequest) { pr.SetURL(u) },
			Transport: &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 16},
		}
		b.hits[be] = &atomic.Int64{}
		b.ready[be] = true
	}
	return b
}

// probe asks each backend's /readyz every period, as the kubelet does.
func (b *balancer) probe(ctx context.Context, period time.Duration) {
	c := &http.Client{Timeout: time.Second, Transport: &http.Transport{Proxy: nil}}
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		for _, be := range b.order {
			ok := false
			if resp, err := c.Get(be + "/readyz"); err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				ok = resp.StatusCode == http.StatusOK
			}
			b.mu.Lock()
			b.ready[be] = ok
			b.mu.Unlock()
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (b *balancer) remove(be string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.removed[be] = true
}

func (b *balancer) add(be string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.removed, be)
	b.ready[be] = true // its /readyz has just answered 200 (waitReady)
}

// pick is the next backend in rotation, "" when none is.
func (b *balancer) pick() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var in []string
	for _, be := range b.order {
		if b.ready[be] && !b.removed[be] {
			in = append(in, be)
		}
	}
	if len(in) == 0 {
		return ""
	}
	return in[b.next.Add(1)%uint64(len(in))]
}

func (b *balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	be := b.pick()
	if be == "" {
		http.Error(w, "no endpoint in rotation", http.StatusServiceUnavailable)
		return
	}
	b.hits[be].Add(1)
	b.proxies[be].ServeHTTP(w, r)
}

func (b *balancer) served(be string) int64 { return b.hits[be].Load() }

func (b *balancer) counts() string {
	var out []string
	for _, be := range b.order {
		out = append(out, fmt.Sprintf("%s %d", be, b.hits[be].Load()))
	}
	sort.Strings(out)
	return fmt.Sprint(out)
}

// loop sends requests through the balancer, one at a time from each of a
// few workers, until stopped, at most max requests or for at most d.
type loop struct {
	stopCh        chan struct{}
	wg            sync.WaitGroup
	total, failed atomic.Int64
	firstFailure  atomic.Value
}

type loopResult struct {
	total, failed int64
	first         string
}

func startLoop(origin string, paths []string, max int64, d time.Duration) *loop {
	l := &loop{stopCh: make(chan struct{})}
	c := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 8},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	deadline := time.Now().Add(d)
	for w := range 4 {
		l.wg.Add(1)
		go func() {
			defer l.wg.Done()
			for i := w; ; i++ {
				select {
				case <-l.stopCh:
					return
				default:
				}
				if time.Now().After(deadline) || l.total.Load() >= max {
					return
				}
				p := paths[i%len(paths)]
				l.total.Add(1)
				resp, err := c.Get(origin + p)
				ok := err == nil && resp.StatusCode == http.StatusOK
				if err == nil {
					_, cerr := io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					ok = ok && cerr == nil
				}
				if !ok {
					l.failed.Add(1)
					msg := fmt.Sprint(p, " ", err)
					if err == nil {
						msg = fmt.Sprint(p, " ", resp.Status)
					}
					l.firstFailure.CompareAndSwap(nil, msg)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}()
	}
	return l
}

func (l *loop) stop() loopResult {
	close(l.stopCh)
	l.wg.Wait()
	first, _ := l.firstFailure.Load().(string)
	return loopResult{total: l.total.Load(), failed: l.failed.Load(), first: first}
}
