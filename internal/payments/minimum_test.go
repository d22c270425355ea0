package payments

import (
	"errors"
	"testing"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/money"
)

// TestPartnerMinimums: below BlindPay's USD 5.00 payout, or a total below
// its 10.00 pay-in in the local currency, is refused with the corridor's
// message; Brazil's own USD 16 is left to the payment (CheckAmount).
func TestPartnerMinimums(t *testing.T) {
	usd := func(minor int64) money.Amount { return money.New(minor, money.USD) }
	cases := []struct {
		local      money.Currency
		amount     money.Amount
		total      money.Amount
		refused    string // the message, "" when accepted
		paymentMsg string // CheckAmount's message, "" when accepted
	}{
		{money.MXN, usd(1), money.Amount{}, "Minimum Transfer Amount: payments from Mexico must be at least USD 5.00", "Minimum Transfer Amount: payments from Mexico must be at least USD 5.00"},
		{money.MXN, usd(499), money.New(9500, money.MXN), "Minimum Transfer Amount: payments from Mexico must be at least USD 5.00", "Minimum Transfer Amount: payments from Mexico must be at least USD 5.00"},
		{money.MXN, usd(500), money.New(10000, money.MXN), "", ""},
		{money.MXN, usd(500), money.New(900, money.MXN), "Minimum Transfer Amount: payments from Mexico must be at least MXN 10.00", ""},
		{money.BRL, usd(100), money.Amount{}, "Minimum Transfer Amount: payments from Brazil must be at least USD 16.00", "Minimum Transfer Amount: payments from Brazil must be at least USD 16.00"},
		{money.BRL, usd(1599), money.New(9000, money.BRL), "", "Minimum Transfer Amount: payments from Brazil must be at least USD 16.00"},
		{money.BRL, usd(1600), money.New(9000, money.BRL), "", ""},
	}
	for _, c := range cases {
		check := func(err error, want string) {
			t.Helper()
			var e *apperr.Error
			switch {
			case want == "" && err != nil:
				t.Errorf("%s %s (total %s): refused: %v", c.local, c.amount, c.total, err)
			case want != "" && (!errors.As(err, &e) || e.Code != apperr.MinimumAmount || e.Message != want):
				t.Errorf("%s %s (total %s): %v, want %q", c.local, c.amount, c.total, err, want)
			}
		}
		check(CheckPartnerMinimums(c.local, c.amount, c.total), c.refused)
		check(CheckAmount(c.local, c.amount), c.paymentMsg)
	}
}
