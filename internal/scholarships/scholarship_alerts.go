package scholarships

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/scholarship"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/scholarstore"
)

// Scholarship alerts: a signed-in student opts in (double opt-in: nothing is
// sent but the confirmation until its link is followed) to a digest of new
// matching programs, at most weekly, and to reminders 14 and 3 days before
// the dated deadline of a program in their tracker. Every message carries a
// one-click unsubscribe (RFC 8058) and is written in the student's language.
const (
	digestEvery     = 7 * 24 * time.Hour
	digestMaxItems  = 10
	alertPending    = "pending"
	alertActive     = "active"
	alertEnded      = "unsubscribed"
	purposeConfirm  = "scholarship-alert-confirm"
	purposeUnsub    = "scholarship-alert-unsubscribe"
	alertUnsubPath  = "/api/scholarships/alerts/unsubscribe"
	alertPagePrefix = "/scholarship-alerts/"
)

// ReminderDays are how many days before a dated deadline a reminder goes.
var ReminderDays = []int{14, 3}

// AlertView is one alert as the student sees it.
type AlertView struct {
	ID           string     `json:"id"`
	Params       string     `json:"params"`
	Status       string     `json:"status"`
	CreatedAt    time.Time  `json:"created_at"`
	ConfirmedAt  *time.Time `json:"confirmed_at"`
	LastDigestAt *time.Time `json:"last_digest_at"`
}

// AlertViewOf is a stored alert as its owner sees it.
func AlertViewOf(a scholarstore.Alert) AlertView {
	return AlertView{ID: a.ID, Params: a.Params, Status: a.Status, CreatedAt: a.CreatedAt, ConfirmedAt: a.ConfirmedAt, LastDigestAt: a.LastDigestAt}
}

// alertToken is the keyed token of an alert's confirm or unsubscribe link:
// nothing to store, and it cannot be guessed from the alert id.
func (s *Service) alertToken(purpose, id string) string { return s.sealer.Hash(purpose, id) }

func (s *Service) alertTokenOK(purpose, id, token string) bool {
	return id != "" && subtle.ConstantTimeCompare([]byte(s.alertToken(purpose, id)), []byte(token)) == 1
}

// unsubscribeLinks are the one-click API address (List-Unsubscribe) and
// the page a person opens from the message body (a GET changes nothing, so
// link scanners cannot unsubscribe anyone).
func (s *Service) unsubscribeLinks(id string) (oneClick, page string) {
	q := url.Values{"id": {id}, "token": {s.alertToken(purposeUnsub, id)}}.Encode()
	return s.cfg.BaseURL + alertUnsubPath + "?" + q, s.cfg.BaseURL + alertPagePrefix + "unsubscribe?" + q
}

func (s *Service) listHeaders(id string) map[string]string {
	oneClick, _ := s.unsubscribeLinks(id)
	return map[string]string{"List-Unsubscribe": "<" + oneClick + ">", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
}

// CreateAlert starts an opt-in for the signed-in student: a pending alert
// for a saved search (params, the search's query string; "" is the
// profile alone) and a confirmation e-mail in the student's language.
func (s *Service) CreateAlert(ctx context.Context, a actor.Actor, params string) (AlertView, error) {
	if err := signedIn(a); err != nil {
		return AlertView{}, err
	}
	canonical, err := canonicalParams(params)
	if err != nil {
		return AlertView{}, err
	}
	var out scholarstore.Alert
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		acct, err := accountstore.AccountByID(ctx, tx, a.AccountID)
		if err != nil {
			return err
		}
		existing, err := scholarstore.Alerts(ctx, tx, a.AccountID)
		if err != nil {
			return err
		}
		for _, e := range existing {
			if e.Params == canonical {
				return apperr.E(apperr.Conflict, "alert_exists")
			}
		}
		if len(existing) >= scholarstore.MaxAlerts {
			return apperr.E(apperr.Conflict, "alerts_max", "max", scholarstore.MaxAlerts)
		}
		out = scholarstore.Alert{ID: randid.New("alr"), AccountID: a.AccountID, Email: acct.Email, Lang: outbox.AccountLang(acct, a),
			Params: canonical, Status: alertPending, CreatedAt: s.now()}
		if err := scholarstore.CreateAlert(ctx, tx, out); err != nil {
			return err
		}
		link := s.cfg.BaseURL + alertPagePrefix + "confirm?" + url.Values{"id": {out.ID}, "token": {s.alertToken(purposeConfirm, out.ID)}}.Encode()
		return s.mail.QueueMessage(ctx, tx, "scholarship_alert_confirm", out.Lang, out.Email, map[string]string{"Link": link}, "", s.listHeaders(out.ID))
	})
	if err != nil {
		return AlertView{}, err
	}
	return AlertViewOf(out), nil
}

// canonicalParams checks a saved search's query string and writes it the
// way the search page does (page and lang are not part of an alert).
func canonicalParams(params string) (string, error) {
	v, err := url.ParseQuery(strings.TrimPrefix(params, "?"))
	if err != nil {
		return "", apperr.E(apperr.Invalid, "search").On("params")
	}
	v.Del("page")
	v.Del("lang")
	p, err := scholarship.ParseParams(v)
	if err != nil {
		return "", apperr.E(apperr.Invalid, "search_detail", "detail", apperr.Message(err)).On("params")
	}
	return p.Encode(), nil
}

