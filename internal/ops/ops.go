package ops

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/account"
	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/opsstore"
)

// Operator roles, each allowed what the ones before it may do: support
// (read, resend e-mails, answer support), finance (also refunds, reward
// payouts, the ledger), admin (also manages operators).
const (
	RoleSupport = "support"
	RoleFinance = "finance"
	RoleAdmin   = "admin"
)

// roles in order of what they may do.
var roles = []string{RoleSupport, RoleFinance, RoleAdmin}

// consoleSignIn is how long a sign-in opens the console: after 8 hours the
// operator signs in again, with the second factor.
const consoleSignIn = 8 * time.Hour

// ErrNoConsole answers anyone who is not an operator, on every console
// route: the HTTP layer makes it exactly the 404 of a path that does not
// exist, so the console's existence is not even confirmed.
var ErrNoConsole = errors.New("not an operator")

// errConsoleTwoFactor answers an operator whose sign-in did not pass the
// second factor within consoleSignIn (or who has none).
var errConsoleTwoFactor = apperr.E(apperr.TwoFactorRequired, "console")

// Operator is the signed-in operator of a console request.
type Operator struct {
	AccountID string `json:"account_id"`
	Email     string `json:"email"`
	Role      string `json:"role"`
}

// mayDo reports whether the operator's role reaches need.
func (o Operator) mayDo(need string) bool {
	return slices.Index(roles, o.Role) >= slices.Index(roles, need)
}

// ConsoleOperator returns who is using the console, if they may: an
// operator whose role reaches need, whose account has two-factor on, and
// whose session's sign-in passed it within the last 8 hours. Anyone else
// gets ErrNoConsole; an operator without a recent two-factor sign-in gets
// a refusal saying what to do; an operator whose role falls short gets
// ErrNoConsole too (the action does not exist for them).
func (s *Service) ConsoleOperator(ctx context.Context, who actor.Actor, need string) (Operator, error) {
	if !who.SignedIn() {
		return Operator{}, ErrNoConsole
	}
	var o opsstore.Operator
	var a accountstore.Account
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) {
		if o, err = opsstore.OperatorOf(ctx, tx, who.AccountID); err != nil {
			return err
		}
		a, err = accountstore.AccountByID(ctx, tx, who.AccountID)
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		return Operator{}, ErrNoConsole
	}
	if err != nil {
		return Operator{}, err
	}
	op := Operator{AccountID: o.AccountID, Email: o.Email, Role: o.Role}
	if !op.mayDo(need) {
		return Operator{}, ErrNoConsole
	}
	if a.TOTPEnabledAt == nil || who.SecondFactorAt == nil || s.now().Sub(who.SignedInAt) > consoleSignIn {
		return Operator{}, errConsoleTwoFactor
	}
	return op, nil
}

// reason reads the reason an operator typed for an action: required, one
// line, at most 500 characters.
func reason(r string) (string, error) {
	r = strings.Join(strings.Fields(r), " ")
	switch {
	case r == "":
		return "", apperr.E(apperr.RequiredFieldsMissing, "reason").On("reason")
	case input.TooLong(r, 500):
		return "", apperr.E(apperr.FieldTooLong, "reason").On("reason")
	case !input.PlainText(r):
		return "", input.NotPlainText("reason", "Reason")
	}
	return r, nil
}

// audit appends an entry for an action in tx, the action's own
// transaction: the action and its record commit together or not at all.
func (s *Service) audit(ctx context.Context, tx *store.Tx, actor, actorEmail, action, objectType, objectID string, before, after any, why string) error {
	b, err := json.Marshal(before)
	if err != nil {
		return err
	}
	a, err := json.Marshal(after)
	if err != nil {
		return err
	}
	return opsstore.AppendAudit(ctx, tx, opsstore.AuditEntry{ID: randid.New("aud"), At: s.now(), Actor: actor, ActorEmail: actorEmail,
		Action: action, ObjectType: objectType, ObjectID: objectID, Before: string(b), After: string(a), Reason: why})
}

// CommandLine is the actor of `crebit operator` commands in the audit log.
const CommandLine = "cli"

// SetOperatorRole makes the account at email an operator with role (or
// changes its role), on behalf of by (an admin) or the command line (by
// zero). The account must exist.
func (s *Service) SetOperatorRole(ctx context.Context, by *Operator, email, role, why string) error {
	if !slices.Contains(roles, role) {
		return apperr.E(apperr.Invalid, "role").On("role")
	}
	email = account.NormalizeEmail(email)
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		a, err := accountstore.AccountByEmail(ctx, tx, email)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.NotFound, "account_email").On("email")
		}
		if err != nil {
			return err
		}
		before, err := opsstore.OperatorOf(ctx, tx, a.ID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		actor, actorEmail := CommandLine, CommandLine
		if by != nil {
			actor, actorEmail = by.AccountID, by.Email
		}
		if err := opsstore.SetOperator(ctx, tx, opsstore.Operator{AccountID: a.ID, Role: role, CreatedAt: s.now(), CreatedBy: actor}); err != nil {
			return err
		}
		return s.audit(ctx, tx, actor, actorEmail, "operator.set_role", "account", a.ID,
			map[string]string{"email": a.Email, "role": before.Role}, map[string]string{"email": a.Email, "role": role}, why)
	})
}

