package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/klondike"
	"cardtable/msg"
	"cardtable/ui"
	klondikeui "cardtable/ui/klondike"
)

// Klondike's result, as a solitaire app shows it: the time, the moves, the
// score and the run of matches won in a row (kept in local storage under
// its own key, so it survives a reload; a damaged entry reads as no run).

// klondikeStreakKey holds the run of Klondike matches won.
const klondikeStreakKey = "cardtable.streak.klondike"

// klondikeStreak is the run of matches won in a row and the best run.
type klondikeStreak struct {
	Current int    `json:"current"`
	Best    int    `json:"best"`
	Last    string `json:"last"` // the match last counted: a reload of its result counts it once
}

// readStreak reads a stored streak; anything damaged (not JSON, counts
// below zero, a current run above the best) reads as no run.
func readStreak(raw string) klondikeStreak {
	var s klondikeStreak
	if raw == "" || json.Unmarshal([]byte(raw), &s) != nil || s.Current < 0 || s.Best < s.Current {
		return klondikeStreak{}
	}
	return s
}

// after is the streak once the match id ended, won or not; a match already
// counted leaves it as it is.
func (s klondikeStreak) after(id string, won bool) klondikeStreak {
	if id == s.Last {
		return s
	}
	s.Last = id
	if !won {
		s.Current = 0
		return s
	}
	s.Current++
	s.Best = max(s.Best, s.Current)
	return s
}

// klondikeEnd is what the result page shows of a finished Klondike match.
type klondikeEnd struct {
	secs, moves, score int
	streak             klondikeStreak
}

// klondikeMatchID names a finished match for the streak: its seed and its
// length.
func klondikeMatchID(s Save) string {
	return fmt.Sprintf("%d/%d", s.Record.Seed, len(s.Record.Actions))
}

// loadKlondikeEnd reads the finished match's figures (v is its player's
// view at the end) and counts it in the streak, once.
func loadKlondikeEnd(ctx app.Context, s Save, v *klondike.View) klondikeEnd {
	e := klondikeEnd{moves: klondikeui.MoveCount(s.Record, s.Seat), score: v.Score, secs: v.Elapsed}
	if !v.Timed {
		var c klondikeui.ClockSave
		if ctx.LocalStorage().Get(klondikeui.ClockKey, &c) == nil && c.Seed == s.Record.Seed && c.Game == v.Game {
			e.secs = c.Secs
		}
	}
	raw := app.Window().Get("localStorage").Call("getItem", klondikeStreakKey)
	stored := ""
	if raw.Type() == app.TypeString {
		stored = raw.String()
	}
	won := s.Result != nil && slices.Contains(s.Result.Winners, s.Seat)
	e.streak = readStreak(stored).after(klondikeMatchID(s), won)
	if b, err := json.Marshal(e.streak); err == nil {
		app.Window().Get("localStorage").Call("setItem", klondikeStreakKey, string(b))
	}
	return e
}

// Render lists the figures, each with its name.
func (e klondikeEnd) Render(p *msg.Catalogue) app.UI {
	row := func(id, label, value string) app.UI {
		return app.Div().Class("kl-end__row").Body(app.Dt().Text(label), app.Dd().ID(id).Text(value))
	}
	return app.Dl().Class("kl-end").ID("klondike-end").Body(
		row("kl-end-time", p.T("Time"), klondikeui.Time(e.secs)),
		row("kl-end-moves", p.T("Moves"), strconv.Itoa(e.moves)),
		row("kl-end-score", p.T("Score"), strconv.Itoa(e.score)),
		row("kl-end-streak", p.T("Wins in a row"), strconv.Itoa(e.streak.Current)),
		row("kl-end-best", p.T("Best run of wins"), strconv.Itoa(e.streak.Best)),
	)
}

// klondikeEndOf reads a finished match's end for the result page from its
// final state; nil for another game.
func klondikeEndOf(ctx app.Context, s Save, end games.State) *klondikeEnd {
	if s.Record == nil || s.Record.Game != "klondike" {
		return nil
	}
	v, err := ui.DecodeView[klondike.View](end.View(s.Seat))
	if err != nil {
		return nil
	}
	e := loadKlondikeEnd(ctx, s, v)
	return &e
}
