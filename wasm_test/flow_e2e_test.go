//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

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
			humanBots(t, ctx, 60)
			startGame(t, ctx, game)
			eval[bool](t, ctx, watchTricks)
			checkedLead, checkedLast := false, false
			deadline := time.Now().Add(3 * time.Minute)
			for !(checkedLead && checkedLast) && time.Now().Before(deadline) {
				if eval[bool](t, ctx, `!!document.querySelector('#round-summary')`) {
					must(t, clickUntil(ctx, `#summary-close`, `!document.querySelector('#round-summary')`, 10*time.Second))
					// A new round's table starts empty: the last round's
					// trick is not shown as if in play.
					c := readCentre(t, ctx)
					if len(c.Cards) > 0 {
						assert.False(t, c.Taken, "a new round shows the last round's trick")
					}
					continue
				}
				if !eval[bool](t, ctx, `document.querySelector('#table').dataset.turn === "true" && !!document.querySelector('#table [data-action]')`) {
					time.Sleep(20 * time.Millisecond)
					continue
				}
				c := readCentre(t, ctx)
				if c.Taken && !checkedLead {
					// The player leads after a trick: it is still on the
					// table, and after the lead "Last trick" shows it.
					checkedLead = true
					require.True(t, eval[bool](t, ctx, playOwnCard))
					must(t, waitJS(ctx, `!document.querySelector('#table .table__centre .trick--taken')`, 10*time.Second))
					must(t, clickUntil(ctx, `#last-trick`, `!!document.querySelector('#last-trick-sheet')`, 10*time.Second))
					var shown []string
					require.NoError(t, json.Unmarshal([]byte(eval[string](t, ctx,
						`JSON.stringify([...document.querySelectorAll('#last-trick-sheet [data-card]')].map(c => c.dataset.card))`)), &shown))
					if len(shown) > 0 && shown[0] != c.Cards[0] {
						// Bots may have finished another trick since.
						continue
					}
					assert.ElementsMatch(t, c.Cards, shown, "Last trick shows the trick the player saw")
					assert.True(t, eval[bool](t, ctx, inViewport(`#last-trick-close`)), "its button is on screen")
					shot(t, ctx, game+"-last-trick-360x640.png")
					must(t, clickUntil(ctx, `#last-trick-close`, `!document.querySelector('#last-trick-sheet')`, 10*time.Second))
					checkedLast = true
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
