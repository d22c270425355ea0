package apperr

import (
	"net/http"
	"sort"
)

// Code is a stable, documented reason a request was refused. Clients (the
// web app, partners' integrations) branch on it; it never changes meaning.
// Every code is listed once in table with its HTTP status, and in
// docs/openapi.yaml (a test compares the two).
type Code string

// Generic codes, used where no specific one applies.
const (
	Invalid          Code = "invalid_request"    // the request is wrong; fixing it helps
	InvalidJSON      Code = "invalid_json"       // the body is not the JSON object the call takes
	UnknownField     Code = "unknown_field"      // a field the call does not take
	TooLarge         Code = "body_too_large"     // body over the limit
	NotFound         Code = "not_found"          // no such thing, or not yours
	MethodNotAllowed Code = "method_not_allowed" // the path exists with other methods
	Conflict         Code = "conflict"           // the state does not allow it
	Gone             Code = "gone"               // it existed but is no longer usable
	Unauthorized     Code = "unauthorized"       // missing or bad credentials or signature
	Forbidden        Code = "forbidden"          // known caller, not allowed
	RateLimited      Code = "rate_limited"       // too many attempts; see Retry-After
	Unprocessable    Code = "unprocessable"      // well-formed but refused
	Unavailable      Code = "unavailable"        // a dependency failed; retry later
	Internal         Code = "internal"           // a bug or an outage; details only in the log
)

// Specific codes of the payment API.
const (
	RequiredFieldsMissing       Code = "required_fields_missing"
	FieldTooLong                Code = "field_too_long"
	EmailInvalid                Code = "email_invalid"
	PhoneInvalid                Code = "phone_invalid"
	DateOfBirthInvalid          Code = "date_of_birth_invalid"
	TaxIDInvalid                Code = "tax_id_invalid"
	CountryNotSupported         Code = "country_not_supported"
	BankDetailsMissing          Code = "bank_details_missing"
	RoutingNumberInvalid        Code = "routing_number_invalid"
	AccountNumberInvalid        Code = "account_number_invalid"
	BankNotInUSA                Code = "bank_not_in_usa"
	AmountInvalid               Code = "amount_invalid"
	AmountTooLarge              Code = "amount_too_large"
	MinimumAmount               Code = "minimum_amount"
	QuoteNotFound               Code = "quote_not_found"
	QuoteExpired                Code = "quote_expired"
	QuoteUsed                   Code = "quote_used"
	QuoteMismatch               Code = "quote_mismatch"
	CustomerNotFound            Code = "customer_not_found"
	ExistingCustomerUnavailable Code = "existing_customer_unavailable"
	KYCRejected                 Code = "kyc_rejected"
	KYCReview                   Code = "kyc_review"
	TermsRequired               Code = "terms_required"
	PaymentInProgress           Code = "payment_in_progress"
	IdempotencyKeyInvalid       Code = "idempotency_key_invalid"
	IdempotencyKeyReused        Code = "idempotency_key_reused"
	AuthorizationRequired       Code = "authorization_required"
	SenderRequired              Code = "sender_required"
	SenderMismatch              Code = "sender_mismatch"
	WalletMissing               Code = "wallet_missing"
	DeliveryMethodInvalid       Code = "delivery_method_invalid"
	CheckDetailsInvalid         Code = "check_details_invalid"
	BankAccountMissing          Code = "bank_account_missing"
	ReferralEmailsInvalid       Code = "referral_emails_invalid"
	ReferralsTooMany            Code = "referrals_too_many"
	TransactionNotFound         Code = "transaction_not_found"
	ReceiptNotAvailable         Code = "receipt_not_available"
	PartnerUnavailable          Code = "partner_unavailable"
	WebhookSignatureInvalid     Code = "webhook_signature_invalid"
)

