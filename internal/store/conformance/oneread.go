package conformance

import (
	"testing"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/holdstore"
	"github.com/crebit/crebit/internal/store/sessionstore"
	"github.com/crebit/crebit/internal/store/viewstore"
)

// exerciseOneStatementReads checks the one-statement reads and writes of
// issue 31 against the statements they replace.
func exerciseOneStatementReads(t *testing.T, s *suite) {
	t.Run("OneStatement", func(t *testing.T) {
		t.Parallel()
		t.Run("PayoutDue", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			// Read alone (DB.ReadOne), as the payout job does.
			due := func(id string) (viewstore.PayoutDue, error) {
				var v viewstore.PayoutDue
				err := b.db.ReadOne(b.ctx, func(tx *store.Tx) (err error) { v, err = viewstore.Payout(b.ctx, tx, id); return err })
				return v, err
			}
			v, err := due(p.record.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := must(t, b, func(tx *store.Tx) (payment.Record, error) { return tx.Payment(b.ctx, p.record.ID) })
			equal(t, "payment", v.Payment, want)
			if v.OnHold || !v.HasCustomer || v.HasAccount || v.WalletAddress != p.customer.WalletAddress || v.BankAccountID != "" {
				t.Fatalf("no bank account: %+v", v)
			}
			// With its bank account, held, released.
			a := newBankAccount(b, p.customer.ID)
			b.exec(t, func(tx *store.Tx) error {
				if err := tx.CreateExternalAccount(b.ctx, a); err != nil {
					return err
				}
				_, err := tx.Exec(b.ctx, `UPDATE payments SET external_account_id = ? WHERE id = ?`, a.ID, p.record.ID)
				return err
			})
			if v, err = due(p.record.ID); err != nil || !v.HasAccount || v.BankAccountID != a.PartnerAccountID || v.OnHold {
				t.Fatalf("with a bank account: %+v, %v", v, err)
			}
			b.exec(t, func(tx *store.Tx) error {
				return holdstore.HoldPayment(b.ctx, tx, holdstore.PaymentHold{ID: randid.New("hold"), PaymentID: p.record.ID, HeldAt: b.now,
					HeldBy: "acc_o", HeldByEmail: "o@example.com", Reason: "look"})
			})
			if v, err = due(p.record.ID); err != nil || !v.OnHold {
				t.Fatalf("held: %+v, %v", v, err)
			}
			b.exec(t, func(tx *store.Tx) error {
				return holdstore.ReleaseHold(b.ctx, tx, p.record.ID, b.now, "acc_o", "o@example.com", "fine")
			})
			if v, err = due(p.record.ID); err != nil || v.OnHold {
				t.Fatalf("released: %+v, %v", v, err)
			}
			_, err = due("txn_missing")
			requireIs(t, "unknown payment", err, store.ErrNotFound)
		})
		t.Run("ReceiptParties", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			parties := func(accountID string) viewstore.ReceiptParties {
				var v viewstore.ReceiptParties
				if err := b.db.ReadOne(b.ctx, func(tx *store.Tx) (err error) {
					v, err = viewstore.Receipt(b.ctx, tx, p.record.ID, accountID)
					return err
				}); err != nil {
					t.Fatal(err)
				}
				return v
			}
			equal(t, "nothing recorded", parties(""), viewstore.ReceiptParties{})
			equal(t, "an account not stored", parties("ext_missing"), viewstore.ReceiptParties{})
			a := newBankAccount(b, p.customer.ID)
			auth := payment.Authorization{PaymentID: p.record.ID, AcceptedAt: b.now, IP: "203.0.113.7", UserAgent: "Mozilla/5.0",
				SignerName: "Maria Silva", AmountUSD: p.record.AmountUSD, AmountLocal: money.Amount{Minor: 5_422_300, Currency: money.BRL},
				Delivery: payment.DeliveryCheck, OnRampQuoteID: p.quote.OnRampID, OffRampQuoteID: p.quote.OffRampID, Lang: "es-MX"}
			b.exec(t, func(tx *store.Tx) error {
				if err := tx.CreateExternalAccount(b.ctx, a); err != nil {
					return err
				}
				if err := tx.CreateAuthorization(b.ctx, auth); err != nil {
					return err
				}
				return tx.SetPaymentRecipient(b.ctx, p.record.ID, "Ana Souza")
			})
			// What the three reads it replaces say.
			gotAuth := must(t, b, func(tx *store.Tx) (payment.Authorization, error) { return tx.AuthorizationFor(b.ctx, p.record.ID) })
			acct := must(t, b, func(tx *store.Tx) (viewstore.ReceiptParties, error) {
				ea, err := tx.ExternalAccount(b.ctx, a.ID)
				return viewstore.ReceiptParties{HasAccount: true, BankName: ea.BankName, Last4: ea.Last4}, err
			})
			recipient := must(t, b, func(tx *store.Tx) (string, error) { return tx.PaymentRecipient(b.ctx, p.record.ID) })
			equal(t, "everything recorded", parties(a.ID), viewstore.ReceiptParties{AuthorizedAt: gotAuth.AcceptedAt, Lang: "es-MX",
				Recipient: recipient, HasAccount: true, BankName: acct.BankName, Last4: acct.Last4})
			if recipient != "Ana Souza" || acct.Last4 == "" || gotAuth.AcceptedAt.IsZero() {
				t.Fatalf("set-up: %q %+v %+v", recipient, acct, gotAuth)
			}
			err := b.db.ReadOne(b.ctx, func(tx *store.Tx) error { _, err := viewstore.Receipt(b.ctx, tx, "txn_missing", ""); return err })
			requireIs(t, "unknown payment", err, store.ErrNotFound)
		})
		t.Run("PaymentMailTo", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			mailTo := func(customerID string) viewstore.PaymentMailTo {
				return must(t, b, func(tx *store.Tx) (viewstore.PaymentMailTo, error) {
					return viewstore.MailTo(b.ctx, tx, customerID, p.record.ID)
				})
			}
			equal(t, "no authorization", mailTo(p.customer.ID), viewstore.PaymentMailTo{Email: p.customer.Email})
			equal(t, "no customer", mailTo("cus_missing"), viewstore.PaymentMailTo{})
			equal(t, "no customer id", mailTo(""), viewstore.PaymentMailTo{})
			b.exec(t, func(tx *store.Tx) error {
				return tx.CreateAuthorization(b.ctx, payment.Authorization{PaymentID: p.record.ID, AcceptedAt: b.now, IP: "203.0.113.7",
					UserAgent: "Mozilla/5.0", SignerName: "Maria Silva", AmountUSD: p.record.AmountUSD, AmountLocal: p.record.AmountLocal,
					Delivery: payment.DeliveryCheck, OnRampQuoteID: p.quote.OnRampID, OffRampQuoteID: p.quote.OffRampID, Lang: "pt-BR"})
			})
			// What the two reads it replaces say.
			c := must(t, b, func(tx *store.Tx) (string, error) { c, err := tx.Customer(b.ctx, p.customer.ID); return c.Email, err })
			a := must(t, b, func(tx *store.Tx) (payment.Authorization, error) { return tx.AuthorizationFor(b.ctx, p.record.ID) })
			equal(t, "with an authorization", mailTo(p.customer.ID), viewstore.PaymentMailTo{Email: c, Lang: a.Lang, HasAuthorization: true})
			if c == "" || a.Lang != "pt-BR" {
				t.Fatalf("set-up: %q %q", c, a.Lang)
			}
		})
		t.Run("CreateSessionQuote", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			ses := newSession(b)
			b.exec(t, func(tx *store.Tx) error { return sessionstore.CreateSession(b.ctx, tx, ses) })
			q := newQuote(b)
			q.SessionID = ses.ID
			// Alone (DB.WriteOne), as a quote is locked.
			if err := b.db.WriteOne(b.ctx, func(tx *store.Tx) error { return tx.CreateSessionQuote(b.ctx, q) }); err != nil {
				t.Fatal(err)
			}
			equal(t, "quote", must(t, b, func(tx *store.Tx) (payment.Quote, error) { return tx.QuoteByOnRampID(b.ctx, q.OnRampID) }), q)
			got := must(t, b, func(tx *store.Tx) (string, error) {
				se, err := sessionstore.Session(b.ctx, tx, ses.ID)
				return se.LastOnRampQuoteID + " " + se.LastOffRampQuoteID, err
			})
			equal(t, "the session's last quote pair", got, q.OnRampID+" "+q.OffRampID)
			// A second quote with the same id stores nothing and leaves the
			// session as it was.
			again := newQuote(b)
			again.ID, again.SessionID = q.ID, ses.ID
			err := b.db.WriteOne(b.ctx, func(tx *store.Tx) error { return tx.CreateSessionQuote(b.ctx, again) })
			if err == nil {
				t.Fatal("a second quote with the same id was stored")
			}
			got = must(t, b, func(tx *store.Tx) (string, error) {
				se, err := sessionstore.Session(b.ctx, tx, ses.ID)
				return se.LastOnRampQuoteID + " " + se.LastOffRampQuoteID, err
			})
			equal(t, "the session after the refused quote", got, q.OnRampID+" "+q.OffRampID)
		})
	})
}
