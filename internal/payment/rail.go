package payment

// RailReference is the local rail's own id for a payment's received
// transfer, which the payer's bank also shows: the Pix end-to-end id
// (Brazil) or the SPEI tracking key, "clave de rastreo" (Mexico). Formats
// are checked by package rail.
type RailReference struct {
	PixEndToEndID   string
	SPEITrackingKey string
}

// Value is the reference, whichever rail gave it ("" before the pay-in
// completed).
func (r RailReference) Value() string {
	if r.PixEndToEndID != "" {
		return r.PixEndToEndID
	}
	return r.SPEITrackingKey
}
