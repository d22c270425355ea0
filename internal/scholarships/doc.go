// Package scholarships is the scholarship use cases: search and program
// pages over the catalog loaded at start-up (internal/scholarship does the
// matching), the saved quick-match and eligibility profiles and filter sets,
// the application tracker, and e-mail alerts (confirmed digests and deadline
// reminders, sent by a daily job through the outbox).
package scholarships
