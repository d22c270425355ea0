package payment

import (
	"errors"
	"fmt"
)

// State is where a payment is in its lifecycle. Values are snake_case
// because they are stored and shown in tracking as they are.
type State string

// The states of a payment. The progress states are listed in the order a
// payment moves through them; the ends (expired, failed, refunded) can be
// reached only as described on each constant.
const (
	// StateCreated: the payment row is stored but the pay-in has not yet
	// been opened at the partner.
	StateCreated State = "created"
	// StateAwaitingPayin: the partner accepted the pay-in and shows the
	// payer Pix or SPEI instructions; Crebit waits for the money.
	StateAwaitingPayin State = "awaiting_payin"
	// StatePayinProcessing: the partner saw the payer's transfer start.
	StatePayinProcessing State = "payin_processing"
	// StatePayinCompleted: the local currency arrived at the partner; from
	// here the money is Crebit's responsibility until delivered.
	StatePayinCompleted State = "payin_completed"
	// StateOfframpCreated: the local currency was converted to USDC and the
	// partner created the off-ramp that sells it for USD.
	StateOfframpCreated State = "offramp_created"
	// StateCompleted: the USD was delivered to the payer's US bank account;
	// the success end of bank-transfer delivery.
	StateCompleted State = "completed"
	// StateCheckMailed: the check was mailed to the school with tracking;
	// the success end of check delivery.
	StateCheckMailed State = "check_mailed"
	// StateExpired: no pay-in started inside the quote window. A pay-in
	// that completes later anyway is recorded and refunded.
	StateExpired State = "expired"
	// StateFailed: the partner reported the pay-in failed. A pay-in that
	// completes later anyway is recorded and refunded.
	StateFailed State = "failed"
	// StateRefunded: a late pay-in was recorded and Crebit asked the
	// partner to send it back to the payer.
	StateRefunded State = "refunded"
	// StatePayinMismatch: the pay-in that arrived was less than the quoted
	// local amount, or in another currency. What arrived is recorded as
	// received and sent back to the payer; nothing is converted.
	StatePayinMismatch State = "payin_mismatch"
)

// ErrUnknownState wraps errors about a state value this package does not
// define, which means corrupted storage or a caller bug.
var ErrUnknownState = errors.New("payment: unknown state")

// Valid reports whether s is one of the states above, so stored values can
// be checked before they are trusted.
func (s State) Valid() bool {
	return rank(s) >= 0
}

// Terminal reports whether s is an end: no event moves a payment out of it,
// except that expired and failed become refunded when a late pay-in
// arrives. Callers use it to stop scheduling work for the payment.
func (s State) Terminal() bool {
	switch s {
	case StateCompleted, StateCheckMailed, StateExpired, StateFailed, StateRefunded, StatePayinMismatch:
		return true
	}
	return false
}

// String returns the stored spelling of s.
func (s State) String() string { return string(s) }

// ParseState returns the State spelled s, or an error wrapping
// ErrUnknownState, so values read from storage are checked once.
func ParseState(s string) (State, error) {
	st := State(s)
	if !st.Valid() {
		return "", fmt.Errorf("%w: %q", ErrUnknownState, clip(s))
	}
	return st, nil
}

// rank orders states for forward progress: a payment only ever moves to a
// state of higher rank. The two success ends share a rank because a payment
// reaches one or the other depending on its delivery. Expired and failed
// rank above every progress state because nothing leaves them except the
// refund of a late pay-in, which ranks last. Unknown states rank -1.
func rank(s State) int {
	switch s {
	case StateCreated:
		return 0
	case StateAwaitingPayin:
		return 1
	case StatePayinProcessing:
		return 2
	case StatePayinCompleted:
		return 3
	case StateOfframpCreated:
		return 4
	case StateCompleted, StateCheckMailed:
		return 5
	case StateExpired, StateFailed:
		return 6
	case StateRefunded, StatePayinMismatch:
		return 7
	}
	return -1
}

// Stages lists the states a payment with delivery d shows in tracking, in
// order, ending with the success end of that delivery. It returns nil for
// an unknown delivery. The failure ends are not stages: tracking shows them
// instead of the remaining stages.
func Stages(d Delivery) []State {
	final, ok := successState(d)
	if !ok {
		return nil
	}
	return []State{
		StateCreated, StateAwaitingPayin, StatePayinProcessing,
		StatePayinCompleted, StateOfframpCreated, final,
	}
}

// clip shortens untrusted input before it is echoed in an error, so that a
// huge webhook field cannot bloat logs.
func clip(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}
