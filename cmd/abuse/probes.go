package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/crebit/crebit/internal/config"
)

// Each probe is an attack of issue 25, tried again. Client addresses come
// from the documentation ranges (RFC 5737); each probe uses its own, so the
// per-address limits of one do not decide another.

func ip(block, n int) string { return fmt.Sprintf("198.51.%d.%d", block, n) }

// The test identities (valid check digits).
const (
	cpfReferrer = "529.982.247-25"
	cpfFriend   = "390.533.447-05"
)

func rewardsOf(b *browser) (earned, held, refused int) {
	r := b.must("GET", "/api/me/referrals", nil)
	list, _ := r.json["rewards"].([]any)
	for _, x := range list {
		switch x.(map[string]any)["status"] {
		case "earned":
			earned++
		case "held":
			held++
		case "refused":
			refused++
		}
	}
	return
}

// referralFarming: item 1. The referrer's own CPF under farmer+N@
// addresses, each from another address and bank account.
func referralFarming(local *browser) []result {
	referrer := newBrowser(local.base, ip(1, 1))
	verifiedAccount(local, referrer, "referrer@example.com")
	referrerID, _ := profile(referrer, "Rita", "referrer@example.com", cpfReferrer)
	referrer.must("POST", "/api/create-external-account", bankBody(referrerID, "000123456789"))
	referrer.must("POST", "/api/referrals", map[string]any{"customer_id": referrerID, "emails": []string{"friend@example.com"}})
	_, text := mail(local, "friend@example.com", "ref=")
	code := text[strings.Index(text, "ref=")+4:][:10]
	for i := range 3 {
		farmer := newBrowser(local.base, ip(1, 10+i))
		farmer.must("POST", "/api/referral-arrival", map[string]string{"code": code})
		pay(local, farmer, fmt.Sprintf("farmer+%d@example.com", i+1), cpfReferrer, fmt.Sprintf("00011122233%d", i), "16")
	}
	farmEarned, _, farmRefused := rewardsOf(referrer)
	friend := newBrowser(local.base, ip(1, 50))
	friend.must("POST", "/api/referral-arrival", map[string]string{"code": code})
	pay(local, friend, "real.friend@example.com", cpfFriend, "000555666777", "16")
	earned, _, _ := rewardsOf(referrer)
	out := []result{{"1", "3 payments of US$16 with the referrer's CPF under farmer+1..3@, other addresses and bank accounts",
		fmt.Sprintf("%d rewards earned, %d refused (one per person)", farmEarned, farmRefused), farmEarned == 0},
		{"1", "a real friend (another CPF, address, bank) pays US$16", fmt.Sprintf("%d reward earned", earned-farmEarned), earned-farmEarned == 1}}
	var id string
	for _, x := range referrer.must("GET", "/api/me/referrals", nil).json["rewards"].([]any) {
		if m := x.(map[string]any); m["status"] == "earned" {
			id = m["id"].(string)
		}
	}
	first := referrer.do("PUT", "/api/me/referrals/rewards/"+id+"/gift-card", map[string]string{"brand": "Amazon"})
	second := referrer.do("PUT", "/api/me/referrals/rewards/"+id+"/gift-card", map[string]string{"brand": "Apple"})
	return append(out, result{"1", "choose a gift card, then change it", fmt.Sprintf("%d, then %d", first.status, second.status),
		(first.status == 200 || first.status == 204) && second.status == 409})
}

// invitationText: item 2.
func invitationText(local *browser) []result {
	guest := newBrowser(local.base, ip(2, 1))
	guestID, _ := profile(guest, "Ana", "guest@example.com", cpfFriend)
	asGuest := guest.do("POST", "/api/referrals", map[string]any{"customer_id": guestID, "emails": []string{"x@example.com"}})
	lure := guest.do("POST", "/api/create-customer", customerBody("Your Crebit account is locked, call +1-555-0100\r\n", "lure@example.com", cpfFriend))
	bidi := guest.do("POST", "/api/create-customer", customerBody("Ana\u202Eevil", "bidi@example.com", cpfFriend))
	sender := newBrowser(local.base, ip(2, 2))
	verifiedAccount(local, sender, "sender@example.com")
	sender.must("PUT", "/api/me/name", map[string]string{"first_name": "Sofia", "last_name": "Lima"})
	senderID, _ := profile(sender, "Whatever profile text", "sender@example.com", cpfReferrer)
	sender.must("POST", "/api/referrals", map[string]any{"customer_id": senderID, "emails": []string{"stranger@example.com"}})
	subject, text := mail(local, "stranger@example.com", "ref=")
	return []result{
		{"2", "a guest sends invitations", fmt.Sprintf("%d %s", asGuest.status, asGuest.str("code")), asGuest.status == 401},
		{"2", "a first name with CR/LF and a phone number (the lure)", fmt.Sprintf("%d, field %s", lure.status, lure.str("field")), lure.status == 400},
		{"2", "a first name with a right-to-left override", fmt.Sprintf("%d, field %s", bidi.status, bidi.str("field")), bidi.status == 400},
		{"2", "a confirmed account invites: subject and sender named", fmt.Sprintf("subject %q; body names %q", subject, "Sofia"),
			subject == "A friend invited you to Crebit" && strings.Contains(text, "Sofia") && !strings.Contains(text, "Whatever")},
	}
}

