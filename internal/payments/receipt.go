package payments

import (
	"context"
	"strings"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/payments/paymail"
	"github.com/crebit/crebit/internal/receipt"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/viewstore"
)

// HasReceipt reports whether a payment in state st has a receipt
// (paymail.HasReceipt).
func HasReceipt(st payment.State) bool { return paymail.HasReceipt(st) }

// Receipt renders a completed payment's PDF receipt for its owner. To
// anyone else the payment does not exist; a payment that has not completed
// has no receipt. It is written in the language the payer read the
// authorization in (as the payment's e-mails are, so the attached receipt
// and the downloaded one are the same), with times in the payer's zone
// (Brasília for reais, Mexico City for pesos), and names the recipient the
// payer gave.
func (s *Service) Receipt(ctx context.Context, who actor.Actor, transactionID string) ([]byte, error) {
	st, err := s.OwnedStatus(ctx, who, transactionID)
	if err != nil {
		return nil, err
	}
	p := st.Payment
	if !HasReceipt(p.State) {
		return nil, apperr.E(apperr.ReceiptNotAvailable, "")
	}
	d := receipt.Data{TransactionID: p.ID, IssuedAt: s.now().UTC(), Zone: locale.ZoneOf(p.AmountLocal.Currency),
		Payer: p.SenderName, Method: p.Method,
		AmountLocal: p.AmountLocal, AmountUSD: p.AmountUSD, TotalFeesUSD: p.TotalFeesUSD, Rate: p.EffectiveRate,
		Delivery: string(p.Delivery), TrackingNumber: p.TrackingNumber,
		RailKind: st.Rail.Kind, RailReference: st.Rail.Value}
	if r, ok := corridor.RailByKind(st.Rail.Kind); ok && st.Rail.Value != "" {
		d.LookupURL = r.LookupURL // Banxico's CEP for SPEI; none for Pix
	}
	if c := st.Check; c != nil {
		d.Student, d.StudentID, d.School = c.StudentFullName, c.StudentID, c.SchoolName
	}
	for _, sg := range st.Stages() {
		if sg.At != nil {
			d.Stages = append(d.Stages, receipt.Stage{State: string(sg.State), At: *sg.At})
		}
	}
	// One statement, alone on PostgreSQL (viewstore.ReceiptParties).
	var rp viewstore.ReceiptParties
	err = s.db.ReadOne(ctx, func(tx *store.Tx) (err error) {
		rp, err = viewstore.Receipt(ctx, tx, p.ID, p.ExternalAccountID)
		return err
	})
	if err != nil {
		return nil, err
	}
	d.AuthorizedAt, d.Lang, d.Recipient = rp.AuthorizedAt, rp.Lang, rp.Recipient
	if p.ExternalAccountID != "" {
		if !rp.HasAccount {
			return nil, store.ErrNotFound
		}
		d.BankName, d.AccountLast4 = rp.BankName, rp.Last4
	}
	return receipt.Render(d)
}

// attachments makes the files a message names, when it is sent.
func (s *Service) attachments(ctx context.Context, attach string) ([]mail.Attachment, error) {
	id, ok := strings.CutPrefix(attach, "receipt:")
	if !ok {
		return nil, nil
	}
	var p payment.Record
	if err := s.db.ReadOne(ctx, func(tx *store.Tx) (err error) { p, err = tx.Payment(ctx, id); return }); err != nil {
		return nil, err
	}
	// Made as its owner would download it.
	pdf, err := s.Receipt(ctx, actor.Actor{SessionID: p.SessionID, AccountID: p.AccountID}, id)
	if err != nil {
		return nil, err
	}
	return []mail.Attachment{{Name: ReceiptFileName(id), ContentType: "application/pdf", Data: pdf}}, nil
}

// ReceiptFileName is the receipt's file name, as downloaded and as attached.
func ReceiptFileName(transactionID string) string { return "crebit-receipt-" + transactionID + ".pdf" }
