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

// Specific takes a corridor's own wording only where it says in English
// what the generic message says.
func TestSpecific(t *testing.T) {
	generic := func(country, amount string) *Error {
		return E(MinimumAmount, "corridor", "country", country, "amount", amount).On("amount_usd")
	}
	if e := Specific(generic("Brazil", "16.00"), "brazil"); e.Key != "minimum_amount.brazil" || e.Field != "amount_usd" {
		t.Errorf("Brazil: %+v", e)
	}
	if e := Specific(generic("Brazil", "20.00"), "brazil"); e.Key != "minimum_amount.corridor" {
		t.Errorf("another minimum: %+v", e)
	}
	if e := Specific(generic("Colombia", "5.00"), "colombia"); e.Key != "minimum_amount.corridor" || e.Args["country"] != "Colombia" {
		t.Errorf("no wording of its own: %+v", e)
	}
}
