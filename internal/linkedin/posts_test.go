package linkedin

import (
	"strings"
	"testing"
)

// TestValidateMediaURN is the allow-list table, SSRF attempts included.
func TestValidateMediaURN(t *testing.T) {
	for _, tc := range []struct {
		urn  string
		want MediaKind // "" = refused
	}{
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ", MediaImage},
		{"urn:li:image:C4E12AQFm3Tq8vYk1dA", MediaImage}, // article thumbnail
		{"urn:li:video:D4D05AQH9kLmN2pQrSt", MediaVideo},
		{"urn:li:image:C4D22AQ-_x4nG7Gm1bVQ", MediaImage},
		{"", ""},
		{"urn:li:image:", ""},
		{"urn:li:image:short", ""},
		{"urn:li:image:" + strings.Repeat("A", 65), ""},
		{"urn:li:image:" + strings.Repeat("A", 10<<10), ""},
		{"urn:li:person:C4D22AQFx4nG7Gm1bVQ", ""},
		{"urn:li:organization:10482193", ""},
		{"urn:li:digitalmediaAsset:C4D22AQFx4nG7Gm1bVQ", ""},
		{"urn:li:share:7130000000000000001", ""},
		{"URN:LI:IMAGE:C4D22AQFx4nG7Gm1bVQ", ""},
		{" urn:li:image:C4D22AQFx4nG7Gm1bVQ", ""},
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ ", ""},
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ\n", ""},
		{"urn:li:image:C4D22AQ\r\nHost: evil", ""},
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ\x00", ""},
		{"urn:li:image:C4D22AQ/../../admin", ""},
		{"urn:li:image:C4D22AQ%2F..%2Fadmin", ""},
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ?x=1", ""},
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ#x", ""},
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ:extra", ""},
		{"http://169.254.169.254/latest/meta-data/", ""},
		{"https://media.licdn.com/dms/image/C4D22AQFx4nG7Gm1bVQ", ""},
		{"//evil.example/x", ""},
		{"urn:li:image:http://evil.example", ""},
		{"urn：li：image：C4D22AQFx4nG7Gm1bVQ", ""}, // full-width colons
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ\u200b", ""},
	} {
		kind, ok := ValidateMediaURN(tc.urn)
		if ok != (tc.want != "") || kind != tc.want {
			t.Errorf("ValidateMediaURN(%q) = %q, %v; want %q", tc.urn, kind, ok, tc.want)
		}
	}
}
