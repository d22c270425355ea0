package httpapi

import (
	"net/http"
	"strconv"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/payments"
)

// railReferenceJSON is the rail's own reference for the owner, or nil
// before the pay-in completed: {"kind", "value"} and, where the rail has
// one (Banxico's CEP for SPEI), the page where the payer can fetch the
// transfer's proof.
func railReferenceJSON(st payments.PaymentStatus) map[string]string {
	r, ok := corridor.RailByKind(st.Rail.Kind)
	if !st.Owned || !ok || st.Rail.Value == "" {
		return nil
	}
	body := map[string]string{"kind": r.Kind, "value": st.Rail.Value}
	if r.LookupURL != "" {
		body["lookup_url"] = r.LookupURL
	}
	return body
}

// stagesJSON lists the payment's stages with when each was reached.
func stagesJSON(st payments.PaymentStatus) []stageJSON {
	stages := []stageJSON{}
	for _, sg := range st.Stages() {
		stages = append(stages, stageJSON{Status: sg.State, Reached: sg.Reached, At: sg.At})
	}
	return stages
}

// handlePaymentReceipt sends a completed payment's PDF receipt to its owner.
func (s *Server) handlePaymentReceipt(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("transaction_id")
	pdf, err := s.payments.Receipt(r.Context(), actor(r), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", `attachment; filename="`+payments.ReceiptFileName(id)+`"`)
	h.Set("Cache-Control", "private, no-store")
	h.Set("Content-Length", strconv.Itoa(len(pdf)))
	w.Write(pdf) //nolint:errcheck // the client went away
}
