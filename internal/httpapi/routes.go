package httpapi

import (
	"net/http"

	"github.com/crebit/crebit/internal/corridor"
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
			mux.Handle("POST /api/sandbox/mailbox/{id}/reply", s.loopbackOnly(http.HandlerFunc(s.handleMailboxReply)))
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
		mux.HandleFunc("POST /api/support/messages", s.handleSupportSubmit)
		if s.cfg.SupportInbound != "" {
			mux.HandleFunc("POST /api/support/inbound", s.handleSupportInbound)
		}
	}

	// The operations console (operators only; everyone else gets the 404 of
	// a path that does not exist).
	mux.HandleFunc("GET /api/ops/me", s.handleOpsMe)
	mux.HandleFunc("GET /api/ops/operators", s.handleOpsOperators)
	mux.HandleFunc("PUT /api/ops/operators", s.handleOpsOperatorSet)
	mux.HandleFunc("POST /api/ops/operators/remove", s.handleOpsOperatorRemove)
	mux.HandleFunc("GET /api/ops/audit", s.handleOpsAudit)
	mux.HandleFunc("GET /api/ops/payments", s.handleOpsFindPayments)
	mux.HandleFunc("GET /api/ops/people", s.handleOpsFindPeople)
	mux.HandleFunc("GET /api/ops/payments/{transaction_id}", s.handleOpsExplainPayment)
	mux.HandleFunc("POST /api/ops/payments/{transaction_id}/resend-email", s.handleOpsResendMail)
	mux.HandleFunc("POST /api/ops/payments/{transaction_id}/replay-webhook", s.handleOpsReplayWebhook)
	mux.HandleFunc("POST /api/ops/payments/{transaction_id}/hold", s.handleOpsHold(false))
	mux.HandleFunc("POST /api/ops/payments/{transaction_id}/release", s.handleOpsHold(true))
	mux.HandleFunc("POST /api/ops/payments/{transaction_id}/refund", s.handleOpsRefund)
	mux.HandleFunc("POST /api/ops/payments/{transaction_id}/cancel", s.handleOpsCancel)
	mux.HandleFunc("POST /api/ops/payments/{transaction_id}/payout-again", s.handleOpsPayOutAgain)
	mux.HandleFunc("GET /api/ops/returns", s.handleOpsReturns)
	mux.HandleFunc("POST /api/ops/returns/{id}/record", s.handleOpsRecordReturn)
	mux.HandleFunc("GET /api/ops/health", s.handleOpsHealth)
	mux.HandleFunc("GET /api/ops/rewards", s.handleOpsRewards)
	mux.HandleFunc("POST /api/ops/rewards/{id}/send", s.handleOpsRewardSend)
	mux.HandleFunc("POST /api/ops/rewards/{id}/review", s.handleOpsRewardReview)
	if s.support != nil {
		mux.HandleFunc("GET /api/ops/support", s.handleOpsSupportList)
		mux.HandleFunc("GET /api/ops/support/{id}", s.handleOpsSupportThread)
		mux.HandleFunc("POST /api/ops/support/{id}/reply", supportChange(s, func(b supportReplyBody) string { return b.Text }, s.support.Reply))
		mux.HandleFunc("POST /api/ops/support/{id}/assign", supportChange(s, func(b supportAssignBody) string { return b.Assignee }, s.support.Assign))
		mux.HandleFunc("POST /api/ops/support/{id}/status", supportChange(s, func(b supportStatusBody) string { return b.Status }, s.support.SetStatus))
	}
	// Any other /api/ops/ request — an unknown path, or a known one with
	// the wrong method (which would otherwise answer 405 and so confirm the
	// path) — is the 404 of a path that does not exist, for everyone.
	mux.HandleFunc("/api/ops/", writeNoSuchRoute)

	// Scholarships: the catalog, search, and the caller's own profile,
	// eligibility form and saved filter sets.
	mux.HandleFunc("GET /api/scholarships", s.handleScholarshipOverview)
	mux.HandleFunc("GET /api/scholarships/search", s.handleScholarshipSearch)
	mux.HandleFunc("GET /api/scholarships/programs/{id}", s.handleScholarshipProgram)
	mux.HandleFunc("GET /api/scholarships/profile", s.handleQuickMatchGet)
	mux.HandleFunc("PUT /api/scholarships/profile", s.handleQuickMatchPut)
	mux.HandleFunc("GET /api/scholarships/eligibility", s.handleEligibilityGet)
	mux.HandleFunc("PUT /api/scholarships/eligibility", s.handleEligibilityPut)
	mux.HandleFunc("GET /api/scholarships/filter-sets", s.handleFilterSetsList)
	mux.HandleFunc("POST /api/scholarships/filter-sets", s.handleFilterSetCreate)
	mux.HandleFunc("DELETE /api/scholarships/filter-sets/{id}", s.handleFilterSetDelete)
	mux.HandleFunc("GET /api/me/scholarships/tracker", s.handleTrackerList)
	mux.HandleFunc("POST /api/me/scholarships/tracker", s.handleTrackerCreate)
	mux.HandleFunc("PATCH /api/me/scholarships/tracker/{id}", s.handleTrackerUpdate)
	mux.HandleFunc("DELETE /api/me/scholarships/tracker/{id}", s.handleTrackerDelete)
	mux.HandleFunc("GET /api/me/scholarships/alerts", s.handleAlertsList)
	mux.HandleFunc("POST /api/me/scholarships/alerts", s.handleAlertCreate)
	mux.HandleFunc("DELETE /api/me/scholarships/alerts/{id}", s.handleAlertStop)
	mux.HandleFunc("POST /api/scholarships/alerts/confirm", s.handleAlertConfirm)
	mux.HandleFunc("POST /api/scholarships/alerts/unsubscribe", s.handleAlertUnsubscribe)
}
