package server

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"time"
)

// sitemapXML lists every page with its absolute URL (sitemaps.org protocol).
func sitemapXML(siteURL string, pages []string) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range pages {
		b.WriteString("  <url><loc>")
		_ = xml.EscapeText(&b, []byte(absoluteURL(siteURL, p)))
		b.WriteString("</loc></url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

func robotsTxt(siteURL string) []byte {
	return []byte(fmt.Sprintf("User-agent: *\nAllow: /\nDisallow: /linkedin-api\nDisallow: /admin\n\nSitemap: %s\n",
		absoluteURL(siteURL, "/sitemap.xml")))
}

func absoluteURL(siteURL, p string) string {
	base := strings.TrimRight(siteURL, "/")
	if p == "/" {
		return base + "/"
	}
	return base + p
}

// securityTxt follows RFC 9116. Expires must be less than a year ahead, so it
// is computed when the server starts rather than fixed at build time.
func securityTxt(contact, siteURL string, now time.Time) []byte {
	expires := now.UTC().AddDate(0, 6, 0).Truncate(24 * time.Hour)
	return []byte(fmt.Sprintf("Contact: %s\nExpires: %s\nPreferred-Languages: en, nl\nCanonical: %s\n",
		contact, expires.Format(time.RFC3339), absoluteURL(siteURL, "/.well-known/security.txt")))
}
