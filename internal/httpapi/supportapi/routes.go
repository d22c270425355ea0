package supportapi

import (
	"log/slog"
	"net/http"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/httpapi/httpx"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/support"
)

// Handler serves the support routes.
type Handler struct {
	cfg     config.Config // CREBIT_SUPPORT_INBOUND and its token
	log     *slog.Logger
	support *support.Service
	outbox  *outbox.Outbox // the sandbox mailbox's messages
}

// New returns the support handlers.
func New(cfg config.Config, log *slog.Logger, svc *support.Service, ob *outbox.Outbox) *Handler {
	return &Handler{cfg: cfg, log: log, support: svc, outbox: ob}
}

// The shared plumbing under the names the handlers use.
var (
	writeJSON  = httpx.WriteJSON
	writeError = httpx.WriteError
	decodeJSON = httpx.DecodeJSON
	actor      = httpx.Actor
)

// Routes mounts a person's message and, when CREBIT_SUPPORT_INBOUND is set,
// the mail provider's inbound replies. The sandbox mailbox's reply is
// HandleMailboxReply, mounted with the mailbox (loopback only).
func (s *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/support/messages", s.handleSupportSubmit)
	if s.cfg.SupportInbound != "" {
		mux.HandleFunc("POST /api/support/inbound", s.handleSupportInbound)
	}
}
