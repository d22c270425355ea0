package bpadapter

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/blindpay"
)

// Errors of the adapter itself, for errors.Is.
var (
	// ErrCredentials: BlindPay refused the API key or does not know the
	// instance (AUTH_UNAUTHORIZED, AUTH_FORBIDDEN, AUTH_IP_BLOCKED,
	// INSTANCES_NOT_FOUND, INSTANCES_BLOCKED). An operator's setting is
	// wrong; no retry helps.
	ErrCredentials = errors.New("bpadapter: BlindPay refused the API key or instance: check CREBIT_PARTNER_API_KEY and CREBIT_BLINDPAY_INSTANCE_ID")
	// ErrTermsRequired: a customer cannot be created (or quoted, after a new
	// terms version) before the payer accepted BlindPay's terms of service.
	ErrTermsRequired = errors.New("bpadapter: the payer has not accepted BlindPay's terms of service")
	// ErrNotSupported: BlindPay's public API has no such operation (cancel
	// or refund a payin, simulate outside a sandbox). See docs/BLINDPAY.md,
	// "Adapter design".
	ErrNotSupported = errors.New("bpadapter: BlindPay's API has no such operation")
	// ErrRatesMoved: the firm quotes at the payment step deliver less than
	// the payment promised (see QuotePayment); the payer needs a new quote.
	ErrRatesMoved = errors.New("bpadapter: the firm quote no longer covers the promised USD amount")
	// ErrQuoteGone: the payin quote a recovery replays is expired, used or
	// unknown, so the payin was never opened under it (see RecoverPayin).
	ErrQuoteGone = errors.New("bpadapter: the payin quote can no longer open a payin")
)

// legacyCodes gives the machine codes today's service branches on
// (partner.Error.Code) for BlindPay's stable codes: quote_expired is
// mapped to apperr.QuoteExpired by service.failPayment, kyc_* to
// apperr.KYCRejected.
var legacyCodes = map[string]string{
	"QUOTES_EXPIRED":             "quote_expired",
	"QUOTES_INVALID_STATE":       "quote_expired",
	"QUOTES_ALREADY_USED":        "quote_used",
	"CUSTOMERS_KYC_NOT_APPROVED": "kyc_not_approved",
	"TOS_NOT_ACCEPTED":           "tos_not_accepted",
}

// callError is what every adapter method returns for a failed call: it is
// a *partner.Error for today's service (status, code, Temporary) and keeps
// the client's error underneath, so errors.Is finds blindpay's sentinels
// (ErrIdempotencyKeyReused, ErrRateLimited, ErrNotFound) and errors.As its
// *blindpay.APIError with the trace id.
type callError struct {
	pe    *partner.Error
	cause error
	extra error // an adapter sentinel (ErrCredentials, ...), or nil
}

func (e *callError) Error() string {
	if e.extra != nil {
		return e.extra.Error() + ": " + e.cause.Error()
	}
	return e.cause.Error()
}

func (e *callError) Unwrap() []error {
	errs := []error{e.pe, e.cause}
	if e.extra != nil {
		errs = append(errs, e.extra)
	}
	return errs
}

// wrap turns a client error into the adapter's error (nil stays nil).
func wrap(err error) error {
	if err == nil {
		return nil
	}
	var already *callError
	if errors.As(err, &already) {
		return err
	}
	pe := &partner.Error{Code: "network", Message: err.Error()}
	var ae *blindpay.APIError
	if errors.As(err, &ae) {
		pe.Status, pe.Code, pe.Message, pe.RetryAfter = ae.Status, ae.Code, ae.Message, ae.RetryAfter
		if pe.Code == "" {
			pe.Code = ae.Message
		}
		if c, ok := legacyCodes[ae.Code]; ok {
			pe.Code = c
		}
		if errors.Is(ae, blindpay.ErrIdempotencyKeyReused) {
			pe.Code = "idempotency_key_reused"
		}
	}
	if blindpay.Retryable(err) && !pe.Temporary() {
		// A retryable answer the client gave up on (409 in flight): report
		// it as temporary, the way partner.Error says so.
		pe.Status = 0
	} else if !blindpay.Retryable(err) && pe.Status == 0 {
		// A local failure (encoding, a cancelled context): not the
		// partner's, and not temporary.
		pe.Status, pe.Code = http.StatusBadRequest, "local"
	}
	ce := &callError{pe: pe, cause: err}
	if ae != nil {
		switch ae.Code {
		case "AUTH_UNAUTHORIZED", "AUTH_FORBIDDEN", "AUTH_IP_BLOCKED", "INSTANCES_NOT_FOUND", "INSTANCES_BLOCKED":
			ce.extra = ErrCredentials
		case "TOS_NOT_ACCEPTED", "TOS_NOT_FOUND", "TOS_ALREADY_ACCEPTED":
			ce.extra = ErrTermsRequired
		}
		if ae.Status == http.StatusUnauthorized && ce.extra == nil {
			ce.extra = ErrCredentials
		}
	}
	return ce
}

// refusal is an adapter-made refusal that looks like a partner answer.
func refusal(status int, code string, sentinel error, format string, a ...any) error {
	msg := fmt.Sprintf(format, a...)
	return &callError{pe: &partner.Error{Status: status, Code: code, Message: msg}, cause: errors.New("bpadapter: " + msg), extra: sentinel}
}

