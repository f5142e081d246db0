package main

import (
	"io/fs"
	"regexp"
	"strings"
)

// iconLink finds the icon link of the built home page; its href is group 1.
var iconLink = regexp.MustCompile(`<link rel="icon" href="([^"]+)"`)

// siteIcon is the site's icon as the built home page names it, for the pages
// the server writes itself; "" when there is none on this site.
func siteIcon(site fs.FS) string {
	home, err := fs.ReadFile(site, "index.html")
	if err != nil {
		return ""
	}
	m := iconLink.FindSubmatch(home)
	if m == nil {
		return ""
	}
	href := string(m[1])
	if !strings.HasPrefix(href, "/") || strings.HasPrefix(href, "//") || strings.ContainsAny(href, "&<>'\"") {
		return ""
	}
	return href
}
