package payments

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/onboarding"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

// CheckDetails are the school and student details of a mailed check.
type CheckDetails struct {
	SchoolName           string `json:"school_name"`
	PayeeName            string `json:"payee_name"`
	MailingAddress       string `json:"mailing_address"`
	City                 string `json:"city"`
	State                string `json:"state"`
	ZipCode              string `json:"zip_code"`
	DeliveryInstructions string `json:"delivery_instructions,omitempty"`
	StudentFullName      string `json:"student_full_name"`
	StudentID            string `json:"student_id"`
	TermReference        string `json:"term_reference"`
	StudentEmail         string `json:"student_email"`
}

// AuthorizationInput is what the browser showed when the payer agreed.
type AuthorizationInput struct {
	Accepted   bool   `json:"accepted"`
	SignedAt   string `json:"signed_at"`
	SignerName string `json:"signer_name"`
}

// PaymentInput is a Pix or SPEI payment request.
type PaymentInput struct {
	Method            string // pix or spei
	AmountLocal       string // exact decimal text of amount_brl / amount_mxn
	CustomerID        string
	WalletAddress     string // Pix
	WalletID          string // SPEI
	QuoteID           string // the on-ramp quote id
	SenderName        string
	SenderDocument    string // CPF/CNPJ (Pix) or CURP (SPEI, sent as sender_clabe)
	ExternalAccountID string
	Delivery          string
	Check             *CheckDetails
	Recipient         string // who the payer says it is for (the dashboard's Payment tab)
	Authorization     *AuthorizationInput
	IdempotencyKey    string
	IP                string
	UserAgent         string
}

// CreatePayment charges a locked quote: it checks everything the browser
// checked and more, stores the payment with the payer's authorization,
// opens the pay-in at the partner, and schedules the payment's expiry.
// Asking again with the same Idempotency-Key (or, without one, for the same
// quote with the same details) returns the same payment.
//
// It takes two transactions and never holds one across the partner call:
// one reads and checks everything and stores the payment (state created);
// after the partner opened the pay-in, one records it (awaiting_payin).
func (s *Service) CreatePayment(ctx context.Context, who actor.Actor, in PaymentInput) (payment.Record, error) {
	if err := validatePaymentInput(&in); err != nil {
		return payment.Record{}, err
	}
	var (
		c        customer.Customer
		q        payment.Quote
		p        payment.Record
		existing *payment.Record
		bank     string // the partner's id of the destination bank account
	)
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if c, err = actor.OwnCustomerTx(ctx, tx, who, in.CustomerID); err != nil {
			return err
		}
		var auth payment.Authorization
		if p, auth, bank, err = s.buildPayment(ctx, tx, who, c, in, &q); err != nil {
			return err
		}
		// A repeat of the same request finds the first payment.
		if prev, ok, err := s.findRepeat(ctx, tx, who, p); err != nil || ok {
			existing = &prev
			return err
		}
		if err := tx.CreatePayment(ctx, p); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return apperr.E(apperr.QuoteUsed, "")
			}
			return err
		}
		if err := tx.CreateAuthorization(ctx, auth); err != nil {
			return err
		}
		if in.Recipient != "" {
			if err := tx.SetPaymentRecipient(ctx, p.ID, in.Recipient); err != nil {
				return err
			}
		}
		return tx.AddPaymentEvent(ctx, p.ID, payment.Change{State: payment.StateCreated, Source: "api", OccurredAt: p.CreatedAt})
	})
	if err != nil {
		return payment.Record{}, err
	}
	if existing != nil {
		if existing.State == payment.StateCreated && s.now().Sub(existing.CreatedAt) >= s.cfg.RecoverAfter {
			// The request that stored it died before recording the pay-in:
			// find out from the partner now rather than after the sweep.
			return s.recoverPayment(ctx, *existing)
		}
		if existing.State == payment.StateCreated {
			return payment.Record{}, apperr.E(apperr.PaymentInProgress, "")
		}
		return *existing, nil
	}
	return s.openPayin(ctx, c, q, p, bank, in)
}

