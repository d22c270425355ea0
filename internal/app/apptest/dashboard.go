package apptest

import "fmt"

// AccountPayer is a signed-up browser with a Brazil customer and a US bank
// account of its own.
type AccountPayer struct {
	*Payer
	CPF string
}

// NewAccountPayer signs a new browser up as email, then creates a Brazil
// customer (with cpf) and a US bank account in it: both the account's
// (with a staged partner, after its terms and its approval).
func (h *Harness) NewAccountPayer(email, cpf string) *AccountPayer {
	h.T.Helper()
	b := h.Browser()
	b.SignUp(email)
	return &AccountPayer{CPF: cpf, Payer: b.newPayer(CustomerBR(cpf))}
}

// NewVerifiedAccountPayer is NewAccountPayer with the account's e-mail
// address confirmed (what inviting friends needs).
func (h *Harness) NewVerifiedAccountPayer(email, cpf string) *AccountPayer {
	h.T.Helper()
	p := h.NewAccountPayer(email, cpf)
	p.VerifyEmail()
	return p
}

// Pay locks a USDC/BRL quote for amountUSD and pays it by Pix to the
// payer's bank account; it returns the transaction id.
func (p *AccountPayer) Pay(amountUSD string) string {
	p.h.T.Helper()
	q := p.Quote("USDC/BRL", amountUSD)
	body := fmt.Sprintf(`{"amount_brl":%s,"customer_id":%q,"wallet_address":%q,"quote_id":%q,"sender_name":"Maria Silva","sender_document":%q,"external_account_id":%q}`,
		jsonNumber(q.JSON["total_local_amount"]), p.CustomerID, p.WalletAddress, onRampID(q), p.CPF, p.AccountID)
	return p.MustOK("POST", "/api/create-pix-payment", body).Str("transaction_id")
}
