package editor

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/veldhaven/site/internal/ratelimit"
)

// ExchangeLimits bound the token exchanges, each carrying the client secret to
// GitHub; unset fields take the defaults.
type ExchangeLimits struct {
	// Concurrent is how many exchanges may be in flight at once.
	Concurrent int
	// PerClient is each client's budget (its address, internal/clientaddr),
	// spent before All, everyone's: one client's flood spends its own.
	PerClient ratelimit.Rate
	All       ratelimit.Rate
}

// Defaults of the exchange budget: ten addresses are needed to empty the
// shared burst, and visitors can make the server call GitHub 20 times a minute.
const DefaultExchangeConcurrent = 4

var (
	DefaultExchangePerClient = ratelimit.Rate{Burst: 2, Every: time.Minute}
	DefaultExchangeAll       = ratelimit.Rate{Burst: 20, Every: 3 * time.Second}
)

// exchangeGate admits an exchange when a slot is free and both the client's
// budget and the shared one have a token.
type exchangeGate struct {
	slots  chan struct{}
	budget *ratelimit.Gate
}

func newExchangeGate(l ExchangeLimits, now func() time.Time) *exchangeGate {
	if l.Concurrent <= 0 {
		l.Concurrent = DefaultExchangeConcurrent
	}
	return &exchangeGate{
		slots:  make(chan struct{}, l.Concurrent),
		budget: ratelimit.NewGate(l.PerClient.Or(DefaultExchangePerClient), l.All.Or(DefaultExchangeAll), ratelimit.MaxClients, now),
	}
}

// busyRetryAfter is the Retry-After of a refusal for want of a slot: a
// GitHub exchange takes well under a second.
const busyRetryAfter = time.Second

// enter takes a slot and the tokens; leave gives the slot back. Refused,
// retryAfter says when to try again.
func (g *exchangeGate) enter(client string) (leave func(), retryAfter time.Duration, ok bool) {
	select {
	case g.slots <- struct{}{}:
	default:
		return nil, busyRetryAfter, false
	}
	if ok, wait := g.budget.Take(client); !ok {
		<-g.slots
		return nil, wait, false
	}
	return func() { <-g.slots }, 0, true
}

// maxTokenAnswer bounds the token endpoint's answer: GitHub's is a JSON
// object of three short fields, a few hundred bytes.
const maxTokenAnswer = 16 << 10

// Errors of the exchange client, told apart in the log.
var (
	errRedirected     = errors.New("token endpoint redirected")
	errAnswerTooLarge = fmt.Errorf("token endpoint answer over %d bytes", maxTokenAnswer)
)

// newExchangeClient follows no redirect (a 307 would resend the secret),
// ignores proxy variables and reads at most maxTokenAnswer bytes.
func newExchangeClient(timeout time.Duration) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	return &http.Client{
		Transport: &cappedTransport{base: &http.Transport{
			Proxy:                  nil,
			DialContext:            dialer.DialContext,
			TLSHandshakeTimeout:    5 * time.Second,
			ResponseHeaderTimeout:  timeout,
			MaxResponseHeaderBytes: 64 << 10,
			MaxIdleConns:           2,
			IdleConnTimeout:        90 * time.Second,
			ForceAttemptHTTP2:      true,
		}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return errRedirected },
		Timeout:       timeout,
	}
}

// cappedTransport refuses answers over maxTokenAnswer: at once when the
// Content-Length says so, else while the body is read.
type cappedTransport struct{ base http.RoundTripper }

func (t *cappedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := t.base.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	if res.ContentLength > maxTokenAnswer {
		res.Body.Close()
		return nil, errAnswerTooLarge
	}
	res.Body = &cappedBody{ReadCloser: res.Body, left: maxTokenAnswer + 1}
	return res, nil
}

// cappedBody fails once more than maxTokenAnswer bytes have been read.
type cappedBody struct {
	io.ReadCloser
	left int64 // bytes that may still be read, one more than allowed
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	if b.left <= 0 {
		return 0, errAnswerTooLarge
	}
	return n, err
}
