package payment

// RailReference is the local rail's own id for a payment's received
// transfer, which the payer's bank also shows (the Pix end-to-end id, the
// SPEI tracking key, "clave de rastreo"). Kind is the corridor's
// Rail.Kind ("pix_end_to_end_id"); formats are checked by package rail.
// Both are empty before the pay-in completed.
type RailReference struct {
	Kind  string
	Value string
}
