package main

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/msg"
)

// settingsPage sets card size, animation speed, the left-handed layout and
// how fast the bots move. Each change is stored and applied at once, and the
// page stays where it is.
type settingsPage struct {
	app.Compo
	speaker
	s       Settings
	langErr string // why the language chosen could not be used
	saved   bool   // a change was stored: the page says so
}

// OnInit shows the defaults until the player's settings are read (a page
// the server renders has no storage to read them from).
func (p *settingsPage) OnInit() {
	p.speaker.OnInit()
	p.s = defaultSettings()
}

func (p *settingsPage) OnMount(ctx app.Context) { p.s = loadSettings(ctx) }

func (p *settingsPage) choice(ctx app.Context) string { return ctx.JSSrc().Get("value").String() }

func radioGroup(name, legend string, values [][2]string, cur string, on func(ctx app.Context, v string)) app.UI {
	items := []app.UI{app.Legend().Text(legend)}
	for _, v := range values {
		v := v
		id := name + "-" + v[0]
		// The checked attribute only where it holds: a page rendered on the
		// server writes checked="false", which a browser reads as checked.
		in := app.Input().Type("radio").Name(name).ID(id).Value(v[0])
		if v[0] == cur {
			in = in.Checked(true)
		}
		items = append(items, app.Label().For(id).Class("radio").Body(
			in.OnChange(func(ctx app.Context, e app.Event) { on(ctx, v[0]) }),
			app.Text(" "+v[1]),
		))
	}
	return app.FieldSet().Class("field").Body(items...)
}

// set applies a change and stores it at once.
func (p *settingsPage) set(ctx app.Context, change func(s *Settings)) {
	change(&p.s)
	saveSettings(ctx, p.s)
	p.saved = true
}

// language is the language picker: the device's language or one the app
// speaks, each named in itself. A choice applies at once (the page speaks
// it as soon as its words are in) and is remembered.
func (p *settingsPage) language() app.UI {
	device := msg.Match(browserLanguages())
	name := func(tag string) string {
		if l, ok := msg.Find(tag); ok {
			return l.Name
		}
		return tag
	}
	opts := []app.UI{choice("", p.P().T("The device's language (%s)", name(device)), p.s.Lang == "")}
	for _, l := range msg.Languages {
		opts = append(opts, choice(l.Tag, l.Name, p.s.Lang == l.Tag))
	}
	return app.Div().Class("field").Body(
		app.Label().For("language").Text(p.P().T("Language")),
		app.Select().ID("language").Body(opts...).OnChange(func(ctx app.Context, e app.Event) {
			chosen := p.choice(ctx)
			tag := chosen
			if tag == "" {
				tag = device
			}
			p.set(ctx, func(s *Settings) { s.Lang = chosen })
			ctx.Async(func() {
				err := useLanguage(tag)
				ctx.Dispatch(func(ctx app.Context) {
					p.Listen() // the page speaks the language now in place
					p.langErr = ""
					if err != nil {
						p.langErr = p.P().T("%s could not be loaded: check the connection and try again.", name(tag))
					}
				})
			})
		}),
		app.If(p.langErr != "", func() app.UI { return app.P().Class("field__error").Attr("role", "alert").Text(p.langErr) }),
	)
}

func (p *settingsPage) Render() app.UI {
	return page(p.s, p.P().T("Settings"), app.Div().ID("settings").Body(
		p.language(),
		radioGroup("cardsize", p.P().T("Card size"), [][2]string{{"s", p.P().T("Small")}, {"m", p.P().T("Medium")}, {"l", p.P().T("Large")}}, p.s.CardSize,
			func(ctx app.Context, v string) { p.set(ctx, func(s *Settings) { s.CardSize = v }) }),
		radioGroup("anim", p.P().T("Animations"), [][2]string{{"off", p.P().T("Off")}, {"fast", p.P().T("Fast")}, {"normal", p.P().T("Normal")}, {"slow", p.P().T("Slow")}}, p.s.Animation,
			func(ctx app.Context, v string) { p.set(ctx, func(s *Settings) { s.Animation = v }) }),
		radioGroup("pace", p.P().T("Bot speed"), [][2]string{{"0", p.P().T("Instant")}, {"250", p.P().T("Fast")}, {"600", p.P().T("Normal")}, {"1200", p.P().T("Slow")}}, strconv.Itoa(p.s.BotPace),
			func(ctx app.Context, v string) {
				if n, err := strconv.Atoi(v); err == nil {
					p.set(ctx, func(s *Settings) { s.BotPace = n })
				}
			}),
		app.Label().Class("check").Body(
			checkbox("lefty", p.s.LeftHanded).
				OnChange(func(ctx app.Context, e app.Event) {
					on := ctx.JSSrc().Get("checked").Bool()
					p.set(ctx, func(s *Settings) { s.LeftHanded = on })
				}),
			app.Text(" "+p.P().T("Left-handed layout (buttons on the left)")),
		),
		app.Label().Class("check").Body(
			checkbox("sounds", p.s.Sounds).
				OnChange(func(ctx app.Context, e app.Event) {
					on := ctx.JSSrc().Get("checked").Bool()
					p.set(ctx, func(s *Settings) { s.Sounds = on })
					soundTurn.play(on) // what it sounds like
				}),
			app.Text(" "+p.P().T("Sounds (a tick for each card, a chime when it is your turn)")),
		),
		app.P().Class("field__help").Text(p.P().T("Animations also stop when your device asks for reduced motion.")),
		// Said quietly once a change is stored: there is nothing to press.
		app.P().Class("settings__saved").ID("settings-saved").Attr("role", "status").Body(
			app.If(p.saved, func() app.UI { return app.Text(p.P().T("Saved: changes apply at once.")) }),
		),
	))
}
