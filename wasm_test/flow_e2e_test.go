//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The time to read: a finished trick stays on the table until the next
// lead, the last trick can be shown again, a round's summary waits over a
// dimmed table with its button on screen, and Eat Reds tells every turn.

// humanBots sets the bots' pace in milliseconds (a finished trick then stays
// two and a half paces before a bot leads again).
func humanBots(t *testing.T, ctx context.Context, pace int) {
	eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("cardtable.settings", JSON.stringify({cardSize:"m",animation:"off",leftHanded:false,botPace:%d})), true)`, pace))
}

// watchTricks records, at every change of the table, the trick in the
// middle: a trick that vanishes before it was shown taken (the next lead
// replaced it unread) is noted in window.__unread; every taken trick shown
// is kept in window.__taken.
const watchTricks = `(() => {
	window.__unread = []; window.__taken = []; let prev = {cards: [], taken: false};
	const read = () => {
		const tr = document.querySelector('#table .table__centre .trick');
		const cards = tr ? [...tr.querySelectorAll('[data-card]')].map(c => c.dataset.card) : [];
		return {cards, taken: !!(tr && tr.classList.contains('trick--taken'))};
	};
	const players = () => +document.querySelector('#table').dataset.players;
	new MutationObserver(() => {
		const now = read();
		if (now.taken && now.cards.join() !== (prev.taken ? prev.cards.join() : '')) window.__taken.push(now.cards);
		if (!prev.taken && prev.cards.length === players() - 1 && now.cards.length === 1 && !now.taken)
			window.__unread.push(prev.cards.join(' ') + ' then ' + now.cards.join(' '));
		prev = now;
	}).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'data-card']});
	return true;
})()`

// playOwnCard plays one of the player's legal hand cards (a tap to pick it,
// a tap to play), or a legal button when no card is offered; it reports
// false when the player has no move now.
const playOwnCard = `(() => {
	if (document.querySelector('#summary-close')) { document.querySelector('#summary-close').click(); return true; }
	const cards = [...document.querySelectorAll('#table .hand button.card[data-action]')];
	const el = cards.length ? cards[0] : [...document.querySelectorAll('#table [data-action]')].find(e => !e.disabled);
	if (!el) return false;
	el.click();
	const again = el.dataset.card && document.querySelector('.hand [data-card="' + el.dataset.card + '"][data-action]');
	if (again) again.click();
	return true;
})()`

// centreCards lists the cards in the middle of the table and whether they
// are a taken trick.
const centreCards = `JSON.stringify((() => { const tr = document.querySelector('#table .table__centre .trick');
	return {cards: tr ? [...tr.querySelectorAll('[data-card]')].map(c => c.dataset.card) : [], taken: !!(tr && tr.classList.contains('trick--taken'))}; })())`

type centre struct {
	Cards []string `json:"cards"`
	Taken bool     `json:"taken"`
}

func readCentre(t *testing.T, ctx context.Context) centre {
	var c centre
	require.NoError(t, json.Unmarshal([]byte(eval[string](t, ctx, centreCards)), &c))
	return c
}

// TestE2EFinishedTrickStaysUntilTheNextLead plays a King round and a
// Mindikot round at a human pace, in portrait: no trick leaves the table
// before it was shown taken, when the player leads after a trick the taken
// trick is still there, "Last trick" shows it again after the player's
// lead, and a new round starts with an empty table.
func TestE2EFinishedTrickStaysUntilTheNextLead(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	for _, game := range []string{"king", "mindikot"} {
		t.Run(game, func(t *testing.T) {
			ctx, cancel := newBrowser(t, 360, 640)
			defer cancel()
			openHome(t, ctx, srv.URL)
			humanBots(t, ctx, 200) // a taken trick stays 500 ms before a bot leads
			startGame(t, ctx, game)
			eval[bool](t, ctx, watchTricks)
			checkedLead, checkedLast := false, false
			deadline := time.Now().Add(3 * time.Minute)
			for !checkedLast && time.Now().Before(deadline) {
				if eval[bool](t, ctx, `!!document.querySelector('#round-summary')`) {
					var deciding []string
					require.NoError(t, json.Unmarshal([]byte(eval[string](t, ctx,
						`JSON.stringify([...document.querySelectorAll('#round-summary .trick [data-card]')].map(c => c.dataset.card))`)), &deciding))
					eval[bool](t, ctx, `(document.querySelector('#summary-close').click(), true)`)
					must(t, waitJS(ctx, `!document.querySelector('#round-summary')`, 10*time.Second))
					// A new round's table starts empty: the last round's
					// final trick is not shown as if in play.
					if c := readCentre(t, ctx); c.Taken && len(deciding) > 0 {
						assert.NotElementsMatch(t, deciding, c.Cards, "a new round shows the last round's trick")
					}
					continue
				}
				if eval[bool](t, ctx, `!document.querySelector('#table') || document.querySelector('#table').dataset.done === "true"`) {
					break // the match is over
				}
				if !eval[bool](t, ctx, `document.querySelector('#table').dataset.turn === "true" && !!document.querySelector('#table [data-action]')`) {
					time.Sleep(20 * time.Millisecond)
					continue
				}
				c := readCentre(t, ctx)
				if c.Taken && !checkedLast {
					// The player leads after a trick: it is still on the
					// table, and after the lead "Last trick" shows it.
					checkedLead = true
					require.True(t, eval[bool](t, ctx, playOwnCard))
					must(t, waitJS(ctx, `!document.querySelector('#table .table__centre .trick--taken')`, 10*time.Second))
					// Pressed where it is now (a tap by position could land on a
					// neighbour the next render moved there).
					eval[bool](t, ctx, `(document.querySelector('#last-trick').click(), true)`)
					must(t, waitJS(ctx, `!!document.querySelector('#last-trick-sheet') || !!document.querySelector('#round-summary')`, 10*time.Second))
					// The sheet shows a whole trick: the one the player saw
					// unless the bots took another meanwhile.
					var seen struct {
						Sheet []string `json:"sheet"`
					}
					require.NoError(t, json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify({
						sheet: [...document.querySelectorAll('#last-trick-sheet [data-card]')].map(c => c.dataset.card)})`)), &seen))
					if len(seen.Sheet) == 0 {
						continue // a round ended meanwhile and its summary closed the sheet
					}
					assert.Len(t, seen.Sheet, len(c.Cards), "Last trick shows a whole trick")
					if assert.ObjectsAreEqual(seen.Sheet, c.Cards) {
						checkedLast = true // and it is the one the player saw when leading
						assert.True(t, eval[bool](t, ctx, inViewport(`#last-trick-close`)), "its button is on screen")
						shot(t, ctx, game+"-last-trick-360x640.png")
					}
					eval[bool](t, ctx, `(document.querySelector('#last-trick-close') && document.querySelector('#last-trick-close').click(), true)`)
					must(t, waitJS(ctx, `!document.querySelector('#last-trick-sheet')`, 10*time.Second))
					continue
				}
				require.True(t, eval[bool](t, ctx, playOwnCard))
				time.Sleep(30 * time.Millisecond)
			}
			assert.True(t, checkedLead, "the player never led after a trick")
			assert.True(t, checkedLast, "Last trick was never checked")
			var unread []string
			require.NoError(t, json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify(window.__unread)`)), &unread))
			assert.Empty(t, unread, "tricks replaced before they were shown taken")
			assert.NotZero(t, eval[int](t, ctx, `window.__taken.length`), "no taken trick was shown")
		})
	}
}

// phone sets the page's viewport to a phone's w×h and lets it render.
func phone(t *testing.T, ctx context.Context, w, h int64) {
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(w, h)))
	time.Sleep(250 * time.Millisecond) // a render after the resize
}

// summaryRows is the round summary's column heads and each row's cells.
const summaryRows = `JSON.stringify({heads: [...document.querySelectorAll('#round-summary thead th')].map(e => e.innerText.trim()),
	rows: [...document.querySelectorAll('#round-summary tbody tr')].map(r => [...r.children].map(e => e.innerText.trim()))})`

// TestE2ERoundSummaryWaitsOverTheTable plays a Cat Te round at a human pace
// until its summary opens: the table under it is dimmed and the next deal
// waits; every column has a head and every seat its chips for the round and
// in all; "Next deal" is wholly on screen and not covered in portrait and
// landscape; it puts the summary away and the game goes on.
func TestE2ERoundSummaryWaitsOverTheTable(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	for _, game := range []string{"catte", "mindikot", "king"} {
		t.Run(game, func(t *testing.T) {
			ctx, cancel := newBrowser(t, 360, 640)
			defer cancel()
			openHome(t, ctx, srv.URL)
			humanBots(t, ctx, 20)
			startGame(t, ctx, game)
			phone(t, ctx, 360, 640)
			deadline := time.Now().Add(3 * time.Minute)
			for !eval[bool](t, ctx, `!!document.querySelector('#round-summary')`) {
				require.True(t, time.Now().Before(deadline), "no round summary after 3 minutes")
				eval[bool](t, ctx, clickLegal)
				time.Sleep(30 * time.Millisecond)
			}
			steps := eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`)
			var sum struct {
				Heads []string   `json:"heads"`
				Rows  [][]string `json:"rows"`
			}
			require.NoError(t, json.Unmarshal([]byte(eval[string](t, ctx, summaryRows)), &sum))
			for i, h := range sum.Heads {
				assert.NotEmpty(t, h, "column %d has no head", i+1)
			}
			require.NotEmpty(t, sum.Rows)
			for _, r := range sum.Rows {
				require.GreaterOrEqual(t, len(r), 3, "a seat, its round and its total")
				assert.Regexp(t, `^[+-]\d+$`, r[1], "%s's change this round", r[0])
				assert.Regexp(t, `^-?\d+$`, r[2], "%s's total", r[0])
			}
			assert.Equal(t, len(sum.Heads), len(sum.Rows[0]), "a head for every column")
			assert.True(t, eval[bool](t, ctx, `getComputedStyle(document.querySelector('.summary-veil')).backgroundColor !== 'rgba(0, 0, 0, 0)'`), "the table is dimmed")
			for _, sz := range screens[:2] {
				phone(t, ctx, sz.w, sz.h)
				assert.True(t, eval[bool](t, ctx, inViewport(`#summary-close`)), "Next deal on screen at %dx%d", sz.w, sz.h)
				assert.True(t, eval[bool](t, ctx, inViewport(`#round-summary .summary__title`)), "the summary's title on screen at %dx%d", sz.w, sz.h)
				shot(t, ctx, fmt.Sprintf("%s-summary-%dx%d.png", game, sz.w, sz.h))
			}
			// The next deal waits: nothing is played while the summary is
			// open (a slow machine only makes this likelier to hold).
			time.Sleep(time.Second)
			assert.Equal(t, steps, eval[int](t, ctx, `+document.querySelector('#table').dataset.steps`), "the next deal waits for the summary")
			must(t, clickUntil(ctx, `#summary-close`, `!document.querySelector('#round-summary')`, 10*time.Second))
			playActions(t, ctx, steps+2, time.Minute)
		})
	}
}

