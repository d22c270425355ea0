// Package actor is who makes a request (the browser session and, once
// signed in, the account) and the one ownership rule every use case asks:
// Actor.Owns, and OwnCustomerTx for the payer profiles everything else
// hangs from. It also holds the two refusals about who the actor is.
package actor
