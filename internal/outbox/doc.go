// Package outbox is Crebit's e-mail outbox: a use case queues a message in
// its own transaction (Queue), so the e-mail exists exactly when the change
// that causes it commits, and each process's dispatcher sends what is due —
// by SMTP, or into the local mailbox the sandbox mailbox page shows —
// retrying with backoff, never sending a message twice. It sits beside
// internal/jobs and below every capability that writes e-mail.
package outbox
