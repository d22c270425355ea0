package blindpay

import (
	"strings"
	"testing"
)

func TestIdempotencyKey(t *testing.T) {
	t.Parallel()
	body := []byte(`{"email":"a@example.com","country":"BR","tax_id":"12345678909"}`)
	path := "/v1/instances/in_000000000000/customers"
	base := IdempotencyKey("pay-1:kyc", "POST", path, body)

	if again := IdempotencyKey("pay-1:kyc", "POST", path, body); again != base {
		t.Errorf("same request, keys %q and %q", base, again)
	}
	if !strings.HasPrefix(base, "pay-1:kyc.") {
		t.Errorf("key %q does not start with the caller's key", base)
	}
	for name, other := range map[string]string{
		"corrected body":     IdempotencyKey("pay-1:kyc", "POST", path, []byte(`{"email":"a@example.com","country":"BR","tax_id":"98765432100"}`)),
		"reordered body":     IdempotencyKey("pay-1:kyc", "POST", path, []byte(`{"country":"BR","email":"a@example.com","tax_id":"12345678909"}`)),
		"other caller key":   IdempotencyKey("pay-2:kyc", "POST", path, body),
		"other endpoint":     IdempotencyKey("pay-1:kyc", "POST", "/v1/instances/in_000000000000/payin-quotes", body),
		"other method":       IdempotencyKey("pay-1:kyc", "PUT", path, body),
		"empty vs some body": IdempotencyKey("pay-1:kyc", "POST", path, nil),
	} {
		if other == base {
			t.Errorf("%s: same key %q", name, base)
		}
	}
	long := IdempotencyKey(strings.Repeat("x", 300), "POST", path, body)
	spaced := IdempotencyKey("pay 1\n", "POST", path, body)
	for _, k := range []string{base, long, spaced} {
		if len(k) > 255 || strings.ContainsAny(k, " \n\t") {
			t.Errorf("key %q is not a valid header value of at most 255 characters", k)
		}
	}
	if long == IdempotencyKey(strings.Repeat("x", 301), "POST", path, body) {
		t.Error("two long caller keys collapse into one")
	}
}

// End to end: a true retry sends the same key, a corrected KYC submission
// under the same caller key a new one.
func TestIdempotencyKeyOnTheWire(t *testing.T) {
	t.Parallel()
	f := setup(t)
	req := CreateCustomerRequest{Type: CustomerIndividual, KYCType: KYCStandard, CustomerFields: CustomerFields{
		Email: "ana@example.com", Country: "BR", TaxID: "12345678909", FirstName: "Ana", LastName: "Silva",
		DateOfBirth: "1990-05-01T00:00:00Z", TosID: "to_000000000001",
	}}
	for range 2 {
		if _, err := f.client.CreateCustomer(t.Context(), "pay-1:kyc", req); err != nil {
			t.Fatal(err)
		}
	}
	req.TaxID = "98765432100"
	if _, err := f.client.CreateCustomer(t.Context(), "pay-1:kyc", req); err != nil {
		t.Fatal(err)
	}
	got := f.requests()
	k := []string{got[0].Header.Get("Idempotency-Key"), got[1].Header.Get("Idempotency-Key"), got[2].Header.Get("Idempotency-Key")}
	if k[0] == "" || k[0] != k[1] {
		t.Errorf("retry: keys %q and %q, want the same", k[0], k[1])
	}
	if k[2] == k[0] {
		t.Errorf("corrected submission reuses key %q", k[2])
	}
}

// FX rates are read-only POSTs: each call gets its own key, or BlindPay
// would replay the first rate for a day.
func TestFXKeysDiffer(t *testing.T) {
	t.Parallel()
	f := setup(t)
	req := FXRequest{From: "BRL", To: "USDC", RequestAmount: 1000, CurrencyType: CurrencySender}
	for range 2 {
		if _, err := f.client.PayinFXRate(t.Context(), req); err != nil {
			t.Fatal(err)
		}
	}
	got := f.requests()
	if a, b := got[0].Header.Get("Idempotency-Key"), got[1].Header.Get("Idempotency-Key"); a == "" || a == b {
		t.Errorf("keys %q and %q", a, b)
	}
}
