package supportapi

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"strings"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/support"
)

// Support conversations (issue 30, item 5): a person's message from the
// dashboard's Support tab or the contact form; replies by e-mail from the
// mail provider's inbound route, or from the sandbox mailbox. The console's
// list, thread, answer, assignment and status are in opsapi.

func (s *Handler) handleSupportSubmit(w http.ResponseWriter, r *http.Request) {
	var in support.Message
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	ref, err := s.support.Submit(r.Context(), actor(r), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusCreated, map[string]string{"reference": ref})
}

// handleSupportInbound takes a reply e-mail the mail provider received at
// CREBIT_SUPPORT_INBOUND (docs/SUPPORT-MAIL.md), authenticated by the
// bearer token CREBIT_SUPPORT_INBOUND_TOKEN. A reply that names no
// conversation of its sender is dropped, still with 200 ({"taken": false}),
// so that the provider does not retry it.
func (s *Handler) handleSupportInbound(w http.ResponseWriter, r *http.Request) {
	token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if want := s.cfg.SupportInboundToken.Reveal(); subtle.ConstantTimeCompare([]byte(token), []byte(want)) != 1 {
		writeError(w, r, apperr.E(apperr.Unauthorized, "inbound_token"))
		return
	}
	var in struct {
		From    string `json:"from"`
		To      string `json:"to"`
		Subject string `json:"subject"`
		Text    string `json:"text"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	err := s.support.Inbound(r.Context(), in.From, in.To, in.Subject, in.Text)
	if errors.Is(err, support.ErrNotTaken) {
		s.log.Info("support: an inbound e-mail named no conversation of its sender; dropped", "subject", in.Subject)
		writeJSON(w, r, http.StatusOK, map[string]bool{"taken": false})
		return
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]bool{"taken": true})
}

// HandleMailboxReply plays the person answering a local-mailbox e-mail
// (sandbox, loopback clients only): the reply goes where a mail program
// would send it — the message's Reply-To, or support — with "Re:" and the
// message's subject, from the message's recipient.
func (s *Handler) HandleMailboxReply(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Text string `json:"text"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	m, err := s.outbox.MailboxMessage(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	err = s.support.Inbound(r.Context(), m.To, m.Headers["Reply-To"], "Re: "+m.Subject, in.Text)
	if errors.Is(err, support.ErrNotTaken) {
		writeError(w, r, apperr.E(apperr.Conflict, "mailbox_reply"))
		return
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
