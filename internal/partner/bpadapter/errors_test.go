package bpadapter_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/blindpay"
	"github.com/crebit/crebit/internal/partner/bpadapter"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

func apperrCode(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return string(e.Code)
	}
	return ""
}

func partnerCode(err error) string {
	var pe *partner.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// TestErrors: BlindPay's refusals as the adapter reports them: a clear
// sentinel, today's partner.Error codes, and the apperr code the payer
// gets (the table in docs/BLINDPAY.md).
func TestErrors(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		ctx := context.Background()
		onRamp := partner.QuoteRequest{Symbol: "USDC/BRL", Side: partner.OnRamp}

		// A wrong key, and an instance the key does not know.
		for _, bad := range []*bpadapter.Adapter{h.adapter("sk_wrong", testInstance), h.adapter(testKey, "in_notmyinstanc")} {
			_, err := bad.CreateQuote(ctx, "q", onRamp)
			if !errors.Is(err, bpadapter.ErrCredentials) || !strings.Contains(err.Error(), "CREBIT_PARTNER_API_KEY") || blindpay.Retryable(err) {
				t.Errorf("bad credentials: %v", err)
			}
			if s := partner.StatusOf(err); s != 401 && s != 404 {
				t.Errorf("bad credentials: status %d", s)
			}
			if got := apperrCode(bpadapter.MapError(err, apperr.E(apperr.PartnerUnavailable, "quote"))); got != "partner_unavailable" {
				t.Errorf("bad credentials map to %s", got)
			}
		}

		// The terms' own idempotency key, reused: the client's sentinel,
		// a fault of ours for the payer.
		key := "6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b"
		if _, err := h.a.Client().InitiateTos(ctx, blindpay.InitiateTosRequest{IdempotencyKey: key}); err != nil {
			t.Fatal(err)
		}
		_, err := h.a.Client().InitiateTos(ctx, blindpay.InitiateTosRequest{IdempotencyKey: key})
		if !errors.Is(err, blindpay.ErrIdempotencyKeyReused) || apperrCode(bpadapter.MapError(err, nil)) != "internal" {
			t.Errorf("reused terms key: %v", err)
		}

		// A tos_id links one customer only.
		tos := h.acceptTerms()
		if _, err := h.a.CreateCustomerWithTerms(ctx, "c1", brazilian.request(), tos); err != nil {
			t.Fatal(err)
		}
		_, err = h.a.CreateCustomerWithTerms(ctx, "c2", mexican.request(), tos)
		if !errors.Is(err, bpadapter.ErrTermsRequired) || bpadapter.Code(err) != "TOS_ALREADY_ACCEPTED" || apperrCode(bpadapter.MapError(err, nil)) != "conflict" {
			t.Errorf("reused tos_id: %v", err)
		}

		_, _, w := h.approved(brazilian)
		quote := func(key string, local, promise string) (bpadapter.PaymentQuote, error) {
			return h.a.QuotePayment(ctx, key, bpadapter.PaymentQuoteRequest{WalletID: w.ID, Method: "pix",
				AmountLocal: brl(local), AmountUSD: usd(promise), PayerTaxID: brazilian.taxID})
		}
		// The rates no longer pay for the promise.
		_, err = quote("moved", "100.00", "100.00")
		if !errors.Is(err, bpadapter.ErrRatesMoved) || partnerCode(err) != "quote_expired" || apperrCode(bpadapter.MapError(err, nil)) != "quote_expired" {
			t.Errorf("rates moved: %v", err)
		}
		// MXN with centavos is refused, not rounded.
		_, err = h.a.QuotePayment(ctx, "centavos", bpadapter.PaymentQuoteRequest{WalletID: w.ID, Method: "spei", AmountLocal: mxn("9000.50"), AmountUSD: usd("100.00")})
		if !errors.Is(err, blindpay.ErrCentavos) && partnerCode(err) != "amount_not_accepted" {
			t.Errorf("MXN centavos: %v", err)
		}

		// A quote used twice.
		q, err := quote("used", "1000.00", "100.00")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.a.OpenPayin(ctx, "used-1", q.PayinQuoteID); err != nil {
			t.Fatal(err)
		}
		_, err = h.a.OpenPayin(ctx, "used-2", q.PayinQuoteID)
		if bpadapter.Code(err) != "QUOTES_ALREADY_USED" || partnerCode(err) != "quote_used" || apperrCode(bpadapter.MapError(err, nil)) != "quote_used" {
			t.Errorf("quote used twice: %v", err)
		}

		// An expired quote: the payment's quote_expired, and a recovery
		// learns that no payin was opened under it.
		q, err = quote("expired", "1000.00", "100.00")
		if err != nil {
			t.Fatal(err)
		}
		h.offset.Store(int64(6 * time.Minute))
		_, err = h.a.OpenPayin(ctx, "txn_expired", q.PayinQuoteID)
		if partnerCode(err) != "quote_expired" || partner.StatusOf(err) != 400 || apperrCode(bpadapter.MapError(err, nil)) != "quote_expired" {
			t.Errorf("expired quote: %v", err)
		}
		if _, found, err := h.a.RecoverPayin(ctx, "txn_expired", q.PayinQuoteID); found || err != nil {
			t.Errorf("RecoverPayin of an expired quote: found %v, %v", found, err)
		}
		h.offset.Store(0)

		if _, err := h.a.GetPayin(ctx, "pi_000000000000"); !errors.Is(err, blindpay.ErrNotFound) || apperrCode(bpadapter.MapError(err, nil)) != "transaction_not_found" {
			t.Errorf("unknown payin: %v", err)
		}

		// The webhook endpoint: registered once, with BlindPay's secret.
		url := h.hooks.srv.URL + "/api/webhook/payout-events"
		id, secret, err := h.a.EnsureWebhook(ctx, "again", url)
		if err != nil || !strings.HasPrefix(id, "we_") || !strings.HasPrefix(secret, "whsec_") {
			t.Fatalf("EnsureWebhook again: %s %v", id, err)
		}
	})
}

