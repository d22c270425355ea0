package httpapi

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/crebit/crebit/internal/accounts"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/onboarding"
	"github.com/crebit/crebit/internal/session"
)

// Accounts: sign-up, sign-in (with the two-factor step), sign-out, the
// signed-in account, e-mail verification, password reset and two-factor
// enrolment. Every step that signs in sets a new session cookie: the token
// the browser had before is dead.

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

type signInAnswer struct {
	TwoFactorRequired bool         `json:"two_factor_required"`
	TwoFactorToken    string       `json:"two_factor_token,omitempty"`
	Me                *accounts.Me `json:"me,omitempty"`
}

// answerSignedIn sets the new session cookie and answers.
func (s *Server) answerSignedIn(w http.ResponseWriter, r *http.Request, res accounts.SignedIn) {
	if res.Token != "" {
		s.setSessionCookie(w, res.Token)
	}
	if res.DeviceToken != "" {
		// 400 days: the longest a browser keeps a cookie.
		http.SetCookie(w, &http.Cookie{Name: deviceCookie, Value: res.DeviceToken, Path: "/",
			MaxAge: 400 * 24 * 3600, HttpOnly: true, Secure: s.https, SameSite: http.SameSiteLaxMode})
	}
	writeJSON(w, r, http.StatusOK, signInAnswer{TwoFactorRequired: res.TwoFactorToken != "",
		TwoFactorToken: res.TwoFactorToken, Me: res.Me})
}

func (s *Server) setSessionCookie(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{Name: session.CookieName, Value: token, Path: "/",
		MaxAge: int(s.cfg.SessionTTL / time.Second), HttpOnly: true, Secure: s.https, SameSite: http.SameSiteLaxMode})
}

// writeAccountError adds Retry-After to attempt-limit refusals.
func writeAccountError(w http.ResponseWriter, r *http.Request, err error) {
	var le *accounts.LimitedError
	if errors.As(err, &le) {
		w.Header().Set("Retry-After", strconv.Itoa(int(le.RetryAfter.Round(time.Second)/time.Second)+1))
	}
	writeError(w, r, err)
}

// signUpRequest is the e-mail and password, and optionally the rest of the
// wizard (checked before anything is created).
type signUpRequest struct {
	Email       string                           `json:"email"`
	Password    string                           `json:"password"`
	Customer    *onboarding.CustomerInput        `json:"customer"`
	BankAccount *onboarding.ExternalAccountInput `json:"bank_account"`
}

func (s *Server) handleSignUp(w http.ResponseWriter, r *http.Request) {
	var in signUpRequest
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	profile := onboarding.SignUpProfile{Customer: in.Customer, BankAccount: in.BankAccount}
	res, err := s.accounts.SignUpChecked(r.Context(), actor(r), in.Email, in.Password,
		func() error { return s.onboarding.CheckSignUpProfile(profile) })
	if err != nil {
		writeAccountError(w, r, err)
		return
	}
	s.answerSignedIn(w, r, res)
}

func (s *Server) handleSignIn(w http.ResponseWriter, r *http.Request) {
	var in credentials
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	res, err := s.accounts.SignIn(r.Context(), actor(r), in.Email, in.Password, s.clientIP(r))
	if err != nil {
		writeAccountError(w, r, err)
		return
	}
	s.answerSignedIn(w, r, res)
}

func (s *Server) handleSignInTwoFactor(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Token string `json:"two_factor_token"`
		Code  string `json:"code"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	res, err := s.accounts.SignInTwoFactor(r.Context(), actor(r), in.Token, in.Code, s.clientIP(r))
	if err != nil {
		writeAccountError(w, r, err)
		return
	}
	s.answerSignedIn(w, r, res)
}

func (s *Server) handleSignOut(w http.ResponseWriter, r *http.Request) {
	if err := s.accounts.SignOut(r.Context(), actor(r)); err != nil {
		writeError(w, r, err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: session.CookieName, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		Secure: s.https, SameSite: http.SameSiteLaxMode})
	writeJSON(w, r, http.StatusOK, map[string]bool{"signed_out": true})
}

// handleMe answers the signed-in account, or 204 No Content when nobody is
// signed in: every page asks, and being signed out is an answer, not an
// error (issue 26, item 14: a 401 was logged in the console of every
// signed-out page).
func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	me, err := s.accounts.Me(r.Context(), actor(r))
	if code, _ := apperr.Public(err); err != nil && code == apperr.SignInRequired {
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, me)
}

func (s *Server) handleVerifyEmail(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Token string `json:"token"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.VerifyEmail(r.Context(), in.Token); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]bool{"email_verified": true})
}

func (s *Server) handleForgotPassword(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Email string `json:"email"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.ForgotPassword(r.Context(), actor(r), in.Email, s.clientIP(r)); err != nil {
		writeAccountError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusAccepted, map[string]string{"status": "sent_if_registered"})
}

func (s *Server) handleResetPassword(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Token    string `json:"token"`
		Password string `json:"password"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.ResetPassword(r.Context(), actor(r), in.Token, in.Password); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"status": "password_changed"})
}

func (s *Server) handleTwoFactorEnrol(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Password string `json:"current_password"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	e, err := s.accounts.EnrolTwoFactor(r.Context(), actor(r), in.Password)
	if err != nil {
		writeAccountError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, e)
}

func (s *Server) handleTwoFactorConfirm(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Code string `json:"code"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	codes, err := s.accounts.ConfirmTwoFactor(r.Context(), actor(r), in.Code)
	if err != nil {
		writeAccountError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"two_factor_enabled": true, "recovery_codes": codes})
}

func (s *Server) handleTwoFactorDisable(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Password string `json:"current_password"`
		Code     string `json:"code"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.DisableTwoFactor(r.Context(), actor(r), in.Password, in.Code); err != nil {
		writeAccountError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]bool{"two_factor_enabled": false})
}

// The sandbox mailbox (local delivery with the sandbox partner only).

func (s *Server) handleMailboxList(w http.ResponseWriter, r *http.Request) {
	ms, err := s.outbox.Mailbox(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"messages": ms})
}

// handleMailboxAttachment downloads one attachment of a local-mailbox message.
func (s *Server) handleMailboxAttachment(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		n = -1
	}
	a, err := s.outbox.MailboxAttachment(r.Context(), r.PathValue("id"), n)
	if err != nil {
		writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.ContentType)
	h.Set("Content-Disposition", `attachment; filename="`+a.Name+`"`)
	h.Set("Cache-Control", "no-store")
	_, _ = w.Write(a.Data)
}

func (s *Server) handleMailboxMessage(w http.ResponseWriter, r *http.Request) {
	m, err := s.outbox.MailboxMessage(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, m)
}