// findRepeat looks for the payment a repeated request already made.
func (s *Service) findRepeat(ctx context.Context, tx *store.Tx, who actor.Actor, p payment.Record) (payment.Record, bool, error) {
	var prev payment.Record
	var err error
	if p.IdempotencyKey != "" {
		prev, err = tx.PaymentByIdempotencyKey(ctx, who.SessionID, p.IdempotencyKey)
	} else {
		prev, err = tx.LivePaymentForQuote(ctx, p.QuoteID)
		if err == nil && (!who.Owns(prev.SessionID, prev.AccountID) || prev.IdempotencyKey != "") {
			return payment.Record{}, false, apperr.E(apperr.QuoteUsed, "")
		}
	}
	if errors.Is(err, store.ErrNotFound) {
		return payment.Record{}, false, nil
	}
	if err != nil {
		return payment.Record{}, false, err
	}
	if prev.RequestHash != p.RequestHash {
		if p.IdempotencyKey != "" {
			return payment.Record{}, false, apperr.E(apperr.IdempotencyKeyReused, "")
		}
		return payment.Record{}, false, apperr.E(apperr.QuoteUsed, "")
	}
	return prev, true, nil
}

// openPayin asks the partner for deposit instructions and records them.
func (s *Service) openPayin(ctx context.Context, c customer.Customer, q payment.Quote, p payment.Record, partnerAccount string, in PaymentInput) (payment.Record, error) {
	ctx, _ = partner.WithCallLog(ctx)
	defer s.flushCalls(ctx, p.ID) // the calls of a refusal or failure
	pi, err := s.partner.CreatePayin(ctx, p.ID, partner.PayinRequest{
		CustomerID: c.PartnerCustomerID, WalletAddress: c.WalletAddress, OnRampQuoteID: q.OnRampID,
		OffRampQuoteID: q.OffRampID, ExternalAccountID: partnerAccount, Method: p.Method,
		Amount: p.AmountLocal.String(), Currency: string(p.AmountLocal.Currency), AmountUSD: p.AmountUSD.String(),
		Delivery: string(p.Delivery), Reference: p.ID, SenderName: p.SenderName, SenderDocument: in.SenderDocument,
	})
	if err != nil {
		return payment.Record{}, s.failPayment(ctx, p, err)
	}
	if pi.Pix == nil && pi.SPEI == nil {
		return payment.Record{}, s.failPayment(ctx, p, errors.New("partner returned no deposit instructions"))
	}
	return s.recordPayin(ctx, p.ID, pi, "partner")
}

// failPayment marks a payment failed when the partner refused or could not
// be reached, freeing its quote for another attempt.
func (s *Service) failPayment(ctx context.Context, p payment.Record, cause error) error {
	s.log.Warn("opening pay-in failed", "transaction_id", p.ID, "err", cause)
	ctx, cancel := detached(ctx)
	defer cancel()
	if err := s.db.Tx(ctx, func(tx *store.Tx) error {
		cur, err := tx.PaymentForUpdate(ctx, p.ID)
		if err != nil {
			return err
		}
		// The pay-in will not happen: payin_failed moves created -> failed
		// through the one transition function.
		cur.FailureReason = "partner: could not open the pay-in"
		_, err = s.advance(ctx, tx, cur, payment.EventPayinFailed, "partner", nil)
		return err
	}); err != nil {
		return err
	}
	if m := s.partner.MapError(cause, apperr.E(apperr.PartnerUnavailable, "payment", "method", strings.ToUpper(p.Method))); m != nil {
		return m
	}
	var pe *partner.Error
	if errors.As(cause, &pe) && pe.Code == "quote_expired" {
		return apperr.E(apperr.QuoteExpired, "")
	}
	if errors.As(cause, &pe) && strings.HasPrefix(pe.Code, "kyc_") {
		return apperr.E(apperr.KYCRejected, "")
	}
	return apperr.E(apperr.PartnerUnavailable, "payment", "method", strings.ToUpper(p.Method))
}