// Alerts lists the signed-in student's alerts (not the ended ones).
func (s *Service) Alerts(ctx context.Context, a actor.Actor) ([]AlertView, error) {
	if err := signedIn(a); err != nil {
		return nil, err
	}
	var as []scholarstore.Alert
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { as, err = scholarstore.Alerts(ctx, tx, a.AccountID); return }); err != nil {
		return nil, err
	}
	out := []AlertView{}
	for _, x := range as {
		out = append(out, AlertViewOf(x))
	}
	return out, nil
}

// StopAlert ends one of the signed-in student's alerts (anyone else's is
// not found).
func (s *Service) StopAlert(ctx context.Context, a actor.Actor, id string) error {
	if err := signedIn(a); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		al, err := scholarstore.AlertByID(ctx, tx, id)
		if errors.Is(err, store.ErrNotFound) || (err == nil && (al.AccountID != a.AccountID || al.Status == alertEnded)) {
			return apperr.E(apperr.NotFound, "alert")
		}
		if err != nil {
			return err
		}
		return s.endAlert(ctx, tx, al)
	})
}

func (s *Service) endAlert(ctx context.Context, tx *store.Tx, al scholarstore.Alert) error {
	now := s.now()
	al.Status, al.UnsubscribedAt = alertEnded, &now
	return scholarstore.UpdateAlert(ctx, tx, al)
}

// ConfirmAlert is the second step of the opt-in (the link in the
// confirmation e-mail). The first digest goes at once; confirming again
// changes nothing.
func (s *Service) ConfirmAlert(ctx context.Context, id, token string) (AlertView, error) {
	bad := apperr.E(apperr.LinkInvalid, "alert_confirm")
	if !s.alertTokenOK(purposeConfirm, id, token) {
		return AlertView{}, bad
	}
	var al scholarstore.Alert
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { al, err = scholarstore.AlertByID(ctx, tx, id); return }); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return AlertView{}, bad
		}
		return AlertView{}, err
	}
	if al.Status != alertPending {
		return AlertViewOf(al), nil // already confirmed, or ended: a late click changes nothing
	}
	now := s.now()
	al.Status, al.ConfirmedAt = alertActive, &now
	items, err := s.digestItems(ctx, al)
	if err != nil {
		return AlertView{}, err
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := scholarstore.UpdateAlert(ctx, tx, al); err != nil {
			return err
		}
		return s.sendDigest(ctx, tx, &al, items)
	})
	if err != nil {
		return AlertView{}, err
	}
	return AlertViewOf(al), nil
}

// UnsubscribeAlert is the one-click unsubscribe (RFC 8058): no sign-in, the
// link's token is the proof. Unsubscribing twice is fine.
func (s *Service) UnsubscribeAlert(ctx context.Context, id, token string) error {
	if !s.alertTokenOK(purposeUnsub, id, token) {
		return apperr.E(apperr.LinkInvalid, "unsubscribe")
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		al, err := scholarstore.AlertByID(ctx, tx, id)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.LinkInvalid, "unsubscribe")
		}
		if err != nil || al.Status == alertEnded {
			return err
		}
		return s.endAlert(ctx, tx, al)
	})
}

// digestItems are the programs of the alert's search (with the student's
// profile) that no digest has sent yet, best first.
func (s *Service) digestItems(ctx context.Context, al scholarstore.Alert) ([]*scholarship.Program, error) {
	v, _ := url.ParseQuery(al.Params)
	p, err := scholarship.ParseParams(v)
	if err != nil {
		return nil, err
	}
	qm, el, _, err := s.loadProfile(ctx, scholarstore.Owner{AccountID: al.AccountID})
	if err != nil {
		return nil, err
	}
	res := s.schol.index.Search(ctx, scholarship.Query{Text: p.Q, Mode: p.Mode, Sort: p.Sort, Filters: p.Filters,
		Student: scholarship.FromProfile(qm, el), Today: s.now()}, nil)
	seen := map[string]bool{}
	for _, id := range al.Seen {
		seen[id] = true
	}
	var out []*scholarship.Program
	for _, h := range res.Hits {
		if !seen[h.Program.ID] {
			out = append(out, h.Program)
		}
	}
	return out, nil
}

