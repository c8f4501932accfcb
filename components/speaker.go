package components

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/msg"
)

// Speaker gives a component the printer of the page it is on: embedded next
// to app.Compo, its P is the language the page speaks. go-app's Render has
// no context, so the printer is set before the render that counts: on the
// server in OnPreRender, from the request's page (go-app dispatches it right
// after OnInit and renders the component again in the same update, before
// the page is written), and in the browser in OnInit, from the language the
// document speaks (the app sets it before the first page renders). A
// component that has its own OnInit or OnPreRender calls the Speaker's.
//
// A component embeds it under an unexported name, an alias in its package
// (type speaker = components.Speaker): go-app copies a mounted component's
// exported fields from the one its parent's next Render makes, which would
// put that one's printer, still unset, in place of this one's.
type Speaker struct {
	p *msg.Catalogue
}

// P is the component's printer (nil, English, until it is set).
func (s *Speaker) P() *msg.Catalogue { return s.p }

// OnInit takes the language of the document, in the browser.
func (s *Speaker) OnInit() {
	if app.IsClient {
		s.Listen()
	}
}

// speaker is Speaker under an unexported name, for this package's
// components to embed.
type speaker = Speaker

// OnPreRender takes the language of the page the server renders.
func (s *Speaker) OnPreRender(ctx app.Context) { s.p = msg.For(ctx.Page().Lang()) }

// Listen takes again the language the document speaks, after the page
// changed it (a language chosen in Settings).
func (s *Speaker) Listen() {
	s.p = msg.For(app.Window().Get("document").Get("documentElement").Get("lang").String())
}
