package insights

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veldhaven/site/internal/callbudget"
)

// TestLinkedInStateFile: the sortBy refusal and the token's failing-since
// live in a file of their own, not the budget's; a budget file written
// before holding them still gives them once.
func TestLinkedInStateFile(t *testing.T) {
	now := func() time.Time { return midnightNov10.Add(time.Hour) }
	since := midnightNov10.Add(-48 * time.Hour).UTC()
	for _, tc := range []struct {
		name      string
		files     map[string]string
		sortBy    bool
		tokenFrom time.Time
	}{
		{"none", nil, false, time.Time{}},
		{"its own file", map[string]string{linkedInStateFile: `{"sortByRefusedDay":"2026-11-10","tokenFailingSince":"` + since.Format(time.RFC3339) + `"}`}, true, since},
		{"a budget file of before", map[string]string{callbudget.File: `{"version":1,"day":"2026-11-10","calls":{"posts":3},"sortByRefusedDay":"2026-11-10","tokenFailingSince":"` + since.Format(time.RFC3339) + `"}`}, true, since},
		{"its own file first", map[string]string{linkedInStateFile: `{}`, callbudget.File: `{"version":1,"day":"2026-11-10","calls":{},"sortByRefusedDay":"2026-11-10"}`}, false, time.Time{}},
		{"yesterday's refusal", map[string]string{linkedInStateFile: `{"sortByRefusedDay":"2026-11-09"}`}, false, time.Time{}},
		{"unreadable", map[string]string{linkedInStateFile: `{"sortByRefusedDay":`}, false, time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range tc.files {
				writeTestFile(t, filepath.Join(dir, name), []byte(data))
			}
			st := newLinkedInState(dir, now, slog.New(slog.DiscardHandler))
			if got := st.sortByRefusedToday(); got != tc.sortBy {
				t.Errorf("sortBy refused today: %v, want %v", got, tc.sortBy)
			}
			if got := st.tokenFailingSince(); !got.Equal(tc.tokenFrom) {
				t.Errorf("token failing since %v, want %v", got, tc.tokenFrom)
			}
		})
	}

	// Saved on change, to its own file; the budget's file keeps the calls only.
	dir := t.TempDir()
	st := newLinkedInState(dir, now, slog.New(slog.DiscardHandler))
	if !st.noteSortByRefused() || st.noteSortByRefused() {
		t.Error("a refusal reported other than once a day")
	}
	st.setTokenFailing(since)
	b := callbudget.New(50, time.Hour, dir, now, slog.New(slog.DiscardHandler))
	if err := b.Take("posts"); err != nil {
		t.Fatal(err)
	}
	again := newLinkedInState(dir, now, slog.New(slog.DiscardHandler))
	if !again.sortByRefusedToday() || !again.tokenFailingSince().Equal(since) {
		t.Errorf("after a restart: sortBy refused %v, token failing since %v", again.sortByRefusedToday(), again.tokenFailingSince())
	}
	budget, err := os.ReadFile(filepath.Join(dir, callbudget.File))
	if err != nil || strings.Contains(string(budget), "sortBy") || strings.Contains(string(budget), "token") {
		t.Errorf("the budget's file holds %s (%v), want the calls only", budget, err)
	}
}
