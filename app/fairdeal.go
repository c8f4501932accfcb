package main

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
)

// A room's deal is drawn by every page together (rtc/draw.go): the lobby
// says how the draw goes and whom it went on without, the result says
// whether this page's own check of the finished match held.

// fairDealNote says plainly what the joint deal does not cover.
func fairDealNote(p *msg.Catalogue) string {
	return p.T("In a room every page adds its own random share to the shuffle, so no one chooses the cards; but the host's page runs the game, so it knows every hand.")
}

// drawLines tells the lobby how the deal's draw goes: earlier draws given
// up, whom it waits for, and whom it went on without and why.
func drawLines(p *msg.Catalogue, d *rtc.DrawStatus, names []string, me games.Seat) []string {
	if d == nil {
		return nil
	}
	var out []string
	for _, e := range d.Earlier {
		if e.Revealed > 0 {
			out = append(out, p.N(e.Revealed, "The host started the shuffle again after %d share had been revealed (attempt %d).",
				"The host started the shuffle again after %d shares had been revealed (attempt %d).", e.Draw))
		} else {
			out = append(out, p.T("The shuffle was started again before any share was revealed (attempt %d).", e.Draw))
		}
	}
	var waiting []string
	for i := range d.Commits {
		seat := games.Seat(i)
		switch {
		case leftOut(d, seat):
		case d.Phase == rtc.PhaseCommit && d.Commits[i] == "":
			waiting = append(waiting, ui.NameOf(p, names, i))
		case d.Phase == rtc.PhaseReveal && d.Commits[i] != "" && !d.Revealed[i]:
			waiting = append(waiting, ui.NameOf(p, names, i))
		}
	}
	secs := int((d.WaitMs + 999) / 1000)
	switch {
	case d.Phase == rtc.PhaseCommit && len(waiting) > 0:
		out = append(out, p.T("Shuffling together: waiting for %s to add a random share (at most %d s more).", ui.AndList(p, waiting), secs))
	case d.Phase == rtc.PhaseReveal && len(waiting) > 0:
		out = append(out, p.T("Shuffling together: every share is promised; waiting for %s to reveal theirs (at most %d s more).", ui.AndList(p, waiting), secs))
	}
	for _, l := range d.Left {
		you := l.Seat == me
		name := ui.NameOf(p, names, int(l.Seat))
		switch l.Why {
		case rtc.LeftNoCommit:
			out = append(out, p.Who(you, name, "Your page did not add its share in time; the deal was made without it.",
				"%s's page did not add its share in time; the deal was made without it."))
		case rtc.LeftNoReveal:
			out = append(out, p.Who(you, name, "Your page did not reveal its share in time; the deal was made without it.",
				"%s's page did not reveal its share in time; the deal was made without it."))
		case rtc.LeftMismatch:
			out = append(out, p.Who(you, name, "Your page's share did not match what it had promised; the deal was made without it.",
				"%s's page's share did not match what it had promised; the deal was made without it."))
		}
	}
	return out
}

// leftOut reports whether the draw went on without seat.
func leftOut(d *rtc.DrawStatus, seat games.Seat) bool {
	for _, l := range d.Left {
		if l.Seat == seat {
			return true
		}
	}
	return false
}

