package main

import (
	"errors"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/rtc/pion"
	"cardtable/ui"
)

// The table page's part in a room (room_run.go runs the room): it opens or
// joins the room of the address, follows its changes, and shows the join
// form, the wait, the lobby and the room's result.

// openRoom shows the room of the address: the room this page already takes
// part in, the hosted room of local storage (after a reload, or new from the
// new-game page when code is empty), or a room to join.
func (p *tablePage) openRoom(ctx app.Context, code string) {
	p.roomCode = code
	if !app.IsClient {
		return // the server pre-renders "Connecting…"
	}
	r := activeRoom
	if code == "" && r != nil && r.host != nil {
		// Back to /play?host=new: the room this page hosts is still on.
		if r.code != "" {
			ctx.Navigate(roomPath(r.code))
			return
		}
		p.attachRoom(ctx, r) // still opening
		return
	}
	if r != nil && r.code != code {
		r.close()
		activeRoom, r = nil, nil
	}
	if r != nil {
		p.attachRoom(ctx, r)
		return
	}
	var hs hostSave
	ctx.LocalStorage().Get(hostKey, &hs)
	if code == "" && hs.Code != "" {
		ctx.Navigate(roomPath(hs.Code)) // the saved room has opened already
		return
	}
	hosting := hs.Journal.Record != nil && hs.Code == code
	switch {
	case hosting:
		pace := p.settings.pace()
		r, err := hostRoom(ctx, hs, func() time.Duration { return pace }, func(got string, err error) {
			ctx.Dispatch(func(ctx app.Context) {
				if err != nil {
					if r := activeRoom; r != nil {
						r.failed = p.P().T("The room could not be opened: %s", linkWords(p.P(), err))
						if errors.Is(err, pion.ErrUnreachable) {
							r.failed = linkWords(p.P(), err)
						}
						ctx.Defer(showRetry)
					}
					return
				}
				if p.roomCode != got {
					ctx.Navigate(roomPath(got))
				}
			})
		})
		if err != nil {
			p.err = p.P().T("This room can't be hosted: %s", linkWords(p.P(), err))
			return
		}
		activeRoom = r
		p.attachRoom(ctx, r)
	case code == "":
		p.missing = true
	default:
		p.invited = linkInviteWords(p.P(), ctx.Page().URL().Query())
		if p.joinName = loadName(ctx); p.joinName == "" {
			p.asking = true // the join form asks for a name first
			return
		}
		p.join(ctx)
	}
}

// join joins the room of the address under the name given.
func (p *tablePage) join(ctx app.Context) {
	r, err := joinRoom(p.P(), ctx, p.roomCode, p.joinName)
	if err != nil {
		p.err = p.P().T("This room can't be joined: %s", linkWords(p.P(), err))
		return
	}
	p.asking = false
	activeRoom = r
	p.attachRoom(ctx, r)
}

// attachRoom makes the page show r and follow its changes.
func (p *tablePage) attachRoom(ctx app.Context, r *roomRun) {
	ctx = p.pageCtx // an event's context dies with its element (the join form)
	p.room = r
	r.show = func(n rtc.Notice) {
		ctx.Dispatch(func(ctx app.Context) {
			if p.room == r {
				p.roomChanged(ctx, n)
			}
		})
	}
	p.roomChanged(ctx, rtc.Notice{Kind: rtc.NoticeStatus})
}

