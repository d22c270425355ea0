package paymail

// usdBankPromise is the one promise for US dollars sent to the payer's US
// bank account (PRODUCT.md: within 3 hours on a business day), in each
// language, worded exactly as the web app's common:promise.usdBankTitle
// (web/src/locales/<language>/common.json), which every screen nests.
// TestPromisesMatchTheWebApp fails when the two say different things, so
// the server's texts (the status-updates page's e-mail timeline) and the
// screens cannot drift apart again (issue 26, item 4).
// ReferralPromise is when a referral reward is earned, as the web app's
// English common:promise.referral says it (and the dashboard pays it:
// referral_reward.go): on the invited friend's first completed payment, not
// at sign-up. The referrals answer's message states it.
const ReferralPromise = "You earn a US$100 gift card for each friend you invite who completes their first payment."

var usdBankPromise = map[string]string{
	"en":    "Within 3 hours on a business day",
	"pt-BR": "Em até 3 horas em dia útil",
	"es-MX": "En un máximo de 3 horas en día hábil",
}
