package actor

import (
	"testing"
)

func TestActorOwns(t *testing.T) {
	t.Parallel()
	guest := Actor{SessionID: "s1"}
	signedIn := Actor{SessionID: "s1", AccountID: "a1"}
	otherBrowser := Actor{SessionID: "s2", AccountID: "a1"}
	stranger := Actor{SessionID: "s3", AccountID: "a2"}
	cases := []struct {
		name             string
		who              Actor
		session, account string
		want             bool
	}{
		{"guest owns what its session made", guest, "s1", "", true},
		{"guest does not own another session's object", guest, "s2", "", false},
		{"guest does not own an account's object made in its session", guest, "s1", "a1", false},
		{"no session owns nothing", Actor{}, "", "", false},
		{"signed in owns its session's guest objects", signedIn, "s1", "", true},
		{"signed in owns its account's objects", signedIn, "s9", "a1", true},
		{"the account's objects from another browser", otherBrowser, "s1", "a1", true},
		{"another browser does not own a guest object of s1", otherBrowser, "s1", "", false},
		{"another account owns nothing of a1", stranger, "s1", "a1", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.who.Owns(c.session, c.account); got != c.want {
				t.Fatalf("Owns(%q, %q) = %v, want %v", c.session, c.account, got, c.want)
			}
		})
	}
}
