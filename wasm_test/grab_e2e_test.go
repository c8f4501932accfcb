//go:build !js

package wasmtest

import (
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestE2EGrabPlaysThroughTheGenericTable proves that a game needs no table
// of its own: the app built with the tag testgames lists Grab (games/grab,
// ui/grab, one line in each catalog under the tag), and a solo match of it
// plays to its end from the home page by tapping the moves the generic
// table offers, told in words.
// notation is Grab's notation (`bury QS`, `grab`), which no text the page
// shows may be.
var grabNotation = regexp.MustCompile(`\bbury (10|[2-9AKQJ])[SHDC]\b|^grab$`)

func TestE2EGrabPlaysThroughTheGenericTable(t *testing.T) {
	needBrowser(t)
	bin, web := buildAppTags(t, "testgames")
	srv := startServerBin(t, bin, web, "127.0.0.1:0")
	ctx, cancel := newBrowser(t, 1280, 800)
	defer cancel()
	openHome(t, ctx, srv.URL)
	assert.Contains(t, eval[string](t, ctx, `document.querySelector('#games').innerText`), "Grab")
	fastBots(t, ctx)
	startGame(t, ctx, "grab")

	// Every move offered is said in words, never in notation.
	must(t, waitJS(ctx, `document.querySelectorAll('#table [data-action]').length > 0 || document.querySelector('#table').dataset.done === "true"`, loadTimeout))
	offered := eval[[]string](t, ctx, `[...document.querySelectorAll('#table [data-action]')].map(e => (e.innerText + " " + (e.getAttribute('aria-label') || "")).trim())`)
	for _, o := range offered {
		assert.NotRegexp(t, grabNotation, o)
	}

	deadline := time.Now().Add(2 * time.Minute)
	for !eval[bool](t, ctx, `!!document.querySelector('#table[data-done="true"]') && !!document.querySelector('#table #match-end')`) {
		if time.Now().After(deadline) {
			t.Fatalf("no match end after 2 minutes; the page shows:\n%s", eval[string](t, ctx, `(document.querySelector("#table") || document.body).innerText`))
		}
		eval[bool](t, ctx, clickLegal)
		time.Sleep(20 * time.Millisecond)
	}
	steps := eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`)
	assert.GreaterOrEqual(t, steps, 3, "two cards buried and the grab or the window's end")
	assert.Regexp(t, `(?i)won|win|nobody|lose|draw`, eval[string](t, ctx, `document.querySelector('#match-end .result__headline').innerText`))
	log := eval[string](t, ctx, `document.querySelector('#table .log__lines').textContent`)
	assert.Regexp(t, `You bury the \w+ of \w+ face down`, log, "the log tells the player's own card")
	assert.Regexp(t, `(Bot 1|West) buries a card face down`, log, "and hides the bot's")
	assert.NotRegexp(t, grabNotation, log)
	shot(t, ctx, "grab-end.png")
}
