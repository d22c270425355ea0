package conformance

import (
	"errors"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/session"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/dashstore"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

// accountPayment stores a payment of account acc in state st for usdMinor,
// paid to a bank account held by holder, with customer and quote.
func accountPayment(t *testing.T, b *bundle, acc string, st payment.State, usdMinor int64, at time.Time, holder string) paid {
	t.Helper()
	p := paid{customer: newCustomer(b), quote: newQuote(b)}
	p.customer.AccountID = acc
	bank := newBankAccount(b, p.customer.ID)
	bank.BeneficiaryName = holder
	p.record = newRecord(b, p.customer, p.quote)
	p.record.AccountID, p.record.State, p.record.AmountUSD = acc, st, usd(usdMinor)
	p.record.Delivery, p.record.CheckDetails, p.record.ExternalAccountID = payment.DeliveryBankTransfer, "", bank.ID
	p.record.CreatedAt, p.record.UpdatedAt = at, at
	b.exec(t, func(tx *store.Tx) error {
		if err := tx.CreateCustomer(b.ctx, p.customer); err != nil {
			return err
		}
		if err := tx.CreateExternalAccount(b.ctx, bank); err != nil {
			return err
		}
		if err := tx.CreateQuote(b.ctx, p.quote); err != nil {
			return err
		}
		return tx.CreatePayment(b.ctx, p.record)
	})
	return p
}

func newAccount(t *testing.T, b *bundle) accountstore.Account {
	t.Helper()
	a := accountstore.Account{ID: randid.New("acc"), Email: randid.New("e") + "@example.org", PasswordHash: "$argon2id$x", CreatedAt: b.now, UpdatedAt: b.now}
	b.exec(t, func(tx *store.Tx) error { return accountstore.CreateAccount(b.ctx, tx, a) })
	return a
}

func exerciseDashboard(t *testing.T, s *suite) {
	t.Run("Dashboard", func(t *testing.T) {
		t.Parallel()
		t.Run("OverviewSumsTheAccountsPaymentsByGroup", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			acc, other := randid.New("acc"), randid.New("acc")
			accountPayment(t, b, acc, payment.StateCompleted, 10_000, b.now, "A")
			accountPayment(t, b, acc, payment.StateCheckMailed, 2_550, b.now, "A")
			accountPayment(t, b, acc, payment.StateAwaitingPayin, 700, b.now, "A")
			accountPayment(t, b, acc, payment.StateOfframpCreated, 300, b.now, "A")
			accountPayment(t, b, acc, payment.StateRefunded, 4_000, b.now, "A")
			accountPayment(t, b, acc, payment.StateFailed, 99_999, b.now, "A")
			accountPayment(t, b, other, payment.StateCompleted, 123_456, b.now, "B")
			o := must(t, b, func(tx *store.Tx) (dashstore.Overview, error) { return dashstore.AccountOverview(b.ctx, tx, acc) })
			equal(t, "overview", o, dashstore.Overview{SentUSD: 12_550, PendingUSD: 1_000, RefundedUSD: 4_000, Count: 6})
			none := must(t, b, func(tx *store.Tx) (dashstore.Overview, error) {
				return dashstore.AccountOverview(b.ctx, tx, randid.New("acc"))
			})
			equal(t, "empty overview", none, dashstore.Overview{})
		})
		t.Run("TransactionsNewestFirstWithRecipientAndPaging", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			acc := randid.New("acc")
			var ids []string
			for i := range 5 {
				ids = append(ids, accountPayment(t, b, acc, payment.StateCompleted, 100, b.now.Add(time.Duration(i)*time.Second), "Holder").record.ID)
			}
			accountPayment(t, b, randid.New("acc"), payment.StateCompleted, 100, b.now.Add(time.Hour), "Stranger")
			var rows []dashstore.Transaction
			var total int
			b.exec(t, func(tx *store.Tx) (err error) {
				rows, total, err = dashstore.AccountTransactions(b.ctx, tx, acc, 3, 0)
				return
			})
			if total != 5 || len(rows) != 3 || rows[0].Payment.ID != ids[4] || rows[2].Payment.ID != ids[2] {
				t.Fatalf("first page: total %d, %d rows", total, len(rows))
			}
			if rows[0].HolderName != "Holder" || rows[0].AccountLast != "6789" || rows[0].BankName != "Chase" {
				t.Fatalf("recipient: %+v", rows[0])
			}
			b.exec(t, func(tx *store.Tx) (err error) {
				rows, _, err = dashstore.AccountTransactions(b.ctx, tx, acc, 3, 3)
				return
			})
			if len(rows) != 2 || rows[1].Payment.ID != ids[0] {
				t.Fatalf("second page: %d rows", len(rows))
			}
			_, err := read(b, func(tx *store.Tx) (dashstore.Transaction, error) {
				return dashstore.AccountTransaction(b.ctx, tx, randid.New("acc"), ids[0])
			})
			if !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("another account's payment: %v", err)
			}
		})
		t.Run("RemoveBankAccountOnlyTheAccountsOwn", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			acc := randid.New("acc")
			p := accountPayment(t, b, acc, payment.StateCompleted, 100, b.now, "Mine")
			listed := must(t, b, func(tx *store.Tx) (int, error) {
				as, err := accountstore.AccountBankAccounts(b.ctx, tx, acc)
				return len(as), err
			})
			if listed != 1 {
				t.Fatalf("listed %d", listed)
			}
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error {
				return accountstore.RemoveBankAccount(b.ctx, tx, randid.New("acc"), p.record.ExternalAccountID, b.now)
			})
			if !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("removed by a stranger: %v", err)
			}
			b.exec(t, func(tx *store.Tx) error {
				return accountstore.RemoveBankAccount(b.ctx, tx, acc, p.record.ExternalAccountID, b.now)
			})
			_, err = read(b, func(tx *store.Tx) (any, error) { return tx.LatestExternalAccount(b.ctx, p.customer.ID) })
			if !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("a removed account is still offered: %v", err)
			}
			if n := must(t, b, func(tx *store.Tx) (int, error) {
				as, err := accountstore.AccountBankAccounts(b.ctx, tx, acc)
				return len(as), err
			}); n != 0 {
				t.Fatalf("a removed account is still listed")
			}
		})
		t.Run("CloseAccountFreesTheEmailAndEndsSessions", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			a := newAccount(t, b)
			b.exec(t, func(tx *store.Tx) error {
				if err := accountstore.InsertSigninEvent(b.ctx, tx, a.ID, accountstore.SigninEvent{ID: randid.New("sgn"), Device: "Chrome;Linux", OccurredAt: b.now}); err != nil {
					return err
				}
				_, id := session.NewToken()
				return sessionstore.CreateSession(b.ctx, tx, session.Session{ID: id, CreatedAt: b.now, LastSeenAt: b.now, ExpiresAt: b.now.Add(time.Hour), AccountID: a.ID})
			})
			b.exec(t, func(tx *store.Tx) error { return accountstore.CloseAccount(b.ctx, tx, a.ID, b.now) })
			if _, err := read(b, func(tx *store.Tx) (accountstore.Account, error) {
				return accountstore.AccountByEmail(b.ctx, tx, a.Email)
			}); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("the e-mail still names the closed account: %v", err)
			}
			got := must(t, b, func(tx *store.Tx) (accountstore.Account, error) { return accountstore.AccountByID(b.ctx, tx, a.ID) })
			if got.ClosedAt == nil || got.PasswordHash != "" {
				t.Fatalf("closed account: %+v", got)
			}
			if n := must(t, b, func(tx *store.Tx) (int, error) {
				es, err := accountstore.SigninEvents(b.ctx, tx, a.ID, 10)
				return len(es), err
			}); n != 0 {
				t.Fatalf("%d sign-ins kept", n)
			}
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error { return accountstore.CloseAccount(b.ctx, tx, a.ID, b.now) })
			if !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("closed twice: %v", err)
			}
		})
		t.Run("RetentionKeepsOpenAccountsHistory", func(t *testing.T) {
			t.Parallel()
			b := s.fresh(t)
			open, closed := newAccount(t, b), newAccount(t, b)
			old := b.now.Add(-40 * 24 * time.Hour)
			kept := accountPayment(t, b, open.ID, payment.StateCompleted, 100, old, "Open")
			gone := accountPayment(t, b, closed.ID, payment.StateCompleted, 100, old, "Closed")
			guest := accountPayment(t, b, "", payment.StateCompleted, 100, old, "Guest")
			b.exec(t, func(tx *store.Tx) error { return accountstore.CloseAccount(b.ctx, tx, closed.ID, b.now) })
			n := must(t, b, func(tx *store.Tx) (int64, error) {
				return accountstore.RedactFinishedPayments(b.ctx, tx, b.now.Add(-30*24*time.Hour), b.now)
			})
			if n != 2 {
				t.Fatalf("redacted %d payments, want the guest's and the closed account's", n)
			}
			if p := must(t, b, func(tx *store.Tx) (payment.Record, error) { return tx.Payment(b.ctx, kept.record.ID) }); p.SenderName == "" {
				t.Fatalf("an open account's payment was redacted")
			}
			for _, id := range []string{gone.record.ID, guest.record.ID} {
				if p := must(t, b, func(tx *store.Tx) (payment.Record, error) { return tx.Payment(b.ctx, id) }); p.SenderName != "" {
					t.Fatalf("payment %s kept its sender", id)
				}
			}
		})
	})
}
