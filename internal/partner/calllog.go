package partner

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"time"
)

// Call is one request Crebit made to the partner, as the operations
// console shows it: what was asked, under which idempotency key, how it
// ended and how long it took. Request and Response are JSON with tax ids,
// account numbers, phone numbers and dates of birth masked to their last 4
// characters (Redact).
type Call struct {
	At        time.Time
	Operation string
	IdemKey   string
	Outcome   string // "ok", or the partner's error code / the failure
	Duration  time.Duration
	Request   string
	Response  string
}

// CallLog collects the partner calls made on behalf of one request or job,
// so the service can store them with what they were about, in the
// transaction that records the outcome.
type CallLog struct {
	mu      sync.Mutex
	calls   []Call
	written int
}

type callLogKey struct{}

// WithCallLog returns ctx carrying a new CallLog (or the one it already
// carries) for the partner calls made with it.
func WithCallLog(ctx context.Context) (context.Context, *CallLog) {
	if l, ok := ctx.Value(callLogKey{}).(*CallLog); ok {
		return ctx, l
	}
	l := &CallLog{}
	return context.WithValue(ctx, callLogKey{}, l), l
}

func (l *CallLog) add(c Call) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls = append(l.calls, c)
}

// Pending returns the calls not yet marked written.
func (l *CallLog) Pending() []Call {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Call(nil), l.calls[l.written:]...)
}

// MarkWritten records that the first n pending calls were stored.
func (l *CallLog) MarkWritten(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.written = min(l.written+n, len(l.calls))
}

// Logged wraps p so that its creating calls (bank account, quote, pay-in)
// are added to the CallLog of their context (calls made with a context
// that carries none are not kept); the payments service records the
// others itself with Record.
func Logged(p Partner) Partner { return logged{p} }

type logged struct{ Partner }

func record[T any](ctx context.Context, op, key string, req any, f func() (T, error)) (T, error) {
	l, _ := ctx.Value(callLogKey{}).(*CallLog)
	start := time.Now()
	res, err := f()
	if l != nil {
		c := Call{At: start.UTC(), Operation: op, IdemKey: key, Outcome: "ok", Duration: time.Since(start), Request: Redact(req)}
		if err != nil {
			c.Outcome = outcome(err)
		} else {
			c.Response = Redact(res)
		}
		l.add(c)
	}
	return res, err
}

// outcome names a failure without its free text (which can echo input).
func outcome(err error) string {
	var pe *Error
	switch {
	case errors.As(err, &pe):
		return "error " + strings.TrimSpace(pe.Code)
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	}
	return "unreachable"
}

func (g logged) CreateExternalAccount(ctx context.Context, key string, req ExternalAccountRequest) (ExternalAccount, error) {
	return record(ctx, "create_external_account", key, req,
		func() (ExternalAccount, error) { return g.Partner.CreateExternalAccount(ctx, key, req) })
}

func (g logged) CreateQuote(ctx context.Context, key string, req QuoteRequest) (Quote, error) {
	return record(ctx, "create_quote", key, req, func() (Quote, error) { return g.Partner.CreateQuote(ctx, key, req) })
}

func (g logged) CreatePayin(ctx context.Context, key string, req PayinRequest) (Payin, error) {
	return record(ctx, "create_payin", key, req, func() (Payin, error) { return g.Partner.CreatePayin(ctx, key, req) })
}

// masked are the JSON fields Redact shortens to their last 4 characters.
var masked = map[string]bool{"tax_id": true, "account_number": true, "sender_document": true, "phone_number": true,
	"date_of_birth": true, "sender_tax_id": true, "pix_allowed_tax_ids": true, "beneficiary_tax_id": true,
	// BlindPay's tracking_transaction and tracking_payment: the payer's and
	// the payee's bank details as their banks reported them.
	"sender_account_number": true, "recipient_tax_id": true, "recipient_account_number": true}

// Redact is v as JSON with personal identifiers masked to their last 4
// characters ("•••4725"), at any depth.
func Redact(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		return string(b)
	}
	out, _ := json.Marshal(redact(doc))
	return string(out)
}

func redact(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			if s, ok := x.(string); ok && k == "secret" && s != "" {
				t[k] = "•••"
				continue
			}
			if s, ok := x.(string); ok && masked[k] && s != "" {
				t[k] = mask(s)
				continue
			}
			if list, ok := x.([]any); ok && masked[k] {
				for i, y := range list {
					if s, ok := y.(string); ok {
						if s != "" {
							list[i] = mask(s)
						}
						continue
					}
					list[i] = redact(y)
				}
				continue
			}
			t[k] = redact(x)
		}
	case []any:
		for i, x := range t {
			t[i] = redact(x)
		}
	}
	return v
}

func mask(s string) string {
	r := []rune(s)
	return "•••" + string(r[max(0, len(r)-4):])
}

// Record runs f as a partner call named op and adds it to the CallLog of
// ctx, as Logged does for Partner's methods (for a Staged partner's).
func Record[T any](ctx context.Context, op, key string, req any, f func() (T, error)) (T, error) {
	return record(ctx, op, key, req, f)
}