// roomChanged reads the room's session after a notice.
func (p *tablePage) roomChanged(ctx app.Context, n rtc.Notice) {
	s := p.room.session()
	switch {
	case n.Kind == rtc.NoticeError && n.Code == rtc.CodeDealLost:
		p.notice = p.P().T("This page reloaded during a match dealt with no dealer, which cannot go on: the lobby is open again for a new match at the same seats.")
	case n.Kind == rtc.NoticeError && n.Err != "":
		p.notice = ui.Refusal(p.P(), n.Cause())
	case n.Kind == rtc.NoticeBye && n.Err != "":
		// The host's reason for ending the link: after a passing one the
		// session reconnects by itself, after a final one its end follows.
		if w := byeWords(p.P(), n.Code); w != "" {
			p.notice = w
		} else {
			p.notice = ui.Sentence(p.P(), p.P().T("The host ended the link: %s", linkWords(p.P(), errors.New(n.Err))))
		}
	}
	info := s.Info()
	if info.ID == "" {
		return // a joiner before the host's welcome
	}
	p.info, p.gameID = info, info.ID
	p.me = s.Seat()
	if p.room.dealing() {
		p.live = s // the first deal is under way: no table yet
		return
	}
	seats := s.Seats()
	p.players = len(seats)
	p.seatBots = make([]string, len(seats))
	for i, st := range seats {
		if st.BotPlays {
			p.seatBots[i] = st.Bot
		}
	}
	prev := p.view
	p.boardSel, p.handSel = "", ""
	p.live, p.snap = s, s.Snapshot()
	p.show(p.snap.View)
	p.legal = p.snap.Legal
	p.setSteps(p.snap.Step)
	if !s.Started() {
		return
	}
	if !p.room.drawTold {
		// Once, as the match starts: whom the shuffle went on without.
		p.room.drawTold = true
		if d := s.Draw(); d != nil && len(d.Left) > 0 {
			d.Earlier = nil
			p.notice = joinLines(drawLines(p.P(), d, roomNames(p.P(), seats, p.me), p.me))
		}
	}
	if prev == nil && len(n.Events) == 0 && !p.snap.Done {
		return // the first view: nothing happened yet
	}
	p.tell(n.Events, prev, p.snap.Done)
	if p.snap.Done {
		p.recordEnd(ctx) // in the statistics, once: the host's page and every joiner's
	}
}

// leaveRoom ends this page's part in the room; a host closes the room.
func (p *tablePage) leaveRoom(ctx app.Context, e app.Event) {
	if r := activeRoom; r != nil {
		p.recordLeft(ctx, r) // given up, when play had begun
		if r.host != nil {
			r.host.End() // the others stop waiting for this room
		}
		r.close()
		if r.host != nil {
			ctx.LocalStorage().Del(hostKey)
		} else {
			ctx.LocalStorage().Del(joinKey)
		}
		activeRoom = nil
	}
	p.room, p.live = nil, nil
	ctx.Navigate("/")
}

// renderJoin asks a joiner's name before the first visit to a room.
func (p *tablePage) renderJoin() app.UI {
	return page(p.settings, p.P().T("Join a room"), app.Form().ID("join").Class("join").OnSubmit(func(ctx app.Context, e app.Event) {
		e.PreventDefault()
		if p.joinName == "" {
			p.notice = p.P().T("Type the name the others will see.")
			return
		}
		ctx.LocalStorage().Set(nameKey, p.joinName)
		p.join(ctx)
	}).Body(
		app.P().ID("link-invite").Text(p.invited),
		app.Div().Class("field").Body(
			app.Label().For("name").Text(p.P().T("Your name")),
			app.Input().ID("name").Type("text").MaxLength(24).AutoComplete(false).Value(p.joinName).Required(true).
				OnInput(func(ctx app.Context, e app.Event) { p.joinName = ctx.JSSrc().Get("value").String() }),
		),
		components.Notice(p.notice),
		app.Div().Class("actions").Body(app.Button().Type("submit").Class("btn btn--primary").ID("join-room").Text(p.P().T("Join"))),
	))
}

