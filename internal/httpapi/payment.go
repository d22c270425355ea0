package httpapi

import (
	"net/http"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/payments"
)

// paymentRequest is the create-<method>-payment request of every corridor.
// Its JSON names are the corridor's (paymentRequestType): the spec gives the
// two seed endpoints their own names for the local amount and the sender's
// tax id, a wallet_id only to SPEI and check_details only where a check can
// be mailed.
type paymentRequest struct {
	AmountLocal       jsonNumber
	SenderTaxID       string
	WalletID          string
	CheckDetails      *payments.CheckDetails
	CustomerID        string                       `json:"customer_id"`
	WalletAddress     string                       `json:"wallet_address"`
	QuoteID           string                       `json:"quote_id"`
	SenderName        string                       `json:"sender_name"`
	ExternalAccountID string                       `json:"external_account_id"`
	DeliveryMethod    string                       `json:"delivery_method"`
	Authorization     *payments.AuthorizationInput `json:"authorization"`
}

// paymentRequestType is paymentRequest with corridor c's JSON names: the
// same fields (so a decoded value converts to paymentRequest), the first
// four tagged from the table, and "-" (refused as an unknown field) where
// the corridor has no such field.
func paymentRequestType(c corridor.Corridor) reflect.Type {
	names := map[string]string{
		"AmountLocal": c.Request.AmountField,
		"SenderTaxID": c.Request.TaxIDField,
		"WalletID":    c.Request.WalletField,
	}
	if c.CheckAvailable() {
		names["CheckDetails"] = "check_details"
	}
	t := reflect.TypeFor[paymentRequest]()
	fields := make([]reflect.StructField, t.NumField())
	for i := range fields {
		f := t.Field(i)
		if name, corridorField := names[f.Name]; corridorField || f.Tag == "" {
			if name == "" {
				name = "-"
			}
			f.Tag = reflect.StructTag(`json:"` + name + `"`)
		}
		fields[i] = f
	}
	return reflect.StructOf(fields)
}

// handlePaymentCreate opens a payment in corridor c for a locked quote in
// its currency: POST /api/create-pix-payment for Brazil,
// /api/create-spei-payment for Mexico (routes.go binds it once per corridor).
func (s *Server) handlePaymentCreate(c corridor.Corridor) http.HandlerFunc {
	reqType, plain := paymentRequestType(c), reflect.TypeFor[paymentRequest]()
	return func(w http.ResponseWriter, r *http.Request) {
		v := reflect.New(reqType)
		if err := decodeJSON(w, r, v.Interface()); err != nil {
			writeError(w, r, err)
			return
		}
		req := v.Elem().Convert(plain).Interface().(paymentRequest)
		p, ok := s.createPayment(w, r, payments.PaymentInput{Method: c.Method, AmountLocal: string(req.AmountLocal),
			CustomerID: req.CustomerID, WalletID: req.WalletID, WalletAddress: req.WalletAddress, QuoteID: req.QuoteID,
			SenderName: req.SenderName, SenderDocument: req.SenderTaxID, ExternalAccountID: req.ExternalAccountID,
			Delivery: req.DeliveryMethod, Check: req.CheckDetails, Authorization: req.Authorization})
		if !ok {
			return
		}
		writeJSON(w, r, http.StatusOK, createdPaymentJSON(c, p))
	}
}

func (s *Server) createPayment(w http.ResponseWriter, r *http.Request, in payments.PaymentInput) (payment.Record, bool) {
	who := actor(r)
	if who.SessionID == "" {
		writeError(w, r, apperr.E(apperr.QuoteNotFound, "").On("quote_id"))
		return payment.Record{}, false
	}
	key, ok := idempotencyKey(w, r)
	if !ok {
		return payment.Record{}, false
	}
	in.IdempotencyKey, in.IP, in.UserAgent = key, s.clientIP(r), cleanText(r.UserAgent())
	p, err := s.payments.CreatePayment(r.Context(), who, in)
	if err != nil {
		writeError(w, r, err)
		return payment.Record{}, false
	}
	return p, true
}

// createdPaymentJSON is create-<method>-payment's answer (and the
// dashboard's): the payment, its local amount under the corridor's name,
// and what to pay — a code to copy (Pix's BR Code) or an account to transfer
// to (SPEI's CLABE).
func createdPaymentJSON(c corridor.Corridor, p payment.Record) map[string]any {
	body := paymentJSON(p)
	body[c.Request.AmountField] = p.AmountLocal
	switch c.Instructions {
	case corridor.InstructionsCode:
		body["pix_code"] = p.PixCode
		body["transaction"] = map[string]any{
			"id": p.ID, "pix_code": p.PixCode, "deposit_address": p.DepositAddress,
			"payment_instructions":        map[string]string{"pix_code": p.PixCode, "deposit_address": p.DepositAddress},
			"sender_deposit_instructions": map[string]string{"deposit_address": p.DepositAddress},
		}
	case corridor.InstructionsBankAccount:
		body["bank_account"] = map[string]string{"bank_name": p.DepositBankName, "clabe": p.DepositAddress}
		body["beneficiary"] = map[string]string{"name": p.BeneficiaryName}
		body["transaction"] = map[string]any{"id": p.ID, "deposit_address": p.DepositAddress,
			"sender_deposit_instructions": map[string]string{"deposit_address": p.DepositAddress}}
	}
	return body
}

