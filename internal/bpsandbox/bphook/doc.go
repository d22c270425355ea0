// Package bphook is the sandbox's webhooks as Svix sends BlindPay's: the
// endpoints an instance registers with their whsec_ secrets, each event
// recorded with a delivery job per subscribed endpoint in the causing
// transaction, and the signed deliveries on Svix's retry schedule.
package bphook
