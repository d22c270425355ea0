// Package onboarding is the payer's customer at the partner and its
// identity: the payer profile (create-customer, reusing the session's own
// customer, the checks — names, e-mail, phone, birth date, tax id by
// country), the partner's terms a staged partner asks to accept first
// (PartnerTerms, StartPartnerTerms), the partner's verification verdict
// (SetKYC, also applied by payments when a webhook carries it) and its
// e-mail, the USDC wallet opened once approved, the payer's US bank
// accounts (ValidateBankAccount, CreateExternalAccount), sign-up's checks
// of the same payload (CheckSignUpProfile) and the payment-authorization
// consent record. Like payments, a method validates its input, calls the
// partner outside any database transaction, then writes in one.
//
// Files: customer.go, external_account.go, identity.go (countries and tax
// ids; TaxIDOf is also payments' check of a sender's document),
// signup_profile.go, terms.go (the partner's terms, a staged partner's
// customer and wallet, the verdict), consent.go. It does not import
// payments; payments imports it.
package onboarding