// Specific codes of accounts.
const (
	PasswordTooShort       Code = "password_too_short"
	PasswordTooLong        Code = "password_too_long"
	PasswordTooCommon      Code = "password_too_common"
	PasswordContainsEmail  Code = "password_contains_email"
	PasswordTooWeak        Code = "password_too_weak"
	AccountExists          Code = "account_exists"
	EmailNotVerified       Code = "email_not_verified"
	TwoFactorRequired      Code = "two_factor_required"
	InvalidCredentials     Code = "invalid_credentials"
	TwoFactorCodeInvalid   Code = "two_factor_code_invalid"
	TwoFactorStepExpired   Code = "two_factor_step_expired"
	TwoFactorState         Code = "two_factor_state"
	LinkInvalid            Code = "link_invalid"
	SignInRequired         Code = "sign_in_required"
	CurrentPasswordInvalid Code = "current_password_invalid"
	NameInvalid            Code = "name_invalid"
)

type entry struct {
	status int
	doc    string
}

// table is the one list of codes: each one's HTTP status and meaning.
var table = map[Code]entry{
	Invalid:          {http.StatusBadRequest, "The request is wrong; the message says what to fix."},
	InvalidJSON:      {http.StatusBadRequest, "The body is not the single JSON object this call takes."},
	UnknownField:     {http.StatusBadRequest, "The body has a field this call does not take."},
	TooLarge:         {http.StatusRequestEntityTooLarge, "The body is larger than 1 MiB."},
	NotFound:         {http.StatusNotFound, "No such thing, or it is not the caller's."},
	MethodNotAllowed: {http.StatusMethodNotAllowed, "The path exists with other methods (see Allow)."},
	Conflict:         {http.StatusConflict, "The current state does not allow this."},
	Gone:             {http.StatusGone, "It existed but can no longer be used."},
	Unauthorized:     {http.StatusUnauthorized, "Missing or wrong credentials or signature."},
	Forbidden:        {http.StatusForbidden, "The caller is known but not allowed to do this."},
	RateLimited:      {http.StatusTooManyRequests, "Too many attempts; wait for Retry-After seconds."},
	Unprocessable:    {http.StatusUnprocessableEntity, "Well-formed but refused."},
	Unavailable:      {http.StatusBadGateway, "A dependency failed; try again later."},
	Internal:         {http.StatusInternalServerError, "A fault on our side; the details are only in the log."},

	RequiredFieldsMissing:       {http.StatusBadRequest, "Required fields are empty; the message lists them."},
	FieldTooLong:                {http.StatusBadRequest, "A text field is longer than it may be."},
	EmailInvalid:                {http.StatusBadRequest, "The e-mail address is not valid."},
	PhoneInvalid:                {http.StatusBadRequest, "The phone number is not valid."},
	DateOfBirthInvalid:          {http.StatusBadRequest, "The date of birth is not a real past date in YYYY-MM-DD, or the payer is under 18."},
	TaxIDInvalid:                {http.StatusBadRequest, "The CPF, CNPJ or CURP has the wrong length or check digits."},
	CountryNotSupported:         {http.StatusBadRequest, "Crebit serves payers from Brazil (Pix) and Mexico (SPEI)."},
	BankDetailsMissing:          {http.StatusBadRequest, "A US bank account field is empty."},
	RoutingNumberInvalid:        {http.StatusBadRequest, "The routing number is not a valid 9-digit ABA number."},
	AccountNumberInvalid:        {http.StatusBadRequest, "The account number must have 4 to 17 digits."},
	BankNotInUSA:                {http.StatusBadRequest, "The bank must be in the USA."},
	AmountInvalid:               {http.StatusBadRequest, "The amount is not a positive amount with at most 2 decimals."},
	AmountTooLarge:              {http.StatusBadRequest, "The amount is above the maximum per payment."},
	MinimumAmount:               {http.StatusBadRequest, "The amount is below the minimum for this corridor."},
	QuoteNotFound:               {http.StatusNotFound, "No such quote for this caller."},
	QuoteExpired:                {http.StatusGone, "The quote's 5-minute lock has passed."},
	QuoteUsed:                   {http.StatusConflict, "The quote has already been used for a payment."},
	QuoteMismatch:               {http.StatusBadRequest, "The payment does not match its locked quote (amount or currency)."},
	CustomerNotFound:            {http.StatusNotFound, "No such customer for this caller."},
	ExistingCustomerUnavailable: {http.StatusNotFound, "The existing profile offered cannot be used."},
	KYCRejected:                 {http.StatusUnprocessableEntity, "The partner's identity verification refused the payer."},
	KYCReview:                   {http.StatusUnprocessableEntity, "The payer's identity verification is still under review."},
	TermsRequired:               {http.StatusConflict, "The payer has not accepted the payment partner's terms yet."},
	PaymentInProgress:           {http.StatusConflict, "The same payment request is still being created; retry shortly."},
	IdempotencyKeyInvalid:       {http.StatusBadRequest, "The Idempotency-Key header is not printable ASCII of at most 200 characters."},
	IdempotencyKeyReused:        {http.StatusUnprocessableEntity, "The Idempotency-Key was used for a different request."},
	AuthorizationRequired:       {http.StatusBadRequest, "The payer has not agreed to the payment authorization."},
	SenderRequired:              {http.StatusBadRequest, "The sender's name and tax id are required."},
	SenderMismatch:              {http.StatusBadRequest, "The sender's tax id is not the customer's."},
	WalletMissing:               {http.StatusBadRequest, "The customer's wallet is missing or not this customer's."},
	DeliveryMethodInvalid:       {http.StatusBadRequest, "The delivery method is unknown or not offered for this country."},
	CheckDetailsInvalid:         {http.StatusBadRequest, "School and student details for a mailed check are missing or invalid."},
	BankAccountMissing:          {http.StatusBadRequest, "No US bank account of this customer was given."},
	ReferralEmailsInvalid:       {http.StatusBadRequest, "No valid e-mail address was given to refer."},
	ReferralsTooMany:            {http.StatusBadRequest, "Too many referrals at once."},
	TransactionNotFound:         {http.StatusNotFound, "No payment with this transaction id."},
	ReceiptNotAvailable:         {http.StatusNotFound, "The payment has no receipt: receipts exist once it has completed."},
	PartnerUnavailable:          {http.StatusBadGateway, "The payment partner could not be reached; try again."},
	WebhookSignatureInvalid:     {http.StatusUnauthorized, "The webhook's signature, timestamp or secret is wrong."},
	PasswordTooShort:            {http.StatusBadRequest, "The password has fewer than 12 characters."},
	PasswordTooLong:             {http.StatusBadRequest, "The password has more than 128 characters."},
	PasswordTooCommon:           {http.StatusBadRequest, "The password is in the list of common passwords."},
	PasswordContainsEmail:       {http.StatusBadRequest, "The password contains the e-mail address's name."},
	TwoFactorRequired:           {http.StatusForbidden, "The call needs a sign-in that passed two-factor authentication recently (the operations console: within 8 hours)."},
	EmailNotVerified:            {http.StatusForbidden, "The account's e-mail address is not confirmed yet; the call needs it."},
	AccountExists:               {http.StatusConflict, "An account with this e-mail address already exists: sign in, or reset the password."},
	PasswordTooWeak:             {http.StatusBadRequest, "The password is easy to guess (a repeat, a sequence, a keyboard pattern, a date or common words); the message says which."},
	InvalidCredentials:          {http.StatusUnauthorized, "The e-mail or the password is wrong (which one is not said)."},
	TwoFactorCodeInvalid:        {http.StatusUnauthorized, "The two-factor or recovery code is wrong, expired or already used."},
	TwoFactorStepExpired:        {http.StatusUnauthorized, "The two-factor step of a sign-in expired; sign in again."},
	TwoFactorState:              {http.StatusConflict, "Two-factor authentication is not in the state the call needs (already on, or not enrolled)."},
	LinkInvalid:                 {http.StatusGone, "The e-mailed link is wrong, expired or already used."},
	SignInRequired:              {http.StatusUnauthorized, "The call needs a signed-in account."},
	CurrentPasswordInvalid:      {http.StatusBadRequest, "The account's current password, asked again to change the password or close the account, is wrong."},
	NameInvalid:                 {http.StatusBadRequest, "A first and a last name are both required."},
}

// Codes lists every code, sorted, for documentation and tests.
func Codes() []Code {
	out := make([]Code, 0, len(table))
	for c := range table {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Doc is a code's meaning, as documented in docs/openapi.yaml.
func Doc(c Code) string { return table[c].doc }
