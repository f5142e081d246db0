package insights

import (
	"fmt"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the service's Prometheus collectors, all prefixed
// veldhaven_insights_.
type metrics struct {
	// upstream counts upstream calls by endpoint (posts, images, videos,
	// media, token) and outcome (ok or an linkedin.Kind).
	upstream *prometheus.CounterVec
	// cache counts feed serves by result: hit (fresh) or stale (the last
	// refresh failed or was not made, or the feed is old).
	cache *prometheus.CounterVec
}

// newMetrics creates the collectors and registers them, with gauges for
// the feed age and the media cache size read through the given functions,
// on reg (none when reg is nil).
func newMetrics(reg prometheus.Registerer, feedAge, mediaBytes func() float64) (*metrics, error) {
	m := &metrics{
		upstream: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "veldhaven_insights_upstream_requests_total",
			Help: "Calls to the LinkedIn API and media hosts, by endpoint and outcome.",
		}, []string{"endpoint", "outcome"}),
		cache: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "veldhaven_insights_feed_cache_requests_total",
			Help: "Feed serves by result: hit (fresh) or stale (the last refresh failed or the budget stopped it, or the feed is older than two refresh intervals).",
		}, []string{"result"}),
	}
	if reg == nil {
		return m, nil
	}
	collectors := []prometheus.Collector{
		m.upstream,
		m.cache,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "veldhaven_insights_feed_age_seconds",
			Help: "Age of the feed being served; -1 while there is none.",
		}, feedAge),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "veldhaven_insights_media_cache_bytes",
			Help: "Bytes held by the media cache.",
		}, mediaBytes),
	}
	for _, c := range collectors {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("insights: register metrics: %w", err)
		}
	}
	return m, nil
}
