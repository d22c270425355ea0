package accounts

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/crebit/crebit/internal/account"
	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/referrals"
	"github.com/crebit/crebit/internal/scholarships"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/dashstore"
	"github.com/crebit/crebit/internal/store/referralstore"
	"github.com/crebit/crebit/internal/store/scholarstore"
)

// Download my data and Close my account.

// maxExportPayments bounds one export; an account past it is an operator's
// matter, not a browser download.
const maxExportPayments = 10000

// DataExport is everything Crebit holds about an account holder, as the
// JSON file Download my data gives them. Account numbers and tax ids are
// shown masked: the full values are sealed and never leave the server.
type DataExport struct {
	ExportedAt         time.Time                `json:"exported_at"`
	Account            exportAccount            `json:"account"`
	PayerProfiles      []exportProfile          `json:"payer_profiles"`
	BankAccounts       []exportBankAccount      `json:"bank_accounts"`
	Payments           []exportPayment          `json:"payments"`
	Signins            []Signin                 `json:"recent_signins"`
	Referrals          exportReferrals          `json:"referrals"`
	CheckWaitlist      bool                     `json:"check_waitlist"`
	ScholarshipProfile json.RawMessage          `json:"scholarship_profile,omitempty"`
	Eligibility        json.RawMessage          `json:"scholarship_eligibility,omitempty"`
	Tracker            []exportApplication      `json:"scholarship_tracker"`
	Alerts             []scholarships.AlertView `json:"scholarship_alerts"`
}

