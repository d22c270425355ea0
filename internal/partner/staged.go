package partner

import (
	"context"
	"net/http"
	"time"

	"github.com/crebit/crebit/internal/money"
)

// Staged is a partner that works in stages (BlindPay, issue 28): the payer
// accepts the partner's terms before being registered; identity is
// verified after the customer is made (its outcome comes later, by webhook
// or by asking); a wallet opens only for an approved customer; the pay-in
// settles into that wallet and Crebit then asks for the payout; webhooks
// are the partner's own (verified and translated by Receive), and a lost
// one is recovered by asking for the object's events. A partner that
// implements Staged is driven this way; one that does not is driven as
// Partner describes (the payout chained by the partner).
type Staged interface {
	Partner
	// StartTerms returns the page at which the payer accepts the
	// partner's terms; the acceptance comes back as a Terms translation
	// whose Key is the session's.
	StartTerms(ctx context.Context, lang, returnURL, customerID string) (TermsSession, error)
	// CreateCustomerWithTerms registers a person who accepted the terms
	// (tosID); the verdict is usually under_review.
	CreateCustomerWithTerms(ctx context.Context, idemKey string, req CustomerRequest, tosID string) (Customer, error)
	// GetCustomer is a customer's current verdict.
	GetCustomer(ctx context.Context, customerID string) (Customer, error)
	// EnsureWallet returns the approved customer's wallet walletID, else
	// one on the partner's network, else a new one.
	EnsureWallet(ctx context.Context, idemKey, customerID, walletID string) (Wallet, error)
	// CreatePayout pays the settled stablecoin out to the payer's bank
	// account; the key is the payment's, so a retry never pays twice.
	CreatePayout(ctx context.Context, idemKey string, req PayoutRequest) (Offramp, error)
	// PayinEvents and PayoutEvents are the events the object's current
	// state means, for a payment whose webhooks were lost.
	PayinEvents(ctx context.Context, payinID string) ([]Event, error)
	PayoutEvents(ctx context.Context, payoutID string) ([]Event, error)
	// EnsureWebhook registers url unless it already is and returns the
	// endpoint's signing secret, which the partner makes.
	EnsureWebhook(ctx context.Context, idemKey, url string) (id, secret string, err error)
	// Receive verifies a delivery with the endpoint's secret and
	// translates it; Translate translates a stored, verified one again.
	Receive(secret string, h http.Header, body []byte, now time.Time) (Translation, error)
	Translate(deliveryID string, body []byte) (Translation, error)
	// DeliveryID is the id a delivery's headers give it.
	DeliveryID(h http.Header) string
	// MapError turns the partner's refusal into what the payer can act on
	// (an *apperr.Error); what is the message of a temporary failure.
	MapError(err error, what string) error
}

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
