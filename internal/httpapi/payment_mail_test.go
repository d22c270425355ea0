package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/referralstore"
)

// mailSubjects lists the subjects of the payment e-mails queued for txn.
func mailSubjects(t *testing.T, h *apptest.Harness, txn string) []string {
	t.Helper()
	var out []string
	ms, err := h.Stack.Outbox.Mailbox(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if strings.HasSuffix(m.Subject, "· "+txn) {
			out = append(out, strings.TrimSuffix(m.Subject, " · "+txn))
		}
	}
	return out
}

// Issue 13: one e-mail per stage the payer is told about, written in the
// transaction that moves the payment, so a repeated or late webhook sends
// nothing more.
func TestEveryStageQueuesExactlyOneEmail(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "250"), "").Str("transaction_id")
		payin := storedPayment(t, h, txn).PartnerPayinID
		secret := h.WebhookSecret()
		p.Simulate(txn, "payin_processing")
		p.Deliver(txn)
		// The same pay-in again, under a new delivery id and late: it moves nothing.
		for i, id := range []string{"msg_late_1", "msg_late_2"} {
			if r := signedWebhook(t, h, id, "payin_completed", payin, txn, time.Now(), secret); r.Status != 200 {
				t.Fatalf("late delivery %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		h.Settled()
		if n := count(t, h, `SELECT COUNT(*) FROM outbox WHERE kind = 'payment_update' AND subject LIKE ?`, "%"+txn); n != 3 {
			t.Fatalf("payment e-mails queued: %d, want 3 (received, converting, delivered)", n)
		}
		h.Eventually("three e-mails delivered", func() bool { return len(mailSubjects(t, h, txn)) == 3 })
		got := strings.Join(mailSubjects(t, h, txn), " | ")
		for _, want := range []string{"We received your payment", "Your payment is being converted to US dollars", "Your US dollars were delivered"} {
			if strings.Count(got, want) != 1 {
				t.Fatalf("subjects %q: want %q once", got, want)
			}
		}
		m := h.Mail("maria@example.com", "Your US dollars were delivered · "+txn)
		rec := storedPayment(t, h, txn)
		en := locale.For("en")
		for _, want := range []string{txn, "US$250.00", en.Money(rec.AmountLocal), en.Rate(rec.EffectiveRate, rec.AmountLocal.Currency),
			"/track?transaction_id=" + txn, "support@"} {
			if !strings.Contains(m.Text, want) {
				t.Fatalf("delivered e-mail lacks %q:\n%s", want, m.Text)
			}
		}
		// The completion e-mail carries the PDF receipt; the earlier ones carry nothing.
		if len(m.Attachments) != 1 || m.Attachments[0].Name != "crebit-receipt-"+txn+".pdf" ||
			m.Attachments[0].ContentType != "application/pdf" || m.Attachments[0].Size < 1000 {
			t.Fatalf("completion e-mail attachments: %+v", m.Attachments)
		}
		if r := h.Mail("maria@example.com", "We received your payment · "+txn); len(r.Attachments) != 0 {
			t.Fatalf("the received e-mail has attachments: %+v", r.Attachments)
		}
		pdf := h.Browser().Do("GET", "/api/sandbox/mailbox/"+m.ID+"/attachments/0", nil)
		if pdf.Status != 200 || pdf.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("attachment download: %d %s", pdf.Status, pdf.Header)
		}
		if text := pdfText(t, pdf.Body); !strings.Contains(text, txn) || !strings.Contains(text, "250.00") {
			t.Fatalf("attached receipt:\n%s", text)
		}
		if r := h.Browser().Do("GET", "/api/sandbox/mailbox/"+m.ID+"/attachments/1", nil); r.Status != 404 {
			t.Fatalf("a missing attachment: %d", r.Status)
		}
		h.RequireBalancedLedger()
	})
}

func TestAFailedPaymentSendsOneEmail(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		// The partner reports the failure twice (a redelivery under a new
		// id): one e-mail.
		h := apptest.New(t, e)
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "120"), "").Str("transaction_id")
		p.Simulate(txn, "payin_failed")
		h.Eventually("failed", func() bool { return p.State(txn) == "failed" })
		signedWebhook(t, h, "msg_failed_again", "payin_failed", storedPayment(t, h, txn).PartnerPayinID, txn, time.Now(), h.WebhookSecret())
		h.Settled()
		h.Eventually("one e-mail", func() bool { return len(mailSubjects(t, h, txn)) == 1 })
		if got := mailSubjects(t, h, txn); got[0] != "Your payment did not go through" {
			t.Fatalf("subjects %q", got)
		}
		if m := h.Mail("maria@example.com", "did not go through · "+txn); !strings.Contains(m.Text, "nothing was converted") {
			t.Fatalf("failure e-mail:\n%s", m.Text)
		}
	})
}