// sandboxExposure: item 3, on a server whose base URL is public.
func sandboxExposure(public *browser) []result {
	remote := newBrowser(public.base, "203.0.113.9")
	victim := newBrowser(public.base, "203.0.113.10")
	victim.must("POST", "/api/signup", map[string]string{"email": "victim@example.com", "password": password})
	remote.must("POST", "/api/forgot-password", map[string]string{"email": "victim@example.com"})
	box := remote.do("GET", "/api/sandbox/mailbox", nil)
	trigger := remote.do("POST", "/api/trigger-mock-webhook", map[string]string{"transaction_id": "txn_x", "event": "payin_completed"})
	api := remote.do("GET", "/bpsandbox/v1/instances/"+config.BlindPaySandboxInstance+"/payins", nil)
	cfg := remote.must("GET", "/api/config", nil)
	return []result{{"3", "read the mailbox (a victim's reset link), simulate a pay-in, call the sandbox API from outside on a public base URL",
		fmt.Sprintf("mailbox %d, trigger %d, partner API %d; controls offered: %v", box.status, trigger.status, api.status, cfg.json["sandbox"]),
		box.status == 404 && trigger.status == 404 && api.status == 404 && cfg.json["sandbox"] == false}}
}

// lockRace: item 4.
func lockRace(local *browser) []result {
	newBrowser(local.base, ip(4, 1)).must("POST", "/api/signup", map[string]string{"email": "race@example.com", "password": password})
	var mu sync.Mutex
	var wg sync.WaitGroup
	checked, refused := 0, 0
	for i := range 50 {
		wg.Go(func() {
			a := newBrowser(local.base, ip(4, 10+i%5)).do("POST", "/api/signin", map[string]string{"email": "race@example.com", "password": fmt.Sprintf("wrong guess %d", i)})
			mu.Lock()
			defer mu.Unlock()
			switch a.status {
			case 401:
				checked++
			case 429:
				refused++
			}
		})
	}
	wg.Wait()
	return []result{{"4", "50 parallel wrong passwords from 5 addresses", fmt.Sprintf("%d checked, %d refused before hashing", checked, refused), checked <= 5}}
}

// strangerLockout: item 5.
func strangerLockout(local *browser) []result {
	owner := newBrowser(local.base, ip(5, 1))
	owner.must("POST", "/api/signup", map[string]string{"email": "owner@example.com", "password": password})
	owner.must("POST", "/api/signout", map[string]string{})
	stranger := newBrowser(local.base, ip(5, 2))
	for range 10 {
		stranger.do("POST", "/api/signin", map[string]string{"email": "owner@example.com", "password": "a stranger guesses"})
	}
	strangerNow := stranger.do("POST", "/api/signin", map[string]string{"email": "owner@example.com", "password": password})
	ownerNow := owner.do("POST", "/api/signin", map[string]string{"email": "owner@example.com", "password": password})
	change := owner.do("POST", "/api/me/password", map[string]string{"current_password": password, "new_password": "a quiet harbour at dawn 77"})
	return []result{{"5", "10 wrong guesses by a stranger, then the owner on a browser that signed in before",
		fmt.Sprintf("stranger %d; owner signs in %d, changes the password %d", strangerNow.status, ownerNow.status, change.status),
		strangerNow.status == 429 && ownerNow.status == 200 && change.status == 200}}
}

