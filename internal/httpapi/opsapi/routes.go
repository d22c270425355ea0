package opsapi

import (
	"net/http"

	"github.com/crebit/crebit/internal/httpapi/httpx"
	"github.com/crebit/crebit/internal/ops"
	"github.com/crebit/crebit/internal/support"
)

// Handler serves the console's routes.
type Handler struct {
	ops     *ops.Service
	support *support.Service // nil leaves the support console out
}

// New returns the console's handlers; supportSvc may be nil.
func New(opsSvc *ops.Service, supportSvc *support.Service) *Handler {
	return &Handler{ops: opsSvc, support: supportSvc}
}

// The shared plumbing under the names the handlers use.
var (
	writeJSON        = httpx.WriteJSON
	writeError       = httpx.WriteError
	decodeJSON       = httpx.DecodeJSON
	actor            = httpx.Actor
	writeNoSuchRoute = httpx.NoSuchRoute
)

// Routes mounts the console (operators only; everyone else gets the 404 of
// a path that does not exist).
func (s *Handler) Routes(mux *http.ServeMux) {
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
}
