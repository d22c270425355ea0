package httpapi

import "net/http"

// apiRoutes lists every /api/ route in one place. Paths and field names are
// the specification's; the wizard, the rate page, the calculator, the
// header and partners call them.
func (s *Server) apiRoutes(mux *http.ServeMux) {
	// Quotes and rates.
	mux.HandleFunc("POST /api/create-quote", s.handleQuoteCreate)
	mux.HandleFunc("POST /api/create-quote-new", s.handleRateIndicative)
	mux.HandleFunc("GET /api/last-quote-ids", s.handleSessionQuoteIDs)

	// Customers, wallets and US bank accounts.
	mux.HandleFunc("POST /api/create-customer", s.handleCustomerCreate)
	mux.HandleFunc("POST /api/create-wallet", s.handleWalletCreate)
	mux.HandleFunc("POST /api/create-external-account", s.handleExternalAccountCreate)
	mux.HandleFunc("GET /api/last-customer-id", s.handleSessionCustomerID)

	// Payments and their status.
	mux.HandleFunc("POST /api/create-pix-payment", s.handlePixPaymentCreate)
	mux.HandleFunc("POST /api/create-spei-payment", s.handleSpeiPaymentCreate)
	mux.HandleFunc("GET /api/webhook-status/{transaction_id}", s.handleWebhookStatus)
	mux.HandleFunc("GET /api/transaction-status", s.handleTransactionStatus)

	// Partner webhooks.
	mux.HandleFunc("POST /api/webhook/payout-events", s.handleWebhookReceive)
	mux.HandleFunc("POST /api/setup-webhook", s.handleWebhookSetup)
	if s.svc != nil && s.svc.Sandbox() {
		mux.HandleFunc("POST /api/trigger-mock-webhook", s.handleWebhookTrigger)
	}

	// Public site.
	mux.HandleFunc("GET /api/config", s.handleConfig)
	mux.HandleFunc("POST /api/subscribe", s.handleSubscribe)
	mux.HandleFunc("POST /api/referrals", s.handleReferralsCreate)
	mux.HandleFunc("POST /api/payment-authorization", s.handleConsentCreate)
}
