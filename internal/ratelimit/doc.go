// Package ratelimit counts attempts in fixed windows kept in the database,
// so every instance shares one count: sign-up and sign-in floods, invitation
// e-mails, the public endpoints. It says yes or no and how long to wait;
// the caller words the refusal (RateLimited).
package ratelimit