// signupFlood: item 6.
func signupFlood(local *browser) []result {
	signin := func() time.Duration {
		return newBrowser(local.base, ip(6, 200)).do("POST", "/api/signin", map[string]string{"email": "calm@example.com", "password": password}).elapsed
	}
	newBrowser(local.base, ip(6, 200)).must("POST", "/api/signup", map[string]string{"email": "calm@example.com", "password": password})
	before := median(func() time.Duration { return signin() }, 5)
	start := time.Now()
	accepted := 0
	var during []time.Duration
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i := range 200 {
		wg.Go(func() {
			a := newBrowser(local.base, ip(6, 1)).do("POST", "/api/signup", map[string]string{"email": fmt.Sprintf("flood%d@example.com", i), "password": password})
			mu.Lock()
			if a.status == 200 {
				accepted++
			}
			mu.Unlock()
		})
		if i%40 == 0 {
			d := signin()
			mu.Lock()
			during = append(during, d)
			mu.Unlock()
		}
	}
	wg.Wait()
	took := time.Since(start)
	// A registered address, from 40 addresses (past any per-address limit).
	for i := range 40 {
		newBrowser(local.base, ip(7, i)).do("POST", "/api/signup", map[string]string{"email": "calm@example.com", "password": "another good passphrase"})
	}
	time.Sleep(time.Second)
	notices := 0
	for _, m := range local.must("GET", "/api/sandbox/mailbox", nil).json["messages"].([]any) {
		if mm := m.(map[string]any); mm["to"] == "calm@example.com" && strings.Contains(mm["subject"].(string), "tried") {
			notices++
		}
	}
	sort.Slice(during, func(i, j int) bool { return during[i] < during[j] })
	return []result{
		{"6", "200 sign-ups from one address", fmt.Sprintf("%d accepted in %.1f s, the rest 429", accepted, took.Seconds()), accepted <= 20},
		{"6", "a real sign-in before and during that flood", fmt.Sprintf("%.2f s before, %.2f s during (median)", before.Seconds(), during[len(during)/2].Seconds()), true},
		{"6", "40 sign-ups with a registered address from 40 addresses", fmt.Sprintf("%d notice(s) e-mailed to its owner", notices), notices <= 1},
	}
}

func median(f func() time.Duration, n int) time.Duration {
	ds := make([]time.Duration, n)
	for i := range ds {
		ds[i] = f()
	}
	slices.Sort(ds)
	return ds[n/2]
}

// twoFactor: item 7.
func twoFactor(local *browser) []result {
	b := newBrowser(local.base, ip(8, 1))
	b.must("POST", "/api/signup", map[string]string{"email": "squatted@example.com", "password": password})
	squat := b.do("POST", "/api/two-factor/enrol", map[string]string{"current_password": password})
	c := newBrowser(local.base, ip(8, 2))
	verifiedAccount(local, c, "codes@example.com")
	noPassword := c.do("POST", "/api/two-factor/enrol", map[string]string{})
	c.must("POST", "/api/two-factor/enrol", map[string]string{"current_password": password})
	wrong, limited := 0, 0
	for range 300 {
		switch c.do("POST", "/api/two-factor/confirm", map[string]string{"code": "000000"}).status {
		case 401:
			wrong++
		case 429:
			limited++
		}
	}
	return []result{
		{"7", "turn two-factor on for an address never confirmed (a squatter)", fmt.Sprintf("%d %s", squat.status, squat.str("code")), squat.status == 403},
		{"7", "turn two-factor on with the session cookie alone", fmt.Sprintf("%d, field %s", noPassword.status, noPassword.str("field")), noPassword.status == 400},
		{"7", "300 wrong codes while turning two-factor on", fmt.Sprintf("%d checked, %d refused (429)", wrong, limited), wrong <= 5},
	}
}

// weakPasswords: item 8.
func weakPasswords(local *browser) []result {
	var got []string
	ok := true
	for i, pw := range []string{"            ", "aaaaaaaaaaaa", "730194628501", "qwertyuiopasdfgh"} {
		a := newBrowser(local.base, ip(9, i)).do("POST", "/api/signup", map[string]string{"email": fmt.Sprintf("weak%d@example.com", i), "password": pw})
		got = append(got, fmt.Sprintf("%d %s", a.status, a.str("code")))
		ok = ok && a.status == 400
	}
	return []result{{"8", "sign up with 12 spaces, aaaaaaaaaaaa, 730194628501, qwertyuiopasdfgh", strings.Join(got, "; "), ok}}
}

// oddAddresses: item 9.
func oddAddresses(local *browser) []result {
	var got []string
	ok := true
	for i, e := range []string{"ana@gm\u0430il.com", "ana\u200b@example.com", "ana@[127.0.0.1]", "ana@127.0.0.1"} {
		a := newBrowser(local.base, ip(10, i)).do("POST", "/api/signup", map[string]string{"email": e, "password": password})
		got = append(got, fmt.Sprintf("%d", a.status))
		ok = ok && a.status == 400
	}
	return []result{{"9", "sign up as Cyrillic-а Gmail, with a zero-width space, at [127.0.0.1], at 127.0.0.1", strings.Join(got, ", "), ok}}
}

