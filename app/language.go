package main

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/msg"
)

// The language the UI speaks: the one the player chose in Settings, else
// the browser's. A language other than English is its catalogue, which the
// browser fetches from /web/lang/<tag>.json (the service worker keeps them
// all for offline play); the first page renders once it is in.

// langCookie tells the server the language, so the page it renders before
// app.wasm runs speaks it too.
const langCookie = "cardtable.lang"

// startLanguage puts the language in place before the first page renders.
func startLanguage() {
	tag := storedLanguage()
	if tag == "" {
		tag = msg.Match(browserLanguages())
	}
	if err := useLanguage(tag); err != nil {
		app.Log(err)
		useLanguage(msg.English)
	}
}

// storedLanguage is the language saved in the player's settings, "" when
// they follow the browser's.
func storedLanguage() string {
	v := app.Window().Get("localStorage")
	if !v.Truthy() {
		return ""
	}
	raw := v.Call("getItem", settingsKey)
	if raw.Type() != app.TypeString {
		return ""
	}
	var s Settings
	if json.Unmarshal([]byte(raw.String()), &s) != nil {
		return ""
	}
	return s.Lang
}

// browserLanguages are the browser's preferred languages, best first.
func browserLanguages() []string {
	nav := app.Window().Get("navigator")
	if !nav.Truthy() {
		return nil
	}
	var out []string
	if ls := nav.Get("languages"); ls.Truthy() {
		for i := 0; i < ls.Length(); i++ {
			out = append(out, ls.Index(i).String())
		}
	}
	if l := nav.Get("language"); len(out) == 0 && l.Truthy() {
		out = append(out, l.String())
	}
	return out
}

// errNoCatalogue is a language whose catalogue did not arrive.
var errNoCatalogue = errors.New("the language's words could not be loaded")

// useLanguage makes the UI speak tag from the next render on: it fetches
// the language's catalogue (English needs none) and registers it, and sets
// the page's lang attribute, which the components read for their printer
// (components.Speaker), and the cookie the server reads. It waits for the catalogue at
// most a few seconds and keeps the current language when it fails.
func useLanguage(tag string) error {
	l, ok := msg.Find(tag)
	switch {
	case tag == msg.Pseudo:
		msg.Register(msg.PseudoCatalogue())
		l = msg.Language{Tag: msg.Pseudo}
	case !ok:
		return errNoCatalogue
	case l.Tag == msg.English:
	default:
		data, err := fetchText("/web/lang/" + l.Tag + ".json")
		if err != nil {
			return err
		}
		c, err := msg.Parse(l.Tag, data)
		if err != nil {
			return err
		}
		msg.Register(c)
	}
	if doc := app.Window().Get("document"); doc.Truthy() {
		doc.Get("documentElement").Set("lang", l.Tag)
		doc.Set("cookie", langCookie+"="+l.Tag+"; path=/; max-age=31536000; samesite=lax")
	}
	return nil
}

// fetchText fetches a file of the app with the page's fetch (the service
// worker answers it offline).
func fetchText(url string) ([]byte, error) {
	fetch := app.Window().Get("fetch")
	if !fetch.Truthy() {
		return nil, errNoCatalogue
	}
	done := make(chan []byte, 1)
	app.Window().Call("fetch", url).Then(func(res app.Value) {
		if !res.Truthy() || !res.Get("ok").Bool() {
			done <- nil
			return
		}
		res.Call("text").Then(func(text app.Value) {
			done <- []byte(text.String())
		})
	})
	select {
	case b := <-done:
		if b == nil {
			return nil, errNoCatalogue
		}
		return b, nil
	case <-time.After(5 * time.Second):
		return nil, errNoCatalogue
	}
}
