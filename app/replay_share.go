package main

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games/record"
)

// replayShare offers a finished match's replay under its result: a link
// that opens the replay page ("Watch the replay"), "Share replay" (the
// system's share sheet where the browser has one, else the link copied)
// and "Save as file" (the record's JSON). It offers nothing for a record
// whose match the engine does not find over: an unfinished match is never
// shared with its hidden cards.
type replayShare struct {
	app.Compo
	speaker
	Record *record.Record
	Title  string
	Room   bool // under a room's table, where the room's result shows

	checked string // the record the link and data were made for (a room's session copies it at every render)
	link    string // the replay page's path and fragment, "" for none
	data    []byte // the record's JSON
	said    string // what the last tap did ("Link copied.")
}

// prepare checks the record with its engine and makes the link, once per
// record.
func (s *replayShare) prepare() {
	key := ""
	if s.Record != nil {
		key = fmt.Sprintf("%s/%d/%d", s.Record.Game, s.Record.Seed, len(s.Record.Actions))
	}
	if s.checked == key {
		return
	}
	s.checked, s.link, s.data, s.said = key, "", nil, ""
	if s.Record == nil {
		return
	}
	r, err := openReplay(s.P(), s.Record)
	if err != nil || !r.Finished() {
		return
	}
	link, err := replayLink(s.Record)
	if err != nil {
		return
	}
	data, err := s.Record.Marshal()
	if err != nil {
		return
	}
	s.link, s.data = link, data
}

// share hands the link to the system's share sheet, or copies it.
func (s *replayShare) share(ctx app.Context, e app.Event) {
	url := app.Window().Get("location").Get("origin").String() + s.link
	nav := app.Window().Get("navigator")
	if nav.Truthy() && nav.Get("share").Truthy() {
		data := app.Window().Get("Object").New()
		data.Set("title", s.P().T("cardtable: %s", s.Title))
		data.Set("text", s.P().T("Watch the replay of my match"))
		data.Set("url", url)
		nav.Call("share", data)
		return
	}
	s.said = s.P().T("Copy this link: %s", url)
	if !nav.Truthy() || !nav.Get("clipboard").Truthy() {
		return
	}
	var done, failed app.Func
	release := func() { done.Release(); failed.Release() }
	done = app.FuncOf(func(app.Value, []app.Value) any {
		ctx.Dispatch(func(app.Context) { s.said = s.P().T("Link copied.") })
		release()
		return nil
	})
	failed = app.FuncOf(func(app.Value, []app.Value) any {
		release() // the link stays on screen to copy by hand
		return nil
	})
	nav.Get("clipboard").Call("writeText", url).Call("then", done).Call("catch", failed)
}

func (s *replayShare) Render() app.UI {
	s.prepare()
	if s.link == "" {
		return app.Div().Class("replay-share replay-share--none")
	}
	file := fileLink(s.data)
	cls := "replay-share"
	if s.Room {
		cls += " replay-share--room"
	}
	return app.Section().Class(cls).Aria("label", s.P().T("Replay")).Body(
		app.Div().Class("actions").Body(
			app.A().Class("btn").ID("watch-replay").Href(s.link).Text(s.P().T("Watch the replay")),
			app.Button().Class("btn").ID("share-replay").Text(s.P().T("Share replay")).OnClick(s.share),
			app.A().Class("btn btn--ghost").ID("save-replay").Href(file).Attr("download", replayFileName(s.Record)).
				Text(s.P().T("Save as file")),
		),
		app.If(s.said != "", func() app.UI { return app.P().Class("replay-share__said").Attr("role", "status").Text(s.said) }),
	)
}