// Issue 13: every friend referred once gets one invitation with the payer's
// personal link; the count the payer sees is the invitations really queued.
func TestReferralsSendOneInvitationEach(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		p := h.NewVerifiedAccountPayer("inviter@example.com", apptest.CPF).Payer
		// The profile's free text never reaches a stranger: the invitation
		// names the sender by the account's own name.
		p.MustOK("PUT", "/api/me/name", map[string]string{"first_name": "Mariana", "last_name": "Costa"})
		refer := func(emails ...string) apptest.Response {
			return p.MustOK("POST", "/api/referrals", map[string]any{"customer_id": p.CustomerID, "emails": emails})
		}
		first := refer("Ana.Friend@example.com", "bruno@example.com", "maria@example.com", "not-an-email")
		again := refer("ana.friend@example.com", "carla@example.com")
		if !strings.HasPrefix(first.Str("message"), "2 referral(s)") || !strings.HasPrefix(again.Str("message"), "1 referral(s)") {
			t.Fatalf("answers: %s / %s", first.Body, again.Body)
		}
		h.Settled()
		// maria@example.com is the payer herself; ana was already invited.
		if n := count(t, h, `SELECT COUNT(*) FROM outbox WHERE kind = 'referral_invitation'`); n != 3 {
			t.Fatalf("invitations queued: %d, want 3 (first answer %s, second %s)", n, first.Body, again.Body)
		}
		m := h.Mail("ana.friend@example.com", "A friend invited you to Crebit")
		if !strings.Contains(m.Text, "Mariana pays US tuition") || strings.Contains(m.Text, "Maria ") {
			t.Fatalf("the invitation should name the account's Mariana, not the profile's Maria:\n%s", m.Text)
		}
		code := ""
		for _, l := range strings.Fields(m.Text) {
			if strings.Contains(l, "/signup?ref=") {
				code = l[strings.Index(l, "ref=")+4:]
			}
		}
		if len(code) != 10 || strings.Contains(m.Text, p.CustomerID) {
			t.Fatalf("invitation link code %q:\n%s", code, m.Text)
		}
		if other := h.Mail("carla@example.com", "A friend invited you"); !strings.Contains(other.Text, "ref="+code) {
			t.Fatalf("the same payer's code differs between invitations:\n%s", other.Text)
		}
	})
}

// friend is another person in another home, who arrived on the referrer's
// link (or code ""): a browser from another address (where the harness
// trusts loopback proxies) with a profile and a bank account of their own.
func friend(t *testing.T, h *apptest.Harness, code, email, cpf string) *apptest.Payer {
	t.Helper()
	b := h.Browser()
	b.Headers = map[string]string{"X-Forwarded-For": "198.51.100.77"}
	if code != "" {
		if r := b.Do("POST", "/api/referral-arrival", map[string]string{"code": code}); r.Status != 204 {
			t.Fatalf("arrival: %d %s", r.Status, r.Body)
		}
	}
	c := apptest.CustomerBR(cpf)
	c["first_name"], c["email"] = "Ana", email
	b.AcceptPartnerTerms()
	cust := b.MustOK("POST", "/api/create-customer", c)
	var walletID, walletAddress string
	// The wallet opens once the partner approved the friend.
	h.Eventually("the partner approved the friend", func() bool {
		w := b.Do("POST", "/api/create-wallet", map[string]string{"customer_id": cust.Str("customer_id")})
		walletID, walletAddress = w.Str("wallet_id"), w.Str("wallet_address")
		return w.Status == http.StatusOK
	})
	bank := apptest.BankAccount(cust.Str("customer_id"))
	bank["bank_account_number"] = "000987654321"
	acct := b.MustOK("POST", "/api/create-external-account", bank)
	return &apptest.Payer{Browser: b, CustomerID: cust.Str("customer_id"), WalletID: walletID,
		WalletAddress: walletAddress, AccountID: acct.Str("external_account_id")}
}

func complete(t *testing.T, h *apptest.Harness, p *apptest.Payer, usd, cpf string) string {
	t.Helper()
	q := p.Quote("USDC/BRL", usd)
	onRamp, _ := q.JSON["on_ramp"].(map[string]any)
	r := p.Do("POST", "/api/create-pix-payment", map[string]any{"amount_brl": q.JSON["total_local_amount"], "customer_id": p.CustomerID,
		"wallet_address": p.WalletAddress, "quote_id": onRamp["id"], "sender_name": "Ana Silva", "sender_document": cpf})
	if r.Status != 200 {
		t.Fatalf("payment: %d %s", r.Status, r.Body)
	}
	txn := r.Str("transaction_id")
	headers := p.Headers
	p.Headers = nil // the sandbox's simulation answers this machine only
	p.Deliver(txn)
	p.Headers = headers
	return txn
}

