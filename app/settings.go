package main

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// settingsPage sets card size, animation speed, the left-handed layout and
// how fast the bots move.
type settingsPage struct {
	app.Compo
	s Settings
}

func (p *settingsPage) OnMount(ctx app.Context) { p.s = loadSettings(ctx) }

func (p *settingsPage) choice(ctx app.Context) string { return ctx.JSSrc().Get("value").String() }

func radioGroup(name, legend string, values [][2]string, cur string, on func(v string)) app.UI {
	items := []app.UI{app.Legend().Text(legend)}
	for _, v := range values {
		v := v
		id := name + "-" + v[0]
		items = append(items, app.Label().For(id).Class("radio").Body(
			app.Input().Type("radio").Name(name).ID(id).Value(v[0]).Checked(v[0] == cur).
				OnChange(func(ctx app.Context, e app.Event) { on(v[0]) }),
			app.Text(" "+v[1]),
		))
	}
	return app.FieldSet().Class("field").Body(items...)
}

func (p *settingsPage) set(ctx app.Context) { saveSettings(ctx, p.s) }

func (p *settingsPage) Render() app.UI {
	return page(p.s, "Settings", app.Div().ID("settings").Body(
		radioGroup("cardsize", "Card size", [][2]string{{"s", "Small"}, {"m", "Medium"}, {"l", "Large"}}, p.s.CardSize,
			func(v string) { p.s.CardSize = v }),
		radioGroup("anim", "Animations", [][2]string{{"off", "Off"}, {"fast", "Fast"}, {"normal", "Normal"}, {"slow", "Slow"}}, p.s.Animation,
			func(v string) { p.s.Animation = v }),
		radioGroup("pace", "Bot speed", [][2]string{{"0", "Instant"}, {"250", "Fast"}, {"600", "Normal"}, {"1200", "Slow"}}, strconv.Itoa(p.s.BotPace),
			func(v string) { p.s.BotPace, _ = strconv.Atoi(v) }),
		app.Label().Class("check").Body(
			app.Input().Type("checkbox").ID("lefty").Checked(p.s.LeftHanded).
				OnChange(func(ctx app.Context, e app.Event) { p.s.LeftHanded = ctx.JSSrc().Get("checked").Bool() }),
			app.Text(" Left-handed layout (buttons on the left)"),
		),
		app.Label().Class("check").Body(
			app.Input().Type("checkbox").ID("sounds").Checked(p.s.Sounds).
				OnChange(func(ctx app.Context, e app.Event) {
					p.s.Sounds = ctx.JSSrc().Get("checked").Bool()
					soundTurn.play(p.s.Sounds) // what it sounds like
				}),
			app.Text(" Sounds (a tick for each card, a chime when it is your turn)"),
		),
		app.Div().Class("actions").Body(
			app.Button().Class("btn btn--primary").ID("save-settings").Text("Save").
				OnClick(func(ctx app.Context, e app.Event) { p.set(ctx); ctx.Navigate("/") }),
			app.A().Class("btn btn--ghost").Href("/").Text("Cancel"),
		),
		app.P().Class("field__help").Text("Animations also stop when your device asks for reduced motion."),
	))
}
