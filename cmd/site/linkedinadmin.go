package main

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"regexp"
	"strings"

	"github.com/veldhaven/site/internal/insights"
	"github.com/veldhaven/site/internal/linkedinauth"
)

// newLinkedInAdmin is the feed owner's /admin/linkedin*. Its state key is
// derived from LINKEDIN_TOKEN_KEY, so a reconnect survives a restart.
func newLinkedInAdmin(cfg config, feedCfg insights.Config, svc *insights.Service, icon string, getenv func(string) string, logger *slog.Logger) (http.Handler, error) {
	key := make([]byte, 32)
	if len(feedCfg.TokenKey) == 32 {
		m := hmac.New(sha256.New, feedCfg.TokenKey)
		m.Write([]byte("veldhaven linkedin reconnect state key v1"))
		key = m.Sum(nil)
	} else {
		_, _ = rand.Read(key) // never fails (crypto/rand)
	}
	return linkedinauth.New(linkedinauth.Config{
		Feed:     svc,
		SiteURL:  cfg.siteURL,
		Secure:   cfg.hsts,
		AuthURL:  getenv("LINKEDIN_AUTH_URL"),
		IconURL:  icon,
		StateKey: key,
		Logger:   logger,
	})
}

// forwardLinkedInAdmin is a web replica's /admin/linkedin*: the owner's answer
// as it is, with the client appended to X-Forwarded-For for its budgets.
func forwardLinkedInAdmin(owner *url.URL, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ours := w.Header().Clone()
		clear(w.Header())
		proxy := &httputil.ReverseProxy{
			Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(owner)
				pr.Out.Host = pr.In.Host
				if prior := pr.In.Header.Values("X-Forwarded-For"); len(prior) > 0 {
					pr.Out.Header["X-Forwarded-For"] = prior
				}
				pr.SetXForwarded()
			},
			ModifyResponse: func(res *http.Response) error {
				for k, v := range ours {
					if _, set := res.Header[k]; !set {
						res.Header[k] = v
					}
				}
				return nil
			},
			ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
				logger.Warn("web replica: /admin/linkedin: the feed owner did not answer", slog.String("error", err.Error()))
				for k, v := range ours {
					w.Header()[k] = v
				}
				http.Error(w, "The LinkedIn connection page is on the feed owner, which did not answer: try again in a minute.", http.StatusBadGateway)
			},
		}
		proxy.ServeHTTP(w, r)
	})
}

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
