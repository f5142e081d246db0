package linkedin

import "testing"

// TestKindForStatus checks that LinkedIn's code wins over the number.
func TestKindForStatus(t *testing.T) {
	for _, tc := range []struct {
		status int
		code   string
		want   Kind
	}{
		{401, "EXPIRED_ACCESS_TOKEN", KindUnauthorized},
		{401, "REVOKED_ACCESS_TOKEN", KindUnauthorized},
		{400, "TOO_MANY_REQUESTS", KindRateLimited},
		{429, "", KindRateLimited},
		{426, "NONEXISTENT_VERSION", KindVersionRetired},
		{400, "VERSION_MISSING", KindVersionRetired},
		{403, "ACCESS_DENIED", KindForbidden},
		{500, "", KindServerError},
		{503, "", KindServerError},
		{404, "", KindNotFound},
		{418, "", KindClientError},
	} {
		if got := KindForStatus(tc.status, tc.code); got != tc.want {
			t.Errorf("KindForStatus(%d, %q) = %s, want %s", tc.status, tc.code, got, tc.want)
		}
	}
}
