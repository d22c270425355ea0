// Package accounts is the account holder's use cases: sign-up, sign-in and
// sessions, two-factor authentication, the attempt limits that guard them,
// Settings, product-update subscriptions, Download my data and Close my
// account, and the retention job that redacts personal data once the refund
// window has passed.
//
// Files: account.go (sign-up; startSession: session rotation and
// attachGuestData, the one place guest data becomes the account's),
// session.go (opening and creating sessions; readiness), signin.go (sign-in,
// the two-factor step, forgot/reset), twofactor.go (TOTP enrol, confirm,
// disable; recovery codes), account_limits.go (attempt limits in
// auth_limits: reserveAttempt counts an attempt before it is checked,
// atomically per key; a per-e-mail lock after 5 failures doubling from 30 s
// to 15 min, a known browser's failures under a key of its own — passwordKey
// and the device cookie — a per-IP window behind allowIP, and two pools of
// argon2id slots: sign-in checks and new hashes), settings.go (name,
// password change — current password, other sessions signed out, notice
// e-mailed — saved bank accounts, recent sign-ins with the device read from the user agent by
// account.DeviceOf, language), account_data.go (Download my data; Close my
// account: password-confirmed, sign-in data deleted at once, payments and
// ledger kept, the retention rule applied from that day), retention.go
// (daily: only the e-mail is kept once a guest's payment has ended and its
// 30-day refund window passed; an open account's payments keep their
// history; sent e-mails older than the window are deleted), subscribe.go.
package accounts
