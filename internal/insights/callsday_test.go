package insights

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/callbudget"
	"github.com/veldhaven/site/internal/fakelinkedin"
)

// TestLinkedInCallsPerDay runs the owner against internal/fakelinkedin
// (which counts every call) over a compressed day: the fake clock and the
// refresher's timer run through 24 hours of UTC time in well under a
// second. Each scenario must stay within its budget. With -v it prints the
// figures of docs/benchmarks.md ("LinkedIn calls per day"): make
// bench-linkedin. Web replicas do not appear: they take the feed from the
// owner and make no LinkedIn call, so the figures are the same for 1, 2 or
// 6 of them.
func TestLinkedInCallsPerDay(t *testing.T) {
	start := time.Date(2026, 11, 10, 0, 0, 0, 0, time.UTC)
	mediaURNs := []string{"image?urn=" + fakelinkedin.ImageURN, "image?urn=" + fakelinkedin.MultiImage1URN, "image?urn=" + fakelinkedin.MultiImage2URN,
		"image?urn=" + fakelinkedin.ThumbnailURN, "image?urn=" + fakelinkedin.ResharedImage, "video?urn=" + fakelinkedin.VideoURN, "video?urn=" + fakelinkedin.BigVideoURN}
	type scenario struct {
		name       string
		ttl        time.Duration
		dailyCalls int
		outage     [2]time.Duration // LinkedIn answers 500 between these times of day
		restartAt  time.Duration    // the owner restarts (a rollout) at this time of day; 0: never
	}
	rows := []string{
		"| scenario | INSIGHTS_TTL | LINKEDIN_DAILY_CALLS | refresh interval | refresh attempts | posts | post | images | videos | token | calls in the day | calls per attempt |",
		"|---|---|---|---|---|---|---|---|---|---|---|---|",
	}
	for _, sc := range []scenario{
		{name: "quiet day, every media item viewed, a rollout at 12:00", ttl: DefaultTTL, dailyCalls: DefaultDailyCalls, restartAt: 12 * time.Hour},
		{name: "the same with LinkedIn down 08:00-10:00", ttl: DefaultTTL, dailyCalls: DefaultDailyCalls, restartAt: 12 * time.Hour, outage: [2]time.Duration{8 * time.Hour, 10 * time.Hour}},
		{name: "LinkedIn down all day", ttl: DefaultTTL, dailyCalls: DefaultDailyCalls, outage: [2]time.Duration{0, 25 * time.Hour}},
		{name: "a Standard-tier budget", ttl: DefaultTTL, dailyCalls: 500, restartAt: 12 * time.Hour},
	} {
		t.Run(sc.name, func(t *testing.T) {
			down := func(at time.Duration) bool { return at >= sc.outage[0] && at < sc.outage[1] }
			env := newFakeEnv(t, "202511", "202611", start, func(c *Config) {
				c.Version = "202610"
				c.TTL, c.DailyCalls, c.DataDir = sc.ttl, sc.dailyCalls, t.TempDir()
			})
			refreshes := int64(1)
			// Visitors view every media item once (each is then stored).
			for _, u := range mediaURNs {
				env.get("/linkedin-api/" + u)
			}
			restarted := sc.restartAt == 0
			for {
				at := env.clock.now().Add(env.wait).Sub(start)
				if at >= 24*time.Hour {
					break
				}
				if !restarted && at >= sc.restartAt {
					env.clock.advance(sc.restartAt - env.clock.now().Sub(start))
					env.restart(t)
					restarted = true
					continue
				}
				env.fake.Set(func(b *fakelinkedin.Behaviour) { b.Outage = down(at) })
				before := env.fake.Calls("posts")
				env.step()
				if env.fake.Calls("posts") > before {
					refreshes++
				}
			}
			total := env.fake.APICalls()
			if total > int64(sc.dailyCalls) {
				t.Errorf("%d LinkedIn calls in the day, over the budget of %d", total, sc.dailyCalls)
			}
			if rec := env.get("/linkedin-api"); rec.Code != 200 {
				t.Errorf("feed at the end of the day: %d", rec.Code)
			}
			rows = append(rows, fmt.Sprintf("| %s | %v | %d | %v | %d | %d | %d | %d | %d | %d | %d | %.2f |",
				sc.name, sc.ttl, sc.dailyCalls, callbudget.RefreshInterval(sc.ttl, sc.dailyCalls), refreshes,
				env.fake.Calls("posts"), env.fake.Calls("post"), env.fake.Calls("images"), env.fake.Calls("videos"), env.fake.Calls("token"),
				total, float64(total)/float64(refreshes)))
		})
	}
	if testing.Verbose() {
		fmt.Println(strings.Join(rows, "\n"))
	}
}
