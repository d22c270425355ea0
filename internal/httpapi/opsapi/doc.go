// Package opsapi is the operations console's API (/api/ops/): operators and
// their roles, the audit log, finding and explaining payments, holds,
// replays, rewards, health and the support console. Anyone who is not an
// operator with the role an action needs gets the 404 of a path that does
// not exist.
package opsapi
