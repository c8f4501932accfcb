package main

import (
	"encoding/base64"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/ui"
)

// damagedSave is what the table and the result pages show instead of a
// save that is damaged (checkSave): that it is, and how, in words; "Save as
// file", which keeps the stored text as it is (to look into or to report);
// and "Discard the save", asked first. Nothing is built from the save.
type damagedSave struct {
	app.Compo
	speaker
	GameID string
	Data   []byte // the stored text, as found
	Why    string // how it is damaged, in words

	shown  string // the save the state below is for
	asking bool   // the discard is being confirmed
	gone   bool   // the save is discarded
}

// sync forgets a confirmation or a discard made for another save.
func (d *damagedSave) sync() {
	key := d.GameID + "\x00" + string(d.Data)
	if d.shown != key {
		d.shown, d.asking, d.gone = key, false, false
	}
}

func (d *damagedSave) discard(ctx app.Context, e app.Event) {
	discardSave(ctx, d.GameID)
	d.asking, d.gone = false, true
}

func (d *damagedSave) Render() app.UI {
	d.sync()
	if d.gone {
		return app.Section().Class("damaged-save").ID("damaged-save").DataSet("discarded", true).Body(
			app.P().Attr("role", "status").Text(d.P().T("The damaged save is discarded.")),
			app.Div().Class("actions").Body(
				app.A().Class("btn btn--primary").Href(ui.GameURL("/new", d.GameID)).Text(d.P().T("New game")),
				app.A().Class("btn btn--ghost").Href("/").Text(d.P().T("Home")),
			),
		)
	}
	return app.Section().Class("damaged-save").ID("damaged-save").Aria("labelledby", "damaged-title").Body(
		app.P().ID("damaged-title").Attr("role", "alert").Body(
			app.Strong().Text(d.P().T("This saved game is damaged, so it can't be opened.")),
		),
		app.P().ID("damaged-why").Text(d.Why),
		app.Div().Class("actions").Body(
			app.A().Class("btn").ID("save-damaged").DataSet("action", "save-damaged").
				Href(fileLink(d.Data)).Attr("download", "cardtable-"+d.GameID+"-damaged-save.json").
				Text(d.P().T("Save as file")),
			app.Button().Class("btn btn--ghost").ID("discard-save").DataSet("action", "discard-save").
				Text(d.P().T("Discard the save")).
				OnClick(func(ctx app.Context, e app.Event) { d.asking = true }),
			app.A().Class("btn btn--ghost").Href("/").Text(d.P().T("Home")),
		),
		app.If(d.asking, func() app.UI {
			return app.Div().Class("confirm").ID("discard-confirm").Attr("role", "alertdialog").
				Aria("labelledby", "discard-question").Body(
				app.P().ID("discard-question").Body(app.Strong().Text(d.P().T("Discard this saved game? It can't be brought back."))),
				app.Div().Class("actions").Body(
					app.Button().Class("btn").ID("discard-yes").DataSet("action", "discard-yes").
						Text(d.P().T("Discard it")).OnClick(d.discard),
					app.Button().Class("btn btn--ghost").ID("discard-no").DataSet("action", "discard-no").
						Text(d.P().T("Keep it")).OnClick(func(ctx app.Context, e app.Event) { d.asking = false }),
				),
			)
		}),
	)
}

// fileLink is a link that downloads data as a JSON file ("Save as file").
func fileLink(data []byte) string {
	return "data:application/json;base64," + base64.StdEncoding.EncodeToString(data)
}