// Code returns BlindPay's stable error code behind err ("QUOTES_EXPIRED"),
// or "" when err is not an answer from BlindPay.
func Code(err error) string {
	var ae *blindpay.APIError
	if errors.As(err, &ae) {
		return ae.Code
	}
	return ""
}

// MapError turns an adapter error into the *apperr.Error the payer sees,
// per the table in docs/BLINDPAY.md ("Adapter design", errors), as keyed
// messages of the i18n catalog (mostly a code's general message).
// temporary is the answer to a temporary failure ("Failed to create
// quote: ..."); nil gives the general partner_unavailable. A nil err gives
// nil.
func MapError(err error, temporary *apperr.Error) error {
	if err == nil {
		return nil
	}
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return ae
	}
	err = wrap(err) // a client error as the adapter reports it
	if temporary == nil {
		temporary = apperr.E(apperr.PartnerUnavailable, "")
	}
	u := *temporary
	unavailable := &u
	switch {
	case errors.Is(err, context.Canceled):
		return unavailable
	case errors.Is(err, ErrCredentials):
		// The operator's setting, not the payer's doing: "try again".
		return unavailable
	case errors.Is(err, ErrRatesMoved):
		return apperr.E(apperr.QuoteExpired, "")
	case errors.Is(err, ErrTermsRequired):
		return apperr.E(apperr.Conflict, "partner_terms")
	case errors.Is(err, blindpay.ErrIdempotencyKeyReused):
		// Keys carry a hash of the body, so this is a fault of ours.
		return apperr.E(apperr.Internal, "plain")
	case blindpay.Retryable(err):
		out := *unavailable
		var pe *partner.Error
		if errors.As(err, &pe) && pe.RetryAfter > 0 {
			out.RetryAfter = int(pe.RetryAfter.Seconds())
		}
		return &out
	}
	switch code := Code(err); code {
	case "QUOTES_EXPIRED", "QUOTES_INVALID_STATE":
		return apperr.E(apperr.QuoteExpired, "")
	case "QUOTES_ALREADY_USED":
		return apperr.E(apperr.QuoteUsed, "")
	case "QUOTES_NOT_FOUND":
		return apperr.E(apperr.QuoteNotFound, "")
	case "CUSTOMERS_KYC_NOT_APPROVED":
		return apperr.E(apperr.KYCReview, "")
	case "CUSTOMERS_INVALID_DATA", "CUSTOMERS_ID_DOCUMENT_INVALID", "CUSTOMERS_ENHANCED_KYC_REQUIRED", "CUSTOMERS_ONBOARDING_INCOMPLETE":
		return apperr.E(apperr.KYCRejected, "details")
	case "CUSTOMERS_INVALID_TAX_ID":
		return apperr.E(apperr.TaxIDInvalid, "").On("tax_id")
	case "CUSTOMERS_INVALID_PHONE":
		return apperr.E(apperr.PhoneInvalid, "").On("phone")
	case "CUSTOMERS_COUNTRY_NOT_SUPPORTED", "PAYINS_METHOD_NOT_SUPPORTED":
		return apperr.E(apperr.CountryNotSupported, "")
	case "CUSTOMERS_NOT_FOUND":
		return apperr.E(apperr.CustomerNotFound, "")
	case "BANK_ACCOUNTS_INVALID_ROUTING", "BANK_ACCOUNTS_RTP_NOT_SUPPORTED":
		return apperr.E(apperr.RoutingNumberInvalid, "").On("bank_routing_number")
	case "BANK_ACCOUNTS_NOT_FOUND", "BANK_ACCOUNTS_NOT_APPROVED":
		return apperr.E(apperr.BankAccountMissing, "")
	case "LIMITS_AMOUNT_OUT_OF_RANGE", "LIMITS_VOLUME_EXCEEDED", "PAYOUTS_AMOUNT_BELOW_MINIMUM":
		return apperr.E(apperr.AmountTooLarge, "").On("amount_usd")
	case "PAYINS_TAX_ID_REQUIRED":
		return apperr.E(apperr.SenderRequired, "pix")
	case "PAYINS_NOT_FOUND", "PAYOUTS_NOT_FOUND":
		return apperr.E(apperr.TransactionNotFound, "")
	case "PAYINS_ALREADY_TERMINAL":
		return apperr.E(apperr.Conflict, "")
	case "WALLETS_NOT_FOUND":
		return apperr.E(apperr.WalletMissing, "id")
	case "QUOTES_INSUFFICIENT_LIQUIDITY", "PAYOUTS_INSUFFICIENT_BALANCE", "BLOCKCHAIN_NETWORK_NOT_SUPPORTED",
		"BLOCKCHAIN_TOKEN_NOT_SUPPORTED", "FEES_PARTNER_FEE_EXCEEDED":
		// Liquidity, or the adapter's own settings: not the payer's to fix.
		return unavailable
	}
	var pe *partner.Error
	if errors.As(err, &pe) && !pe.Temporary() {
		return apperr.E(apperr.Unprocessable, "partner_refused")
	}
	return unavailable
}
