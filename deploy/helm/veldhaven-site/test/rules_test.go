package chart_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAlertsFire runs the chart's alert rules, as they render for a
// cluster with the Prometheus Operator, through Prometheus's own rule
// tester (promtool, PROMTOOL: make test-chart builds the pinned one):
// each alert fires on the series that should trip it and stays quiet on
// those that should not (testdata/alerts.test.yaml), and the whole file,
// annotations' templates included, passes promtool check rules.
func TestAlertsFire(t *testing.T) {
	promtool := os.Getenv("PROMTOOL")
	if promtool == "" {
		t.Fatal("no promtool: run make test-chart, which builds the pinned one, or set PROMTOOL")
	}
	out, err := render(t, append([]string{"--namespace", "web"}, operatorAPI...)...)
	if err != nil {
		t.Fatal(err)
	}
	r := decode(t, out).rules[webName]
	if r == nil {
		t.Fatal("no PrometheusRule with the operator's API")
	}
	dir := t.TempDir()
	write := func(name string, v any) string {
		t.Helper()
		data, err := json.MarshalIndent(v, "", "  ") // JSON is YAML to promtool
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	full := write("rules-full.json", map[string]any{"groups": r.Spec.Groups})
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command(promtool, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("promtool %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	run("check", "rules", full)

	// The unit tests compare labels; the annotations are prose (checked
	// above), so the file they run on leaves them out.
	groups := r.Spec.Groups
	for g := range groups {
		for i := range groups[g].Rules {
			groups[g].Rules[i].Annotations = nil
		}
	}
	write("rules.json", map[string]any{"groups": groups})
	tests, err := os.ReadFile(filepath.Join("testdata", "alerts.test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "alerts.test.yaml"), tests, 0o644); err != nil {
		t.Fatal(err)
	}
	run("test", "rules", "alerts.test.yaml")

	// Every alert the chart ships has a test case that makes it fire.
	for _, g := range groups {
		for _, rule := range g.Rules {
			if !strings.Contains(string(tests), "alertname: "+rule.Alert+"\n") {
				t.Errorf("alert %s has no case in testdata/alerts.test.yaml", rule.Alert)
			}
		}
	}
}
