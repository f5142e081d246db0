package insights

import (
	"fmt"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/veldhaven/site/internal/callbudget"
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

// collector is a prometheus.Collector whose values collect reads at scrape time.
type collector struct {
	descs   []*prometheus.Desc
	collect func(ch chan<- prometheus.Metric)
}

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range c.descs {
		ch <- d
	}
}

func (c collector) Collect(ch chan<- prometheus.Metric) { c.collect(ch) }

// gauge is one sample of a gauge desc.
func gauge(d *prometheus.Desc, v float64, labels ...string) prometheus.Metric {
	return prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
}

// budgetCollector exports the daily budget of LinkedIn calls.
func budgetCollector(b *callbudget.Budget) prometheus.Collector {
	today := prometheus.NewDesc("veldhaven_insights_linkedin_calls_today",
		"LinkedIn API calls made since midnight UTC, by kind (kept across restarts with DATA_DIR).", []string{"kind"}, nil)
	limit := prometheus.NewDesc("veldhaven_insights_linkedin_budget_calls",
		"The daily budget of LinkedIn API calls (LINKEDIN_DAILY_CALLS).", nil, nil)
	left := prometheus.NewDesc("veldhaven_insights_linkedin_budget_left_calls",
		"LinkedIn API calls left in today's budget (UTC day).", nil, nil)
	ratio := prometheus.NewDesc("veldhaven_insights_linkedin_budget_used_ratio",
		"Share of today's budget of LinkedIn API calls spent, 0 to 1.", nil, nil)
	interval := prometheus.NewDesc("veldhaven_insights_refresh_interval_seconds",
		"Interval between feed refreshes: INSIGHTS_TTL, or longer when the daily budget requires it.", nil, nil)
	return collector{[]*prometheus.Desc{today, limit, left, ratio, interval}, func(ch chan<- prometheus.Metric) {
		calls, used := b.Snapshot()
		for _, k := range callbudget.Kinds {
			ch <- gauge(today, float64(calls[k]), k)
		}
		ch <- gauge(limit, float64(b.Limit))
		ch <- gauge(left, float64(max(0, b.Limit-used)))
		ch <- gauge(ratio, min(1, float64(used)/float64(b.Limit)))
		ch <- gauge(interval, b.Interval.Seconds())
	}}
}
