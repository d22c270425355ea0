package httpapi

import (
	"net/http"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/httpapi/opsapi"
	"github.com/crebit/crebit/internal/httpapi/scholarapi"
	"github.com/crebit/crebit/internal/httpapi/supportapi"
)

// apiRoutes lists every /api/ route in one place. Paths and field names are
// the specification's; the wizard, the rate page, the calculator, the
// header and partners call them.
func (s *Server) apiRoutes(mux *http.ServeMux) {
	// Quotes and rates.
	mux.HandleFunc("POST /api/create-quote", s.limited(limitQuote, s.handleQuoteCreate))
	mux.HandleFunc("POST /api/create-quote-new", s.limited(limitRate, s.handleRateIndicative))
	mux.HandleFunc("GET /api/last-quote-ids", s.handleSessionQuoteIDs)
	mux.HandleFunc("GET /api/rates", s.handleRatesGet) // ratesPath

	// Customers, wallets and US bank accounts.
	mux.HandleFunc("POST /api/create-customer", s.limited(limitCustomer, s.handleCustomerCreate))
	mux.HandleFunc("POST /api/create-wallet", s.handleWalletCreate)
	mux.HandleFunc("POST /api/create-external-account", s.limited(limitAccount, s.handleExternalAccountCreate))
	mux.HandleFunc("GET /api/last-customer-id", s.handleSessionCustomerID)
	// A partner that asks for its terms first (BlindPay): where the session
	// stands, and the page at which the payer accepts them.
	mux.HandleFunc("GET /api/partner-terms", s.handlePartnerTermsGet)
	mux.HandleFunc("POST /api/partner-terms", s.limited(limitCustomer, s.handlePartnerTermsStart))

	// Payments and their status.
	mux.HandleFunc("POST /api/create-pix-payment", s.limited(limitPayment, s.handlePaymentCreate(corridor.Brazil)))
	mux.HandleFunc("POST /api/create-spei-payment", s.limited(limitPayment, s.handlePaymentCreate(corridor.Mexico)))
	mux.HandleFunc("GET /api/webhook-status/{transaction_id}", s.limited(limitStatus, s.handleWebhookStatus))
	mux.HandleFunc("GET /api/transaction-status", s.limited(limitStatus, s.handleTransactionStatus))
	mux.HandleFunc("GET /api/payments/{transaction_id}/events", s.limited(limitStatus, s.handlePaymentEvents))
	mux.HandleFunc("GET /api/payments/{transaction_id}/receipt", s.limited(limitStatus, s.handlePaymentReceipt))

	// Partner webhooks.
	mux.HandleFunc("POST /api/webhook/payout-events", s.handleWebhookReceive)
	if s.payments != nil && s.payments.Sandbox() {
		mux.Handle("POST /api/trigger-mock-webhook", s.loopbackOnly(s.limited(limitTrigger, s.handleWebhookTrigger)))
	}

	// Accounts.
	mux.HandleFunc("POST /api/signup", s.limited(limitSignup, s.handleSignUp))
	mux.HandleFunc("POST /api/signin", s.handleSignIn)
	mux.HandleFunc("POST /api/signin/two-factor", s.handleSignInTwoFactor)
	mux.HandleFunc("POST /api/signout", s.handleSignOut)
	mux.HandleFunc("GET /api/me", s.handleMe)
	mux.HandleFunc("POST /api/verify-email", s.handleVerifyEmail)
	mux.HandleFunc("POST /api/forgot-password", s.handleForgotPassword)
	mux.HandleFunc("POST /api/reset-password", s.handleResetPassword)
	mux.HandleFunc("POST /api/two-factor/enrol", s.handleTwoFactorEnrol)
	mux.HandleFunc("POST /api/two-factor/confirm", s.handleTwoFactorConfirm)
	mux.HandleFunc("POST /api/two-factor/disable", s.handleTwoFactorDisable)

	// The dashboard (signed in only; another account's objects are 404).
	mux.HandleFunc("GET /api/dashboard/overview", s.handleDashboardOverview)
	mux.HandleFunc("GET /api/dashboard/transactions", s.handleDashboardTransactions)
	mux.HandleFunc("GET /api/dashboard/transactions/{transaction_id}", s.handleDashboardTransaction)
	mux.HandleFunc("GET /api/dashboard/payment-setup", s.handleDashboardPaymentSetup)
	mux.HandleFunc("POST /api/dashboard/payments", s.limited(limitPayment, s.handleDashboardPaymentCreate))
	mux.HandleFunc("POST /api/dashboard/check-waitlist", s.handleCheckWaitlistJoin)
	mux.HandleFunc("PUT /api/me/name", s.handleNameUpdate)
	mux.HandleFunc("PUT /api/me/language", s.handleLanguageUpdate)
	mux.HandleFunc("POST /api/me/password", s.handlePasswordChange)
	mux.HandleFunc("GET /api/me/bank-accounts", s.handleBankAccountsList)
	mux.HandleFunc("DELETE /api/me/bank-accounts/{id}", s.handleBankAccountRemove)
	mux.HandleFunc("GET /api/me/signins", s.handleSigninsList)
	mux.HandleFunc("GET /api/me/data", s.handleDataExport)
	mux.HandleFunc("POST /api/me/close", s.handleAccountClose)
	if s.payments != nil && s.payments.Sandbox() && s.outbox.LocalMailbox() {
		mux.Handle("GET /api/sandbox/mailbox", s.loopbackOnly(http.HandlerFunc(s.handleMailboxList)))
		mux.Handle("GET /api/sandbox/mailbox/{id}", s.loopbackOnly(http.HandlerFunc(s.handleMailboxMessage)))
		mux.Handle("GET /api/sandbox/mailbox/{id}/attachments/{n}", s.loopbackOnly(http.HandlerFunc(s.handleMailboxAttachment)))
		if s.support != nil {
			reply := supportapi.New(s.cfg, s.log, s.support, s.outbox).HandleMailboxReply
			mux.Handle("POST /api/sandbox/mailbox/{id}/reply", s.loopbackOnly(http.HandlerFunc(reply)))
		}
	}

	// Public site.
	mux.HandleFunc("GET /api/config", s.handleConfig)
	mux.HandleFunc("GET /api/payment-emails", s.handlePaymentEmails)
	mux.HandleFunc("POST /api/subscribe", s.limited(limitSubscribe, s.handleSubscribe))
	mux.HandleFunc("POST /api/referrals", s.limited(limitReferral, s.handleReferralsCreate))
	mux.HandleFunc("POST /api/referral-arrival", s.limited(limitReferral, s.handleReferralArrival))
	mux.HandleFunc("GET /api/me/referrals", s.handleMyReferrals)
	mux.HandleFunc("PUT /api/me/referrals/rewards/{id}/gift-card", s.handleGiftCardChoose)
	mux.HandleFunc("POST /api/payment-authorization", s.handleConsentCreate)
	if s.support != nil {
		supportapi.New(s.cfg, s.log, s.support, s.outbox).Routes(mux) // package supportapi
	}

	// The operations console (operators only; everyone else gets the 404 of
	// a path that does not exist): package opsapi.
	opsapi.New(s.ops, s.support).Routes(mux)

	// Scholarships: the catalog, search, and the caller's own profile,
	// eligibility form, saved filter sets, tracker and alerts: package
	// scholarapi.
	scholarapi.New(s.scholarships, s.ensureActor).Routes(mux)
}