// renderRoomWait is the page while a room opens or a joiner connects.
func (p *tablePage) renderRoomWait() app.UI {
	r := p.room
	status := p.P().T("Connecting to the room…")
	failed := p.err
	dealing := r != nil && r.dealing()
	if dealing {
		// A room dealt with no dealer: no hand until the first deal is done.
		status = p.P().T("Dealing: every page shuffles the deck in turn, locked, and each card opens only for its holder…")
	}
	if r != nil && !dealing {
		failed = r.failed
		if r.peer != nil && r.peer.Status() == rtc.StatusReconnecting && !r.unreachable.Load() {
			status = p.P().T("Looking for the host… (is their page open?)")
		}
		switch {
		case r.peer == nil || failed != "":
		case r.unreachable.Load():
			failed = linkWords(p.P(), pion.ErrUnreachable)
		case r.peer.LastError() != "":
			failed = p.P().T("Last try: %s", r.peer.LastError())
		}
	}
	retry := r != nil && r.peer != nil && r.unreachable.Load()
	return page(p.settings, p.P().T("Play with friends"), app.Div().ID("room").Class("room").DataSet("state", map[bool]string{true: "dealing", false: "connecting"}[dealing]).Body(
		app.If(p.invited != "", func() app.UI { return app.P().ID("link-invite").Text(p.invited) }),
		app.P().Attr("role", "status").Text(status),
		app.If(failed != "", func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(failed) }),
		app.If(dealing && r.mentalStopped(), func() app.UI { return p.roomVerdict(r.outer()) }),
		app.Div().Class("actions").Body(
			app.If(retry, func() app.UI {
				return app.Button().Class("btn btn--primary").ID("room-retry").Text(p.P().T("Try again")).OnClick(p.joinAgain)
			}),
			app.Button().Class("btn btn--ghost").Text(p.P().T("Leave")).OnClick(p.leaveRoom),
		),
	))
}

// joinAgain tries at once to join the room again, after the signaling
// server could not be reached.
func (p *tablePage) joinAgain(ctx app.Context, e app.Event) {
	if r := activeRoom; r != nil && r.peer != nil {
		r.close()
		activeRoom = nil
	}
	p.join(ctx)
}

// renderOpening stands where the room's link will be while the room opens,
// or says why it could not, with a Try again.
func (p *tablePage) renderOpening(r *roomRun) app.UI {
	return app.Div().Class("room__opening").Body(
		app.P().Attr("role", "status").Text(p.P().T("Opening the room…")),
		app.If(retryOpen(r), func() app.UI {
			return app.Div().Body(
				app.P().Class("error").Attr("role", "alert").Text(r.failed),
				app.Button().Class("btn btn--primary").ID("room-retry").Text(p.P().T("Try again")).OnClick(p.reopenRoom),
			)
		}),
	)
}

// reopenRoom tries again to open the hosted room on the signaling server.
func (p *tablePage) reopenRoom(ctx app.Context, e app.Event) {
	if r := p.room; r != nil && r.reopen != nil && r.code == "" {
		r.failed = ""
		r.reopen()
	}
}

