package bpsandbox

import (
	"context"
	"encoding/hex"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"regexp"

	"github.com/crebit/crebit/internal/bpsandbox/bpstore"
	"github.com/crebit/crebit/internal/bpsandbox/bpwire"
	"github.com/crebit/crebit/internal/store"
)

// uuidPattern is the shape the spec requires of the initiation's idempotency_key.
var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// tosVersion is the terms version the sandbox's page accepts.
const tosVersion = "1.0.1"

// initiateTos answers POST /v1/e/instances/{instance_id}/tos with the URL of
// the page where the payer accepts the terms [docs/BLINDPAY.md §5]. The
// body's idempotency_key is single-use: a second initiation with it is 400
// idempotency_key_already_exists.
func (s *Sandbox) initiateTos(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	var req struct {
		IdempotencyKey string  `json:"idempotency_key"`
		CustomerID     *string `json:"customer_id"`
		RedirectURL    *string `json:"redirect_url"`
	}
	if err := bpwire.Decode(body, &req); err != nil {
		return 0, nil, err
	}
	if !uuidPattern.MatchString(req.IdempotencyKey) {
		return 0, nil, bpwire.Invalid("idempotency_key: must be a UUID")
	}
	t := bpstore.BPTos{ID: bpwire.NewID("ts"), IdempotencyKey: req.IdempotencyKey, SessionToken: hex.EncodeToString(randomBytes(24)), CreatedAt: s.now().UTC()}
	if req.RedirectURL != nil && *req.RedirectURL != "" {
		u, err := url.Parse(*req.RedirectURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return 0, nil, bpwire.Invalid("redirect_url: must be an absolute http(s) URL")
		}
		t.RedirectURL = *req.RedirectURL
	}
	if req.CustomerID != nil && *req.CustomerID != "" {
		if _, err := bpstore.Customer(ctx, tx, *req.CustomerID); errors.Is(err, store.ErrNotFound) {
			return 0, nil, bpwire.Fail("CUSTOMERS_NOT_FOUND")
		} else if err != nil {
			return 0, nil, err
		}
		t.CustomerID = *req.CustomerID
	}
	err := bpstore.CreateTos(ctx, tx, t)
	if errors.Is(err, store.ErrConflict) {
		return 0, nil, &bpwire.Error{Code: "VALIDATION_FAILED", Message: "idempotency_key_already_exists",
			Description: "This idempotency_key was already used to start a terms-of-service acceptance. Send a new UUID."}
	}
	if err != nil {
		return 0, nil, err
	}
	q := url.Values{"session_token": {t.SessionToken}, "idempotency_key": {t.IdempotencyKey}, "redirect_url": {t.RedirectURL}}
	return http.StatusOK, map[string]string{"url": s.cfg.PublicURL + "/e/terms-of-service?" + q.Encode()}, nil
}

var tosTemplate = template.Must(template.New("tos").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Terms of service: BlindPay sandbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 2em auto">
<h1>Terms of service</h1>
{{if .Error}}<p role="alert">{{.Error}}</p>{{else if .TosID}}
<p>Accepted. Your terms-of-service id is <code id="tos_id">{{.TosID}}</code>.</p>
{{else}}<p>This is the sandbox of a BlindPay development instance. No real money moves; accepting
these test terms (version {{.Version}}) lets the platform create your customer record.</p>
<form method="post" action="">
<input type="hidden" name="session_token" value="{{.Token}}">
<button type="submit">Accept terms of service</button>
</form>{{end}}
</body></html>
`))

type tosView struct{ Error, TosID, Token, Version string }

func renderTos(w http.ResponseWriter, status int, v tosView) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	tosTemplate.Execute(w, v)
}

// tosPage shows the accept page for a session token.
func (s *Sandbox) tosPage(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("session_token")
	var t bpstore.BPTos
	err := s.db.Read(r.Context(), func(tx *store.Tx) (err error) {
		t, err = bpstore.TosBySession(r.Context(), tx, token)
		return err
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		renderTos(w, http.StatusNotFound, tosView{Error: "This terms-of-service link is not valid."})
	case err != nil:
		s.log.Error("bpsandbox terms page failed", "err", err)
		renderTos(w, http.StatusInternalServerError, tosView{Error: "Something went wrong."})
	case t.TosID != "":
		renderTos(w, http.StatusOK, tosView{TosID: t.TosID})
	default:
		renderTos(w, http.StatusOK, tosView{Token: token, Version: tosVersion})
	}
}

// tosAccept records the payer's acceptance: a new tos_id and a tos.accept
// event carrying the initiation's idempotency_key, then the browser goes to
// redirect_url?tos_id=… (or the page shows the id). Accepting twice keeps
// the first tos_id.
func (s *Sandbox) tosAccept(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	token := r.PostFormValue("session_token")
	var t bpstore.BPTos
	err := s.db.Tx(ctx, func(tx *store.Tx) (err error) {
		if t, err = bpstore.TosBySession(ctx, tx, token); err != nil || t.TosID != "" {
			return err
		}
		t.TosID = bpwire.NewID("to")
		if _, err := bpstore.AcceptTos(ctx, tx, t.ID, t.TosID, s.now().UTC()); err != nil {
			return err
		}
		ev := map[string]any{"webhook_event": "tos.accept", "tos_id": t.TosID, "idempotency_key": t.IdempotencyKey, "version": tosVersion}
		if t.CustomerID != "" {
			ev["customer_id"] = t.CustomerID
		}
		return s.hooks.Emit(ctx, tx, "tos.accept", t.TosID, ev)
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		renderTos(w, http.StatusNotFound, tosView{Error: "This terms-of-service link is not valid."})
	case err != nil:
		s.log.Error("bpsandbox terms acceptance failed", "err", err)
		renderTos(w, http.StatusInternalServerError, tosView{Error: "Something went wrong."})
	case t.RedirectURL != "":
		u, _ := url.Parse(t.RedirectURL)
		q := u.Query()
		q.Set("tos_id", t.TosID)
		u.RawQuery = q.Encode()
		http.Redirect(w, r, u.String(), http.StatusSeeOther)
	default:
		renderTos(w, http.StatusOK, tosView{TosID: t.TosID})
	}
}
