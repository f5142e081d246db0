package main

import (
	"testing"
	"testing/fstest"
)

// TestSiteIcon: the home page's icon when it is a path on this site, else none.
func TestSiteIcon(t *testing.T) {
	for _, tc := range []struct {
		name, home, want string
	}{
		{"the built mark", `<head><link rel="canonical" href="/"><link rel="icon" href="/_astro/veldhaven-mark.C3HCbkuk.svg" type="image/svg+xml">`, "/_astro/veldhaven-mark.C3HCbkuk.svg"},
		{"no icon", `<head><title>x</title></head>`, ""},
		{"another site's", `<link rel="icon" href="https://cdn.example/i.svg">`, ""},
		{"scheme-relative", `<link rel="icon" href="//cdn.example/i.svg">`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := siteIcon(fstest.MapFS{"index.html": {Data: []byte(tc.home)}}); got != tc.want {
				t.Fatalf("%q, want %q", got, tc.want)
			}
		})
	}
	if got := siteIcon(fstest.MapFS{}); got != "" {
		t.Fatalf("no home page: %q", got)
	}
}
