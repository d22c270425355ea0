package onboarding

import (
	"cmp"
	"context"
	"errors"
	"strings"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/store"
)

// A staged partner (partner.Staged, BlindPay) is driven in stages: the
// payer accepts the partner's terms; the customer is made with that
// acceptance and verified later (customer.update, or asked); the wallet
// opens once approved. This file holds the onboarding stages only such a
// partner needs (the payment stages are payments/staged.go).

// TermsStatus is where the session stands with the partner's terms.
type TermsStatus struct {
	Required bool   `json:"required"` // the partner asks for an acceptance before identity
	Accepted bool   `json:"accepted"` // the partner confirmed this session's acceptance
	URL      string `json:"url,omitempty"`
}

// PartnerTerms tells whether the session must (still) accept the partner's terms.
func (s *Service) PartnerTerms(ctx context.Context, who actor.Actor) (TermsStatus, error) {
	if who.SessionID == "" {
		return TermsStatus{Required: true}, nil
	}
	var t store.PartnerTerms
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) { t, err = tx.SessionPartnerTerms(ctx, who.SessionID); return })
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return TermsStatus{}, err
	}
	// One acceptance makes one customer (BlindPay links a tos_id to one):
	// accepted says the next customer can be made, so a payer correcting
	// their details after a customer was made accepts again.
	return TermsStatus{Required: true, Accepted: t.TosID != ""}, nil
}

// StartPartnerTerms asks the partner for the page at which the payer
// accepts its terms; the browser comes back to returnPath on this site.
// The acceptance counts once the partner confirms it by webhook (the
// return alone proves nothing).
func (s *Service) StartPartnerTerms(ctx context.Context, who actor.Actor, returnPath string) (TermsStatus, error) {
	if who.SessionID == "" {
		return TermsStatus{}, errors.New("payments: a terms acceptance needs the payer's session")
	}
	if returnPath == "" {
		returnPath = "/"
	}
	if !strings.HasPrefix(returnPath, "/") || strings.HasPrefix(returnPath, "//") || strings.ContainsAny(returnPath, "\\\r\n") || len(returnPath) > 300 {
		return TermsStatus{}, apperr.E(apperr.Invalid, "return_path").On("return_path")
	}
	ctx, _ = partner.WithCallLog(ctx)
	ts, err := partner.Record(ctx, "start_terms", "", map[string]string{"return_url": s.cfg.BaseURL + returnPath},
		func() (partner.TermsSession, error) {
			return s.partner.StartTerms(ctx, who.Lang, s.cfg.BaseURL+returnPath, "")
		})
	if err != nil {
		s.log.Warn("partner terms failed", "err", err)
		return TermsStatus{}, partnerUnavailable(err, "terms")
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error { return tx.StartPartnerTerms(ctx, ts.Key, who.SessionID, s.now()) })
	if err != nil {
		return TermsStatus{}, err
	}
	return TermsStatus{Required: true, URL: ts.URL}, nil
}

// acceptedTerms is the acceptance the session's next customer is made with.
func (s *Service) acceptedTerms(ctx context.Context, who actor.Actor) (store.PartnerTerms, error) {
	var t store.PartnerTerms
	err := store.ErrNotFound
	if who.SessionID != "" {
		err = s.db.Read(ctx, func(tx *store.Tx) (err error) { t, err = tx.SessionPartnerTerms(ctx, who.SessionID); return })
	}
	if errors.Is(err, store.ErrNotFound) || (err == nil && t.TosID == "") {
		return store.PartnerTerms{}, apperr.E(apperr.TermsRequired, "")
	}
	return t, err
}

// stagedCustomer registers the payer with the partner after the session's
// terms acceptance; the wallet waits for the approval.
func (s *Service) stagedCustomer(ctx context.Context, who actor.Actor, key string, req partner.CustomerRequest) (partner.Customer, string, error) {
	terms, err := s.acceptedTerms(ctx, who)
	if err != nil {
		return partner.Customer{}, "", err
	}
	// One acceptance links one customer: the key names it too.
	key = idemKey(key, terms.TosID)
	pc, err := partner.Record(ctx, "create_customer", key, req, func() (partner.Customer, error) {
		return s.partner.CreateCustomerWithTerms(ctx, key, req, terms.TosID)
	})
	return pc, terms.Key, err
}

// stagedWallet opens the approved customer's wallet, asking the partner
// for its verdict when none has arrived yet.
func (s *Service) stagedWallet(ctx context.Context, c customer.Customer) (partner.Wallet, error) {
	if c.KYCStatus != partner.KYCApproved {
		pc, err := partner.Record(ctx, "get_customer", "", map[string]string{"customer_id": c.PartnerCustomerID},
			func() (partner.Customer, error) { return s.partner.GetCustomer(ctx, c.PartnerCustomerID) })
		if err != nil {
			return partner.Wallet{}, s.partnerFailure(err, apperr.E(apperr.PartnerUnavailable, "wallet"))
		}
		if err := s.db.Tx(ctx, func(tx *store.Tx) error { return s.SetKYC(ctx, tx, pc) }); err != nil {
			return partner.Wallet{}, err
		}
		switch pc.KYCStatus {
		case partner.KYCApproved:
		case partner.KYCRejected:
			return partner.Wallet{}, apperr.E(apperr.KYCRejected, "details")
		default:
			return partner.Wallet{}, apperr.E(apperr.KYCReview, "")
		}
	}
	key := idemKey("wallet", c.ID)
	return partner.Record(ctx, "ensure_wallet", key, map[string]string{"customer_id": c.PartnerCustomerID, "wallet_id": c.WalletID},
		func() (partner.Wallet, error) {
			return s.partner.EnsureWallet(ctx, key, c.PartnerCustomerID, c.WalletID)
		})
}

// SetKYC records the partner's verdict on a customer.
func (s *Service) SetKYC(ctx context.Context, tx *store.Tx, pc partner.Customer) error {
	status := pc.KYCStatus
	switch status {
	case partner.KYCApproved, partner.KYCRejected, partner.KYCUnderReview:
	default:
		status = partner.KYCUnderReview
	}
	before, err := tx.SetCustomerKYC(ctx, pc.ID, status, s.now())
	if err != nil {
		return err
	}
	for _, c := range before {
		if c.KYCStatus == status || status == partner.KYCUnderReview {
			continue
		}
		s.log.Info("customer verification changed", "customer_id", c.ID, "from", c.KYCStatus, "to", status)
		// The payer was told "we will e-mail you when it is done".
		path := "/dashboard/payment"
		if c.AccountID == "" {
			cor, _ := corridor.ByCountry(c.Country)
			path = cor.WizardPath
		}
		fields := map[string]string{"Name": c.FirstName, "Link": s.mail.Link(path, "", "")}
		kind := map[string]string{partner.KYCApproved: "kyc_approved", partner.KYCRejected: "kyc_rejected"}[status]
		if err := s.mail.Queue(ctx, tx, kind, cmp.Or(c.Lang, "en"), c.Email, fields); err != nil {
			return err
		}
	}
	return nil
}
