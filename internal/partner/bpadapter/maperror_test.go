package bpadapter_test

import (
	"errors"
	"testing"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/i18n"
	"github.com/crebit/crebit/internal/partner/blindpay"
	"github.com/crebit/crebit/internal/partner/bpadapter"
)

// TestMapErrorTable: BlindPay's codes give the apperr codes of the table
// in docs/BLINDPAY.md §17.9, with keyed messages the catalog translates
// into Portuguese and Spanish.
func TestMapErrorTable(t *testing.T) {
	for code, want := range map[string]apperr.Code{
		"AUTH_UNAUTHORIZED": apperr.PartnerUnavailable, "INSTANCES_NOT_FOUND": apperr.PartnerUnavailable,
		"TOS_NOT_ACCEPTED": apperr.Conflict, "TOS_ALREADY_ACCEPTED": apperr.Conflict,
		"CUSTOMERS_KYC_NOT_APPROVED": apperr.KYCReview, "CUSTOMERS_INVALID_DATA": apperr.KYCRejected,
		"CUSTOMERS_ID_DOCUMENT_INVALID": apperr.KYCRejected, "CUSTOMERS_INVALID_TAX_ID": apperr.TaxIDInvalid,
		"CUSTOMERS_INVALID_PHONE": apperr.PhoneInvalid, "CUSTOMERS_COUNTRY_NOT_SUPPORTED": apperr.CountryNotSupported,
		"PAYINS_METHOD_NOT_SUPPORTED": apperr.CountryNotSupported, "CUSTOMERS_NOT_FOUND": apperr.CustomerNotFound,
		"BANK_ACCOUNTS_INVALID_ROUTING": apperr.RoutingNumberInvalid, "BANK_ACCOUNTS_NOT_APPROVED": apperr.BankAccountMissing,
		"QUOTES_EXPIRED": apperr.QuoteExpired, "QUOTES_INVALID_STATE": apperr.QuoteExpired, "QUOTES_ALREADY_USED": apperr.QuoteUsed,
		"QUOTES_NOT_FOUND": apperr.QuoteNotFound, "LIMITS_AMOUNT_OUT_OF_RANGE": apperr.AmountTooLarge,
		"LIMITS_VOLUME_EXCEEDED": apperr.AmountTooLarge, "PAYINS_TAX_ID_REQUIRED": apperr.SenderRequired,
		"PAYINS_NOT_FOUND": apperr.TransactionNotFound, "PAYINS_ALREADY_TERMINAL": apperr.Conflict,
		"WALLETS_NOT_FOUND": apperr.WalletMissing, "PAYOUTS_INSUFFICIENT_BALANCE": apperr.PartnerUnavailable,
		"BLOCKCHAIN_TOKEN_NOT_SUPPORTED": apperr.PartnerUnavailable, "VALIDATION_FAILED": apperr.Unprocessable,
		"QUOTES_RATE_UNAVAILABLE": apperr.PartnerUnavailable, "AUTH_RATE_LIMITED": apperr.PartnerUnavailable,
	} {
		status := map[string]int{"AUTH_UNAUTHORIZED": 401, "INSTANCES_NOT_FOUND": 404, "CUSTOMERS_KYC_NOT_APPROVED": 403,
			"QUOTES_RATE_UNAVAILABLE": 502, "AUTH_RATE_LIMITED": 429, "QUOTES_ALREADY_USED": 409, "CUSTOMERS_NOT_FOUND": 404,
			"PAYINS_NOT_FOUND": 404, "WALLETS_NOT_FOUND": 404, "PAYINS_ALREADY_TERMINAL": 409, "TOS_ALREADY_ACCEPTED": 409,
			"CUSTOMERS_INVALID_DATA": 422}[code]
		if status == 0 {
			status = 400
		}
		err := bpadapter.MapError(&blindpay.APIError{Method: "POST", Path: "/v1/x", Status: status, Code: code}, apperr.E(apperr.PartnerUnavailable, "quote"))
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Code != want {
			t.Errorf("%s: %v, want %s", code, err, want)
			continue
		}
		if ae.Key == "" {
			t.Errorf("%s: %q has no catalog key", code, ae.Message)
		}
		for _, lang := range []string{"pt-BR", "es-MX"} {
			if got := i18n.Text(lang, ae.Key, ae.Args); got == ae.Message {
				t.Errorf("%s: %q is not translated into %s", code, ae.Message, lang)
			}
		}
	}
}
