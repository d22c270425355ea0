package referrals

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/referralstore"
)

// ReferralRewardUSD is what a referrer earns when the person they referred
// completes a first payment: a US$100 gift card (the spec's "Earn $100"),
// sent by an operator later, so a reward is recorded as earned.
const ReferralRewardUSD = "100.00"

var referralCodeRE = regexp.MustCompile(`^[0-9A-F]{10}$`)

// RememberReferral keeps the code a browser arrived with (?ref= on an
// invitation link). Anything that is not a code is ignored: a visitor never
// sees an error for a link they were given.
func (s *Service) RememberReferral(ctx context.Context, who actor.Actor, code string) error {
	code = strings.ToUpper(strings.TrimSpace(code))
	if !referralCodeRE.MatchString(code) || who.SessionID == "" {
		return nil
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		return referralstore.RememberReferralArrival(ctx, tx, who.SessionID, who.AccountID, code, s.now())
	})
}

// Why a reward waits for an operator (held) or was refused: the
// review_reason stored with it. docs/RELIABILITY.md ("Abuse") says why each
// rule is where it is.
const (
	// Refused: the referred payment is the referrer's own.
	reasonSameAccount = "same_account"      // made from the referrer's account
	reasonSameTaxID   = "same_tax_id"       // a payer with one of the referrer's CPFs, CNPJs or CURPs
	reasonSameBank    = "same_bank_account" // paid to one of the referrer's US bank accounts
	reasonSameEmail   = "same_email"        // a payer or account with the referrer's e-mail
	// Held for review: signals that can be innocent (a shared family
	// computer, a shared connection, a popular referrer).
	reasonSameDevice = "same_device"     // authorised in a browser the referrer's account signed in on
	reasonSameIP     = "same_ip_day"     // authorised from an address the referrer used within a day
	reasonVelocity   = "many_in_one_day" // the referrer's 4th or later reward within a day
)

// rewardVelocity is how many rewards a referrer gets within a day before
// the next waits for review.
const rewardVelocity = 3

// RewardReferral runs in the transaction that completes a payment: when the
// payer's browser or account arrived with someone's code, the referrer gets
// one reward for this person's first completed payment, once per person
// (by e-mail and by tax id), and is told by e-mail. A reward goes only to a
// referral of a different person: referralVerdict refuses the referrer's
// own payments and holds doubtful ones for an operator.
func (s *Service) RewardReferral(ctx context.Context, tx *store.Tx, p payment.Record) error {
	code, err := referralstore.ReferralCodeFor(ctx, tx, p.SessionID, p.AccountID)
	if err != nil || code == "" {
		return err
	}
	referrerID, err := referralstore.ReferrerOf(ctx, tx, code)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	payer, err := tx.Customer(ctx, p.CustomerID)
	if err != nil {
		return err
	}
	referrer, err := tx.Customer(ctx, referrerID)
	if err != nil {
		return err
	}
	if referrerID == payer.ID {
		return nil // a payer's own link, used on their own profile: nothing to record
	}
	status, reason, err := s.referralVerdict(ctx, tx, p, payer, referrer)
	if err != nil {
		return err
	}
	created, err := referralstore.CreateReferralReward(ctx, tx, referralstore.ReferralReward{ID: randid.New("rwd"), Code: code, ReferrerCustomerID: referrerID,
		ReferredEmail: strings.ToLower(payer.Email), ReferredTaxHash: payer.TaxIDHash, PaymentID: p.ID, AmountUSD: ReferralRewardUSD,
		Status: status, ReviewReason: reason, CreatedAt: s.now()})
	if err != nil || !created || status != "earned" || referrer.Email == "" {
		return err
	}
	lang, err := tx.CustomerLanguage(ctx, referrer.ID)
	if err != nil {
		return err
	}
	reward, err := money.Parse(ReferralRewardUSD, money.USD)
	if err != nil {
		return err
	}
	return s.mail.Queue(ctx, tx, "referral_reward", lang, referrer.Email, map[string]string{
		"Referrer": referrer.FirstName, "Amount": locale.For(lang).Money(reward), "Link": s.mail.Link("/signin", "", "")})
}

