// Package dashboard is what the signed-in dashboard reads — the overview,
// the transaction list and a payment's detail with its next action — and
// its Make a Payment tab, which creates the payment through payments.
//
// Files: dashboard.go (an account's totals — Total Sent = completed and
// check_mailed, Pending = in flight, Total Received = refunded, summed in SQL
// — its transactions 20 a page with their recipient in one joined query,
// one payment's detail with stages and the next action; StatusGroup maps
// states to the green, yellow and red badges), dashboard_payment.go (the
// account's payer profile per country with its saved bank accounts, the
// check waitlist, and Process Payment — the sender filled from the
// account's own verified profile, the named recipient stored beside the
// payment, then payments' CreatePayment).
package dashboard