// verdictLines says what this page's own check of the finished match
// found: the first line is "Deal verified" or exactly what failed.
func verdictLines(p *msg.Catalogue, v rtc.Verdict, names []string, me games.Seat) (ok bool, lines []string) {
	var fe *record.FairError
	if v.Err != nil && !errors.As(v.Err, &fe) {
		return false, []string{p.T("Deal not verified: %s.", v.Err.Error())}
	}
	if fe != nil {
		seatName := func() string { return ui.NameOf(p, names, int(fe.Seat)) }
		var s string
		switch fe.Kind {
		case record.FairNone:
			s = p.T("Deal not verified: this match's shuffle was not drawn by every page.")
		case record.FairMalformed:
			s = p.T("Deal not verified: the record of the shuffle is damaged.")
		case record.FairReveal:
			s = p.Who(fe.Seat == me, seatName(), "Deal not verified: your revealed share does not match the one you promised.",
				"Deal not verified: %s's revealed share does not match the one promised.")
		case record.FairSeed:
			s = p.T("Deal not verified: the shuffle's seed is not the hash of the revealed shares.")
		case record.FairMatchSeed:
			s = p.T("Deal not verified: the cards were not dealt from the seed the shares give.")
		case record.FairDeals:
			s = p.T("Deal not verified: the record fixes the cards instead of dealing them from the seed.")
		case record.FairReplay:
			s = p.T("Deal not verified: move %d does not replay from the seed.", fe.Step+1)
		case record.FairScores:
			s = p.T("Deal not verified: replayed from the seed, the match ends with other scores.")
		case record.FairCommits:
			s = p.T("Deal not verified: %s's promised share in the record is not the one the lobby showed.", seatName())
		case record.FairMissedDraw:
			s = p.T("Deal not verified: the record leaves out attempt %d of the shuffle, which took place.", fe.Draw)
		case record.FairOwnShare:
			s = p.T("Deal not verified: your page's share is not in the deal as your page revealed it.")
		case record.FairUnsaid:
			s = p.T("Deal not verified: %s's share is missing from the deal, though the lobby never said so.", seatName())
		case record.FairView:
			s = p.T("Deal not verified: the cards you were shown at move %d are not the ones the seed deals.", fe.Step+1)
		case record.FairHostShare:
			s = p.T("Deal not verified: %s's share is missing from the deal, though the host's page draws it itself and cannot be late with it.", seatName())
		case record.FairShown:
			s = p.T("Deal not verified: %s's share is missing from the deal, though the lobby showed it revealed.", seatName())
		case record.FairNotAsked:
			s = p.T("Deal not verified: your page promised its share but was never asked to reveal it, so it cannot vouch for this deal.")
		case record.FairNoShare:
			s = p.T("Deal not verified: this page had no share in the shuffle that dealt the cards (it watched, or came in after it), so it cannot vouch for this deal.")
		default:
			s = p.T("Deal not verified: %s.", fe.Error())
		}
		return false, []string{s}
	}
	lines = []string{p.T("Deal verified: it follows from every page's share, and the match replays to the same scores.")}
	if v.Draws > 1 {
		lines = append(lines, p.N(v.Draws, "The shuffle was drawn %d time.", "The shuffle was drawn %d times: the host started it again."))
	}
	for _, l := range v.Left {
		if l.Seat != me {
			lines = append(lines, p.T("%s's share was not in the deal.", ui.NameOf(p, names, int(l.Seat))))
		}
	}
	return true, lines
}

// roomVerdict is this page's own check of the finished room match, made
// once.
func (p *tablePage) roomVerdict(s roomSession) app.UI {
	r := p.room
	names := roomNames(p.P(), s.Seats(), p.me)
	var ok bool
	var lines []string
	if m := r.mental.Load(); m != nil {
		// A room dealt with no dealer: its worker checked every shuffle,
		// card and play; there is no joint seed to verify.
		if ok, lines = mentalLines(p.P(), m, s.Seats(), names, p.me); lines == nil {
			return nil
		}
	} else if ok, lines = p.seedVerdict(names); lines == nil {
		return nil
	}
	items := []app.UI{}
	for i, l := range lines {
		if i == 0 {
			items = append(items, app.Strong().Text(l))
			continue
		}
		items = append(items, app.Span().Class("room__verdict-more").Text(" "+l))
	}
	return app.P().Class("room__verdict").ID("deal-verdict").DataSet("verified", ok).
		Attr("role", map[bool]string{true: "status", false: "alert"}[ok]).Body(items...)
}

// seedVerdict is this page's own check of the joint seed, made once; nil
// lines while there is none yet.
func (p *tablePage) seedVerdict(names []string) (bool, []string) {
	r := p.room
	if r.verdict == nil {
		g, ok := lookupGame(p.gameID)
		if !ok {
			return false, nil
		}
		var v rtc.Verdict
		switch {
		case r.host != nil:
			v = r.host.Verify(g.Game)
		case r.peer != nil:
			if !r.peer.Snapshot().Done || len(r.peer.Record().Actions) == 0 {
				return false, nil // the record is not in yet
			}
			v = r.peer.Verify(g.Game)
		}
		r.verdict = &v
	}
	return verdictLines(p.P(), *r.verdict, names, p.me)
}
