package ledger_test

import (
	"errors"
	"testing"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
)

func brl(minor int64) money.Amount  { return money.Amount{Minor: minor, Currency: money.BRL} }
func usd(minor int64) money.Amount  { return money.Amount{Minor: minor, Currency: money.USD} }
func usdc(minor int64) money.Amount { return money.Amount{Minor: minor, Currency: money.USDC} }

func TestPostingValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		posting ledger.Posting
		wantErr bool
	}{
		{"valid", ledger.Posting{Source: "a", Destination: "b", Amount: brl(1)}, false},
		{"valid usdc", ledger.Posting{Source: "a", Destination: "b", Amount: usdc(1_000_000)}, false},
		{"empty source", ledger.Posting{Source: "", Destination: "b", Amount: brl(1)}, true},
		{"empty destination", ledger.Posting{Source: "a", Destination: "", Amount: brl(1)}, true},
		{"same account", ledger.Posting{Source: "a", Destination: "a", Amount: brl(1)}, true},
		{"zero amount", ledger.Posting{Source: "a", Destination: "b", Amount: brl(0)}, true},
		{"negative amount", ledger.Posting{Source: "a", Destination: "b", Amount: brl(-5)}, true},
		{"no currency", ledger.Posting{Source: "a", Destination: "b", Amount: money.Amount{Minor: 5}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := tt.posting.Validate()
			if (err != nil) != tt.wantErr {
				t.Fatalf("Validate() = %v, wantErr %v", err, tt.wantErr)
			}
			if err != nil && !errors.Is(err, ledger.ErrInvalidTransaction) {
				t.Errorf("Validate() = %v, want it to wrap ErrInvalidTransaction", err)
			}
		})
	}
}

func TestAccountNames(t *testing.T) {
	t.Parallel()
	if got, want := ledger.PaymentAccount("p_123"), "payment:p_123"; got != want {
		t.Errorf("PaymentAccount = %q, want %q", got, want)
	}
	tests := []struct {
		account string
		wantID  string
		wantOK  bool
	}{
		{"payment:p_123", "p_123", true},
		{ledger.PaymentAccount("x:y"), "x:y", true},
		{"payment:", "", false},
		{ledger.PayerAccount, "", false},
		{ledger.PartnerFX, "", false},
		{"payments:p_123", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.account, func(t *testing.T) {
			t.Parallel()
			id, ok := ledger.PaymentIDFromAccount(tt.account)
			if id != tt.wantID || ok != tt.wantOK {
				t.Errorf("PaymentIDFromAccount(%q) = %q, %v; want %q, %v", tt.account, id, ok, tt.wantID, tt.wantOK)
			}
		})
	}
	// The fixed accounts must be distinct, or postings between them would
	// be rejected as self-moves or silently merged.
	fixed := []string{ledger.PayerAccount, ledger.PartnerFX, ledger.OfframpFees, ledger.RoundingAccount, ledger.PayeeAccount}
	seen := make(map[string]bool)
	for _, a := range fixed {
		if a == "" || seen[a] {
			t.Errorf("fixed account %q is empty or repeated", a)
		}
		seen[a] = true
	}
}
