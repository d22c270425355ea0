package account

import "strings"

// Device is the approximate device of a sign-in, read from the browser's
// user agent: a browser family and an operating system, each "" when not
// recognised. Only these two words are kept, never the user agent itself.
type Device struct {
	Browser string
	OS      string
}

// DeviceOf reads a user agent. Order matters: Edge and Opera also say
// Chrome, Chrome also says Safari, Android also says Linux, iOS says Mac OS X.
func DeviceOf(ua string) Device {
	var d Device
	for _, b := range []struct{ token, name string }{
		{"Edg/", "Edge"}, {"EdgA/", "Edge"}, {"OPR/", "Opera"}, {"SamsungBrowser/", "Samsung Internet"},
		{"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"}, {"CriOS/", "Chrome"}, {"Chrome/", "Chrome"},
		{"Chromium/", "Chromium"}, {"Safari/", "Safari"},
	} {
		if strings.Contains(ua, b.token) {
			d.Browser = b.name
			break
		}
	}
	for _, o := range []struct{ token, name string }{
		{"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Android", "Android"}, {"CrOS", "ChromeOS"},
		{"Windows", "Windows"}, {"Mac OS X", "macOS"}, {"Macintosh", "macOS"}, {"Linux", "Linux"},
	} {
		if strings.Contains(ua, o.token) {
			d.OS = o.name
			break
		}
	}
	return d
}

// String stores a device as "browser;os".
func (d Device) String() string { return d.Browser + ";" + d.OS }

// ParseDevice reads a stored device back.
func ParseDevice(s string) Device {
	b, o, _ := strings.Cut(s, ";")
	return Device{Browser: b, OS: o}
}