// referralVerdict decides a reward for payment p of payer, referred by
// referrer: "earned", or "refused" / "held" with the reason. The referrer
// is every payer profile of the referrer's account (a person may have a
// Brazil and a Mexico one).
func (s *Service) referralVerdict(ctx context.Context, tx *store.Tx, p payment.Record, payer, referrer customer.Customer) (status, reason string, err error) {
	people := []string{referrer.ID}
	emails := []string{strings.ToLower(referrer.Email)}
	if referrer.AccountID != "" {
		cs, err := accountstore.AccountCustomers(ctx, tx, referrer.AccountID)
		if err != nil {
			return "", "", err
		}
		for _, c := range cs {
			if c.ID != referrer.ID {
				people = append(people, c.ID)
			}
			emails = append(emails, strings.ToLower(c.Email))
		}
		a, err := accountstore.AccountByID(ctx, tx, referrer.AccountID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return "", "", err
		}
		emails = append(emails, a.Email)
	}
	payerEmails := []string{strings.ToLower(payer.Email)}
	if p.AccountID != "" {
		if p.AccountID == referrer.AccountID {
			return "refused", reasonSameAccount, nil
		}
		a, err := accountstore.AccountByID(ctx, tx, p.AccountID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return "", "", err
		}
		payerEmails = append(payerEmails, a.Email)
	}
	taxes, err := referralstore.TaxHashesOf(ctx, tx, people)
	if err != nil {
		return "", "", err
	}
	if slices.Contains(taxes, payer.TaxIDHash) {
		return "refused", reasonSameTaxID, nil
	}
	if p.ExternalAccountID != "" {
		bank, err := tx.ExternalAccount(ctx, p.ExternalAccountID)
		if err != nil {
			return "", "", err
		}
		banks, err := referralstore.BankHashesOf(ctx, tx, people)
		if err != nil {
			return "", "", err
		}
		if slices.Contains(banks, referralstore.BankKey(bank.RoutingNumber, bank.AccountHash)) {
			return "refused", reasonSameBank, nil
		}
	}
	for _, e := range payerEmails {
		if e != "" && slices.Contains(emails, e) {
			return "refused", reasonSameEmail, nil
		}
	}

	auth, err := tx.AuthorizationFor(ctx, p.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return "", "", err
	}
	if auth.DeviceHash != "" && referrer.AccountID != "" {
		devices, err := accountstore.DevicesOf(ctx, tx, referrer.AccountID)
		if err != nil {
			return "", "", err
		}
		if slices.Contains(devices, auth.DeviceHash) {
			return "held", reasonSameDevice, nil
		}
	}
	now := s.now()
	if auth.IP != "" {
		from := now.Add(-24 * time.Hour)
		seen, err := referralstore.AuthorizedFromIP(ctx, tx, people, auth.IP, from, now)
		if err == nil && !seen {
			seen, err = referralstore.SignedInFromIP(ctx, tx, referrer.AccountID, s.sealer.Hash("ip", auth.IP), from, now)
		}
		if err != nil {
			return "", "", err
		}
		if seen {
			return "held", reasonSameIP, nil
		}
	}
	n, err := referralstore.RewardsSince(ctx, tx, people, now.Add(-24*time.Hour))
	if err != nil {
		return "", "", err
	}
	if n >= rewardVelocity {
		return "held", reasonVelocity, nil
	}
	return "earned", "", nil
}

// MyReferrals is what a signed-in payer sees of their referrals: their
// personal link, the friends invited and the rewards earned.
type MyReferrals struct {
	// CustomerID is the payer profile the link and invitations belong to
	// (what POST /api/referrals takes); empty, like Link, without a profile.
	CustomerID  string             `json:"customer_id"`
	Link        string             `json:"link"`
	Invitations []MyInvitation     `json:"invitations"`
	Rewards     []MyReferralReward `json:"rewards"`
}

// MyInvitation is one friend invited.
type MyInvitation struct {
	Email     string    `json:"email"`
	InvitedAt time.Time `json:"invited_at"`
}

// MyReferralReward is one reward earned.
type MyReferralReward struct {
	ID            string    `json:"id"`
	AmountUSD     string    `json:"amount_usd"`
	Status        string    `json:"status"`
	GiftCardBrand string    `json:"gift_card_brand"` // "" until chosen
	EarnedAt      time.Time `json:"earned_at"`
}

// GiftCardBrands are the gift cards a referrer can choose (the spec's list).
var GiftCardBrands = []string{"Amazon", "Apple", "Google Play", "Visa", "Target", "Starbucks"}

// ChooseGiftCard records which gift card the signed-in referrer wants for
// one of their rewards, once (an operator sends it; it stays "earned", or
// "held" while under review).
func (s *Service) ChooseGiftCard(ctx context.Context, who actor.Actor, rewardID, brand string) error {
	if !who.SignedIn() {
		return actor.ErrNotSignedIn
	}
	if !slices.Contains(GiftCardBrands, brand) {
		return apperr.E(apperr.Invalid, "brand").On("brand")
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		cs, err := accountstore.AccountCustomers(ctx, tx, who.AccountID)
		if err != nil {
			return err
		}
		ids := make([]string, len(cs))
		for i, c := range cs {
			ids[i] = c.ID
		}
		return referralstore.ChooseGiftCard(ctx, tx, ids, rewardID, brand)
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.E(apperr.NotFound, "reward")
	}
	if errors.Is(err, store.ErrConflict) {
		return apperr.E(apperr.Conflict, "gift_card_chosen")
	}
	return err
}

// MyReferrals lists the signed-in account's referrals across its payer
// profiles (401 signed out). Link is empty until the account has a profile.
func (s *Service) MyReferrals(ctx context.Context, who actor.Actor) (MyReferrals, error) {
	if !who.SignedIn() {
		return MyReferrals{}, apperr.E(apperr.SignInRequired, "")
	}
	out := MyReferrals{Invitations: []MyInvitation{}, Rewards: []MyReferralReward{}}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		cs, err := accountstore.AccountCustomers(ctx, tx, who.AccountID)
		if err != nil || len(cs) == 0 {
			return err
		}
		ids := make([]string, len(cs))
		for i, c := range cs {
			ids[i] = c.ID
		}
		// The link can be shared by hand, so its code is recorded as soon as it is shown.
		code := s.ReferralCode(cs[0].ID)
		if err := referralstore.RegisterReferralCode(ctx, tx, code, cs[0].ID, s.now()); err != nil {
			return err
		}
		out.Link = s.mail.Link("/signup", "ref", code)
		out.CustomerID = cs[0].ID
		inv, err := referralstore.ReferralsOf(ctx, tx, ids)
		if err != nil {
			return err
		}
		for _, r := range inv {
			out.Invitations = append(out.Invitations, MyInvitation{Email: r.Email, InvitedAt: r.InvitedAt.UTC()})
		}
		rw, err := referralstore.RewardsOf(ctx, tx, ids)
		for _, r := range rw {
			out.Rewards = append(out.Rewards, MyReferralReward{ID: r.ID, AmountUSD: r.AmountUSD, Status: r.Status, GiftCardBrand: r.GiftCardBrand, EarnedAt: r.CreatedAt.UTC()})
		}
		return err
	})
	return out, err
}