// idempotencyKey reads the Idempotency-Key header; a bad one is answered.
func idempotencyKey(w http.ResponseWriter, r *http.Request) (string, bool) {
	key := r.Header.Get("Idempotency-Key")
	if !printableASCII(key) {
		writeError(w, r, apperr.E(apperr.IdempotencyKeyInvalid, "ascii"))
		return "", false
	}
	return key, true
}

func paymentJSON(p payment.Record) map[string]any {
	return map[string]any{
		"transaction_id": p.ID, "status": p.State, "deposit_address": p.DepositAddress,
		"amount_usd": p.AmountUSD, "total_fees_usd": p.TotalFeesUSD, "effective_rate": rawNumber(p.EffectiveRate),
		"local_currency": p.AmountLocal.Currency, "delivery_method": p.Delivery, "expires_at": p.ExpiresAt,
		"created_at": p.CreatedAt,
	}
}

type statusRecord struct {
	Status    payment.State `json:"status"`
	UpdatedAt time.Time     `json:"updated_at"`
}

// handleWebhookStatus is what step 6 polls every 3 seconds.
func (s *Server) handleWebhookStatus(w http.ResponseWriter, r *http.Request) {
	st, err := s.payments.Status(r.Context(), actor(r), r.PathValue("transaction_id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	p := st.Payment
	var offramp any
	if p.OfframpID != "" {
		offramp = map[string]any{"id": p.OfframpID, "amount": p.AmountUSD, "currency": "USD", "status": p.OfframpStatus}
	}
	writeJSON(w, r, http.StatusOK, map[string]any{
		"transaction_id":      p.ID,
		"payin_processing":    payments.Reached(p.State, payment.StatePayinProcessing),
		"payin_completed":     payments.Reached(p.State, payment.StatePayinCompleted),
		"offramp_transaction": offramp,
		"offramp_completed":   payments.Reached(p.State, payment.StateCompleted),
		"status":              statusRecord{Status: p.State, UpdatedAt: p.UpdatedAt},
		"expires_at":          p.ExpiresAt,
		"on_hold":             st.OnHold,
		"refund":              refundJSON(st.Refund),
	})
}

type stageJSON struct {
	Status  payment.State `json:"status"`
	Reached bool          `json:"reached"`
	At      *time.Time    `json:"at"`
}

// handleTransactionStatus is the /track page's lookup.
func (s *Server) handleTransactionStatus(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("transaction_id")
	if id == "" {
		writeError(w, r, apperr.E(apperr.RequiredFieldsMissing, "transaction_id").On("transaction_id"))
		return
	}
	st, err := s.payments.Status(r.Context(), actor(r), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	p := st.Payment
	stages := stagesJSON(st)
	body := map[string]any{
		"transaction_id": p.ID, "status": p.State, "method": p.Method, "delivery_method": p.Delivery,
		"amount_local": p.AmountLocal, "local_currency": p.AmountLocal.Currency, "amount_usd": p.AmountUSD,
		"effective_rate": rawNumber(p.EffectiveRate), "created_at": p.CreatedAt, "updated_at": p.UpdatedAt,
		"expires_at": p.ExpiresAt, "stages": stages, "owned": st.Owned, "tracking_number": p.TrackingNumber,
		"on_hold": st.OnHold, // an operator holds it: "under review"
		"refund":  refundJSON(st.Refund),
	}
	if st.Owned {
		details := map[string]string{"sender_name": p.SenderName}
		if c := st.Check; c != nil {
			details["school_name"], details["student_name"], details["student_id"] = c.SchoolName, c.StudentFullName, c.StudentID
		}
		body["details"] = details
		if ref := railReferenceJSON(st); ref != nil {
			body["rail_reference"] = ref
		}
		if payments.HasReceipt(p.State) {
			body["receipt_url"] = "/api/payments/" + p.ID + "/receipt"
		}
		if p.FailureReason != "" {
			// Why it ended: a short or wrong-currency pay-in says what
			// arrived and that it is being returned.
			body["failure_reason"] = p.FailureReason
		}
	}
	writeJSON(w, r, http.StatusOK, body)
}

// printableASCII reports whether s is at most 200 printable ASCII characters.
func printableASCII(s string) bool {
	if len(s) > 200 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// cleanText makes a header value safe to store: valid UTF-8 without
// control characters (headers are bytes, not text).
func cleanText(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
}

// refundJSON is what a payer is told about money owed back: in progress
// (the operator has not yet recorded the partner's return) or returned;
// nil when there is none.
func refundJSON(r *payments.Refund) *refundView {
	if r == nil {
		return nil
	}
	return &refundView{Status: r.Status, Amount: r.Amount, Currency: string(r.Amount.Currency), ReturnedAt: r.ReturnedAt}
}

type refundView struct {
	Status     string       `json:"status"` // in_progress or returned
	Amount     money.Amount `json:"amount"`
	Currency   string       `json:"currency"`
	ReturnedAt *time.Time   `json:"returned_at,omitempty"`
}
