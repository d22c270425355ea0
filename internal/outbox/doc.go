// Package outbox is Crebit's e-mail outbox: a use case queues a message in
// its own transaction (Queue), so the e-mail exists exactly when the change
// that causes it commits, and each process's dispatchers send what is due —
// by SMTP, or into the local mailbox the sandbox mailbox page shows —
// retrying with backoff, never sending a message twice.
//
// The outbox is its own durable queue, not River: Queue writes the sealed,
// rendered message and wakes this process's dispatchers once the
// transaction commits; three dispatcher loops per process (started and
// stopped with the jobs) claim due rows with a 2-minute lease
// (outboxstore.ClaimOutbox, FOR UPDATE SKIP LOCKED on PostgreSQL), compose them 8
// at a time, send once per row with a stable Message-ID, retry 2 s, 6 s,
// 18 s … up to 12 attempts, then keep the row as failed and log it; a claim
// left by a dead process is due again when its lease ends. Without
// CREBIT_SMTP_URL a whole batch is delivered to the mailbox table (API
// /api/sandbox/mailbox), marked sent and the next batch claimed in one
// transaction; the mailbox keeps each message sealed as bytes, its files as
// they are (mailbox.go). Attachments are made at sending time by the
// Attacher the payments service gives it (receipts), so the outbox imports
// no use case.
package outbox
