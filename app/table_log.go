package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/rtc"
	"cardtable/ui"
)

// What the table tells: the sounds, the log, the notice and the round's
// summary.

// cue sounds what just happened, when the player wants sounds: a card
// played, or the player's turn coming.
func (p *tablePage) cue(evs []rtc.Event, wasTurn bool) {
	switch {
	case !wasTurn && len(p.legal) > 0:
		soundTurn.play(p.settings.Sounds)
	case len(evs) > 0 && len(evs[len(evs)-1].Desc.Cards)+evs[len(evs)-1].Desc.Hidden > 0:
		soundCard.play(p.settings.Sounds)
	}
}

// show reads a session's view for the game's table; a view the table cannot
// read keeps the last one and says why.
func (p *tablePage) show(view games.View) {
	if view == nil {
		return
	}
	v, err := readView(p.gameID, view)
	if err != nil {
		p.err = p.P().T("The table can't be shown: %s", err.Error())
		return
	}
	if c, ok := v.(ui.Carrier); ok && p.view != nil {
		c.Carry(p.view)
	}
	p.view = v
}

// setSteps notes how many actions the match has applied; a hint is for the
// position it was asked at.
func (p *tablePage) setSteps(n int) {
	p.steps = n
	if p.hint != "" && n != p.hintAt {
		p.hint = ""
	}
}

// tell writes the actions evs in the log and says the last of them, with
// what the new view tells that no action does, in the notice.
func (p *tablePage) tell(evs []rtc.Event, prev ui.View, done bool) {
	w := p.words()
	in := p.modelInput()
	var said []string
	matchOver := false
	var roundEnd *rtc.Event
	for i, ev := range evs {
		line := w.Told(p.P(), ev.Desc)
		if line == "" {
			continue
		}
		p.log = append(p.log, line)
		said = []string{line}
		matchOver = ev.Desc.Outcome == games.OutcomeMatch
		if ev.Desc.Outcome == games.OutcomeRound {
			roundEnd = &evs[i]
		}
	}
	if len(p.log) > 200 {
		p.log = p.log[len(p.log)-200:]
	}
	if prev != nil && p.view != nil {
		if n := p.view.News(p.P(), prev, p.modelInput()); n != "" {
			said = append(said, n)
			p.log = append(p.log, n)
		}
	}
	if done && !matchOver {
		said = append(said, p.P().T("The match is over."))
	}
	if len(said) > 0 {
		p.notice = ui.JoinSentences(said)
		p.told = p.notice
	}
	if p.view == nil {
		return
	}
	now := p.view.Model(p.P(), in)
	if prev == nil && p.steps == 0 && len(said) == 0 {
		// A new match: say who begins (a Papas deal draws the first
		// player at random).
		for _, st := range now.Seats {
			if st.Turn {
				p.notice = w.Tell(p.P(), games.Seat(st.Seat), "You begin.", "%s begins.")
				p.log = append(p.log, p.notice)
				break
			}
		}
	}
	if roundEnd != nil && prev != nil && !done {
		var start ui.Model // the round's start, when this page saw it
		if p.roundStart != nil {
			start = *p.roundStart
		}
		p.summary = newSummary(p.P(), ui.JoinSentences(said), *roundEnd, start, prev.Model(p.P(), in), now, in)
		p.roundStart = nil
		p.notice = "" // the summary says it
		p.lastOpen = false
	} else if roundEnd != nil && p.paused.Load() {
		p.closeSummary(p.pageCtx) // nothing to read: the bots play on
	}
	if p.roundStart == nil {
		p.roundStart = &now
	}
}

// closeSummary puts the round's summary away; paused bots play on.
func (p *tablePage) closeSummary(ctx app.Context) {
	p.summary = nil
	p.pace.hold.Store(-1) // the round's last trick was read with the summary
	if p.paused.Swap(false) && p.sess != nil {
		p.startBots(ctx) // a new drive reads the pace again
	}
}
