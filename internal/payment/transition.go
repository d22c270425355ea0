package payment

// CanTransition reports whether a payment may move from one state directly
// to another. It is the single table of allowed moves: Apply checks every
// step of every Path against it, so a rule change made only in Apply's
// event handling, and not here, fails loudly instead of moving money.
//
// The moves are:
//   - forward progress: created and awaiting_payin may go to any later pay-in
//     state; payin_processing to payin_completed; payin_completed to
//     offramp_created; offramp_created to completed or check_mailed. Steps
//     that carry money (payin_completed, offramp_created, the success end)
//     are never skipped, because each records a ledger transaction;
//     awaiting_payin and payin_processing are notices and may be skipped.
//   - failure: created and awaiting_payin may expire (no pay-in started in
//     the quote window); created, awaiting_payin and payin_processing may
//     fail (the partner reported it).
//   - late pay-in: expired and failed may become refunded.
//   - operator refund: payin_completed may become refunded (the received
//     pay-in is owed back before anything is converted).
//   - mismatch: created, awaiting_payin and payin_processing may become
//     payin_mismatch when the pay-in was short or in another currency.
//
// Nothing else is allowed: no move goes backwards, and completed,
// check_mailed, refunded and payin_mismatch have no way out.
func CanTransition(from, to State) bool {
	switch from {
	case StateCreated:
		return to == StateAwaitingPayin || to == StatePayinProcessing || to == StatePayinCompleted ||
			to == StateExpired || to == StateFailed || to == StatePayinMismatch
	case StateAwaitingPayin:
		return to == StatePayinProcessing || to == StatePayinCompleted ||
			to == StateExpired || to == StateFailed || to == StatePayinMismatch
	case StatePayinProcessing:
		return to == StatePayinCompleted || to == StateFailed || to == StatePayinMismatch
	case StatePayinCompleted:
		return to == StateOfframpCreated || to == StateRefunded
	case StateOfframpCreated:
		return to == StateCompleted || to == StateCheckMailed
	case StateExpired, StateFailed:
		return to == StateRefunded
	}
	return false
}

// eventTarget is the state event ev leads to for a payment with delivery d.
// A payment already in that state has seen the event before, so Apply
// ignores the event as a duplicate.
func eventTarget(ev Event, d Delivery) State {
	switch ev {
	case EventOpened:
		return StateAwaitingPayin
	case EventPayinProcessing:
		return StatePayinProcessing
	case EventPayinCompleted:
		return StatePayinCompleted
	case EventOfframpCreated:
		return StateOfframpCreated
	case EventOfframpCompleted:
		final, _ := successState(d)
		return final
	case EventPayinFailed:
		return StateFailed
	case EventExpire:
		return StateExpired
	}
	return ""
}

// forwardPath lists the states entered when a payment in state from moves
// forward to target: the money-carrying states strictly between the two
// (so their ledger transactions are recorded even when their webhooks were
// missed or are still on the way), then target itself. The notice states
// awaiting_payin and payin_processing are never filled in, since nothing
// is recorded for them.
func forwardPath(from, target State, d Delivery) []State {
	final, _ := successState(d)
	var path []State
	for _, s := range []State{StatePayinCompleted, StateOfframpCreated, final} {
		if rank(from) < rank(s) && rank(s) < rank(target) {
			path = append(path, s)
		}
	}
	return append(path, target)
}
