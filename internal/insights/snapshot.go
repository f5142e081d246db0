package insights

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/veldhaven/site/internal/atomicfile"
)

// snapshotFile is the name of the feed snapshot inside Config.DataDir.
const snapshotFile = "insights-feed.json"

// snapshotVersion is the format version written; others are ignored.
const snapshotVersion = 1

// snapshot is the on-disk form of the last good feed.
type snapshot struct {
	Version   int               `json:"version"`
	Source    string            `json:"source"` // organization URN the feed belongs to
	FetchedAt time.Time         `json:"fetchedAt"`
	Elements  []json.RawMessage `json:"elements"`
	// Reshared are the reposted posts by URN; absent in older snapshots.
	Reshared map[string]json.RawMessage `json:"reshared,omitempty"`
	// RefusedReshares are the reposted posts LinkedIn refused to show, so
	// they are not asked for again; absent in older snapshots (asked once).
	RefusedReshares []string `json:"refusedReshares,omitempty"`
}

// decodeSnapshot parses and checks a snapshot: a known version, a time and a
// list of JSON objects.
func decodeSnapshot(data []byte) (snapshot, error) {
	var s snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return snapshot{}, fmt.Errorf("insights: decode snapshot: %w", err)
	}
	if s.Version != snapshotVersion {
		return snapshot{}, fmt.Errorf("insights: decode snapshot: unknown version %d", s.Version)
	}
	if s.FetchedAt.IsZero() {
		return snapshot{}, errors.New("insights: decode snapshot: no fetchedAt")
	}
	if s.Elements == nil {
		return snapshot{}, errors.New("insights: decode snapshot: no elements")
	}
	for i, el := range s.Elements {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(el, &obj); err != nil || obj == nil {
			return snapshot{}, fmt.Errorf("insights: decode snapshot: element %d is not an object", i)
		}
	}
	return s, nil
}

// readSnapshot loads dir/snapshotFile, reading at most limit bytes.
func readSnapshot(dir string, limit int64) (snapshot, error) {
	f, err := os.Open(filepath.Join(dir, snapshotFile))
	if err != nil {
		return snapshot{}, fmt.Errorf("insights: read snapshot: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return snapshot{}, fmt.Errorf("insights: read snapshot: %w", err)
	}
	if int64(len(data)) > limit {
		return snapshot{}, fmt.Errorf("insights: read snapshot: larger than %d bytes", limit)
	}
	return decodeSnapshot(data)
}

// saveJSON writes v to dir/name ("" dir: nowhere); a failure is logged, and
// the next save tries again.
func saveJSON(logger *slog.Logger, dir, name string, v any) {
	if dir == "" {
		return
	}
	data, err := json.Marshal(v)
	if err == nil {
		err = atomicfile.Write(dir, name, data, 0o644)
	}
	if err != nil {
		logger.Warn("insights: "+name+" not written", slog.String("error", err.Error()))
	}
}
