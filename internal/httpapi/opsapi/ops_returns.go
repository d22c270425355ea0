package opsapi

import (
	"net/http"

	"github.com/crebit/crebit/internal/ops"
)

// The console's money fixes (internal/ops/ops_returns.go): the returns
// queue, recording a return the partner made, refunding a received
// pay-in, cancelling an unpaid one, and paying out again. All finance.

func (s *Handler) handleOpsReturns(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.consoleOperator(w, r, ops.RoleFinance); !ok {
		return
	}
	q, err := s.ops.ConsoleReturns(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, q)
}

func (s *Handler) handleOpsRecordReturn(w http.ResponseWriter, r *http.Request) {
	consoleChange(s, w, r, ops.RoleFinance, func(op ops.Operator, in ops.ReturnRecord) (any, error) {
		return s.ops.ConsoleRecordReturn(r.Context(), op, actor(r), r.PathValue("id"), in)
	})
}

func (s *Handler) handleOpsRefund(w http.ResponseWriter, r *http.Request) {
	consoleChange(s, w, r, ops.RoleFinance, func(op ops.Operator, in ops.MoneyAction) (any, error) {
		status, err := s.ops.ConsoleRefundPayment(r.Context(), op, actor(r), r.PathValue("transaction_id"), in)
		return map[string]string{"status": status}, err
	})
}

func (s *Handler) handleOpsCancel(w http.ResponseWriter, r *http.Request) {
	consoleChange(s, w, r, ops.RoleFinance, func(op ops.Operator, in reasonBody) (any, error) {
		status, err := s.ops.ConsoleCancelPayment(r.Context(), op, r.PathValue("transaction_id"), in.Reason)
		return map[string]string{"status": status}, err
	})
}

func (s *Handler) handleOpsPayOutAgain(w http.ResponseWriter, r *http.Request) {
	consoleChange(s, w, r, ops.RoleFinance, func(op ops.Operator, in ops.MoneyAction) (any, error) {
		return nil, s.ops.ConsolePayOutAgain(r.Context(), op, actor(r), r.PathValue("transaction_id"), in)
	})
}
