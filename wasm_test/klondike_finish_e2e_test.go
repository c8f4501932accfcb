//go:build !js

package wasmtest

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/klondike"
	"cardtable/games/record"
)

// klondikeNearlyWon plays Klondike deals with the rule-based player until
// one reaches the auto-complete (the stock and waste empty, every card face
// up) and returns its record up to there and the cards left to go up.
func klondikeNearlyWon(t *testing.T) (*record.Record, int) {
	t.Helper()
	e, err := catalog.Lookup("klondike")
	require.NoError(t, err)
	adv, ok := e.Game.(games.Advisor)
	require.True(t, ok, "Klondike advises")
	for seed := uint64(1); seed < 400; seed++ {
		cfg := games.Config{Players: 1, Seed: seed}
		s, err := e.Game.New(cfg)
		require.NoError(t, err)
		rec := record.New("klondike", cfg)
		rng := games.NewRand(seed)
		for step := 0; step < 2000 && !s.Done(); step++ {
			v := s.View(0).(*klondike.View)
			if v.CanAuto {
				left := 52
				for _, f := range v.Foundations {
					left -= f.Count
				}
				if left >= 4 {
					return rec, left
				}
				break
			}
			legal := s.Legal(0, nil)
			if len(legal) == 0 {
				break
			}
			a := adv.Advise(v, legal, rng)
			rec.Actions = append(rec.Actions, record.Step{Seat: 0, Act: s.FormatAction(a)})
			require.NoError(t, s.Apply(0, a))
		}
	}
	t.Fatal("no deal of the first 400 reaches the auto-complete")
	return nil, 0
}

// TestE2EKlondikeFinishesLikeASolitaireApp: from a deal one Finish away
// from won, the table says nothing of turns ("Your turn." is for tables of
// several players); Finish sends the cards up one at a time (the
// foundations are seen part-filled on the way); the result shows the time,
// the moves, the score and the run of wins, which a second win adds to and a
// reload of the result does not (the statistics count it); a run kept from
// before the statistics goes on; damaged statistics are kept aside and the
// page still shows the result.
func TestE2EKlondikeFinishesLikeASolitaireApp(t *testing.T) {
	needBrowser(t)
	rec, left := klondikeNearlyWon(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	eval[bool](t, ctx, `(localStorage.setItem("cardtable.settings", JSON.stringify({cardSize:"m",animation:"normal",leftHanded:false,botPace:0})), true)`)
	data, err := rec.Marshal()
	require.NoError(t, err)
	play := func(setup string) { // setup: JavaScript run before the table opens, "" for none
		save := map[string]any{"record": json.RawMessage(data), "seat": 0, "bots": []string{""}, "undo": true}
		b, err := json.Marshal(save)
		require.NoError(t, err)
		eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("cardtable.save.klondike", %q), true)`, b))
		if setup != "" {
			eval[bool](t, ctx, "("+setup+", true)")
		}
		must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/play?game=klondike")))
		must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]') && !!document.querySelector('.kl__auto')`, loadTimeout))
		text := eval[string](t, ctx, `document.querySelector('#table').innerText`)
		assert.NotContains(t, text, "Your turn", "a solitaire table tells no turns")
		assert.NotContains(t, text, "Waiting for the others", "a solitaire table tells no turns")
		up := `[...document.querySelectorAll('.kl__foundation .card')].map(c => c.dataset.card).join(' ')`
		before := eval[string](t, ctx, up)
		steps := eval[int](t, ctx, klSteps)
		must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.kl__auto`))))
		// On the way: at least one view where some cards went up and
		// others wait (one action at a time, not one jump).
		must(t, waitJS(ctx, fmt.Sprintf(`%s >= %d && %s <= %d && %s !== %q`, klSteps, steps+1, klSteps, steps+left-2, up, before), 20*time.Second))
		shot(t, ctx, "klondike-finishing-360x640.png")
		must(t, waitJS(ctx, `!document.querySelector('#table') || document.querySelector('#table').dataset.done === "true"`, 60*time.Second))
		assert.Equal(t, len(rec.Actions)+left, eval[int](t, ctx, `JSON.parse(localStorage.getItem("cardtable.save.klondike")).record.actions.length`), "one action a card")
		// The won table stays, dimmed under the match's end with its
		// figures, until the player moves on.
		must(t, waitJS(ctx, `!!document.querySelector('#table #match-end #klondike-end')`, loadTimeout))
		assert.Contains(t, eval[string](t, ctx, `document.querySelector('#match-end').innerText`), "The match is over")
		for _, sz := range screens[:2] {
			checkFit(t, ctx, "klondike's end", "klondike-end", sz.w, sz.h, setup == "")
			for _, b := range []string{"#end-result", "#end-look"} {
				assert.True(t, eval[bool](t, ctx, inViewport(b)), "%s on screen at %dx%d", b, sz.w, sz.h)
			}
		}
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
		must(t, clickUntil(ctx, `#end-result`, `!!document.querySelector('#result #klondike-end')`, loadTimeout))
	}
	read := func(id string) string {
		return eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#%s').innerText`, id))
	}
	play("")
	assert.Regexp(t, `^\d+:\d\d$`, read("kl-end-time"))
	assert.Equal(t, fmt.Sprint(len(rec.Actions)+left), read("kl-end-moves"), "every move of the game, the cards sent up too")
	assert.NotEqual(t, "0", read("kl-end-score"))
	assert.Equal(t, "1", read("kl-end-streak"))
	assert.Equal(t, "1", read("kl-end-best"))
	text := eval[string](t, ctx, `document.querySelector('#klondike-end').innerText`)
	for _, w := range []string{"Time", "Moves", "Score", "Wins in a row", "Best run of wins"} {
		assert.Contains(t, text, w, "every figure is named")
	}
	shot(t, ctx, "klondike-won-360x640.png")
	// A reload of the result counts the win once.
	must(t, chromedp.Do(ctx, chromedp.Reload()))
	must(t, waitJS(ctx, `!!document.querySelector('#klondike-end')`, loadTimeout))
	assert.Equal(t, "1", read("kl-end-streak"), "the same win, counted once")

	// A run kept from before the statistics (3 in a row, best 5, under
	// Klondike's old key) goes on: the win adds one, the old key goes.
	play(`localStorage.removeItem("cardtable.statistics"), localStorage.setItem("cardtable.streak.klondike", '{"current":3,"best":5,"last":"another"}')`)
	assert.Equal(t, "4", read("kl-end-streak"))
	assert.Equal(t, "5", read("kl-end-best"))
	assert.True(t, eval[bool](t, ctx, `localStorage.getItem("cardtable.streak.klondike") === null`), "the old key is read once")

	// Damaged statistics: kept aside as they were, the count starts again;
	// the page shows the result.
	play(`localStorage.setItem("cardtable.statistics", '{"version":1,"tallies":[{"id":')`)
	assert.Equal(t, "1", read("kl-end-streak"))
	assert.Equal(t, "1", read("kl-end-best"))
	assert.Equal(t, `{"version":1,"tallies":[{"id":`, eval[string](t, ctx, `localStorage.getItem("cardtable.statistics.damaged")`))
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(640, 360)))
	shot(t, ctx, "klondike-won-640x360.png")
}
