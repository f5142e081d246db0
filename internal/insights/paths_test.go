package insights

import (
	"net/url"
	"testing"
)

func TestValidMediaURN(t *testing.T) {
	tests := []struct {
		urn, kind string
		want      bool
	}{
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ", "image", true},
		{"urn:li:video:C4D05AQHx4nG7Gm1bVQ", "video", true},
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ", "video", false},
		{"urn:li:video:C4D05AQHx4nG7Gm1bVQ", "image", false},
		{"urn:li:image:C4D22AQFx4nG7Gm1bVQ&x=1", "image", false},
		{"urn:li:image:../../etc", "image", false},
		{"urn:li:share:123", "image", false},
		{"", "image", false},
	}
	for _, tt := range tests {
		u := &url.URL{Path: PathFeed + "/" + tt.kind, RawQuery: url.Values{"urn": {tt.urn}}.Encode()}
		if _, status, _ := parseTarget(u); (status == 0) != tt.want {
			t.Errorf("a replica's check of %s: status %d, want accepted %v", u, status, tt.want)
		}
	}
}

func TestValidMediaKey(t *testing.T) {
	tests := []struct {
		key  string
		want bool
	}{
		{mediaKey("urn:li:image:C4D22AQFx4nG7Gm1bVQ"), true},
		{mediaKey("urn:li:video:C4D05AQHx4nG7Gm1bVQ"), true},
		{thumbKey("urn:li:video:C4D05AQHx4nG7Gm1bVQ"), true},
		{"image-C4D22AQFx4nG7Gm1bVQ/../x", false},
		{"image-", false},
		{"share-1234567890", false},
		{"..", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := validKey(tt.key); got != tt.want {
			t.Errorf("validKey(%q) = %v, want %v", tt.key, got, tt.want)
		}
	}
}
