// Package accountstore owns accounts and what hangs on them: the accounts
// table, tokens, recovery codes, two-factor steps, attempt limits, known
// devices, sign-in records, Settings (saved bank accounts, closing an
// account), the retention rule's redaction of guests' and closed accounts'
// personal data, and the product-updates subscribers, as functions over a
// store.Tx.
package accountstore
