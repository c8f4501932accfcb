//go:build !js

package wasmtest

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestE2EReplaySeatsAsTheTableNamesThem: a King match's replay names the
// seats as the table did (You, West, North, East), in the view picker too;
// and at 360×640 and 640×360 every card of a full trick is inside the board
// and under no seat's badge.
func TestE2EReplaySeatsAsTheTableNamesThem(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	openHome(t, ctx, srv.URL)
	link, _ := kingLink(t)
	must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+link)))
	must(t, waitJS(ctx, `!!document.querySelector('#replay-line')`, loadTimeout))
	for range 12 {
		clickReplay(t, ctx, "replay-next")
	}
	require.Equal(t, 4, eval[int](t, ctx, `document.querySelectorAll('.trick .card').length`), "a full trick on the table")
	seats := eval[string](t, ctx, `[...document.querySelectorAll('#table .seat__name')].map(e => e.innerText).join(' | ')`)
	for _, name := range []string{"You", "West", "North", "East"} {
		assert.Contains(t, seats, name)
	}
	assert.NotContains(t, seats, "Player")
	picker := eval[string](t, ctx, `[...document.querySelectorAll('#replay-viewer option')].map(o => o.text).join(' | ')`)
	assert.Equal(t, "Your view | Seen by West | Seen by North | Seen by East | Seen by a spectator | All cards shown", picker)
	for _, sz := range screens[:2] {
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(sz.w, sz.h)))
		time.Sleep(300 * time.Millisecond)
		covered := eval[[]string](t, ctx, `(() => { const out = [];
			const centre = document.querySelector('#table .table__centre').getBoundingClientRect();
			const badges = [...document.querySelectorAll('#table .seat')].map(e => e.getBoundingClientRect());
			for (const c of document.querySelectorAll('.trick .card')) {
				const r = c.getBoundingClientRect();
				if (r.top < centre.top - 1 || r.bottom > centre.bottom + 1 || r.left < centre.left - 1 || r.right > centre.right + 1)
					out.push(c.dataset.card + ' outside the board');
				for (const b of badges)
					if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) out.push(c.dataset.card + ' under a badge');
			} return out; })()`)
		assert.Empty(t, covered, "at %dx%d", sz.w, sz.h)
		shot(t, ctx, fmt.Sprintf("replay-seats-%dx%d.png", sz.w, sz.h))
	}
}
