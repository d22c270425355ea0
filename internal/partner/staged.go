package partner

import "github.com/crebit/crebit/internal/money"

// TermsSession is a started terms acceptance: the page the payer opens and
// the key the acceptance echoes.
type TermsSession struct {
	URL string
	Key string
}

// TermsAccepted is a payer's acceptance of the partner's terms.
type TermsAccepted struct {
	TosID      string
	Key        string
	CustomerID string // set when an existing customer accepted new terms
	Version    string
}

// PayoutRequest pays stablecoin from the customer's wallet to their US
// bank account, after the pay-in settled.
type PayoutRequest struct {
	WalletAddress string // the wallet the pay-in delivered to
	BankAccountID string // the partner's bank account id
	// Amount is what to pay: in USD, exactly that arrives (the wallet
	// pays the fees); in USDC, that much leaves the wallet.
	Amount money.Amount
	// Reference is Crebit's payment id.
	Reference string
}

// Translation is what one webhook delivery means to Crebit: payment
// events in the order to apply them, a customer's new verdict, or a terms
// acceptance. A delivery Crebit does not act on translates to nothing.
type Translation struct {
	Name     string // the partner's event name
	Events   []Event
	Customer *Customer
	Terms    *TermsAccepted
}

// Empty reports whether the delivery asks nothing of Crebit (BlindPay's
// payin.new: the pay-in Crebit has just created).
func (t Translation) Empty() bool { return len(t.Events) == 0 && t.Customer == nil && t.Terms == nil }

// Events a staged partner sends beyond the chained lifecycle's.
const (
	// EventPayinSettled: the pay-in's stablecoin is in the payer's wallet;
	// Crebit creates the payout.
	EventPayinSettled = "payin_settled"
	// EventPayinRefunded: the partner returned the deposit to the sender.
	EventPayinRefunded = "payin_refunded"
	// EventOfframpFailed: the payout failed.
	EventOfframpFailed = "offramp_failed"
	// EventOfframpRefunded: the payout came back; the stablecoin is in the
	// wallet again.
	EventOfframpRefunded = "offramp_refunded"
)