// TestTemporaryFailures: 5xx and 429 answers are retried by the client,
// then reported as temporary: "try again" for the payer, with BlindPay's
// Retry-After.
func TestTemporaryFailures(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		status int
		body   string
		retry  int
	}{
		{502, `{"success":false,"code":"QUOTES_RATE_UNAVAILABLE","message":"fx_rate_unavailable","errors":[]}`, 0},
		{429, `{"success":false,"code":"AUTH_RATE_LIMITED","message":"api_key_rate_limit_exceeded","errors":[]}`, 1},
	} {
		calls := 0
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls++
			if c.retry > 0 {
				w.Header().Set("Retry-After", "1")
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(c.status)
			w.Write([]byte(c.body))
		}))
		cl, err := blindpay.New(blindpay.Config{BaseURL: srv.URL, APIKey: "k", InstanceID: testInstance, MaxAttempts: 2,
			BaseBackoff: time.Millisecond, MaxBackoff: 2 * time.Millisecond, CallTimeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		a, _ := bpadapter.New(cl, bpadapter.Config{Network: "base_sepolia", Token: "USDB"})
		_, err = a.CreateQuote(context.Background(), "q", partner.QuoteRequest{Symbol: "USDC/MXN", Side: partner.OnRamp})
		srv.Close()
		var pe *partner.Error
		if !blindpay.Retryable(err) || !errors.As(err, &pe) || !pe.Temporary() || calls != 2 {
			t.Errorf("%d: %v (calls %d)", c.status, err, calls)
		}
		mapped := bpadapter.MapError(err, apperr.E(apperr.PartnerUnavailable, "quote"))
		if apperrCode(mapped) != "partner_unavailable" || apperr.RetryAfterSeconds(mapped) != c.retry {
			t.Errorf("%d maps to %v (retry after %d)", c.status, mapped, apperr.RetryAfterSeconds(mapped))
		}
	}
}
