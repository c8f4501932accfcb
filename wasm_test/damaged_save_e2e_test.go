//go:build !js

package wasmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/record"
)

// consoleLog keeps what the page writes to its console (a Go panic in the
// page is written there).
type consoleLog struct {
	mu    sync.Mutex
	lines []string
}

func (c *consoleLog) listen(t *testing.T, ctx context.Context) {
	must(t, chromedp.Listen(ctx, func(ev any) {
		var line string
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			for _, a := range ev.Args {
				line += string(a.Value) + " " + a.Description
			}
		case *runtime.EventExceptionThrown:
			line = ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				line += " " + ev.ExceptionDetails.Exception.Description
			}
		default:
			return
		}
		c.mu.Lock()
		c.lines = append(c.lines, line)
		c.mu.Unlock()
	}))
}

func (c *consoleLog) panics() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, l := range c.lines {
		if strings.Contains(l, "panic") || strings.Contains(l, "wasm exit") {
			out = append(out, l)
		}
	}
	return out
}

// storeRaw writes text as it is under a game's save key.
func storeRaw(t *testing.T, ctx context.Context, game, text string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("cardtable.save.%s", %q), true)`, game, text))
}

// TestE2EDamagedSaveIsToldNotCrashed: six damaged King saves (the attack's
// players -1 and 300000000, a save cut short, another game's save under
// King's key, a bots list of the wrong length, an action that does not
// replay): the table and the result page say the save is damaged and how,
// the page stays alive (no panic in its console), "Save as file" holds the
// stored text as it was, the home page still renders with Continue, and
// the discard asks first, can be refused, and then removes the save.
func TestE2EDamagedSaveIsToldNotCrashed(t *testing.T) {
	needBrowser(t)
	srv := startServer(t)
	ctx, cancel := newBrowser(t, 360, 640)
	defer cancel()
	var console consoleLog
	console.listen(t, ctx)
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)))
	openHome(t, ctx, srv.URL)

	rec := record.New("king", games.Config{Players: 4, Seed: 5})
	save := func(edit func(m map[string]any)) string {
		m := map[string]any{"record": rec, "seat": 0, "bots": []string{"", "easy", "easy", "easy"}}
		edit(m)
		b, err := json.Marshal(m)
		require.NoError(t, err)
		return string(b)
	}
	withRecord := func(edit func(r *record.Record)) func(map[string]any) {
		return func(m map[string]any) {
			r := *rec
			edit(&r)
			m["record"] = &r
		}
	}
	whole := save(func(map[string]any) {})
	for _, tc := range []struct {
		name, text, why string
	}{
		{"players -1", save(withRecord(func(r *record.Record) { r.Players = -1 })), "Its number of players is not one this game allows."},
		{"players 300000000", save(withRecord(func(r *record.Record) { r.Players = 300000000 })), "Its number of players is not one this game allows."},
		{"truncated JSON", whole[:len(whole)*2/3], "It is not a whole saved game: it may have been cut short."},
		{"another game's save", save(func(m map[string]any) {
			m["record"], m["bots"] = record.New("klondike", games.Config{Players: 1, Seed: 5}), []string{""}
		}), "It is the save of a different game."},
		{"bots list of wrong length", save(func(m map[string]any) { m["bots"] = []string{"", "easy"} }), "Its list of bots does not match its seats."},
		{"an action that does not replay", save(withRecord(func(r *record.Record) {
			r.Actions = []record.Step{{Seat: 0, Act: "play 1X"}}
		})), "Its move 1 can't be played again."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storeRaw(t, ctx, "king", tc.text)
			for _, path := range []string{"/play", "/result"} {
				root := map[string]string{"/play": "#table", "/result": "#result"}[path]
				must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+path+"?game=king")))
				must(t, waitJS(ctx, fmt.Sprintf(`!!document.querySelector('%s[data-damaged="true"] #damaged-why')`, root), loadTimeout))
				text := eval[string](t, ctx, readableJS("#damaged-save"))
				assert.Contains(t, text, "This saved game is damaged, so it can't be opened.", path)
				assert.Contains(t, text, tc.why, path)
				assert.NotRegexp(t, wordsOnly, text)
				// "Save as file" downloads the stored text as it was.
				kept := eval[string](t, ctx, `(() => { const a = document.querySelector('#save-damaged');
					return new TextDecoder().decode(Uint8Array.from(atob(a.href.split(',')[1]), c => c.charCodeAt(0))); })()`)
				assert.Equal(t, tc.text, kept, path)
				assert.Equal(t, "cardtable-king-damaged-save.json", eval[string](t, ctx, `document.querySelector('#save-damaged').getAttribute('download')`))
			}
			// The home page renders, and Continue leads to the damaged save.
			openHome(t, ctx, srv.URL)
			assert.True(t, eval[bool](t, ctx, `!!document.querySelector('[data-continue="king"]')`), "Continue for the damaged save")

			must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/play?game=king")))
			must(t, waitJS(ctx, `!!document.querySelector('#discard-save')`, loadTimeout))
			if tc.name == "players 300000000" {
				shot(t, ctx, "damaged-save-360x640.png")
			}
			// The discard asks first; "Keep it" keeps the save.
			must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#discard-save`))))
			must(t, waitJS(ctx, `!!document.querySelector('#discard-confirm')`, 10*time.Second))
			assert.True(t, eval[bool](t, ctx, inViewport("#discard-yes, #discard-no")), "the question's answers are on screen")
			assert.True(t, eval[bool](t, ctx, `[...document.querySelectorAll('#damaged-save .btn')].every(b => b.getBoundingClientRect().height >= 44)`))
			if tc.name == "players 300000000" {
				shot(t, ctx, "damaged-save-confirm-360x640.png")
			}
			must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#discard-no`))))
			must(t, waitJS(ctx, `!document.querySelector('#discard-confirm')`, 10*time.Second))
			assert.Equal(t, tc.text, eval[string](t, ctx, `localStorage.getItem("cardtable.save.king")`))
			// "Discard it" removes it.
			must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#discard-save`))))
			must(t, waitJS(ctx, `!!document.querySelector('#discard-yes')`, 10*time.Second))
			must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#discard-yes`))))
			must(t, waitJS(ctx, `!!document.querySelector('#damaged-save[data-discarded="true"]')`, 10*time.Second))
			assert.Contains(t, eval[string](t, ctx, readableJS("#damaged-save")), "The damaged save is discarded.")
			assert.True(t, eval[bool](t, ctx, `localStorage.getItem("cardtable.save.king") === null`))
			openHome(t, ctx, srv.URL)
			assert.False(t, eval[bool](t, ctx, `!!document.querySelector('[data-continue="king"]')`), "no Continue once discarded")
			assert.Empty(t, console.panics())
		})
	}

	// On a landscape phone the notice and its buttons are on screen too.
	storeRaw(t, ctx, "king", save(withRecord(func(r *record.Record) { r.Players = -1 })))
	must(t, chromedp.Do(ctx, chromedp.EmulateViewport(640, 360)))
	must(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/play?game=king")))
	must(t, waitJS(ctx, `!!document.querySelector('#discard-save')`, loadTimeout))
	assert.True(t, eval[bool](t, ctx, inViewport("#save-damaged, #discard-save")), "the buttons are on a landscape screen")
	shot(t, ctx, "damaged-save-640x360.png")
	assert.Empty(t, console.panics())
}