// exportApplication is one program of the scholarship tracker.
type exportApplication struct {
	ProgramID string    `json:"program_id"`
	Status    string    `json:"status"`
	Deadline  *string   `json:"deadline"`
	Notes     string    `json:"notes"`
	Documents []int     `json:"documents_done"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// exportReferrals are the friends the account's profiles invited and the rewards they earned.
type exportReferrals struct {
	Invitations []referrals.MyInvitation     `json:"invitations"`
	Rewards     []referrals.MyReferralReward `json:"rewards"`
}

type exportAccount struct {
	ID               string    `json:"id"`
	Email            string    `json:"email"`
	FirstName        string    `json:"first_name"`
	LastName         string    `json:"last_name"`
	EmailVerified    bool      `json:"email_verified"`
	TwoFactorEnabled bool      `json:"two_factor_enabled"`
	CreatedAt        time.Time `json:"created_at"`
}

type exportProfile struct {
	ID          string    `json:"id"`
	Country     string    `json:"country"`
	FirstName   string    `json:"first_name"`
	LastName    string    `json:"last_name"`
	Email       string    `json:"email"`
	Phone       string    `json:"phone_number"`
	DateOfBirth string    `json:"date_of_birth"`
	TaxIDType   string    `json:"tax_id_type"`
	TaxID       string    `json:"tax_id"` // masked
	Street      string    `json:"street_line_1"`
	City        string    `json:"city"`
	State       string    `json:"state"`
	PostalCode  string    `json:"postal_code"`
	KYCStatus   string    `json:"kyc_status"`
	CreatedAt   time.Time `json:"created_at"`
}

type exportBankAccount struct {
	ID                string    `json:"id"`
	BankName          string    `json:"bank_name"`
	AccountName       string    `json:"account_name"`
	AccountHolderName string    `json:"account_holder_name"`
	RoutingNumber     string    `json:"routing_number"`
	AccountNumber     string    `json:"bank_account_number"` // masked
	Street            string    `json:"street_line_1"`
	City              string    `json:"city"`
	State             string    `json:"state"`
	PostalCode        string    `json:"postal_code"`
	CreatedAt         time.Time `json:"created_at"`
}

type exportPayment struct {
	TransactionID  string               `json:"transaction_id"`
	Status         payment.State        `json:"status"`
	Method         string               `json:"method"`
	Delivery       payment.Delivery     `json:"delivery_method"`
	AmountLocal    money.Amount         `json:"amount_local"`
	LocalCurrency  money.Currency       `json:"local_currency"`
	AmountUSD      money.Amount         `json:"amount_usd"`
	TotalFeesUSD   money.Amount         `json:"total_fees_usd"`
	EffectiveRate  string               `json:"effective_rate"`
	SenderName     string               `json:"sender_name"`
	Recipient      string               `json:"recipient,omitempty"`
	CheckDetails   json.RawMessage      `json:"check_details,omitempty"`
	TrackingNumber string               `json:"tracking_number,omitempty"`
	CreatedAt      time.Time            `json:"created_at"`
	History        []payments.StageView `json:"history"`
	Authorization  *exportAuth          `json:"authorization,omitempty"`
}

type exportAuth struct {
	AcceptedAt time.Time `json:"accepted_at"`
	IP         string    `json:"ip"`
	UserAgent  string    `json:"user_agent"`
	SignerName string    `json:"signer_name"`
	SchoolName string    `json:"school_name,omitempty"`
}

// ExportData gathers everything held about the signed-in account holder.
func (s *Service) ExportData(ctx context.Context, who actor.Actor) (DataExport, error) {
	a, err := s.signedInAccount(ctx, who)
	if err != nil {
		return DataExport{}, err
	}
	out := DataExport{ExportedAt: s.now().UTC(), PayerProfiles: []exportProfile{}, BankAccounts: []exportBankAccount{},
		Payments: []exportPayment{}, Account: exportAccount{ID: a.ID, Email: a.Email, FirstName: a.FirstName,
			LastName: a.LastName, EmailVerified: a.EmailVerifiedAt != nil, TwoFactorEnabled: a.TOTPEnabledAt != nil, CreatedAt: a.CreatedAt}}
	out.Signins = []Signin{}
	out.Tracker, out.Alerts = []exportApplication{}, []scholarships.AlertView{}
	out.Referrals = exportReferrals{Invitations: []referrals.MyInvitation{}, Rewards: []referrals.MyReferralReward{}}
	err = s.db.Read(ctx, func(tx *store.Tx) error {
		es, err := accountstore.SigninEvents(ctx, tx, a.ID, maxExportPayments) // all of the 90 days kept
		if err != nil {
			return err
		}
		apps, err := scholarstore.Applications(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		for _, ap := range apps {
			out.Tracker = append(out.Tracker, exportApplication{ProgramID: ap.ProgramID, Status: ap.Status, Deadline: ap.Deadline,
				Notes: ap.Notes, Documents: nonNilDocs(ap.Documents), CreatedAt: ap.CreatedAt, UpdatedAt: ap.UpdatedAt})
		}
		als, err := scholarstore.Alerts(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		for _, al := range als {
			out.Alerts = append(out.Alerts, scholarships.AlertViewOf(al))
		}
		for _, e := range es {
			d := account.ParseDevice(e.Device)
			out.Signins = append(out.Signins, Signin{At: e.OccurredAt, Browser: d.Browser, OS: d.OS})
		}
		cs, err := accountstore.AccountCustomers(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		for _, c := range cs {
			tid := ""
			if c.TaxIDSealed != "" {
				if plain, err := s.sealer.Open(c.TaxIDSealed); err == nil && len(plain) > 3 {
					tid = "****" + plain[len(plain)-3:]
				}
			}
			out.PayerProfiles = append(out.PayerProfiles, exportProfile{ID: c.ID, Country: c.Country, FirstName: c.FirstName,
				LastName: c.LastName, Email: c.Email, Phone: c.Phone, DateOfBirth: c.DateOfBirth, TaxIDType: c.TaxIDType, TaxID: tid,
				Street: c.Street, City: c.City, State: c.State, PostalCode: c.PostalCode, KYCStatus: c.KYCStatus, CreatedAt: c.CreatedAt})
		}
		ids := make([]string, len(cs))
		for i, c := range cs {
			ids[i] = c.ID
		}
		inv, err := referralstore.ReferralsOf(ctx, tx, ids)
		if err != nil {
			return err
		}
		for _, r := range inv {
			out.Referrals.Invitations = append(out.Referrals.Invitations, referrals.MyInvitation{Email: r.Email, InvitedAt: r.InvitedAt.UTC()})
		}
		rw, err := referralstore.RewardsOf(ctx, tx, ids)
		if err != nil {
			return err
		}
		for _, r := range rw {
			out.Referrals.Rewards = append(out.Referrals.Rewards, referrals.MyReferralReward{ID: r.ID, AmountUSD: r.AmountUSD, Status: r.Status, EarnedAt: r.CreatedAt.UTC()})
		}
		bs, err := accountstore.AccountBankAccountsAll(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		for _, b := range bs {
			masked := ""
			if b.Last4 != "" {
				masked = customer.MaskAccount(b.Last4)
			}
			out.BankAccounts = append(out.BankAccounts, exportBankAccount{ID: b.ID, BankName: b.BankName, AccountName: b.AccountName,
				AccountHolderName: b.BeneficiaryName, RoutingNumber: b.RoutingNumber, AccountNumber: masked, Street: b.Street,
				City: b.City, State: b.State, PostalCode: b.PostalCode, CreatedAt: b.CreatedAt})
		}
		ps, _, err := tx.Payments(ctx, store.PaymentFilter{AccountID: a.ID, Limit: maxExportPayments})
		if err != nil {
			return err
		}
		for _, p := range ps {
			e := exportPayment{TransactionID: p.ID, Status: p.State, Method: p.Method, Delivery: p.Delivery, AmountLocal: p.AmountLocal,
				LocalCurrency: p.AmountLocal.Currency, AmountUSD: p.AmountUSD, TotalFeesUSD: p.TotalFeesUSD, EffectiveRate: p.EffectiveRate,
				SenderName: p.SenderName, TrackingNumber: p.TrackingNumber, CreatedAt: p.CreatedAt, History: []payments.StageView{}}
			if e.Recipient, err = tx.PaymentRecipient(ctx, p.ID); err != nil {
				return err
			}
			if p.CheckDetails != "" && json.Valid([]byte(p.CheckDetails)) {
				e.CheckDetails = json.RawMessage(p.CheckDetails)
			}
			events, err := tx.PaymentEvents(ctx, p.ID)
			if err != nil {
				return err
			}
			for _, ev := range events {
				at := ev.OccurredAt
				e.History = append(e.History, payments.StageView{Status: ev.State, Reached: true, At: &at})
			}
			if au, err := tx.AuthorizationFor(ctx, p.ID); err == nil {
				e.Authorization = &exportAuth{AcceptedAt: au.AcceptedAt, IP: au.IP, UserAgent: au.UserAgent, SignerName: au.SignerName, SchoolName: au.SchoolName}
			} else if !errors.Is(err, store.ErrNotFound) {
				return err
			}
			out.Payments = append(out.Payments, e)
		}
		if out.CheckWaitlist, err = dashstore.CheckWaitlisted(ctx, tx, a.ID); err != nil {
			return err
		}
		prof, err := scholarstore.ScholarshipProfileOf(ctx, tx, scholarstore.Owner{AccountID: a.ID})
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if json.Valid(prof.QuickMatch) {
			out.ScholarshipProfile = prof.QuickMatch
		}
		if json.Valid(prof.Eligibility) {
			out.Eligibility = prof.Eligibility
		}
		return err
	})
	return out, err
}

// CloseAccount closes the signed-in account after checking its password:
// sign-in, names, two-factor, sessions, sign-in history, scholarship answers
// and saved bank accounts go at once; payments and their ledger records
// stay, and the retention rule applies to them from today (what has
// already ended and passed its refund window is redacted now, the rest when
// its window passes). A notice goes to the address before it is freed.
func (s *Service) CloseAccount(ctx context.Context, who actor.Actor, password string) error {
	a, err := s.CheckCurrentPassword(ctx, who, password)
	if err != nil {
		return err
	}
	now := s.now()
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		// Money still moving needs its owner: the receipt, the e-mails and
		// a refund are theirs until the payment ends.
		if busy, err := accountstore.PaymentInFlight(ctx, tx, a.ID); err != nil || busy {
			if err == nil {
				err = apperr.E(apperr.Conflict, "payment_in_flight")
			}
			return err
		}
		if err := s.mail.Queue(ctx, tx, "account_closed", outbox.AccountLang(a, who), a.Email, map[string]string{"Link": s.mail.Link("/privacy", "", "")}); err != nil {
			return err
		}
		if err := scholarstore.ForgetScholarshipActivity(ctx, tx, a.ID, now); err != nil {
			return err
		}
		if err := accountstore.CloseAccount(ctx, tx, a.ID, now); err != nil {
			return err
		}
		return accountstore.RedactClosedAccount(ctx, tx, a.ID, now.Add(-RefundWindow), now)
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.E(apperr.SignInRequired, "")
	}
	return err
}

func nonNilDocs(v []int) []int {
	if v == nil {
		return []int{}
	}
	return v
}
