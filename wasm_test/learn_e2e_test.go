//go:build !js

package wasmtest

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	uicatalog "cardtable/ui/catalog"
)

// tapLesson taps the control the lesson marks (wrong: another legal one) and
// reports what it tapped. A card of the hand the lesson marks is tapped
// once, as a player does: the first tap picks it up (the step then marks it
// pressed, or where it goes) or plays it; the next round of the test's loop
// taps again. A wrong card is tapped twice in a row, picked up and played,
// so that the lesson answers it.
func tapLesson(wrong bool) string {
	sel := `#table [data-lesson-target]:not([aria-pressed="true"])` // a picked-up card's target
	if wrong {
		sel = `#table [data-action]:not([data-lesson-target]):not(:disabled)`
	}
	return fmt.Sprintf(`(() => {
	const el = document.querySelector(%q) || document.querySelector('#table [data-lesson-target]');
	if (!el) return "";
	const a = el.dataset.action;
	el.click();
	if (%t && el.classList.contains('card') && el.closest('.hand')) {
		const again = document.querySelector('.hand [data-card="' + el.dataset.card + '"]');
		if (again) again.click();
	}
	return a;
})()`, sel, wrong)
}

// stepOn taps the control step marks and waits until the step moves on,
// or until the marked controls change (the card it tapped picked up, or
// the mark moved to where the card goes): the loop then taps again.
func stepOn(t *testing.T, ctx context.Context, step string) {
	t.Helper()
	const marked = `[...document.querySelectorAll('#table [data-lesson-target]')].map(e => (e.dataset.action || '') + '/' + (e.dataset.card || '') + '/' + e.getAttribute('aria-pressed')).join(' ')`
	before := eval[string](t, ctx, marked)
	require.NotEmpty(t, eval[string](t, ctx, tapLesson(false)))
	_ = waitJS(ctx, fmt.Sprintf(`(t => !t || t.dataset.lesson !== %q || t.dataset.done === "true" || (m => m !== "" && m !== %q)(%s))(document.querySelector('#table'))`, step, before, marked), 10*time.Second)
}

// TestE2ELearnEveryGame opens every game's guided first game from its tile
// on a phone held upright, follows the control each step marks to the
// lesson's end, and once per game taps another legal move: the step's
// reason is said and the step stays. A lesson saves no match and counts
// nothing in the statistics.
func TestE2ELearnEveryGame(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	for _, g := range uicatalog.Games {
		if g.Lesson == nil {
			continue
		}
		id := g.ID
		t.Run(id, func(t *testing.T) {
			ctx, cancel := newBrowser(t, 360, 640)
			defer cancel()
			must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
			openHome(t, ctx, srv.URL)
			fastBots(t, ctx)
			eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector('[data-learn=%q]').click(), true)`, id))
			must(t, waitJS(ctx, `!!document.querySelector('#table[data-lesson]')`, loadTimeout))

			wrongDone, shotStep := false, ""
			deadline := time.Now().Add(3 * time.Minute)
			for !eval[bool](t, ctx, `!!document.querySelector('#table[data-done="true"]')`) {
				require.False(t, time.Now().After(deadline), "%s: the lesson did not end", id)
				if !eval[bool](t, ctx, `!!document.querySelector('#table [data-lesson-target]')`) {
					time.Sleep(50 * time.Millisecond)
					continue
				}
				step := eval[string](t, ctx, `document.querySelector('#table').dataset.lesson`)
				if step == shotStep {
					stepOn(t, ctx, step)
					continue
				}
				shotStep = step
				assert.NotContains(t, eval[string](t, ctx, `document.querySelector('#table').innerText`), "Not yet:", "step %s: no tap was refused on the way here", step)
				if id == "klondike" { // the lesson's moves are counted; it keeps no clock
					n, _ := strconv.Atoi(step)
					assert.Equal(t, fmt.Sprintf("Moves %d", n-1), eval[string](t, ctx, `document.querySelector('#kl-moves').textContent`))
					assert.False(t, eval[bool](t, ctx, `!!document.querySelector('#kl-clock')`), "a lesson keeps no clock")
				}
				shot(t, ctx, fmt.Sprintf("learn-%s-%s.png", id, step))
				if step == "2" { // and once on a phone held sideways
					must(t, chromedp.Do(ctx, chromedp.EmulateViewport(640, 360)))
					time.Sleep(300 * time.Millisecond)
					shot(t, ctx, fmt.Sprintf("learn-%s-%s-landscape.png", id, step))
					must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
					time.Sleep(300 * time.Millisecond)
				}
				if !wrongDone && eval[string](t, ctx, tapLesson(true)) != "" {
					wrongDone = true
					time.Sleep(300 * time.Millisecond)
					assert.Contains(t, eval[string](t, ctx, `document.querySelector('#table').innerText`), "Not yet:", "a wrong tap is answered with the step's reason")
					assert.Equal(t, step, eval[string](t, ctx, `document.querySelector('#table').dataset.lesson`), "a wrong tap leaves the step")
					shot(t, ctx, fmt.Sprintf("learn-%s-%s-wrong.png", id, step))
					assert.True(t, eval[bool](t, ctx, `!!document.querySelector('#table [data-lesson-target]')`), "the step still marks its control")
				}
				stepOn(t, ctx, step)
			}
			assert.True(t, wrongDone, "a wrong tap was tried")
			must(t, waitJS(ctx, `!!document.querySelector('#lesson-play')`, 10*time.Second))
			assert.Equal(t, "/new?game="+id, eval[string](t, ctx, `document.querySelector('#lesson-play').getAttribute('href')`))
			shot(t, ctx, "learn-"+id+"-end.png")
			assert.True(t, eval[bool](t, ctx, `localStorage.getItem("cardtable.save.`+id+`") === null`), "a lesson saves no match")
			assert.True(t, eval[bool](t, ctx, `(s => !s || !s.includes('"`+id+`'))(localStorage.getItem("cardtable.statistics"))`), "a lesson counts nothing")
			if id == "king" {
				// The new-game page offers the lesson once; the rules page links it.
				eval[bool](t, ctx, `(document.querySelector('#lesson-play').click(), true)`)
				must(t, waitJS(ctx, `!!document.querySelector('#lesson-offer a[href="/learn?game=king"]')`, loadTimeout))
				shot(t, ctx, "learn-king-offer.png")
				must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/new?game=king")))
				must(t, waitJS(ctx, `!!document.querySelector('#newgame')`, loadTimeout))
				time.Sleep(500 * time.Millisecond)
				assert.False(t, eval[bool](t, ctx, `!!document.querySelector('#lesson-offer')`), "offered once")
				must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/rules?game=king")))
				must(t, waitJS(ctx, `!!document.querySelector('#rules [data-learn="king"]')`, loadTimeout))
			}
		})
	}
}
