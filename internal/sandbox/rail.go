package sandbox

import (
	"crypto/rand"
	"time"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/rail"
)

// The sandbox's payers send from Nu Pagamentos (ISPB 18236120) by Pix and
// from BBVA México by SPEI, whose tracking keys start "MBAN01" and carry
// the operation date in Mexico City (UTC-6 all year since 2022).
const (
	payerISPB        = "18236120"
	payerSPEIPrefix  = "MBAN01"
	mexicoCityOffset = -6 * 60 * 60
)

// railReference adds the rail's reference to a payin_completed event, as a
// real partner reports it once the bank transfer settles. The currency
// tells the corridor, and so the rail.
func railReference(d *partner.EventData, currency string, at time.Time) error {
	cor, ok := corridor.ByCurrency(money.Currency(currency))
	if !ok {
		return nil
	}
	var err error
	switch cor.Rail.Kind {
	case corridor.Brazil.Rail.Kind:
		d.EndToEndID, err = rail.NewEndToEndID(payerISPB, at, rand.Reader)
	case corridor.Mexico.Rail.Kind:
		d.TrackingKey, err = rail.NewTrackingKey(payerSPEIPrefix, at.In(time.FixedZone("CST", mexicoCityOffset)), rand.Reader)
	}
	return err
}