// sendDigest queues a digest of the new matching programs (the best
// digestMaxItems listed, the link shows them all) and records every one of
// them as seen, so the next digest holds only programs that match later;
// nothing is sent when there is nothing new.
func (s *Service) sendDigest(ctx context.Context, tx *store.Tx, al *scholarstore.Alert, items []*scholarship.Program) error {
	if len(items) == 0 {
		return nil
	}
	for _, p := range items {
		al.Seen = append(al.Seen, p.ID)
	}
	count := len(items)
	if len(items) > digestMaxItems {
		items = items[:digestMaxItems]
	}
	var list strings.Builder
	for _, p := range items {
		fmt.Fprintf(&list, "• %s (%s)\n  %s\n", p.TitleIn(al.Lang), p.ProviderIn(al.Lang), p.OfficialURL)
	}
	now := s.now()
	al.LastDigestAt = &now
	if err := scholarstore.UpdateAlert(ctx, tx, *al); err != nil {
		return err
	}
	_, page := s.unsubscribeLinks(al.ID)
	search := s.cfg.BaseURL + "/scholarship-search"
	if al.Params != "" {
		search += "?" + al.Params
	}
	return s.mail.QueueMessage(ctx, tx, "scholarship_digest", al.Lang, al.Email, map[string]string{
		"Count": strconv.Itoa(count), "List": strings.TrimRight(list.String(), "\n"), "Link": search, "Unsubscribe": page,
	}, "", s.listHeaders(al.ID))
}

// RunScholarshipAlerts is the daily run: each active alert gets a digest
// of new matches when its last one is a week old or more, and a reminder
// 14 and 3 days before the dated deadline of each program in the student's
// tracker that is not submitted yet. Each reminder goes once.
func (s *Service) RunScholarshipAlerts(ctx context.Context) (digests, reminders int, err error) {
	var active []scholarstore.Alert
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { active, err = scholarstore.ActiveAlerts(ctx, tx); return }); err != nil {
		return 0, 0, err
	}
	now := s.now()
	reminded := map[string]bool{} // one set of reminders per account, whatever its number of alerts
	for _, al := range active {
		if al.LastDigestAt == nil || !now.Before(al.LastDigestAt.Add(digestEvery)) {
			items, err := s.digestItems(ctx, al)
			if err != nil {
				return digests, reminders, err
			}
			if len(items) > 0 {
				if err := s.db.Tx(ctx, func(tx *store.Tx) error { return s.sendDigest(ctx, tx, &al, items) }); err != nil {
					return digests, reminders, err
				}
				digests++
			}
		}
		if reminded[al.AccountID] {
			continue
		}
		reminded[al.AccountID] = true
		n, err := s.remind(ctx, al, now)
		reminders += n
		if err != nil {
			return digests, reminders, err
		}
	}
	return digests, reminders, nil
}

// remind sends the reminders due today for the alert's account.
func (s *Service) remind(ctx context.Context, al scholarstore.Alert, now time.Time) (int, error) {
	var apps []scholarstore.Application
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { apps, err = scholarstore.Applications(ctx, tx, al.AccountID); return }); err != nil {
		return 0, err
	}
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	sent := 0
	for _, ap := range apps {
		if ap.Deadline == nil || (ap.Status != AppInterested && ap.Status != AppPreparing) {
			continue
		}
		d, err := time.Parse(time.DateOnly, *ap.Deadline)
		if err != nil {
			continue
		}
		left := int(d.Sub(today).Hours() / 24)
		lead := 0
		switch {
		case left < 0:
			continue
		case left <= 3:
			lead = 3
		case left <= 14:
			lead = 14
		default:
			continue
		}
		p, ok := s.schol.index.Program(ap.ProgramID)
		if !ok {
			continue
		}
		err = s.db.Tx(ctx, func(tx *store.Tx) error {
			first, err := scholarstore.RecordReminder(ctx, tx, ap.ID, *ap.Deadline, lead, now)
			if err != nil || !first {
				return err
			}
			sent++
			_, page := s.unsubscribeLinks(al.ID)
			return s.mail.QueueMessage(ctx, tx, "scholarship_deadline_reminder", al.Lang, al.Email, map[string]string{
				"Title": p.TitleIn(al.Lang), "Days": strconv.Itoa(left), "Deadline": longDate(d, al.Lang),
				"Link": s.cfg.BaseURL + "/dashboard/scholarships", "Official": p.OfficialURL, "Unsubscribe": page,
			}, "", s.listHeaders(al.ID))
		})
		if err != nil {
			return sent, err
		}
	}
	return sent, nil
}

var monthNames = map[string][]string{
	"en":    {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	"pt-BR": {"janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"},
	"es-MX": {"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"},
}

// longDate writes a date the way the student's language does.
func longDate(d time.Time, lang string) string {
	m := monthNames[lang]
	if m == nil {
		return fmt.Sprintf("%s %d, %d", monthNames["en"][d.Month()-1], d.Day(), d.Year())
	}
	if lang == "en" {
		return fmt.Sprintf("%s %d, %d", m[d.Month()-1], d.Day(), d.Year())
	}
	return fmt.Sprintf("%d de %s de %d", d.Day(), m[d.Month()-1], d.Year())
}

// alertsArgs runs RunScholarshipAlerts (daily).
type alertsArgs struct{}

func (alertsArgs) Kind() string { return "scholarship_alerts" }

type alertsWorker struct {
	river.WorkerDefaults[alertsArgs]
	s *Service
}

// Work sends the day's digests and reminders.
func (w *alertsWorker) Work(ctx context.Context, job *river.Job[alertsArgs]) error {
	d, r, err := w.s.RunScholarshipAlerts(ctx)
	if err == nil && (d > 0 || r > 0) {
		w.s.log.Info("scholarship alerts sent", "digests", d, "reminders", r)
	}
	return err
}
