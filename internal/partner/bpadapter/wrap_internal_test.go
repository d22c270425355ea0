package bpadapter

import (
	"errors"
	"testing"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/blindpay"
)

// TestWrapIdempotency: BlindPay's answer to an Idempotency-Key reused with
// another body (422 idempotency_key_payload_mismatch, no code) keeps the
// client's sentinel through the adapter, is permanent, and is a fault of
// ours for the payer; one still in flight (409) is temporary.
func TestWrapIdempotency(t *testing.T) {
	mismatch := wrap(&blindpay.APIError{Method: "POST", Path: "/v1/instances/in_x/payins/evm", Status: 422, Message: "idempotency_key_payload_mismatch"})
	var pe *partner.Error
	if !errors.Is(mismatch, blindpay.ErrIdempotencyKeyReused) || !errors.As(mismatch, &pe) || pe.Temporary() || pe.Code != "idempotency_key_reused" {
		t.Errorf("mismatch: %v (%+v)", mismatch, pe)
	}
	var ae *apperr.Error
	if !errors.As(MapError(mismatch, nil), &ae) || ae.Code != apperr.Internal {
		t.Errorf("mismatch maps to %v", MapError(mismatch, nil))
	}
	inFlight := wrap(&blindpay.RetryError{Method: "POST", Attempts: 4, Reason: "deadline",
		Err: &blindpay.APIError{Status: 409, Message: "idempotency_key_in_flight"}})
	if !errors.Is(inFlight, blindpay.ErrIdempotencyInFlight) || !errors.As(inFlight, &pe) || !pe.Temporary() {
		t.Errorf("in flight: %v (%+v)", inFlight, pe)
	}
	if !errors.As(MapError(inFlight, nil), &ae) || ae.Code != apperr.PartnerUnavailable {
		t.Errorf("in flight maps to %v", MapError(inFlight, nil))
	}
	if wrap(nil) != nil || MapError(nil, nil) != nil {
		t.Error("nil is not an error")
	}
}
