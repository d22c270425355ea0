package payments

import (
	"strings"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/customer"
)

// walletOf is how a payment request in corridor cor names the payer's USDC
// wallet (corridor.Request.WalletField: SPEI's by wallet_id, Pix's by
// wallet_address), with the value the request gave and the customer's own.
func walletOf(cor corridor.Corridor, c customer.Customer, in PaymentInput) (field, given, own string) {
	if cor.Request.WalletField == "wallet_id" {
		return "wallet_id", in.WalletID, c.WalletID
	}
	return "wallet_address", in.WalletAddress, c.WalletAddress
}

// sameWallet refuses a request whose wallet is not the customer's.
func sameWallet(cor corridor.Corridor, c customer.Customer, in PaymentInput) error {
	if field, given, own := walletOf(cor, c, in); given != own {
		return walletMissing(field)
	}
	return nil
}

// walletMissing is the refusal of a wallet that is missing or not the
// payer's, under the field that named it.
func walletMissing(field string) error {
	if field == "wallet_id" {
		return apperr.E(apperr.WalletMissing, "id").On(field)
	}
	return apperr.E(apperr.WalletMissing, "address").On(field)
}

// senderGiven refuses a request without its sender. The spec words it per
// endpoint, and asks Pix for the name and the tax id but SPEI only for the
// CURP; a corridor it does not name needs both.
func senderGiven(cor corridor.Corridor, in PaymentInput) error {
	name, doc := strings.TrimSpace(in.SenderName) != "", strings.TrimSpace(in.SenderDocument) != ""
	switch cor.Method {
	case corridor.Brazil.Method:
		if !name || !doc {
			return apperr.E(apperr.SenderRequired, "pix").On(cor.Request.TaxIDField)
		}
	case corridor.Mexico.Method:
		if !doc {
			return apperr.E(apperr.SenderRequired, "spei").On(cor.Request.TaxIDField)
		}
	default:
		if !name || !doc {
			return apperr.E(apperr.SenderRequired, "").On(cor.Request.TaxIDField)
		}
	}
	return nil
}
