package opsapi

import (
	"context"
	"net/http"

	"github.com/crebit/crebit/internal/ops"
)

// The support console: the conversations' list and thread, and an
// operator's answer, assignment and status (issue 30, item 5).

func (s *Handler) handleOpsSupportList(w http.ResponseWriter, r *http.Request) {
	op, ok := s.consoleOperator(w, r, ops.RoleSupport)
	if !ok {
		return
	}
	q := r.URL.Query()
	rows, err := s.support.List(r.Context(), op, q.Get("status"), q.Get("mine") == "1")
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"conversations": rows})
}

func (s *Handler) handleOpsSupportThread(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.consoleOperator(w, r, ops.RoleSupport); !ok {
		return
	}
	t, err := s.support.Open(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, t)
}

// supportChange is a support console change to conversation {id}: a
// consoleChange for the support role whose use case takes the body's one
// value, answered 204.
func supportChange[T any](s *Handler, value func(T) string, do func(ctx context.Context, op ops.Operator, id, value string) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		consoleChange(s, w, r, ops.RoleSupport, func(op ops.Operator, in T) (any, error) {
			return nil, do(r.Context(), op, r.PathValue("id"), value(in))
		})
	}
}

// The bodies of the support console's changes.
type (
	supportReplyBody struct {
		Text string `json:"text"`
	}
	supportAssignBody struct {
		Assignee string `json:"assignee"`
	}
	supportStatusBody struct {
		Status string `json:"status"`
	}
)
