package main

import (
	"context"
	"strings"
	"testing"
)

func TestRunRefuses(t *testing.T) {
	env := func(string) string { return "" }
	tests := []struct {
		args    []string
		errPart string
	}{
		{nil, "usage"},
		{[]string{"deploy"}, `unknown command "deploy"`},
		{[]string{"context"}, "usage: ci context"},
		{[]string{"context", "staging"}, "want one of preview, production"},
		{[]string{"status", "-context", "staging", "-state", "success"}, "want one of preview, production"},
		{[]string{"status", "-context", "preview", "-state", "success"}, "full 40-character commit id"},
		{[]string{"smoke", "-url", "https://www.veldhaven.eu"}, "no build id"},
		{[]string{"sitecheck", "-dist", t.TempDir()}, "no pages"},
		{[]string{"monitor"}, "-url is required"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			err := run(context.Background(), tt.args, env)
			if err == nil || !strings.Contains(err.Error(), tt.errPart) {
				t.Fatalf("error %v, want one about %q", err, tt.errPart)
			}
		})
	}
}