// renderLobby shows the room before the start: its link to share, the
// seats, and for the host the bots, kicks and the start.
func (p *tablePage) renderLobby(s roomSession) app.UI {
	r := p.room
	host := r.host
	seats := s.Seats()
	names := roomNames(p.P(), seats, p.me)
	link := ""
	if r.code != "" {
		hostName := ""
		if host != nil && int(p.me) < len(seats) {
			hostName = seats[p.me].Name
		}
		link = roomLink(r.code, p.gameID, hostName)
	}
	rows := []app.UI{}
	empty := 0
	for i, st := range seats {
		i, seat := i, games.Seat(i)
		var controls []app.UI
		switch {
		case st.Kind == rtc.KindEmpty:
			empty++
			if host != nil {
				id := "botlevel" + strconv.Itoa(i)
				controls = append(controls,
					levelSelect(p.P(), id, p.fillLevel, nil),
					app.Button().Class("btn btn--small").DataSet("addbot", i).Text(p.P().T("Add a bot")).
						OnClick(func(ctx app.Context, e app.Event) {
							level := app.Window().GetElementByID(id).Get("value").String()
							p.roomErr(host.SetBot(seat, level))
						}),
				)
			} else {
				controls = append(controls, app.Button().Class("btn btn--small").DataSet("sit", i).Text(p.P().T("Sit here")).
					OnClick(func(ctx app.Context, e app.Event) { p.roomErr(r.peer.Sit(seat)) }))
			}
		case st.Kind == rtc.KindBot && host != nil:
			controls = append(controls, app.Button().Class("btn btn--small btn--ghost").DataSet("removebot", i).Text(p.P().T("Remove")).
				OnClick(func(ctx app.Context, e app.Event) { p.roomErr(host.SetBot(seat, "")) }))
		case st.Kind == rtc.KindPlayer && host != nil:
			controls = append(controls, app.Button().Class("btn btn--small btn--ghost").DataSet("kick", i).Text(p.P().T("Remove")).
				Aria("label", p.P().T("Remove %s from the table", names[i])).
				OnClick(func(ctx app.Context, e app.Event) { p.roomErr(host.Kick(seat)) }))
		}
		kind := ""
		switch st.Kind {
		case rtc.KindHost:
			kind = p.P().T("Host")
		case rtc.KindPlayer:
			kind = p.P().T("Player")
		case rtc.KindBot:
			kind = p.P().T("Bot")
		}
		rows = append(rows, app.Li().Class("lobby__seat lobby__seat--"+st.Kind).DataSet("seat", i).DataSet("kind", st.Kind).Body(
			app.Span().Class("lobby__num").Text(strconv.Itoa(i+1)),
			app.Span().Class("lobby__name").Text(names[i]),
			app.If(kind != "", func() app.UI { return app.Span().Class("lobby__kind").Text(kind) }),
			app.Span().Class("lobby__status").Text(seatStatus(p.P(), st)),
			app.Span().Class("lobby__controls").Body(controls...),
		))
	}
	var hostTools app.UI = app.P().Class("lobby__wait").Attr("role", "status").Text(p.P().T("Waiting for the host to start…"))
	draw := []app.UI{}
	for _, l := range drawLines(p.P(), s.Draw(), names, p.me) {
		draw = append(draw, app.Li().Text(l))
	}
	if host != nil {
		hostTools = app.Div().Class("lobby__host").Body(
			app.If(empty > 0, func() app.UI {
				return app.Div().Class("field field--inline").Body(
					app.Label().For("filllevel").Text(p.P().T("Empty seats: ")),
					levelSelect(p.P(), "filllevel", p.fillLevel, func(l string) { p.fillLevel = l }),
					app.Button().Class("btn").ID("fill-bots").Text(p.P().T("Fill with bots")).
						OnClick(func(ctx app.Context, e app.Event) { p.roomErr(host.FillBots(p.fillLevel)) }),
				)
			}),
			app.Button().Class("btn btn--primary").ID("start-room").Disabled(empty > 0 || drawing(s.Draw())).Text(p.P().T("Start the match")).
				OnClick(func(ctx app.Context, e app.Event) { p.roomErr(host.Start()) }),
		)
	}
	return page(p.settings, p.P().T("%s with friends", gameTitle(p.P(), p.info)),
		app.Div().ID("room").Class("room lobby").DataSet("state", "lobby").DataSet("code", r.code).DataSet("seat", int(p.me)).Body(
			app.If(host == nil, func() app.UI {
				return app.P().Class("lobby__invite").ID("lobby-invite").Text(inviteWords(p.P(), seats, gameTitle(p.P(), p.info), p.invited))
			}),
			app.If(link != "", func() app.UI { return p.shareBox(link) }).
				Else(func() app.UI { return p.renderOpening(r) }),
			app.Section().Body(
				app.H2().Text(p.P().T("Seats")),
				app.Ol().Class("lobby__seats").Body(rows...),
			),
			app.If(len(draw) > 0, func() app.UI {
				return app.Ul().Class("lobby__draw").ID("lobby-draw").Attr("role", "status").Body(draw...)
			}),
			app.P().Class("lobby__fair").Text(p.fairNote()),
			hostTools,
			components.Notice(p.notice),
			app.If(r.failed != "" && !retryOpen(r), func() app.UI { return app.P().Class("error").Attr("role", "alert").Text(r.failed) }),
			app.Div().Class("table__tools").Body(
				app.A().Class("btn btn--small btn--ghost").Href(ui.GameURL("/rules", p.gameID)).Text(p.P().T("Rules")),
				app.Button().Class("btn btn--small btn--ghost").ID("leave-room").Text(p.P().T("Leave the room")).OnClick(p.leaveRoom),
			),
		),
	)
}

// fairNote says what the room's deal covers: a room dealt with no dealer
// hides every hand from every other page, the host's included.
func (p *tablePage) fairNote() string {
	if p.room.noDealer() {
		return noDealerNote(p.P())
	}
	return fairDealNote(p.P())
}

