package locale

import (
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // the zones below, even on a machine without /usr/share/zoneinfo

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
)

// Zone is a payer's time zone and the names a reader knows it by.
type Zone struct {
	loc    *time.Location
	abbrev string            // when the time zone database names the zone only by its offset ("-03")
	names  map[string]string // per language
}

// The zones of Crebit's payers. Brazil's payers are shown Brasília time, the
// country's official time (no daylight saving since 2019); Mexico's the time
// of Mexico City, the central zone most of the country keeps (no daylight
// saving since 2022). Anyone else is shown UTC, stated.
var (
	Brasilia = Zone{loc: load("America/Sao_Paulo", -3), abbrev: "BRT", names: map[string]string{
		"en": "Brasília time", "pt-BR": "horário de Brasília", "es-MX": "hora de Brasilia"}}
	MexicoCity = Zone{loc: load("America/Mexico_City", -6), abbrev: "CST", names: map[string]string{
		"en": "Mexico City time", "pt-BR": "horário da Cidade do México", "es-MX": "hora del centro de México"}}
	UTC = Zone{loc: time.UTC, abbrev: "UTC", names: map[string]string{"en": "UTC", "pt-BR": "UTC", "es-MX": "UTC"}}
)

// load returns the named zone, or a fixed offset of hours from UTC if the
// time zone database lacks it (it is embedded, so only a bug gets here).
func load(name string, hours int) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.FixedZone(name, hours*3600)
	}
	return loc
}

// ZoneOf is the time zone of the payer who pays in currency c: its
// corridor's (Brasília for reais, Mexico City for pesos), UTC otherwise.
func ZoneOf(c money.Currency) Zone {
	if cor, ok := corridor.ByCurrency(c); ok {
		if z, ok := zones[cor.TimeZone]; ok {
			return z
		}
	}
	return UTC
}

// zones are the zones above by their IANA names, as the corridor table
// gives a corridor's.
var zones = map[string]Zone{"America/Sao_Paulo": Brasilia, "America/Mexico_City": MexicoCity}

// Abbrev is the zone's short name at t: "BRT", "CST" (or "CDT" should Mexico
// City keep summer time again), "UTC".
func (z Zone) Abbrev(t time.Time) string {
	if z.loc == nil {
		return "UTC"
	}
	name, _ := t.In(z.loc).Zone()
	if name == "" || strings.ContainsAny(name[:1], "+-0123456789") {
		return z.abbrev
	}
	return name
}

// offset is the zone's distance from UTC at t: "UTC-3", "UTC+5:30", "UTC".
func (z Zone) offset(t time.Time) string {
	if z.loc == nil {
		return "UTC"
	}
	_, secs := t.In(z.loc).Zone()
	if secs == 0 {
		return "UTC"
	}
	sign := "+"
	if secs < 0 {
		sign, secs = "-", -secs
	}
	if m := secs % 3600 / 60; m != 0 {
		return fmt.Sprintf("UTC%s%d:%02d", sign, secs/3600, m)
	}
	return fmt.Sprintf("UTC%s%d", sign, secs/3600)
}

// ZoneName names the zone in the locale's language with its short name and
// offset at t, for a document's note on its times: "horário de Brasília
// (BRT, UTC-3)"; plain "UTC" for UTC.
func (l Locale) ZoneName(z Zone, t time.Time) string {
	if z.loc == nil || z.loc == time.UTC {
		return "UTC"
	}
	return fmt.Sprintf("%s (%s, %s)", z.names[l.Lang()], z.Abbrev(t), z.offset(t))
}

// Time writes a moment in zone z, to the second, with the zone's short
// name: "Nov 23, 2026, 5:01:07 PM BRT" (en), "23/11/2026 17:01:07 BRT"
// (pt-BR), "23/11/2026 14:01:07 CST" (es-MX).
func (l Locale) Time(t time.Time, z Zone) string {
	loc := z.loc
	if loc == nil {
		loc = time.UTC
	}
	lt := t.In(loc)
	if l.Lang() == "en" {
		return lt.Format("Jan 2, 2006, 3:04:05 PM") + " " + z.Abbrev(t)
	}
	return lt.Format("02/01/2006 15:04:05") + " " + z.Abbrev(t)
}
