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
	op, ok := s.consoleOperator(w, r, ops.RoleFinance)
	if !ok {
		return
	}
	var in ops.ReturnRecord
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	ret, err := s.ops.ConsoleRecordReturn(r.Context(), op, actor(r), r.PathValue("id"), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, ret)
}

func (s *Handler) handleOpsRefund(w http.ResponseWriter, r *http.Request) {
	op, ok := s.consoleOperator(w, r, ops.RoleFinance)
	if !ok {
		return
	}
	var in ops.MoneyAction
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	status, err := s.ops.ConsoleRefundPayment(r.Context(), op, actor(r), r.PathValue("transaction_id"), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"status": status})
}

func (s *Handler) handleOpsCancel(w http.ResponseWriter, r *http.Request) {
	op, ok := s.consoleOperator(w, r, ops.RoleFinance)
	if !ok {
		return
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	status, err := s.ops.ConsoleCancelPayment(r.Context(), op, r.PathValue("transaction_id"), in.Reason)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"status": status})
}

func (s *Handler) handleOpsPayOutAgain(w http.ResponseWriter, r *http.Request) {
	op, ok := s.consoleOperator(w, r, ops.RoleFinance)
	if !ok {
		return
	}
	var in ops.MoneyAction
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.ops.ConsolePayOutAgain(r.Context(), op, actor(r), r.PathValue("transaction_id"), in); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