// TestE2EEatRedsTellsEveryTurn plays Eat Reds with three bots at a human
// pace, and at the player's turns: every turn since the player's last is
// told in words, each whole (what the hand card and the stock card did);
// the cards of the last turn and the captured cards are readable (at least
// 36 px wide); every opponent's points show on its badge; the table fits.
func TestE2EEatRedsTellsEveryTurn(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	humanBots(t, ctx, 20)
	must(t, waitJS(ctx, `!!document.querySelector('[data-new="eatreds"]')`, loadTimeout))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-new="eatreds"]`))))
	must(t, waitJS(ctx, `!!document.querySelector('#start')`, loadTimeout))
	eval[bool](t, ctx, `(() => { const s = document.querySelector('#players'); if (s) { s.value = "4"; s.dispatchEvent(new Event('change', {bubbles: true})); } return true; })()`)
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#start`))))
	must(t, waitJS(ctx, `!!document.querySelector('#table[data-ready="true"]')`, loadTimeout))
	phone(t, ctx, 360, 640)
	for turn := 0; turn < 3; turn++ {
		must(t, waitJS(ctx, `document.querySelector('#table').dataset.turn === "true" && !!document.querySelector('#table .hand [data-action]')`, time.Minute))
		if turn == 2 {
			break
		}
		finishTurn(t, ctx)
	}
	// Three bots played since the player's last turn: each is told whole.
	var turns []string
	require.NoError(t, json.Unmarshal([]byte(eval[string](t, ctx,
		`JSON.stringify([...document.querySelectorAll('#table .turns li')].map(e => e.innerText))`)), &turns))
	assert.Len(t, turns, 3, "a line for each turn since the player's last")
	for _, line := range turns {
		assert.Regexp(t, `^(West|North|East): `, line, "a turn told whole, with who played it")
		assert.Regexp(t, `stock`, line, "what the stock card did")
	}
	// Every opponent's points are on its badge.
	for _, seat := range []string{"1", "2", "3"} {
		assert.Regexp(t, `\d+ points?`, eval[string](t, ctx, `document.querySelector('#table .table__opponents [data-seat="`+seat+`"]').innerText`), "seat %s's points", seat)
	}
	for _, sz := range screens[:2] {
		checkFit(t, ctx, "eatreds, the player's third turn", "eatreds-turns", sz.w, sz.h, true)
		t.Logf("at %dx%d: layout cards %.0f px wide, the last turn's cards at least %.0f px", sz.w, sz.h,
			layoutCardWidth(t, ctx),
			eval[float64](t, ctx, `Math.min(...[...document.querySelectorAll('#table .turnlog .card')].map(c => c.getBoundingClientRect().width).filter(w => w > 0), 999)`))
		// The last turn's and the captured cards are readable where they are
		// shown (a sideways phone tells the turns in words only), and so are
		// the layout's.
		assert.GreaterOrEqual(t, eval[float64](t, ctx, `Math.min(...[...document.querySelectorAll('#table .turnlog .card')].map(c => c.getBoundingClientRect().width).filter(w => w > 0), 999)`), 36.0,
			"the last turn's cards at %dx%d", sz.w, sz.h)
		// Up to eight layout cards lie in one row at least 30 px wide; a
		// longer layout (the deal decides) is shared out in rows as the
		// long layout's test measures.
		least := 30.0
		if n := eval[int](t, ctx, `document.querySelectorAll('#table .fish__layout .card').length`); n > 8 {
			least = longLayoutCard[sz.w]
		}
		assert.GreaterOrEqual(t, layoutCardWidth(t, ctx), least, "the layout's cards at %dx%d", sz.w, sz.h)
		assert.True(t, eval[bool](t, ctx, `[...document.querySelectorAll('#table .turns li')].every(e => e.scrollWidth <= e.clientWidth + 1)`), "no turn is cut at %dx%d", sz.w, sz.h)
	}
}