// Issue 13: the referred person's first completed payment earns the
// referrer one reward (and an e-mail); a second payment, a second referrer
// and a payer's own code earn nothing.
func TestReferralRewardOnTheFirstCompletedPaymentOnly(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_TRUSTED_PROXIES", "127.0.0.0/8,::1/128"))
		referrer := h.NewVerifiedAccountPayer("maria.account@example.com", apptest.CPF) // profile e-mail maria@example.com
		referrer.MustOK("POST", "/api/referrals", map[string]any{"customer_id": referrer.CustomerID, "emails": []string{"ana.ref@example.com"}})
		h.Settled()
		inv := h.Mail("ana.ref@example.com", "invited you")
		code := inv.Text[strings.Index(inv.Text, "ref=")+4:][:10]

		ana := friend(t, h, code, "ana.ref@example.com", apptest.CPF2)
		if n := count(t, h, `SELECT COUNT(*) FROM referral_rewards`); n != 0 {
			t.Fatalf("a reward before any payment: %d", n)
		}
		first := complete(t, h, ana, "120", apptest.CPF2)
		complete(t, h, ana, "130", apptest.CPF2)
		h.Settled()
		if n := count(t, h, `SELECT COUNT(*) FROM referral_rewards WHERE payment_id = ? AND status = 'earned' AND amount_usd = '100.00'`, first); n != 1 {
			t.Fatalf("rewards for the first payment: %d", n)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM referral_rewards`); n != 1 {
			t.Fatalf("rewards in all: %d, want 1", n)
		}
		if m := h.Mail("maria@example.com", "You earned a US$100.00 gift card"); !strings.Contains(m.Text, "first payment") {
			t.Fatalf("reward e-mail:\n%s", m.Text)
		}

		// The referrer using her own link, on another profile with her own
		// CPF, earns nothing: the attempt is recorded as refused.
		self := friend(t, h, code, "maria.again@example.com", apptest.CPF)
		complete(t, h, self, "140", apptest.CPF)
		h.Settled()
		if n := count(t, h, `SELECT COUNT(*) FROM referral_rewards WHERE status = 'earned'`); n != 1 {
			t.Fatalf("self-referral rewarded: %d rewards earned", n)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM referral_rewards WHERE status = 'refused' AND review_reason = 'same_tax_id'`); n != 1 {
			t.Fatalf("the self-referral is not recorded as refused: %d", n)
		}
	})
}

// A signed-in payer sees their own link, invitations and rewards; another
// account sees none of them.
func TestMyReferralsAreTheAccountsOwn(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		fay := h.NewVerifiedAccountPayer("fay.ref@example.com", apptest.CPF)
		fay.MustOK("POST", "/api/referrals", map[string]any{"customer_id": fay.CustomerID, "emails": []string{"gil@example.com", "hana@example.com"}})
		mine := fay.MustOK("GET", "/api/me/referrals", nil)
		inv, _ := mine.JSON["invitations"].([]any)
		if len(inv) != 2 || !strings.Contains(mine.Str("link"), "/signup?ref=") || mine.Str("customer_id") != fay.CustomerID {
			t.Fatalf("fay's referrals: %s", mine.Body)
		}
		other := h.Browser()
		other.SignUp("ivo@example.com")
		theirs := other.MustOK("GET", "/api/me/referrals", nil)
		if inv, _ := theirs.JSON["invitations"].([]any); len(inv) != 0 || theirs.Str("link") != "" || theirs.Str("customer_id") != "" || strings.Contains(string(theirs.Body), "gil@") {
			t.Fatalf("another account sees: %s", theirs.Body)
		}
		if r := h.Browser().Do("GET", "/api/me/referrals", nil); r.Status != 401 {
			t.Fatalf("signed out: %d %s", r.Status, r.Body)
		}

		// An earned reward: fay chooses its gift card; nobody else can.
		paid := fay.Pay("20.00")
		if err := h.DB.Tx(t.Context(), func(tx *store.Tx) error {
			_, err := referralstore.CreateReferralReward(t.Context(), tx, referralstore.ReferralReward{ID: "rwd_test1", Code: "ABCDEF0123", ReferrerCustomerID: fay.CustomerID,
				ReferredEmail: "gil@example.com", PaymentID: paid, AmountUSD: "100.00", Status: "earned", CreatedAt: time.Now()})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		path := "/api/me/referrals/rewards/rwd_test1/gift-card"
		if r := other.Do("PUT", path, map[string]string{"brand": "Amazon"}); r.Status != 404 {
			t.Fatalf("another account chose fay's card: %d %s", r.Status, r.Body)
		}
		if r := fay.Do("PUT", path, map[string]string{"brand": "Netflix"}); r.Status != 400 || r.Str("field") != "brand" {
			t.Fatalf("unknown brand: %d %s", r.Status, r.Body)
		}
		if r := h.Browser().Do("PUT", path, map[string]string{"brand": "Amazon"}); r.Status != 401 {
			t.Fatalf("signed out: %d", r.Status)
		}
		if r := fay.Do("PUT", path, map[string]string{"brand": "Google Play"}); r.Status != 204 {
			t.Fatalf("choose: %d %s", r.Status, r.Body)
		}
		if r := fay.MustOK("GET", "/api/me/referrals", nil); !strings.Contains(string(r.Body), `"gift_card_brand":"Google Play"`) ||
			!strings.Contains(string(r.Body), `"status":"earned"`) {
			t.Fatalf("after choosing: %s", r.Body)
		}
	})
}
