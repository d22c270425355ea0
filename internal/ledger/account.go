package ledger

import "strings"

// Account names used by Crebit's postings. An account is just a name: it
// exists as soon as a posting mentions it, and its balance in a currency is
// the sum of the entries recorded for it in that currency. The prefix before
// the colon says who owns the money ("external" is outside Crebit,
// "partner" is the conversion partner, "crebit" and "fees" are Crebit's).
const (
	// PayerAccount is where every pay-in comes from and where every refund
	// goes back to: the payer's Pix or SPEI account, outside Crebit. Its
	// balance is negative by the amount payers have paid in net of refunds.
	PayerAccount = "external:payer"

	// PartnerFX is the partner's conversion desk. It is the counterparty of
	// every conversion (local currency to USDC on the on-ramp, USDC to USD
	// on the off-ramp), so each conversion is two postings: what we give
	// the desk and what the desk gives back.
	PartnerFX = "partner:fx"

	// OfframpFees receives the part of the gross USD that the off-ramp
	// withheld as fees, so that the payment account can end at zero while
	// the payee receives only the net amount.
	OfframpFees = "fees:offramp"

	// RoundingAccount is Crebit's own account that tops up a payment when
	// the gross USD falls short of the promised amount by rounding (at most
	// one minor unit). Its balance is the total cost of those shortfalls.
	RoundingAccount = "crebit:rounding"

	// ReturnsOwed is what Crebit owes back to payers: a late, short,
	// wrong-currency or excess pay-in, or one an operator refunded, enters it
	// when the refund is decided and leaves it for PayerAccount only when an
	// operator records that the partner returned the money. Its balance is
	// the refunds not yet returned.
	ReturnsOwed = "partner:returns_owed"

	// PayeeAccount is the US bank account or the school receiving the USD,
	// outside Crebit. Every payout ends here.
	PayeeAccount = "external:payee"

	// PaymentAccountPrefix starts the name of every per-payment account.
	PaymentAccountPrefix = "payment:"
)

// PaymentAccount names the account that holds one payment's funds while the
// payment is in flight. Money enters it from the payer, is converted through
// PartnerFX and leaves it to the payee (or back to the payer on refund), so
// it must be zero in every currency once the payment is finished; a non-zero
// balance there means money is stuck or was double-counted.
func PaymentAccount(paymentID string) string {
	return PaymentAccountPrefix + paymentID
}

// PaymentIDFromAccount returns the payment ID of an account named by
// PaymentAccount, and false for any other account, so that a checker can
// find the per-payment accounts among all the balances.
func PaymentIDFromAccount(account string) (string, bool) {
	id, ok := strings.CutPrefix(account, PaymentAccountPrefix)
	if !ok || id == "" {
		return "", false
	}
	return id, true
}
