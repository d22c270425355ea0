package opsapi

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/ops"
)

// The operations console's API (/api/ops/). Every handler starts by asking
// who the operator is and whether their role reaches the action; anyone
// else gets exactly the 404 of a path that does not exist.

// consoleOperator returns the request's operator for an action needing
// role, or writes the refusal and returns false.
func (s *Handler) consoleOperator(w http.ResponseWriter, r *http.Request, role string) (ops.Operator, bool) {
	op, err := s.ops.ConsoleOperator(r.Context(), actor(r), role)
	if errors.Is(err, ops.ErrNoConsole) {
		writeNoSuchRoute(w, r)
		return op, false
	}
	if err != nil {
		writeError(w, r, err)
		return op, false
	}
	w.Header().Set("Cache-Control", "no-store")
	return op, true
}

// consoleChange is the shape of every console change: the operator's role
// checked first (anyone else gets the 404 of a path that does not exist),
// the JSON body decoded into T, then do; its answer is 200 with what do
// returns, or 204 when do returns nil.
func consoleChange[T any](s *Handler, w http.ResponseWriter, r *http.Request, role string, do func(op ops.Operator, in T) (any, error)) {
	op, ok := s.consoleOperator(w, r, role)
	if !ok {
		return
	}
	var in T
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	out, err := do(op, in)
	switch {
	case err != nil:
		writeError(w, r, err)
	case out == nil:
		w.WriteHeader(http.StatusNoContent)
	default:
		writeJSON(w, r, http.StatusOK, out)
	}
}

func (s *Handler) handleOpsMe(w http.ResponseWriter, r *http.Request) {
	op, ok := s.consoleOperator(w, r, ops.RoleSupport)
	if !ok {
		return
	}
	writeJSON(w, r, http.StatusOK, op)
}

func (s *Handler) handleOpsOperators(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.consoleOperator(w, r, ops.RoleAdmin); !ok {
		return
	}
	ops, err := s.ops.ConsoleOperators(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"operators": ops})
}

func (s *Handler) handleOpsOperatorSet(w http.ResponseWriter, r *http.Request) {
	consoleChange(s, w, r, ops.RoleAdmin, func(op ops.Operator, in struct {
		Email  string `json:"email"`
		Role   string `json:"role"`
		Reason string `json:"reason"`
	}) (any, error) {
		return nil, s.ops.ConsoleSetOperator(r.Context(), op, in.Email, in.Role, in.Reason)
	})
}

func (s *Handler) handleOpsOperatorRemove(w http.ResponseWriter, r *http.Request) {
	consoleChange(s, w, r, ops.RoleAdmin, func(op ops.Operator, in struct {
		Email  string `json:"email"`
		Reason string `json:"reason"`
	}) (any, error) {
		return nil, s.ops.ConsoleRemoveOperator(r.Context(), op, in.Email, in.Reason)
	})
}

func (s *Handler) handleOpsAudit(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.consoleOperator(w, r, ops.RoleSupport); !ok {
		return
	}
	q := r.URL.Query()
	f := ops.AuditQuery{ObjectType: q.Get("object_type"), ObjectID: q.Get("object_id"), After: q.Get("after")}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 200 {
			writeError(w, r, apperr.E(apperr.Invalid, "limit").On("limit"))
			return
		}
		f.Limit = n
	}
	page, err := s.ops.ConsoleAudit(r.Context(), f)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, page)
}

func (s *Handler) handleOpsFindPayments(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.consoleOperator(w, r, ops.RoleSupport); !ok {
		return
	}
	q := r.URL.Query()
	page, err := s.ops.ConsoleFindPayments(r.Context(), ops.FindInput{Q: q.Get("q"), Status: q.Get("status"),
		Corridor: q.Get("corridor"), MinUSD: q.Get("min_usd"), MaxUSD: q.Get("max_usd"), From: q.Get("from"), To: q.Get("to"),
		After: q.Get("after")})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, page)
}

func (s *Handler) handleOpsFindPeople(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.consoleOperator(w, r, ops.RoleSupport); !ok {
		return
	}
	people, err := s.ops.ConsoleFindPeople(r.Context(), r.URL.Query().Get("email"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"people": people})
}

func (s *Handler) handleOpsExplainPayment(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.consoleOperator(w, r, ops.RoleSupport); !ok {
		return
	}
	ex, err := s.ops.ConsoleExplainPayment(r.Context(), r.PathValue("transaction_id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, ex)
}

func (s *Handler) handleOpsRewards(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.consoleOperator(w, r, ops.RoleFinance); !ok {
		return
	}
	rewards, err := s.ops.ConsoleRewards(r.Context(), r.URL.Query().Get("status"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"rewards": rewards})
}

func (s *Handler) handleOpsRewardSend(w http.ResponseWriter, r *http.Request) {
	consoleChange(s, w, r, ops.RoleFinance, func(op ops.Operator, in ops.RewardSend) (any, error) {
		return nil, s.ops.ConsoleSendReward(r.Context(), op, actor(r), r.PathValue("id"), in)
	})
}

func (s *Handler) handleOpsRewardReview(w http.ResponseWriter, r *http.Request) {
	consoleChange(s, w, r, ops.RoleFinance, func(op ops.Operator, in struct {
		Decision string `json:"decision"`
		Reason   string `json:"reason"`
	}) (any, error) {
		if in.Decision != "release" && in.Decision != "refuse" {
			return nil, apperr.E(apperr.Invalid, "decision").On("decision")
		}
		return nil, s.ops.ConsoleReviewReward(r.Context(), op, r.PathValue("id"), in.Decision, in.Reason)
	})
}

func (s *Handler) handleOpsResendMail(w http.ResponseWriter, r *http.Request) {
	consoleChange(s, w, r, ops.RoleSupport, func(op ops.Operator, in struct {
		MailID string `json:"mail_id"`
		Reason string `json:"reason"`
	}) (any, error) {
		return nil, s.ops.ConsoleResendMail(r.Context(), op, r.PathValue("transaction_id"), in.MailID, in.Reason)
	})
}

func (s *Handler) handleOpsReplayWebhook(w http.ResponseWriter, r *http.Request) {
	consoleChange(s, w, r, ops.RoleFinance, func(op ops.Operator, in struct {
		EventID string `json:"event_id"`
		Reason  string `json:"reason"`
	}) (any, error) {
		outcome, err := s.ops.ConsoleReplayWebhook(r.Context(), op, r.PathValue("transaction_id"), in.EventID, in.Reason)
		return map[string]string{"outcome": outcome}, err
	})
}

// handleOpsHold puts a payment on hold or releases it (finance), with the
// reason required.
func (s *Handler) handleOpsHold(release bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		consoleChange(s, w, r, ops.RoleFinance, func(op ops.Operator, in reasonBody) (any, error) {
			id := r.PathValue("transaction_id")
			if !release {
				return nil, s.ops.ConsoleHoldPayment(r.Context(), op, id, in.Reason)
			}
			return s.ops.ConsoleReleasePayment(r.Context(), op, id, in.Reason)
		})
	}
}

// reasonBody is the body of a change that needs only its reason.
type reasonBody struct {
	Reason string `json:"reason"`
}

func (s *Handler) handleOpsHealth(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.consoleOperator(w, r, ops.RoleSupport); !ok {
		return
	}
	h, err := s.ops.ConsoleHealth(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, h)
}