// crossOrigin: item 10, against a server whose base is http://crebit.example.
func crossOrigin(local *browser) []result {
	body := json.RawMessage(`{"symbol":"USDC/BRL","amount_usd":100}`)
	b := newBrowser(local.base, ip(11, 1))
	port := local.base[strings.LastIndex(local.base, ":"):]
	https := b.do("POST", "/api/create-quote", body, "Origin", "https://localhost"+port)
	other := b.do("POST", "/api/create-quote", body, "Origin", "http://localhost:1"+port[1:])
	same := b.do("POST", "/api/create-quote", body, "Origin", "http://localhost"+port)
	site := b.do("POST", "/api/create-quote", body, "Sec-Fetch-Site", "cross-site")
	return []result{{"10", "state-changing requests with Origin https:// (the base is http://), another port, cross-site fetch metadata",
		fmt.Sprintf("%d, %d, %d; the site's own origin %d", https.status, other.status, site.status, same.status),
		https.status == 403 && other.status == 403 && site.status == 403 && same.status == 200}}
}

// registeredAddressAndTiming: item 11.
func registeredAddressAndTiming(local *browser) []result {
	newBrowser(local.base, ip(12, 1)).must("POST", "/api/signup", map[string]string{"email": "taken@example.com", "password": password})
	again := newBrowser(local.base, ip(12, 2)).do("POST", "/api/signup", map[string]string{"email": "taken@example.com", "password": "another good passphrase"})
	var known, unknown []time.Duration
	for i := range 80 {
		b := newBrowser(local.base, ip(13, i%50))
		known = append(known, b.do("POST", "/api/forgot-password", map[string]string{"email": "taken@example.com"}).elapsed)
		unknown = append(unknown, b.do("POST", "/api/forgot-password", map[string]string{"email": fmt.Sprintf("nobody%d@example.com", i)}).elapsed)
	}
	acc := bestSplit(known, unknown)
	return []result{
		{"11", "sign up with a registered address", fmt.Sprintf("%d %s, nothing created", again.status, again.str("code")), again.status == 409},
		{"11", "tell known from unknown addresses by forgot-password's time (80 each)",
			fmt.Sprintf("medians %.1f / %.1f ms; the best threshold classifies %.0f%%", ms(mid(known)), ms(mid(unknown)), acc*100), acc < 0.7},
	}
}

func mid(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// bestSplit is the share of both samples that the best single time
// threshold (either way round) classifies right: 0.5 is chance.
func bestSplit(a, b []time.Duration) float64 {
	all := append(slices.Clone(a), b...)
	best := 0.5
	for _, t := range all {
		right := 0
		for _, x := range a {
			if x >= t {
				right++
			}
		}
		for _, x := range b {
			if x < t {
				right++
			}
		}
		share := float64(right) / float64(len(all))
		best = max(best, share, 1-share)
	}
	return best
}

// streams: item 12.
func streams(local *browser, pid int) []result {
	b := newBrowser(local.base, ip(14, 1))
	customerID, wallet := profile(b, "Eva", "streams@example.com", cpfFriend)
	acct := b.must("POST", "/api/create-external-account", bankBody(customerID, "000123456789"))
	q := b.must("POST", "/api/create-quote", json.RawMessage(`{"symbol":"USDC/BRL","amount_usd":100}`))
	onRamp, _ := q.json["on_ramp"].(map[string]any)
	total := strings.TrimSuffix(strings.SplitN(q.body[strings.Index(q.body, `"total_local_amount":`)+len(`"total_local_amount":`):], ",", 2)[0], "}")
	p := b.must("POST", "/api/create-pix-payment", json.RawMessage(fmt.Sprintf(
		`{"amount_brl":%s,"customer_id":%q,"wallet_address":%q,"quote_id":%q,"sender_name":"Eva Silva","sender_document":%q,"external_account_id":%q}`,
		total, customerID, wallet, onRamp["id"], cpfFriend, acct.str("external_account_id"))))
	before := rss(pid)
	open, refused := 0, 0
	var bodies []*http.Response
	stream := &http.Client{Jar: b.http.Jar}
	for range 1000 {
		req, _ := http.NewRequest("GET", local.base+"/api/payments/"+p.str("transaction_id")+"/events", nil)
		req.Header.Set("X-Forwarded-For", b.ip)
		resp, err := stream.Do(req)
		if err != nil {
			continue
		}
		if resp.StatusCode == 200 {
			open++
			bufio.NewReader(resp.Body).ReadString('\n')
			bodies = append(bodies, resp)
		} else {
			refused++
			resp.Body.Close()
		}
	}
	after := rss(pid)
	for _, r := range bodies {
		r.Body.Close()
	}
	return []result{{"12", "1,000 live status streams on one session", fmt.Sprintf("%d open, %d refused (429); server memory %.0f → %.0f MiB", open, refused, before, after), open <= 4}}
}
