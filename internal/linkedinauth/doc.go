// Package linkedinauth lets a page admin reconnect the insights feed to
// LinkedIn from the site (/admin/linkedin), with LinkedIn's authorization
// code flow (Microsoft Learn, "Authorization Code Flow (3-legged OAuth)"):
//
//	GET /admin/linkedin           the connection in plain words, and Reconnect LinkedIn
//	GET /admin/linkedin/status    the same as JSON, for the editor
//	GET /admin/linkedin/connect   302 to LinkedIn's authorization page, state in a cookie
//	GET /admin/linkedin/callback  one exchange of the code, then insights.Service.Reconnect
//
// Anyone may start the flow and no one can break the feed with it: the new
// token replaces the feed's only once it has read the firm's page
// (insights), and the callback's exchange and check are bounded per client
// and in all by a budget of their own, never the feed's daily one. The
// feed owner runs it; web replicas forward these paths to the owner.
package linkedinauth
