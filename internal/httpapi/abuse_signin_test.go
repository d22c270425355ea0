package httpapi_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// Issue 25, items 4 and 5: the per-address sign-in lock under a race, and
// a stranger who keeps the owner locked out.

// TestParallelGuessesCannotOutrunTheLock: 50 wrong passwords at once from
// 5 client addresses reach the password check at most 5 times; the rest
// are refused with 429 before any hashing.
func TestParallelGuessesCannotOutrunTheLock(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_TRUSTED_PROXIES", "127.0.0.0/8,::1/128"))
		h.Browser().SignUp("target@example.com")
		var mu sync.Mutex
		checked, refused := 0, 0
		var wg sync.WaitGroup
		for i := range 50 {
			wg.Go(func() {
				r := h.Browser().Do("POST", "/api/signin", map[string]string{"email": "target@example.com", "password": fmt.Sprintf("wrong guess number %d", i)},
					"X-Forwarded-For", fmt.Sprintf("203.0.113.%d", 10+i%5))
				mu.Lock()
				defer mu.Unlock()
				switch r.Status {
				case http.StatusUnauthorized:
					checked++
				case http.StatusTooManyRequests:
					refused++
				default:
					t.Errorf("guess %d: %d %s", i, r.Status, r.Body)
				}
			})
		}
		wg.Wait()
		if checked != 5 || refused != 45 {
			t.Fatalf("50 parallel guesses: %d checked, %d refused; want 5 and 45", checked, refused)
		}
	})
}

// TestAStrangerCannotLockTheOwnerOut: failures from browsers the account
// has never signed in on lock those browsers only. The owner, on a browser
// that has signed in before (its device cookie), signs in, changes the
// password and closes nothing by mistake while the stranger is locked out;
// the owner's own failures lock the owner's browser alone.
func TestAStrangerCannotLockTheOwnerOut(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		owner := h.Browser()
		owner.SignUp("locked@example.com")
		owner.MustOK("POST", "/api/signout", map[string]string{})

		wrong := map[string]string{"email": "locked@example.com", "password": "a stranger's wrong guess"}
		right := map[string]string{"email": "locked@example.com", "password": apptest.Password}
		stranger := h.Browser()
		for range 8 {
			stranger.Do("POST", "/api/signin", wrong)
		}
		if r := stranger.Do("POST", "/api/signin", right); r.Status != http.StatusTooManyRequests {
			t.Fatalf("the stranger's browser is not locked: %d %s", r.Status, r.Body)
		}
		if r := h.Browser().Do("POST", "/api/signin", right); r.Status != http.StatusTooManyRequests {
			t.Fatalf("another unknown browser is not locked: %d", r.Status)
		}
		// The owner's browser is not.
		owner.MustOK("POST", "/api/signin", right)
		owner.MustOK("POST", "/api/me/password", map[string]string{"current_password": apptest.Password, "new_password": "the owner's new passphrase"})

		// The owner's own mistakes lock the owner's browser, not the others'.
		right["password"] = "the owner's new passphrase"
		owner.MustOK("POST", "/api/signout", map[string]string{})
		for range 5 {
			if got := owner.Do("POST", "/api/signin", wrong).Status; got != http.StatusUnauthorized {
				t.Fatalf("the owner's wrong password: %d", got)
			}
		}
		if got := owner.Do("POST", "/api/signin", right).Status; got != http.StatusTooManyRequests {
			t.Fatalf("the owner's browser after 5 failures: %d, want 429", got)
		}
	})
}