// shareBox shows the room's link with a copy button, the system's share
// sheet where the browser has one, and a QR code to scan.
func (p *tablePage) shareBox(link string) app.UI {
	nav := app.Window().Get("navigator")
	canShare := nav.Truthy() && nav.Get("share").Truthy()
	copyLabel := p.P().T("Copy")
	if p.copied {
		copyLabel = p.P().T("Copied")
	}
	return app.Section().Class("share").Body(
		app.H2().Text(p.P().T("Invite your friends")),
		app.P().Text(p.P().T("They open this link to join your table:")),
		app.Div().Class("share__row").Body(
			app.Input().ID("room-link").Type("text").ReadOnly(true).Value(link).Aria("label", p.P().T("Room link")).
				OnFocus(func(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }),
			app.Button().Class("btn").ID("copy-link").Text(copyLabel).
				OnClick(func(ctx app.Context, e app.Event) {
					if cb := app.Window().Get("navigator").Get("clipboard"); cb.Truthy() {
						cb.Call("writeText", link)
						p.copied = true
						return
					}
					app.Window().GetElementByID("room-link").Call("select")
					p.notice = p.P().T("Press Ctrl+C (or long-press) to copy the selected link.")
				}),
			app.If(canShare, func() app.UI {
				return app.Button().Class("btn").ID("share-link").Text(p.P().T("Share…")).OnClick(func(ctx app.Context, e app.Event) {
					data := app.Window().Get("Object").New()
					data.Set("title", p.P().T("cardtable: %s", gameTitle(p.P(), p.info)))
					data.Set("text", p.P().T("Join my table"))
					data.Set("url", link)
					app.Window().Get("navigator").Call("share", data)
				})
			}),
		),
		app.Div().Class("share__qr").Body(components.QR(p.P(), link)),
	)
}

// levelSelect is a bot level picker.
func levelSelect(p *msg.Catalogue, id, selected string, changed func(string)) app.UI {
	opts := []app.UI{}
	for _, l := range botLevels(p) {
		opts = append(opts, choice(l.ID, l.Label, l.ID == selected))
	}
	sel := app.Select().ID(id).Aria("label", p.T("Bot level")).Body(opts...)
	if changed != nil {
		sel = sel.OnChange(func(ctx app.Context, e app.Event) { changed(ctx.JSSrc().Get("value").String()) })
	}
	return sel
}

func (p *tablePage) roomErr(err error) {
	if err != nil {
		p.notice = lobbyWords(p.P(), err)
	}
}

// roomResult shows who won a room's match, under the table.
func (p *tablePage) roomResult(s roomSession) app.UI {
	names := roomNames(p.P(), s.Seats(), p.me)
	return app.Div().Class("room__result").ID("room-result").Body(append(resultSummary(p.P(), p.gameID, s.Snapshot().Result, names, p.me), p.roomVerdict(s), p.renderRematch())...)
}

// recordLeft counts the room's match the player leaves before its end as
// given up, once play at the table has begun: the others play on without
// the player (a host's leaving ends it for them). The host's page holds
// the match's record and counts it whole; a joiner's page holds no seed or
// action before the end, so it counts a tally and its seats, named by the
// deal's draw (every page saw the same commitments) and the step reached.
func (p *tablePage) recordLeft(ctx app.Context, r *roomRun) {
	s := r.session()
	if p.live == nil || p.snap.Done || p.snap.Step == 0 || !s.Started() {
		return
	}
	e := ended{seat: p.me, room: true, seats: roomSeats(s.Seats(), p.me), at: time.Now().UnixMilli()}
	if r.host != nil && r.mental.Load() == nil {
		e.rec = r.host.Record()
		count(ctx, e)
		return
	}
	rec := p.live.Record()
	if rec == nil || r.failed != "" {
		return // the room had already ended for this page: closed, or left by the link
	}
	var commits []string
	if d := s.Draw(); d != nil {
		commits = d.Commits
	}
	countMatch(leftOf(rec, commits, r.code, p.snap.Step, e))
}
