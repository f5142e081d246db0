package insights

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/veldhaven/site/internal/linkedin"
	"github.com/veldhaven/site/internal/mediastore"
)

// FuzzValidateURN checks that whatever linkedin.ValidateMediaURN accepts
// is short, of the allow-listed syntax, and round-trips through its media
// key.
func FuzzValidateURN(f *testing.F) {
	for _, seed := range []string{"urn:li:image:C4D22AQFx4nG7Gm1bVQ", "urn:li:video:D4D05AQH9kLmN2pQrSt", "urn:li:image:C4D22AQ%2F..", "http://x", "urn:li:image:C4D22AQFx4nG7Gm1bVQ\n"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, urn string) {
		kind, ok := linkedin.ValidateMediaURN(urn)
		if !ok {
			return
		}
		if len(urn) > linkedin.MaxURNLen || !utf8.ValidString(urn) || strings.ContainsAny(urn, "/%?#\\ \r\n\x00.") {
			t.Fatalf("accepted %q", urn)
		}
		if !strings.HasPrefix(urn, "urn:li:"+string(kind)+":") {
			t.Fatalf("kind %q for %q", kind, urn)
		}
		key := mediaKey(urn)
		if !mediastore.ValidKey(key) {
			t.Fatalf("key %q of %q is not a valid key", key, urn)
		}
		back, kind2, ok := urnFromKey(key)
		if !ok || back != urn || kind2 != kind {
			t.Fatalf("key %q of %q does not round-trip: %q %q %v", key, urn, back, kind2, ok)
		}
	})
}

// FuzzDecodeSnapshot checks that decoding never panics and that an
// accepted snapshot survives an encode/decode round trip and builds a feed.
func FuzzDecodeSnapshot(f *testing.F) {
	f.Add([]byte(`{"version":1,"source":"urn:li:organization:1","fetchedAt":"2024-03-01T12:00:00Z","elements":[{"id":"a","lifecycleState":"PUBLISHED","visibility":"PUBLIC"}]}`))
	f.Add([]byte(`{"version":1,"fetchedAt":"2024-03-01T12:00:00Z","elements":[]}`))
	f.Add([]byte(`{"version":1,"fetchedAt":"2024-03-01T12:00:00Z","elements":[null]}`))
	f.Add([]byte(`{"version":2}`))
	f.Add([]byte(`nul`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := decodeSnapshot(data)
		if err != nil {
			return
		}
		enc, err := encodeSnapshot(s)
		if err != nil {
			t.Fatalf("encode accepted snapshot: %v", err)
		}
		s2, err := decodeSnapshot(enc)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if !s.FetchedAt.Equal(s2.FetchedAt) || s.Source != s2.Source || len(s.Elements) != len(s2.Elements) {
			t.Fatalf("round trip changed the snapshot")
		}
		fd, err := newFeed(s.Elements, s.Reshared, nil, s.FetchedAt)
		if err != nil {
			t.Fatalf("feed from accepted snapshot: %v", err)
		}
		if !json.Valid(fd.body) {
			t.Fatalf("feed body is not JSON: %s", fd.body)
		}
	})
}

// TestNewFeed checks the filter and the media index.
func TestNewFeed(t *testing.T) {
	f, err := newFeed([]json.RawMessage{
		json.RawMessage(`{"id":"a","lifecycleState":"PUBLISHED","visibility":"PUBLIC","distribution":{"feedDistribution":"MAIN_FEED"},"content":{"media":{"id":"urn:li:image:C4D22AQFx4nG7Gm1bVQ"}}}`),
		json.RawMessage(`{"id":"b","lifecycleState":"PUBLISHED","visibility":"PUBLIC","distribution":{"feedDistribution":"MAIN_FEED"},"content":{"multiImage":{"images":[{"id":"urn:li:image:C4D22AQMulti0000001"}]}}}`),
		json.RawMessage(`{"id":"c","lifecycleState":"DRAFT","visibility":"PUBLIC","content":{"media":{"id":"urn:li:image:C4D22AQDraft0000001"}}}`),
		json.RawMessage(`{"id":"d","lifecycleState":"PUBLISHED","visibility":"LOGGED_IN"}`),
		json.RawMessage(`{"id":"e","lifecycleState":"PUBLISHED","visibility":"PUBLIC","distribution":{"feedDistribution":"MAIN_FEED"},"content":{"media":{"id":"http://evil"}}}`),
		json.RawMessage(`"not an object"`),
		json.RawMessage(`{"id":"f","lifecycleState":1}`),
	}, nil, nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if got := feedIDs(t, f.body); !reflect.DeepEqual(got, []string{"a", "b", "e"}) {
		t.Errorf("ids %v", got)
	}
	want := []string{"urn:li:image:C4D22AQFx4nG7Gm1bVQ", "urn:li:image:C4D22AQMulti0000001"}
	if got := slices.Sorted(maps.Keys(f.media)); !reflect.DeepEqual(got, want) {
		t.Errorf("media %v", got)
	}
}
