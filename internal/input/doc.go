// Package input holds the checks every use case applies to text a client
// sends — one line of plain text, lengths in characters, e-mail addresses —
// each refusal an apperr field error a person can act on. Pure: no I/O.
package input
