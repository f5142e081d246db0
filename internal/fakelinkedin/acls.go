package fakelinkedin

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// The roles of members on organizations' pages, from "Organization Access
// Control by Role" (Microsoft Learn, community-management/organizations/
// organization-access-control-by-role): GET /rest/organizationAcls?
// q=roleAssignee&role=&state=&start=&count= lists the member's roles as
// {roleAssignee, role, state, organization} with paging; no match is no
// elements, and a token without r_organization_admin is refused 403.

// More members who can sign in at the fake's authorization page: they read
// the posts (their roles allow it) but are no admin of the page.
const (
	// MemberAdPoster is an ad agency: DIRECT_SPONSORED_CONTENT_POSTER
	// of every organization the page admin administers.
	MemberAdPoster = "ad-poster"
	// MemberOtherAdmin administers another organization only.
	MemberOtherAdmin = "other-admin"
)

// AdminOrganizations are the pages the fake's page admin administers: the
// organizations the tests read, after OtherAdministered others (so that
// finding them takes the client more than one page of answers).
var AdminOrganizations = []string{"urn:li:organization:1", "urn:li:organization:10482193"}

// OtherAdministered is how many other pages the page admin administers.
const OtherAdministered = 25

// acl is one element of the roleAssignee finder's answer.
type acl struct {
	RoleAssignee string `json:"roleAssignee"`
	Role         string `json:"role"`
	State        string `json:"state"`
	Organization string `json:"organization"`
}

// aclsOf is every role member holds, in the fake's order.
func aclsOf(member string) []acl {
	person := "urn:li:person:fake-" + member
	var out []acl
	add := func(role, state string, orgs ...string) {
		for _, o := range orgs {
			out = append(out, acl{person, role, state, o})
		}
	}
	switch member {
	case MemberPageAdmin:
		for i := range OtherAdministered {
			add("ADMINISTRATOR", "APPROVED", fmt.Sprintf("urn:li:organization:9%07d", i))
		}
		add("ANALYST", "APPROVED", partnerOrgURN)
		add("ADMINISTRATOR", "REVOKED", partnerOrgURN)
		add("ADMINISTRATOR", "APPROVED", AdminOrganizations...)
	case MemberAdPoster:
		add("DIRECT_SPONSORED_CONTENT_POSTER", "APPROVED", AdminOrganizations...)
		add("ADMINISTRATOR", "REQUESTED", AdminOrganizations...)
	case MemberOtherAdmin:
		add("ADMINISTRATOR", "APPROVED", partnerOrgURN)
	}
	return out
}

// serveACLs answers the roleAssignee finder for the token's member,
// filtered by role and state and paged by start and count (default 10).
func (f *Fake) serveACLs(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("q") != "roleAssignee" {
		writeError(w, http.StatusBadRequest, 0, "ILLEGAL_ARGUMENT", "q=roleAssignee is required")
		return
	}
	num := func(key string) (int, bool) {
		if q.Get(key) == "" {
			return 0, true
		}
		n, err := strconv.Atoi(q.Get(key))
		return n, err == nil && n >= 0
	}
	start, okStart := num("start")
	count, okCount := num("count")
	if !okStart || !okCount {
		writeError(w, http.StatusBadRequest, 0, "ILLEGAL_ARGUMENT", "start and count must be numbers")
		return
	}
	if count == 0 {
		count = 10
	}
	token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	f.mu.Lock()
	scopes := f.scopes[token]
	f.mu.Unlock()
	if !slices.Contains(scopes, "r_organization_admin") && !slices.Contains(scopes, "rw_organization_admin") {
		writeError(w, http.StatusForbidden, 100, accessTokenNotAdmin, "Not enough permissions to access: organizationAcls.FINDER-roleAssignee")
		return
	}
	elements := []acl{}
	for _, a := range aclsOf(f.memberOf(r.Header.Get("Authorization"))) {
		if (q.Get("role") == "" || q.Get("role") == a.Role) && (q.Get("state") == "" || q.Get("state") == a.State) {
			elements = append(elements, a)
		}
	}
	total := len(elements)
	elements = elements[min(start, total):min(start+count, total)]
	links := []map[string]any{}
	if start+count < total {
		next := *r.URL
		nq := next.Query()
		nq.Set("start", strconv.Itoa(start+count))
		next.RawQuery = nq.Encode()
		links = append(links, map[string]any{"rel": "next", "type": "application/json", "href": next.RequestURI()})
	}
	writeJSON(w, map[string]any{"paging": map[string]any{"start": start, "count": count, "links": links}, "elements": elements})
}
