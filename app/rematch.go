package main

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc"
)

// A finished room plays again at the same table: the host's page opens the
// room's lobby again with the same seats (each friend keeps theirs by their
// seat token, each bot its level) and a new match of the same game and
// options, whose deal is drawn jointly when the host starts it, as the
// first one was. A friend's page joins it again with its token.

// rematchWord is how long the host's page waits for the friends' pages to
// hear of the next match before it reloads into it.
const rematchWord = 800 * time.Millisecond

// rematchJournal is the journal of the next match at the table of j: the
// same seats and options, a new record not started.
func rematchJournal(j *rtc.Journal, seed uint64) rtc.Journal {
	old := j.Record
	cfg := games.Config{Players: old.Players, Options: old.Options, Seed: seed}
	seats := make([]rtc.SeatInfo, len(j.Seats))
	copy(seats, j.Seats)
	return rtc.Journal{V: j.V, Record: record.New(old.Game, cfg), HostSeat: j.HostSeat, Seats: seats, Deal: j.Deal}
}

// rematch opens the lobby of the next match at this table, on the host's
// page: the finished room closes, the next one is saved as the hosted room
// and the page opens it as after a reload.
func (p *tablePage) rematch(ctx app.Context, e app.Event) {
	r := activeRoom
	if r == nil || r.host == nil || !r.session().Snapshot().Done {
		return
	}
	j := r.host.Journal()
	// The friends' pages are told the next match is open; the page
	// reloads a moment later, when the word has gone out (a page that
	// missed it still offers to join the next match).
	r.host.Again()
	r.close()
	activeRoom = nil
	var hs hostSave
	ctx.LocalStorage().Get(hostKey, &hs)
	hs.Journal = rematchJournal(j, newSeed())
	ctx.LocalStorage().Set(hostKey, hs)
	p.rematching = true
	ctx.After(rematchWord, func(app.Context) { app.Window().Get("location").Call("reload") })
}

// rejoin takes this page's seat at the host's next match: the page joins
// the room again with its seat token.
func (p *tablePage) rejoin(ctx app.Context, e app.Event) {
	if r := activeRoom; r != nil {
		r.close()
		activeRoom = nil
	}
	app.Window().Get("location").Call("reload")
}

// renderRematch offers the next match at the same table: the host opens
// it, a friend joins it once the host has.
func (p *tablePage) renderRematch() app.UI {
	if p.room == nil {
		return nil
	}
	if p.room.host != nil {
		return app.Div().Class("actions room__again").Body(
			app.Button().Class("btn btn--primary").ID("rematch").Disabled(p.rematching).Text(p.P().T("Play again at this table")).OnClick(p.rematch),
		)
	}
	help := p.P().T("When the host opens the next match, join it here: you keep your seat.")
	if p.room.nextMatch.Load() {
		help = p.P().T("The host opened the next match at this table: join it, you keep your seat.")
	}
	return app.Div().Class("actions room__again").DataSet("next", p.room.nextMatch.Load()).Body(
		app.P().Class("field__help").ID("rematch-said").Attr("role", "status").Text(help),
		app.Button().Class("btn btn--primary").ID("rematch-join").Text(p.P().T("Join the next match")).OnClick(p.rejoin),
	)
}
