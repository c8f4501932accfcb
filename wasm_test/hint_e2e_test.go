//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// litHint is what the page shows of a hint: the distinct moves lit (the
// data-action of every .btn--hint and .card--hint, or of the control it is
// the face of: Klondike's stock), how many elements
// glow, whether each lit move is an enabled control of the table, and the
// notice.
const litHint = `(() => {
	const lit = [...document.querySelectorAll('#table .btn--hint, #table .card--hint')];
	const acts = [...new Set(lit.map(e => (e.closest('[data-action]') || e).dataset.action || '').filter(a => a))];
	const legal = acts.every(a => [...document.querySelectorAll('#table [data-action]')].some(e => e.dataset.action === a && !e.disabled));
	const n = document.querySelector('#table .notice');
	return {acts, glow: lit.length, legal, notice: n ? n.innerText : ''};
})()`

type hintShown struct {
	Acts   []string `json:"acts"`
	Glow   int      `json:"glow"`
	Legal  bool     `json:"legal"`
	Notice string   `json:"notice"`
}

// askHint taps Hint when it is the player's move, until a hint lights a
// move (a hint to let a timed window run, or one overtaken by the table,
// is asked again after a move). It returns what the page shows.
func askHint(t *testing.T, ctx context.Context, wantReason bool) hintShown {
	t.Helper()
	deadline := time.Now().Add(4 * time.Minute)
	var seen []hintShown // the hints that lit nothing, for the failure's message
	for time.Now().Before(deadline) {
		require.False(t, eval[bool](t, ctx, `!!document.querySelector('#result') || !!document.querySelector('#table[data-done="true"]')`), "the match ended before a hint was shown: %+v", seen)
		eval[bool](t, ctx, `(b => (b && b.click(), true))(document.querySelector('#confirm-yes, #sortcoop-continue'))`)
		if !eval[bool](t, ctx, `(b => !!b && !b.disabled && document.querySelector('#table').dataset.turn === "true")(document.querySelector('#hint'))`) {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		steps := eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`)
		eval[bool](t, ctx, `(document.querySelector('#hint').click(), true)`)
		must(t, waitJS(ctx, `(() => { const n = document.querySelector('#table .notice');
			return +document.querySelector('#table').dataset.steps !== `+strconv.Itoa(steps)+` || (!!n && /Hint: |No hint now|No more useful/.test(n.innerText)) })()`, 90*time.Second))
		h := eval[hintShown](t, ctx, litHint)
		reasoned := len(h.Notice) > 0 && hintReason.MatchString(h.Notice)
		if len(h.Acts) == 0 || wantReason && !reasoned {
			seen = append(seen, h)
			// Another position, another hint; never the move that ends the
			// match (Klondike's "End the game").
			eval[bool](t, ctx, `(window.__keepPlaying = true)`)
			eval[bool](t, ctx, clickLegal)
			time.Sleep(100 * time.Millisecond)
			continue
		}
		return h
	}
	t.Fatal("no hint lit a move in 4 minutes")
	return hintShown{}
}

// TestE2EHintInEveryGame opens a solo table of every shipped game, plays a
// few moves and taps Hint on the player's move: exactly one move glows, a
// legal one the player can tap, and the notice says it in words (no
// notation).
func TestE2EHintInEveryGame(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	for _, g := range catalog.All() {
		id := g.Game.Info().ID
		if g.Advisor == nil && g.Solver == nil {
			continue // a test game gives no hints
		}
		t.Run(id, func(t *testing.T) {
			ctx := soloTable(t, srv, id)
			if id == "eatpairs" {
				// A short match, where most deals leave the player no choice
				// before the end: a deal the player opens, choosing the
				// first card.
				reseed(t, ctx, srv.URL, id, openerSeed(t, ctx, g))
			} else {
				playActions(t, ctx, 4, 60*time.Second)
			}
			h := askHint(t, ctx, false)
			assert.Len(t, h.Acts, 1, "exactly one move is lit: %+v", h)
			assert.True(t, h.Legal, "the lit move is one the player can tap: %+v", h)
			assert.Regexp(t, `^Hint: `, h.Notice)
			for _, a := range h.Acts {
				if bareVerb.MatchString(a) {
					continue // a notation of one word ("draw") is also the English word
				}
				assert.NotContains(t, h.Notice, a, "the notice says the move in words")
			}
			assert.NotRegexp(t, `\b(10|[2-9AJQK])[CDHS]\b`, h.Notice, "no card in notation")
			shot(t, ctx, id+"-hint.png")
		})
	}
}

// bareVerb is a move's notation that is a single word, with no card or
// place in it.
var bareVerb = regexp.MustCompile(`^[a-z]+$`)

// noticeWhole holds when the notice shows all its words (no line clamped).
const noticeWhole = `(n => !!n && n.scrollHeight <= n.clientHeight + 1)(document.querySelector('#table .notice'))`

// hintReason: a notice that says the move and then a reason.
var hintReason = regexp.MustCompile(`^Hint: [^.]+\. \S.+\.$`)

// TestE2EHintReasonFitsAPhone: The King's hint with its reason, on a phone
// held upright and sideways (screenshots).
func TestE2EHintReasonFitsAPhone(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	openHome(t, ctx, srv.URL)
	fastBots(t, ctx)
	startGame(t, ctx, "king")
	h := askHint(t, ctx, true)
	assert.Len(t, h.Acts, 1)
	assert.Regexp(t, hintReason, h.Notice)
	assert.True(t, eval[bool](t, ctx, inViewport("#table .notice")), "the reason is on screen")
	assert.True(t, eval[bool](t, ctx, noticeWhole), "the reason is not cut off")
	shot(t, ctx, "hint-reason-360x640.png")
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(640, 360)))
	time.Sleep(300 * time.Millisecond)
	assert.Equal(t, h.Notice, eval[hintShown](t, ctx, litHint).Notice)
	assert.True(t, eval[bool](t, ctx, inViewport("#table .notice")), "the reason is on screen")
	assert.True(t, eval[bool](t, ctx, noticeWhole), "the reason is not cut off")
	shot(t, ctx, "hint-reason-640x360.png")
}

// openerSeed is the first seed whose deal of the match saved on the page
// (its players and options) opens with a choice of the player's (seat 0).
func openerSeed(t *testing.T, ctx context.Context, g games.Entry) uint64 {
	t.Helper()
	var rec record.Record
	require.NoError(t, json.Unmarshal([]byte(eval[string](t, ctx,
		`JSON.stringify(JSON.parse(localStorage.getItem("cardtable.save.`+g.Game.Info().ID+`")).record)`)), &rec))
	for seed := uint64(1); seed < 1000; seed++ {
		cfg := rec.Config()
		cfg.Seed = seed
		s, err := g.Game.New(cfg)
		require.NoError(t, err)
		if actors := s.Actors(nil); len(actors) == 1 && actors[0] == 0 && len(s.Legal(0, nil)) > 1 {
			return seed
		}
	}
	t.Fatal("no deal in 1000 seeds opens with the player's choice")
	return 0
}
