package feedproxy

import (
	"fmt"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the proxy's Prometheus collectors, all prefixed
// veldhaven_feed_proxy_.
type metrics struct {
	// served counts answers to visitors by where they came from: owner
	// (the owner answered now), copy (the last good copy, the owner being
	// away), failed (neither), refused (a request checked and refused here).
	served *prometheus.CounterVec
	// owner counts requests to the owner by outcome: ok, not_modified,
	// not_found, client_error, error_status, timeout, unreachable,
	// bad_answer.
	owner *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer, p *Proxy) (*metrics, error) {
	m := &metrics{
		served: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "veldhaven_feed_proxy_responses_total",
			Help: "Answers of /linkedin-api* on a web replica, by where they came from: owner, copy (the last good copy while the owner is away), failed, refused.",
		}, []string{"served"}),
		owner: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "veldhaven_feed_proxy_owner_requests_total",
			Help: "Requests of a web replica to the feed owner, by outcome.",
		}, []string{"outcome"}),
	}
	for _, l := range []string{"owner", "copy", "failed", "refused"} {
		m.served.WithLabelValues(l)
	}
	for _, l := range []string{"ok", "not_modified", "not_found", "client_error", "error_status", "timeout", "unreachable", "bad_answer"} {
		m.owner.WithLabelValues(l)
	}
	if reg == nil {
		return m, nil
	}
	collectors := []prometheus.Collector{
		m.served,
		m.owner,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "veldhaven_feed_proxy_copies",
			Help: "Last good copies held by the web replica.",
		}, func() float64 { n, _ := p.store.Stats(); return float64(n) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "veldhaven_feed_proxy_copy_bytes",
			Help: "Bytes of the last good copies held by the web replica.",
		}, func() float64 { _, b := p.store.Stats(); return float64(b) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "veldhaven_feed_proxy_owner_last_ok_timestamp_seconds",
			Help: "When the feed owner last answered (Unix time); 0 before its first answer.",
		}, func() float64 {
			p.mu.Lock()
			defer p.mu.Unlock()
			if p.lastOK.IsZero() {
				return 0
			}
			return float64(p.lastOK.UnixNano()) / 1e9
		}),
	}
	for _, c := range collectors {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("feed proxy: register metrics: %w", err)
		}
	}
	return m, nil
}
