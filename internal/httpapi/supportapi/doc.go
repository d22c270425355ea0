// Package supportapi is a person's side of the support conversations: a
// message from the dashboard or the contact form, the mail provider's
// inbound replies, and the sandbox mailbox's reply. The console's side is in
// opsapi.
package supportapi
