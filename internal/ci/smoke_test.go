package ci

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// deployed is a site that serves build old for the first `switchAfter`
// requests to /readyz, then build new; ready says whether /readyz is 200.
func deployed(t *testing.T, switchAfter int32, ready bool, home int) *httptest.Server {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		build := "old"
		if r.URL.Path == "/readyz" {
			if calls.Add(1) > switchAfter {
				build = "new"
			}
		} else if calls.Load() > switchAfter {
			build = "new"
		}
		w.Header().Set(BuildIDHeader, build)
		switch r.URL.Path {
		case "/readyz":
			if !ready {
				w.WriteHeader(http.StatusServiceUnavailable)
			}
		case "/healthz":
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(home)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestSmoke(t *testing.T) {
	tests := []struct {
		name        string
		switchAfter int32
		ready       bool
		home        int
		errPart     string
	}{
		{name: "new build at once", ready: true, home: 200},
		{name: "old replicas answer for a while", switchAfter: 3, ready: true, home: 200},
		{name: "never the new build", switchAfter: 1 << 30, ready: true, home: 200, errPart: `X-Build-Id "old", want "new"`},
		{name: "not ready", ready: false, home: 200, errPart: "GET /readyz: 503"},
		{name: "home page broken", ready: true, home: 500, errPart: "GET /: 500"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := deployed(t, tt.switchAfter, tt.ready, tt.home)
			var tries int
			err := Smoke(context.Background(), srv.Client(), SmokeConfig{
				Base: srv.URL + "/", BuildID: "new", Timeout: 300 * time.Millisecond, Interval: 10 * time.Millisecond,
				Log: func(string, ...any) { tries++ },
			})
			if tt.errPart == "" {
				if err != nil {
					t.Fatal(err)
				}
				if tries != int(tt.switchAfter) {
					t.Errorf("%d failed tries, want %d", tries, tt.switchAfter)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.errPart) {
				t.Fatalf("error %v, want one about %q", err, tt.errPart)
			}
		})
	}
	if err := Smoke(context.Background(), http.DefaultClient, SmokeConfig{Base: "ftp://x", BuildID: "a", Timeout: time.Second}); err == nil {
		t.Error("an ftp origin: want an error")
	}
	if err := Smoke(context.Background(), http.DefaultClient, SmokeConfig{Base: "https://x", Timeout: time.Second}); err == nil {
		t.Error("no build id: want an error")
	}
}
