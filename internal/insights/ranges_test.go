package insights

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestMultipartNeverLargerThanAnswer: the feed, a media URL's JSON and
// the media bytes answer many ranges with the whole body, and one range as
// a range.
func TestMultipartNeverLargerThanAnswer(t *testing.T) {
	env := newTestEnv(t, nil)
	oneByte := make([]string, 10)
	for i := range oneByte {
		oneByte[i] = fmt.Sprintf("%d-%d", 2*i, 2*i)
	}
	ten := "bytes=" + strings.Join(oneByte, ",")
	targets := []string{"/linkedin-api", "/linkedin-api/image?urn=" + testImageURN, "/linkedin-api/media/" + mediaKey(testImageURN)}
	for _, target := range targets {
		t.Run(target, func(t *testing.T) {
			whole := env.get(target)
			if whole.Code != http.StatusOK {
				t.Fatalf("status %d", whole.Code)
			}
			ranged := env.do(http.MethodGet, target, http.Header{"Range": {ten}})
			size := whole.Body.Len()
			if ranged.Body.Len() > size {
				t.Errorf("ten one-byte ranges: %d (%d bytes) for a body of %d", ranged.Code, ranged.Body.Len(), size)
			}
			if ranged.Code != http.StatusOK || ranged.Body.String() != whole.Body.String() {
				t.Errorf("ten one-byte ranges of %d bytes: %d, want 200 and the whole body", size, ranged.Code)
			}
			if one := env.do(http.MethodGet, target, http.Header{"Range": {"bytes=0-0"}}); one.Code != http.StatusPartialContent || one.Body.Len() != 1 {
				t.Errorf("one range: %d with %d bytes", one.Code, one.Body.Len())
			}
		})
	}
}