// buildPayment checks the quote, customer, wallet and destination, and
// builds the payment, its authorization record and the partner's id of the
// destination bank account (empty for a check).
func (s *Service) buildPayment(ctx context.Context, tx *store.Tx, who actor.Actor, c customer.Customer, in PaymentInput, qOut *payment.Quote) (payment.Record, payment.Authorization, string, error) {
	var none payment.Record
	var noAuth payment.Authorization
	bank := ""
	cor, ok := corridor.ByMethod(in.Method)
	if !ok {
		return none, noAuth, "", apperr.E(apperr.Invalid, "method")
	}
	local := cor.Currency
	if c.KYCStatus != partner.KYCApproved {
		return none, noAuth, "", apperr.E(apperr.KYCReview, "")
	}
	if c.Country != cor.Name {
		return none, noAuth, "", apperr.Specific(apperr.E(apperr.CountryNotSupported, "corridor",
			"method", strings.ToUpper(cor.Method), "country", cor.NameIn("en")), cor.Method)
	}
	if err := sameWallet(cor, c, in); err != nil {
		return none, noAuth, "", err
	}
	if s.sealer.Hash(c.TaxIDType, in.SenderDocument) != c.TaxIDHash {
		doc := strings.ToUpper(c.TaxIDType) // CPF, CNPJ, CURP
		return none, noAuth, "", apperr.E(apperr.SenderMismatch, "doc", "doc", doc).On(cor.Request.TaxIDField)
	}

	q, err := tx.QuoteByOnRampID(ctx, in.QuoteID)
	if err != nil || !who.Owns(q.SessionID, "") {
		return none, noAuth, "", apperr.E(apperr.QuoteNotFound, "").On("quote_id")
	}
	*qOut = q
	if err := CheckAmount(local, q.AmountUSD); err != nil {
		return none, noAuth, "", err
	}
	if err := CheckPartnerMinimums(local, q.AmountUSD, q.TotalLocal); err != nil {
		return none, noAuth, "", err
	}
	legs := payment.Amounts{Local: q.TotalLocal, USDC: q.USDC, GrossUSD: q.GrossUSD, AmountUSD: q.AmountUSD}
	if err := legs.Validate(); err != nil {
		// A quote stored before the leg checks existed: it could be paid in
		// but never finish.
		return none, noAuth, "", apperr.E(apperr.MinimumAmount, "too_small").On("amount_usd")
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	if !now.Before(q.ExpiresAt) {
		return none, noAuth, "", apperr.E(apperr.QuoteExpired, "").On("quote_id")
	}
	if q.TotalLocal.Currency != local {
		return none, noAuth, "", apperr.E(apperr.QuoteMismatch, "currency",
			"quoteCurrency", q.TotalLocal.Currency, "method", strings.ToUpper(in.Method), "currency", local)
	}
	amount, err := money.Parse(in.AmountLocal, local)
	if err != nil || amount.Cmp(q.TotalLocal) != 0 {
		field := cor.Request.AmountField
		return none, noAuth, "", apperr.E(apperr.QuoteMismatch, "amount",
			"field", field, "amount", q.TotalLocal, "currency", local).On(field)
	}

	delivery, err := payment.ParseDelivery(in.Delivery)
	if err != nil {
		return none, noAuth, "", apperr.E(apperr.DeliveryMethodInvalid, "values").On("delivery_method")
	}
	p := payment.Record{ID: randid.New("txn"), SessionID: who.SessionID, AccountID: who.AccountID, IdempotencyKey: in.IdempotencyKey, QuoteID: q.ID,
		CustomerID: c.ID, Method: in.Method, Delivery: delivery, State: payment.StateCreated, AmountLocal: q.TotalLocal,
		AmountUSD: q.AmountUSD, TotalFeesUSD: q.TotalFeesUSD, USDC: q.USDC, GrossUSD: q.GrossUSD,
		EffectiveRate: q.EffectiveRate, SenderName: strings.TrimSpace(in.SenderName), ExpiresAt: now.Add(s.cfg.QuoteTTL),
		CreatedAt: now, UpdatedAt: now}
	if p.SenderName == "" {
		p.SenderName = c.FirstName + " " + c.LastName
	}
	school := ""
	switch delivery {
	case payment.DeliveryBankTransfer:
		a, err := s.destinationAccount(ctx, tx, who, c.ID, in.ExternalAccountID)
		if err != nil {
			return none, noAuth, "", err
		}
		p.ExternalAccountID, bank = a.ID, a.PartnerAccountID
	case payment.DeliveryCheck:
		if !cor.CheckAvailable() {
			return none, noAuth, "", apperr.Specific(apperr.E(apperr.DeliveryMethodInvalid, "check_coming_soon",
				"country", cor.NameIn("en")).On("delivery_method"), "check_"+cor.Name)
		}
		details, err := validateCheck(in.Check)
		if err != nil {
			return none, noAuth, "", err
		}
		b, _ := json.Marshal(details)
		p.CheckDetails, school = string(b), details.SchoolName
	}
	p.RequestHash = requestHash(in)
	auth := payment.Authorization{PaymentID: p.ID, AcceptedAt: now, IP: in.IP, UserAgent: input.Truncate(in.UserAgent, 500),
		SignerName: p.SenderName, SchoolName: school, AmountUSD: p.AmountUSD, AmountLocal: p.AmountLocal,
		Delivery: delivery, OnRampQuoteID: q.OnRampID, OffRampQuoteID: q.OffRampID, Lang: who.Lang, DeviceHash: who.Device}
	if in.Authorization != nil {
		auth.ClientSignedAt = input.Truncate(in.Authorization.SignedAt, 64)
		if n := strings.TrimSpace(in.Authorization.SignerName); n != "" {
			auth.SignerName = input.Truncate(n, 200)
		}
	}
	return p, auth, bank, nil
}

// destinationAccount picks the bank account: the one named, or the one the
// session added last, if it is this customer's.
func (s *Service) destinationAccount(ctx context.Context, tx *store.Tx, who actor.Actor, customerID, id string) (customer.BankAccount, error) {
	missing := apperr.E(apperr.BankAccountMissing, "").On("external_account_id")
	if id == "" {
		sess, err := sessionstore.Session(ctx, tx, who.SessionID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return customer.BankAccount{}, err
		}
		id = sess.LastExternalAccountID
	}
	if id == "" {
		return customer.BankAccount{}, missing
	}
	a, err := tx.LiveExternalAccount(ctx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && a.CustomerID != customerID) {
		return customer.BankAccount{}, missing
	}
	return a, err
}

func validatePaymentInput(in *PaymentInput) error {
	t := strings.TrimSpace
	in.IdempotencyKey = t(in.IdempotencyKey)
	if len(in.IdempotencyKey) > 200 {
		return apperr.E(apperr.IdempotencyKeyInvalid, "length")
	}
	if in.Delivery == "" {
		in.Delivery = string(payment.DeliveryBankTransfer)
	}
	if in.Authorization != nil && !in.Authorization.Accepted {
		return apperr.E(apperr.AuthorizationRequired, "").On("authorization")
	}
	cor, ok := corridor.ByMethod(in.Method)
	if !ok {
		return apperr.E(apperr.Invalid, "method")
	}
	if err := senderGiven(cor, *in); err != nil {
		return err
	}
	_, value, err := onboarding.TaxIDOf(cor.Name, cor.Request.TaxIDField, in.SenderDocument)
	if err != nil {
		return err
	}
	in.SenderDocument = value
	if field, given, _ := walletOf(cor, customer.Customer{}, *in); t(given) == "" {
		return walletMissing(field)
	}
	if t(in.QuoteID) == "" {
		return apperr.E(apperr.RequiredFieldsMissing, "quote").On("quote_id")
	}
	if t(in.CustomerID) == "" {
		return apperr.E(apperr.RequiredFieldsMissing, "customer_id").On("customer_id")
	}
	if in.AmountLocal == "" {
		field := cor.Request.AmountField
		return apperr.E(apperr.RequiredFieldsMissing, "field", "field", field).On(field)
	}
	if input.TooLong(in.SenderName, 200) {
		return apperr.E(apperr.FieldTooLong, "label", "label", "sender_name").On("sender_name")
	}
	if !input.PlainText(in.SenderName) {
		return input.NotPlainText("sender_name", "sender_name")
	}
	if in.Authorization != nil && !input.PlainText(in.Authorization.SignerName) {
		return input.NotPlainText("authorization", "signer_name")
	}
	return nil
}

func validateCheck(c *CheckDetails) (CheckDetails, error) {
	if c == nil {
		return CheckDetails{}, apperr.E(apperr.CheckDetailsInvalid, "").On("check_details")
	}
	t := strings.TrimSpace
	d := CheckDetails{SchoolName: t(c.SchoolName), PayeeName: t(c.PayeeName), MailingAddress: t(c.MailingAddress),
		City: t(c.City), State: t(c.State), ZipCode: t(c.ZipCode), DeliveryInstructions: t(c.DeliveryInstructions),
		StudentFullName: t(c.StudentFullName), StudentID: t(c.StudentID), TermReference: t(c.TermReference),
		StudentEmail: strings.ToLower(t(c.StudentEmail))}
	for _, v := range []string{d.SchoolName, d.PayeeName, d.MailingAddress, d.City, d.State, d.ZipCode,
		d.StudentFullName, d.StudentID, d.TermReference, d.StudentEmail, d.DeliveryInstructions} {
		if !input.PlainText(v) {
			return CheckDetails{}, input.NotPlainText("check_details", "School and student details")
		}
	}
	for _, v := range []string{d.SchoolName, d.PayeeName, d.MailingAddress, d.City, d.State, d.ZipCode,
		d.StudentFullName, d.StudentID, d.TermReference, d.StudentEmail} {
		if v == "" {
			return CheckDetails{}, apperr.E(apperr.CheckDetailsInvalid, "").On("check_details")
		}
		if input.TooLong(v, 200) {
			return CheckDetails{}, apperr.E(apperr.CheckDetailsInvalid, "too_long").On("check_details")
		}
	}
	if input.TooLong(d.DeliveryInstructions, 500) {
		return CheckDetails{}, apperr.E(apperr.CheckDetailsInvalid, "instructions").On("check_details")
	}
	if !input.ValidEmail(d.StudentEmail) {
		return CheckDetails{}, apperr.E(apperr.CheckDetailsInvalid, "email").On("check_details")
	}
	return d, nil
}

// requestHash identifies what a payment request asked for, as sent (not
// as resolved from the session), so a repeat can be told from a different
// request under the same key or quote.
func requestHash(in PaymentInput) string {
	h := sha256.New()
	check, _ := json.Marshal(in.Check)
	amount := in.AmountLocal
	if a, err := money.Parse(amount, money.BRL); err == nil { // normalise 542.2 and 542.20
		amount = a.String()
	}
	for _, v := range []string{in.Method, in.QuoteID, in.CustomerID, amount, in.Delivery, in.ExternalAccountID,
		string(check), strings.TrimSpace(in.SenderName), in.SenderDocument, in.WalletAddress, in.WalletID, in.Recipient} {
		h.Write([]byte(v))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}
