package main

import (
	"fmt"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/ui/uitest"
)

// TestTablePageOffersEveryMoveInWords draws the table of a local match of
// every game, at several points of a random match: every legal move is
// playable from the page (a card, a button, the board), and nothing a
// person reads or hears on it is notation.
func TestTablePageOffersEveryMoveInWords(t *testing.T) {
	for _, e := range catalog.All() {
		info := e.Game.Info()
		t.Run(info.ID, func(t *testing.T) {
			players := info.MinPlayers
			rec := record.New(info.ID, games.Config{Players: players, Seed: 13})
			seats := make([]bots.Bot, players)
			for i := 1; i < players; i++ {
				seats[i] = bots.NewRandom(uint64(i))
			}
			sess, err := rtc.NewLocal(e, rec, 0, seats)
			require.NoError(t, err)
			p := &tablePage{gameID: info.ID, info: info, sess: sess, live: sess, players: players, me: 0, seatBots: make([]string, players)}
			rng := games.NewRand(13)
			for step := 0; step < 120 && !sess.Snapshot().Done; step++ {
				p.snap = sess.Snapshot()
				p.show(p.snap.View)
				p.legal = p.snap.Legal
				html := app.HTMLString(p.Render())
				assert.NotRegexp(t, uitest.Notation, uitest.Readable(html), "step %d", step)
				offered := func(html string) map[string]bool {
					out := map[string]bool{}
					for _, a := range uitest.DataActions(html) {
						out[a] = true
					}
					return out
				}
				now := offered(html)
				m := p.view.Model(nil, p.modelInput())
				for _, mv := range p.legal {
					if now[mv.Text] {
						continue
					}
					// A move that needs a pick first: a hand card (its
					// choices under the hand, or on the board), or a board
					// place (a slot, a Klondike source).
					var picks [][2]string
					if c := m.CardOf(mv); c != "" {
						if !m.BoardChoices {
							continue // the hand offers the picked card's moves
						}
						picks = append(picks, [2]string{c, ""})
					}
					for _, tg := range mv.Desc.Targets {
						picks = append(picks, [2]string{"", tg}, [2]string{"", fmt.Sprintf("%s:%d", tg, len(mv.Desc.Cards))})
					}
					found := false
					for _, pick := range picks {
						p.handSel, p.boardSel = pick[0], pick[1]
						found = found || offered(app.HTMLString(p.Render()))[mv.Text]
					}
					p.handSel, p.boardSel = "", ""
					assert.True(t, found, "step %d: %q is offered", step, mv.Text)
				}
				// The match moves on: the local seat at random, a bot, or a
				// timed window passing.
				// The log and the notice say each action as the page does.
				prev := p.view
				var ev rtc.Event
				applied := true
				if legal := sess.Snapshot().Legal; len(legal) > 0 && (sess.Snapshot().Deadline == 0 || rng.IntN(3) == 0) {
					mv := legal[rng.IntN(len(legal))]
					evs, err := sess.Act(mv.Text)
					require.NoError(t, err)
					require.Len(t, evs, 1)
					ev = evs[0]
					assert.Equal(t, rtc.Event{Index: len(sess.Record().Actions) - 1, Seat: 0, Desc: mv.Desc}, ev, "the move as it was offered")
				} else {
					ev, applied, err = sess.StepBot()
					require.NoError(t, err)
					if !applied && sess.Snapshot().Deadline > 0 {
						ev, err = sess.ActSystem("timeout")
						require.NoError(t, err)
						applied = true
					}
				}
				require.True(t, applied, "step %d: the match is stuck", step)
				p.snap = sess.Snapshot()
				p.show(p.snap.View)
				p.tell([]rtc.Event{ev}, prev, p.snap.Done)
				assert.NotRegexp(t, uitest.Notation, p.notice)
			}
			require.NotEmpty(t, p.log)
			for _, line := range p.log {
				assert.NotRegexp(t, uitest.Notation, line)
			}
		})
	}
}