// finishTurn plays the player's moves until the turn passes to another.
func finishTurn(t *testing.T, ctx context.Context) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for eval[bool](t, ctx, `document.querySelector('#table').dataset.turn === "true"`) {
		require.True(t, time.Now().Before(deadline), "the player's turn does not pass")
		eval[bool](t, ctx, clickLegal)
		time.Sleep(40 * time.Millisecond)
	}
}

// TestE2ERussianCountsAndBotLevels: in Russian a range of players reads
// "от 2 до 4 игроков" (the count agrees with the larger number), and the
// bot level on an opponent's badge is whole at 360×640 and 640×360.
func TestE2ERussianCountsAndBotLevels(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	speak(t, ctx, srv.URL, "ru")
	phone(t, ctx, 360, 640)
	home := eval[string](t, ctx, `document.body.innerText`)
	assert.Contains(t, home, "от 2 до 4 игроков")
	assert.NotContains(t, home, "2–4 игроков")
	startGameWith(t, ctx, "king", "normal")
	for _, sz := range screens[:2] {
		phone(t, ctx, sz.w, sz.h)
		assert.True(t, eval[bool](t, ctx, `[...document.querySelectorAll('#table .table__opponents .seat__name')].every(e => e.scrollWidth <= e.clientWidth + 1)`),
			"a badge's name and bot level cut at %dx%d", sz.w, sz.h)
		shot(t, ctx, fmt.Sprintf("king-ru-%dx%d.png", sz.w, sz.h))
	}
}
