package insights

import (
	"context"
	"encoding/json"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/veldhaven/site/internal/linkedin"
)

// The feed moves to a LinkedIn-Version LinkedIn serves when the one in use
// is refused (linkedin.Versions).

// versionTryFor is a try that repeats an API GET with another version.
func (s *linkedInSource) versionTryFor(endpoint, u, token string) linkedin.VersionTry {
	return func(ctx context.Context, version string) error {
		var sink json.RawMessage
		err := s.getJSONOnce(ctx, endpoint, u, token, version, &sink)
		if linkedin.KindOf(err) != linkedin.KindBudgetSpent {
			s.observe(endpoint, linkedin.Outcome(err))
		}
		switch k := linkedin.KindOf(err); {
		case err == nil:
			return nil
		case k == linkedin.KindVersionRetired:
			return linkedin.ErrVersionRefused
		case k == linkedin.KindUnauthorized, k == linkedin.KindForbidden, k == linkedin.KindNotFound, k == linkedin.KindClientError, k == linkedin.KindBadResponse, k == linkedin.KindTooLarge:
			// LinkedIn got past the version check: the version is served.
			return nil
		default:
			// A timeout, an outage, a 429: says nothing about the version.
			return err
		}
	}
}

// versionCollector exports the version in use and the days the configured
// one has left, read at scrape time.
type versionCollector struct {
	state          *linkedin.Versions
	infoDesc, left *prometheus.Desc
}

// newVersionCollector describes the version gauges.
func newVersionCollector(state *linkedin.Versions) *versionCollector {
	return &versionCollector{
		state: state,
		infoDesc: prometheus.NewDesc("veldhaven_insights_linkedin_version_info",
			"LinkedIn-Version configured and in use (1); they differ after LinkedIn refused the configured one.",
			[]string{"configured", "in_use"}, nil),
		left: prometheus.NewDesc("veldhaven_insights_linkedin_version_days_left",
			"Days until the configured LinkedIn-Version reaches the end of LinkedIn's one-year support window (negative once past).",
			[]string{"version"}, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *versionCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.infoDesc
	ch <- c.left
}

// Collect implements prometheus.Collector.
func (c *versionCollector) Collect(ch chan<- prometheus.Metric) {
	ch <- prometheus.MustNewConstMetric(c.infoDesc, prometheus.GaugeValue, 1, c.state.Configured(), c.state.Current())
	ch <- prometheus.MustNewConstMetric(c.left, prometheus.GaugeValue, c.state.DaysLeft(), c.state.Configured())
}
