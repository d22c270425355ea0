// Package bpwire is BlindPay's wire format as the sandbox speaks it: the
// error envelope with the vendor's table of codes and each operation's
// statuses (errcodes.go), strict body decoding, and the shapes of ids and
// times.
package bpwire
