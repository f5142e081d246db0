package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/veldhaven/site/internal/editor"
	"github.com/veldhaven/site/internal/insights"
)

// TestSettingsTables: the Configuration tables of README.md and
// docs/deploy.md are the settings table. SETTINGS_UPDATE=1 rewrites them.
func TestSettingsTables(t *testing.T) {
	want := settingsTable()
	for _, doc := range []string{"README.md", "docs/deploy.md"} {
		path := filepath.Join("..", "..", doc)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		start := strings.Index(text, "\n## Configuration\n\n")
		if start < 0 {
			t.Fatalf("%s: no section ## Configuration", doc)
		}
		start += len("\n## Configuration\n\n")
		end := start + strings.Index(text[start:], "\n\n") + 1
		if got := text[start:end]; got != want {
			if os.Getenv("SETTINGS_UPDATE") == "1" {
				if err := os.WriteFile(path, []byte(text[:start]+want+text[end:]), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			t.Errorf("%s: the Configuration table is not the settings table of cmd/site/settings.go (SETTINGS_UPDATE=1 go test ./cmd/site -run TestSettingsTables rewrites it):\n%s", doc, want)
		}
	}
}

// TestSettingsComplete: every flag of the table is one parseConfig knows
// (a flag it knows without a row panics in usage), and the variables
// the program reads are exactly those the table names.
func TestSettingsComplete(t *testing.T) {
	for _, s := range settings {
		if s.flag == "" {
			continue
		}
		if _, err := parseConfig([]string{"-" + s.flag}, func(string) string { return "" }); err != nil && strings.Contains(err.Error(), "not defined") {
			t.Errorf("-%s is in the table, not a flag: %v", s.flag, err)
		}
	}
	read := map[string]bool{"LINKEDIN_AUTH_URL": true} // read by newLinkedInAdmin
	getenv := func(k string) string { read[k] = true; return "" }
	if _, err := parseConfig(nil, getenv); err != nil {
		t.Fatal(err)
	}
	if _, err := insights.ConfigFromEnv(getenv); err != nil {
		t.Fatal(err)
	}
	if _, err := editor.GitHubFromEnv(getenv); err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, s := range settings {
		for _, v := range regexp.MustCompile(`\x60([A-Z][A-Z0-9_]+)\x60`).FindAllStringSubmatch(s.env, -1) {
			named[v[1]] = true
		}
	}
	for _, set := range []struct {
		what     string
		has, not map[string]bool
	}{{"read but not in the table", read, named}, {"in the table but never read", named, read}} {
		var diff []string
		for k := range set.has {
			if !set.not[k] {
				diff = append(diff, k)
			}
		}
		slices.Sort(diff)
		if len(diff) > 0 {
			t.Errorf("variables %s: %v", set.what, diff)
		}
	}
}

// settingsTable is settings as the Markdown table the docs show.
func settingsTable() string {
	var b strings.Builder
	b.WriteString("| flag | env | default | meaning |\n|---|---|---|---|\n")
	for _, s := range settings {
		flag := ""
		if s.flag != "" {
			flag = "`-" + s.flag + "`"
		}
		row := fmt.Sprintf("| %s | %s | %s | %s |\n", flag, s.env, s.def, s.meaning)
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(row, "|  |", "| |"), "|  |", "| |"))
	}
	return b.String()
}
