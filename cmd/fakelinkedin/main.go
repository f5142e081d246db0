// Command fakelinkedin serves internal/fakelinkedin, a stand-in for
// LinkedIn's REST API built from its documented shapes, for load tests and
// for running the site without internet; tests steer it through /_fake/.
//
//	fakelinkedin -addr 127.0.0.1:9911 [-posts 12] [-oldest YYYYMM] [-latest YYYYMM] [-media-delay 2s]
//	             [-token T] [-client-id ID -client-secret S -redirect-uri URL[,URL]] [-grant-refresh]
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/veldhaven/site/internal/fakelinkedin"
)

func main() {
	now := time.Now().UTC()
	addr := flag.String("addr", "127.0.0.1:9911", "listen address (loopback)")
	posts := flag.Int("posts", 12, "generated posts added to the fixtures of every kind")
	oldest := flag.String("oldest", month(now.AddDate(-1, 0, 0)), "oldest LinkedIn-Version served (YYYYMM); older ones are retired")
	latest := flag.String("latest", month(now), "newest LinkedIn-Version served (YYYYMM)")
	mediaDelay := flag.Duration("media-delay", 0, "wait this long before answering about an image or a video (keeps a request to the site in flight, for drain tests)")
	token := flag.String("token", "", "the only valid access token besides those the authorization code flow hands out (empty: any)")
	clientID := flag.String("client-id", "", "the LinkedIn app's client id (serves the authorization code flow)")
	clientSecret := flag.String("client-secret", "", "the app's client secret")
	redirects := flag.String("redirect-uri", "", "comma-separated redirect URLs registered for the app")
	grantRefresh := flag.Bool("grant-refresh", false, "hand out refresh tokens with access tokens (an app approved for programmatic refresh tokens)")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("fakelinkedin: listen: %v", err)
	}
	fake := fakelinkedin.New("http://"+ln.Addr().String(), *oldest, *latest, *posts)
	fake.Set(func(b *fakelinkedin.Behaviour) { b.MediaDelay = *mediaDelay })
	fake.RequireToken(*token, "", false)
	if *clientID != "" {
		fake.RegisterApp(*clientID, *clientSecret, *grantRefresh, strings.Split(*redirects, ",")...)
	}
	srv := &http.Server{Handler: fake.Handler(), ReadHeaderTimeout: 5 * time.Second}
	log.Printf("fakelinkedin: %s", fake)
	log.Fatal(srv.Serve(ln))
}

// month is the LinkedIn-Version of t's month.
func month(t time.Time) string {
	return fmt.Sprintf("%04d%02d", t.Year(), int(t.Month()))
}
