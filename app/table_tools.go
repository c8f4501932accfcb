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

// The table's tools: the hint, "Can this deal still be won?" and undo.

// askHint shows the move the hard bot would choose from what the player
// knows, highlighted on the table and said in words with the heuristic's
// reason. The bot yields while it thinks: the page stays live and the
// button says it is thinking.
func (p *tablePage) askHint(ctx app.Context, e app.Event) {
	sess := p.sess
	if sess == nil || p.thinking {
		return
	}
	p.thinking, p.peek = true, false
	p.notice = p.P().T("Looking for a good move…")
	at := p.steps
	ctx = p.pageCtx // the answer comes after a render that may remove the button
	ctx.Async(func() {
		h, err := sess.Hint()
		ctx.Dispatch(func(ctx app.Context) {
			p.thinking = false
			if p.sess != sess || p.steps != at {
				return // the position moved on
			}
			if err != nil {
				p.notice = p.P().T("No hint now: %s", ui.Sentence(p.P(), ui.ReasonWords(p.P(), err.Error())))
				return
			}
			p.hint, p.hintAt, p.notice = hintOf(p.P(), h, at, p.words())
		})
	})
}

// hintLabel is the Hint button's words: it says when a hint is being
// thought (the bot yields, so the page stays live meanwhile).
func (p *tablePage) hintLabel() string {
	if p.thinking {
		return p.P().T("Thinking…")
	}
	return p.P().T("Hint")
}

// saved is the match as the page saved it: its record and the player's
// seat, nil before the first save; a lesson's record so far.
func (p *tablePage) saved() (*record.Record, games.Seat) {
	if p.lesson != nil && p.live != nil {
		return p.live.Record(), p.me // a lesson is saved nowhere
	}
	s := openedSave(p.gameID)
	if s == nil {
		return nil, 0
	}
	return s.Record, s.Seat
}

// hintOf is what the page does with the hint h chosen at step at: the
// move to light and the notice that says it, then the heuristic's reason
// when it has one. The hint never proposes giving up: when the solver's
// best is to end the game, the moves left are of no use, and the notice
// says so (the player may still play them). In a timed window the hint may
// be to let it run: nothing is lit.
func hintOf(p *msg.Catalogue, h rtc.Hint, at int, w ui.Words) (hint string, hintAt int, notice string) {
	why := gameUI(w.Game).ReasonOf(p, h.Reason)
	switch {
	case h.Wait:
		hint, notice = "", p.T("Hint: answer nothing and let the time run out.")
	case h.Move.Desc.Kind == games.KindEnd:
		return "", 0, p.T("No more useful moves.")
	default:
		hint, hintAt, notice = h.Move.Text, at, p.T("Hint: %s", ui.Sentence(p, ui.LowerFirst(w.Offer(p, h.Move.Desc))))
	}
	if why != "" {
		notice = p.T("%s %s", notice, why)
	}
	return hint, hintAt, notice
}

// winnableBudget is the search nodes the solver spends on "Can this deal
// still be won?".
const winnableBudget = 100000

// askWinnable answers, once the player confirmed it, whether the deal can
// still be won: the solver looks at the hidden cards, and the record notes
// that the player asked.
func (p *tablePage) askWinnable(ctx app.Context, e app.Event) {
	sess := p.sess
	if sess == nil || p.thinking {
		return
	}
	p.thinking, p.peek = true, false
	p.notice = p.P().T("Looking at the hidden cards…")
	ctx = p.pageCtx // the confirmation and its button close now; the answer comes later
	ctx.Async(func() {
		won, err := sess.Winnable(winnableBudget)
		ctx.Dispatch(func(ctx app.Context) {
			p.thinking = false
			if p.sess != sess {
				return
			}
			p.save.Record = sess.Record() // it notes the question
			storeSave(ctx, p.save)
			switch {
			case errors.Is(err, games.ErrDone):
				p.notice = p.P().T("The match is over.")
			case err != nil:
				p.notice = ui.Sentence(p.P(), err.Error())
			case won:
				p.notice = p.P().T("Yes: this deal can still be won.")
			default:
				p.notice = p.P().T("No way to win this deal was found from here.")
			}
		})
	})
}

func (p *tablePage) undo(ctx app.Context, e app.Event) {
	if p.sess == nil {
		return
	}
	p.summary = nil
	p.paused.Store(false)
	ended := p.save.Done
	if err := p.sess.Undo(); err != nil {
		p.notice = ui.Sentence(p.P(), err.Error())
		return
	}
	if ended {
		forgetEnd(p.save.Record) // the match goes on: its next end counts
	}
	p.log = append(p.log, p.P().T("Your last move is taken back."))
	p.view = nil // nothing happened between the two views
	p.refresh(ctx)
	p.notice = p.P().T("Your last move is taken back.")
	p.startBots(ctx)
}

// peekBox asks the player to confirm the request that looks at the hidden
// cards: onAsk asks it, onCancel does not.
func peekBox(p *msg.Catalogue, onAsk, onCancel app.EventHandler) app.UI {
	return app.Div().Class("confirm confirm--overlay").ID("winnable-confirm").Attr("role", "alertdialog").
		Aria("labelledby", "winnable-question").Aria("describedby", "winnable-note").Body(
		app.P().ID("winnable-question").Body(app.Strong().Text(p.T("Can this deal still be won?"))),
		app.P().ID("winnable-note").Text(p.T("To answer, the solver looks at the cards you cannot see (the face-down cards and the stock). The hint never does. Your record will note that you asked.")),
		app.Div().Class("actions").Body(
			app.Button().Class("btn").ID("winnable-ask").Text(p.T("Look and tell me")).OnClick(onAsk),
			app.Button().Class("btn btn--ghost").ID("winnable-cancel").Text(p.T("Cancel")).
				OnClick(onCancel),
		),
	)
}
