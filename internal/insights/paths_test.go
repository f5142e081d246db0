package insights

import "testing"

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
		if _, _, got := ParseMediaKey(tt.key); got != tt.want {
			t.Errorf("ParseMediaKey(%q) = %v, want %v", tt.key, got, tt.want)
		}
	}
}
