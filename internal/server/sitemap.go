package server

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
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
	return []byte(fmt.Sprintf("User-agent: *\nAllow: /\nDisallow: /linkedin-api\n\nSitemap: %s\n",
		absoluteURL(siteURL, "/sitemap.xml")))
}

func absoluteURL(siteURL, p string) string {
	base := strings.TrimRight(siteURL, "/")
	if p == "/" {
		return base + "/"
	}
	return base + p
}
