package apperr

import "testing"

// An error made with E carries its key and arguments, and its Message is the
// English catalog text with the arguments filled in.
func TestE(t *testing.T) {
	e := E(AmountTooLarge, "max", "max", "50000.00").On("amount_usd")
	if e.Key != "amount_too_large.max" || e.Args["max"] != "50000.00" || e.Field != "amount_usd" {
		t.Fatalf("E: %+v", e)
	}
	if want := "The maximum per payment is USD 50000.00. Please split a larger bill into several payments."; e.Message != want {
		t.Errorf("Message %q, want %q", e.Message, want)
	}
	if g := E(QuoteExpired, ""); g.Key != "quote_expired" || g.Message == "" || g.Message == "quote_expired" {
		t.Errorf("general message: %+v", g)
	}
}