// RemoveOperator ends the operator role of the account at email.
func (s *Service) RemoveOperator(ctx context.Context, by *Operator, email, why string) error {
	email = account.NormalizeEmail(email)
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		a, err := accountstore.AccountByEmail(ctx, tx, email)
		if err == nil {
			var o opsstore.Operator
			if o, err = opsstore.OperatorOf(ctx, tx, a.ID); err == nil {
				actor, actorEmail := CommandLine, CommandLine
				if by != nil {
					actor, actorEmail = by.AccountID, by.Email
				}
				if err := opsstore.RemoveOperator(ctx, tx, a.ID); err != nil {
					return err
				}
				return s.audit(ctx, tx, actor, actorEmail, "operator.remove", "account", a.ID,
					map[string]string{"email": a.Email, "role": o.Role}, map[string]string{"email": a.Email, "role": ""}, why)
			}
		}
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.NotFound, "operator").On("email")
		}
		return err
	})
}

// ConsoleMe is what the console shows about the operator using it.
func (s *Service) ConsoleMe(ctx context.Context, who actor.Actor) (Operator, error) {
	return s.ConsoleOperator(ctx, who, RoleSupport)
}

// ConsoleOperators lists the operators (admins manage them in the console).
func (s *Service) ConsoleOperators(ctx context.Context) ([]OperatorRow, error) {
	var ops []opsstore.Operator
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { ops, err = opsstore.Operators(ctx, tx); return }); err != nil {
		return nil, err
	}
	out := make([]OperatorRow, 0, len(ops))
	for _, o := range ops {
		out = append(out, OperatorRow{Email: o.Email, Role: o.Role, Since: o.CreatedAt, AddedBy: o.CreatedBy})
	}
	return out, nil
}

// OperatorRow is one operator in the console's list.
type OperatorRow struct {
	Email   string    `json:"email"`
	Role    string    `json:"role"`
	Since   time.Time `json:"since"`
	AddedBy string    `json:"added_by"` // "cli" or the adding operator's account id
}

// ConsoleSetOperator is SetOperatorRole by an admin in the console, with
// the reason required; an admin cannot change their own role.
func (s *Service) ConsoleSetOperator(ctx context.Context, by Operator, email, role, why string) error {
	why, err := reason(why)
	if err != nil {
		return err
	}
	if account.NormalizeEmail(email) == by.Email {
		return apperr.E(apperr.Conflict, "own_role").On("email")
	}
	return s.SetOperatorRole(ctx, &by, email, role, why)
}

// ConsoleRemoveOperator is RemoveOperator by an admin in the console; an
// admin cannot remove themselves (so there is always one left).
func (s *Service) ConsoleRemoveOperator(ctx context.Context, by Operator, email, why string) error {
	why, err := reason(why)
	if err != nil {
		return err
	}
	if account.NormalizeEmail(email) == by.Email {
		return apperr.E(apperr.Conflict, "own_role").On("email")
	}
	return s.RemoveOperator(ctx, &by, email, why)
}

// AuditQuery narrows the audit log the console reads; After is the Next
// of the page before.
type AuditQuery struct {
	ObjectType, ObjectID string
	After                string
	Limit                int
}

// AuditPage is a page of the audit log and, when there are older entries,
// the continuation to ask for them.
type AuditPage struct {
	Entries []AuditRow `json:"entries"`
	Next    string     `json:"next,omitempty"`
}

// AuditRow is one audit entry as the console shows it.
type AuditRow struct {
	ID         string          `json:"id"`
	At         time.Time       `json:"at"`
	Actor      string          `json:"actor"`
	ActorEmail string          `json:"actor_email"`
	Action     string          `json:"action"`
	ObjectType string          `json:"object_type"`
	ObjectID   string          `json:"object_id"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
	Reason     string          `json:"reason"`
}

// ConsoleAudit reads a page of the audit log, newest first: as a whole,
// or one object's. Pages follow (at, id), so entries of one instant are
// neither skipped nor repeated.
func (s *Service) ConsoleAudit(ctx context.Context, q AuditQuery) (AuditPage, error) {
	if (q.ObjectType == "") != (q.ObjectID == "") {
		return AuditPage{}, apperr.E(apperr.Invalid, "audit_object").On("object_id")
	}
	f := opsstore.AuditFilter{ObjectType: q.ObjectType, ObjectID: q.ObjectID, Limit: q.Limit}
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 50
	}
	if q.After != "" {
		ns, id, ok := strings.Cut(q.After, ".")
		n, err := strconv.ParseInt(ns, 10, 64)
		if !ok || err != nil || id == "" {
			return AuditPage{}, apperr.E(apperr.Invalid, "after").On("after")
		}
		f.AfterAt, f.AfterID = time.Unix(0, n).UTC(), id
	}
	size := f.Limit
	f.Limit++
	var es []opsstore.AuditEntry
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { es, err = opsstore.Audit(ctx, tx, f); return }); err != nil {
		return AuditPage{}, err
	}
	out := AuditPage{Entries: make([]AuditRow, 0, min(len(es), size))}
	for i, e := range es {
		if i == size {
			last := es[i-1]
			out.Next = strconv.FormatInt(last.At.UnixNano(), 10) + "." + last.ID
			break
		}
		out.Entries = append(out.Entries, AuditRow{ID: e.ID, At: e.At, Actor: e.Actor, ActorEmail: e.ActorEmail, Action: e.Action, ObjectType: e.ObjectType,
			ObjectID: e.ObjectID, Before: json.RawMessage(e.Before), After: json.RawMessage(e.After), Reason: e.Reason})
	}
	return out, nil
}
