package paymail

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/payment"
)

// The server states the USD delivery promise in the words the web app's
// screens use (issue 26, item 4: the status-updates page once said "Usually
// within 1 hour" while every other screen said within 3 hours).
func TestPromisesMatchTheWebApp(t *testing.T) {
	t.Parallel()
	for _, lang := range mail.Languages {
		raw, err := os.ReadFile(filepath.Join("..", "..", "..", "web", "src", "locales", lang, "common.json"))
		if err != nil {
			t.Fatal(err)
		}
		var common struct {
			Promise struct {
				USDBankTitle string `json:"usdBankTitle"`
				Referral     string `json:"referral"`
			} `json:"promise"`
		}
		if err := json.Unmarshal(raw, &common); err != nil {
			t.Fatal(err)
		}
		if got, want := usdBankPromise[lang], common.Promise.USDBankTitle; got != want || want == "" {
			t.Errorf("%s: the server promises %q, the web app %q", lang, got, want)
		}
		if lang == "en" && common.Promise.Referral != ReferralPromise {
			t.Errorf("referral reward: the server says %q, the web app %q", ReferralPromise, common.Promise.Referral)
		}
		if m, _ := paymentMailIn(lang, payment.StateCompleted); m.Timing != usdBankPromise[lang] {
			t.Errorf("%s: the delivered e-mail's timing is %q, want the promise %q", lang, m.Timing, usdBankPromise[lang])
		}
	}
}
