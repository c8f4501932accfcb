package blind

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/cards"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// match is a dealer-less match as a test sees it: the true deals of every
// round (as the mental deal would give them), the true state the engine
// plays on them, and one blind table per page.
type match struct {
	t      *testing.T
	entry  games.Entry
	cfg    games.Config
	deck   []cards.Card
	deals  []games.Deal
	truth  games.State
	tables []*Table
	round  int // 0-based round the tables are in
}

// newMatch deals rounds true deals from seed and seats a blind table at
// every seat with its first hand.
func newMatch(t *testing.T, id string, players int, opts map[string]string, deck cards.Set, seed uint64) *match {
	t.Helper()
	e, err := catalog.Lookup(id)
	require.NoError(t, err)
	m := &match{t: t, entry: e, deck: deck.Cards()}
	rng := games.NewRand(seed ^ 0xdea1)
	for range 60 { // more rounds than any match here plays
		d := slices.Clone(m.deck)
		rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
		deal := games.Deal{Hands: make([][]string, players)}
		each := len(d) / players
		for s := range players {
			deal.Hands[s] = names(d[s*each : (s+1)*each])
		}
		m.deals = append(m.deals, deal)
	}
	m.cfg = games.Config{Players: players, Options: opts, Seed: seed}
	truthCfg := m.cfg
	truthCfg.Deals = m.deals
	m.truth, err = e.Game.New(truthCfg)
	require.NoError(t, err)
	for s := range players {
		tb, err := New(e, m.cfg, games.Seat(s), m.deck, m.hand(0, s), seed+uint64(s)+1)
		require.NoError(t, err)
		m.tables = append(m.tables, tb)
	}
	m.sameViews("the deal")
	return m
}

func (m *match) hand(round, seat int) []cards.Card {
	out := make([]cards.Card, len(m.deals[round].Hands[seat]))
	for i, n := range m.deals[round].Hands[seat] {
		var err error
		out[i], err = cards.Parse(n)
		require.NoError(m.t, err)
	}
	return out
}

// sameViews: every table shows its seat exactly the view the true state
// makes for it, and offers it the same moves.
func (m *match) sameViews(when string) {
	m.t.Helper()
	for s, tb := range m.tables {
		want, err := json.Marshal(m.truth.View(games.Seat(s)))
		require.NoError(m.t, err)
		got, err := json.Marshal(tb.View())
		require.NoError(m.t, err)
		require.JSONEq(m.t, string(want), string(got), "seat %d after %s", s, when)
		assert.Equal(m.t, m.truth.Legal(games.Seat(s), nil), tb.state.Legal(games.Seat(s), nil), "seat %d's moves after %s", s, when)
	}
}

// sameTold: a table tells its seat an action as the true table does.
func (m *match) sameTold(tb *Table, want games.Description, seat int, act string) {
	m.t.Helper()
	w, err := json.Marshal(want)
	require.NoError(m.t, err)
	got, err := json.Marshal(tb.Told())
	require.NoError(m.t, err)
	require.JSONEq(m.t, string(w), string(got), "seat %d is told %s", seat, act)
}

// play plays the match to its end: each seat's page chooses its move with
// the game's heuristic from its own table only; every table is told it,
// another seat's with the cards it shows to everyone; at each round's end
// every table gets the round's true deal and its next hand.
func (m *match) play(seed uint64) (tries []int) {
	m.t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed))
	secret := map[int]string{} // the round's secret choices, by action index
	for step := 0; !m.truth.Done(); step++ {
		require.Less(m.t, step, 5000, "the match ends")
		actors := m.truth.Actors(nil)
		require.NotEmpty(m.t, actors)
		actor := actors[rng.IntN(len(actors))]
		own := m.tables[actor]
		turn := bots.TurnOf(m.entry, m.cfg, own.State(), actor)
		a, err := bots.NewHeuristic(m.entry.Advisor, 0.2, rng.Uint64()).Choose(turn)
		require.NoError(m.t, err)
		act := m.truth.FormatAction(a)
		shown := Shown(m.truth, actor, a)
		hide := Secret(m.truth, actor, a)
		told := make([]games.Description, len(m.tables)) // as the true table tells each seat
		for s := range m.tables {
			told[s] = m.truth.Describe(games.Seat(s), actor, a)
		}
		require.NoError(m.t, m.truth.Apply(actor, a), "the true state takes seat %d's %s", actor, act)
		for s, tb := range m.tables {
			if hide && games.Seat(s) != actor {
				// Another seat's secret choice: the table stands in for it.
				i, err := tb.ApplySecret(actor)
				require.NoError(m.t, err, "seat %d's table told seat %d's secret choice", s, actor)
				secret[i] = act
				m.sameTold(tb, told[s], s, act)
				continue
			}
			require.NoError(m.t, tb.Apply(actor, act, shown), "seat %d's table told seat %d's %s", s, actor, act)
			m.sameTold(tb, told[s], s, act)
			tries = append(tries, tb.Tries)
		}
		if m.tables[0].Between() {
			for s, tb := range m.tables {
				require.True(m.t, tb.Between(), "every table sees the round end")
				for i, act := range secret {
					if tb.seat != tb.actions[i].Seat {
						require.NoError(m.t, tb.Disclose(i, act), "seat %d's table told the secret choice of action %d", s, i)
					}
				}
				var next []cards.Card
				if !m.truth.Done() {
					next = m.hand(m.round+1, s)
				}
				require.NoError(m.t, tb.EndRound(m.deals[m.round], next))
			}
			clear(secret)
			m.round++
		}
		m.sameViews(fmt.Sprintf("seat %d's %s", actor, act))
	}
	return tries
}

// TestABlindTableShowsEachSeatTheTrueView: four (or six) pages, each
// holding only its own hand, play whole matches of The King and Mindikot;
// at every step each page's view and moves are those of the true state.
func TestABlindTableShowsEachSeatTheTrueView(t *testing.T) {
	for _, tc := range []struct {
		name    string
		id      string
		players int
		opts    map[string]string
		deck    cards.Set
	}{
		{"king", "king", 4, nil, cards.Deck32},
		{"king/collecting4-noTrump-mustTrump", "king", 4, map[string]string{"collectingRounds": "4", "allowNoTrump": "on", "mustTrumpWhenVoid": "on", "kingDiscardScope": "ALL_AVOIDING"}, cards.Deck32},
		{"mindikot/cut", "mindikot", 4, map[string]string{"targetPoints": "3"}, cards.Deck52},
		{"mindikot/hidden-random", "mindikot", 4, map[string]string{"mode": "HIDDEN", "targetPoints": "3"}, cards.Deck52},
		{"mindikot/6p-hidden-random", "mindikot", 6, map[string]string{"mode": "HIDDEN", "targetPoints": "2"}, cards.Deck48},
		{"mindikot/hidden-chosen", "mindikot", 4, map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "targetPoints": "3"}, cards.Deck52},
		{"mindikot/6p-hidden-chosen", "mindikot", 6, map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "targetPoints": "4"}, cards.Deck48},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newMatch(t, tc.id, tc.players, tc.opts, tc.deck, 7)
			tries := m.play(11)
			require.True(t, m.truth.Done())
			assert.Greater(t, m.round, 1, "more than one round")
			slices.Sort(tries)
			t.Logf("%d rounds; samples to place another seat's action: median %d, max %d", m.round, tries[len(tries)/2], tries[len(tries)-1])
		})
	}
}

// playRound plays the tables' current round to its end with each page's
// own moves, without the true state, and returns the actions.
func (m *match) playRound(rng *rand.Rand) {
	m.t.Helper()
	for !m.tables[0].Between() {
		st := m.tables[0].State()
		actors := st.Actors(nil)
		require.NotEmpty(m.t, actors)
		actor := actors[rng.IntN(len(actors))]
		own := m.tables[actor].State()
		legal := own.Legal(actor, nil)
		a := legal[rng.IntN(len(legal))]
		act, shown := own.FormatAction(a), Shown(m.truth, actor, a)
		require.NoError(m.t, m.truth.Apply(actor, a))
		for _, tb := range m.tables {
			require.NoError(m.t, tb.Apply(actor, act, shown))
		}
	}
}

// TestARoundsTrueDealCatchesARevoke: a page cannot check another's move
// against a hand it never saw; the round's true deal, published at its end,
// is replayed, and a move the hand dealt did not allow stops the match
// naming its seat. The table stays as it was.
func TestARoundsTrueDealCatchesARevoke(t *testing.T) {
	m := newMatch(t, "king", 4, nil, cards.Deck32, 3)
	m.playRound(rand.New(rand.NewPCG(5, 5)))
	// A deal in which seat 1 (the second page) held seat 2's first card in
	// place of one of its own: one of its plays was of a card it never held.
	forged := games.Deal{Hands: make([][]string, 4)}
	for s, h := range m.deals[0].Hands {
		forged.Hands[s] = slices.Clone(h)
	}
	forged.Hands[1][0], forged.Hands[2][0] = forged.Hands[2][0], forged.Hands[1][0]
	tb := m.tables[0]
	before, _ := json.Marshal(tb.View())
	err := tb.EndRound(forged, m.hand(1, 0))
	var rv *Revoke
	require.ErrorAs(t, err, &rv)
	assert.Contains(t, []games.Seat{1, 2}, rv.Seat, "the seat whose play the forged deal does not allow")
	assert.Equal(t, 1, rv.Round)
	assert.Regexp(t, `^round 1: seat [23]'s "play [0-9TJQKA][CDHS]" was not legal: `, err.Error())
	after, _ := json.Marshal(tb.View())
	assert.JSONEq(t, string(before), string(after), "a refused deal changes nothing")
	assert.True(t, tb.Between())
	require.NoError(t, tb.EndRound(m.deals[0], m.hand(1, 0)), "the true deal is taken after a forged one")
	m.sameViewsOf(0, "the true deal")
}

func (m *match) sameViewsOf(seat int, when string) {
	m.t.Helper()
	want, _ := json.Marshal(m.truth.View(games.Seat(seat)))
	got, _ := json.Marshal(m.tables[seat].View())
	require.JSONEq(m.t, string(want), string(got), "seat %d after %s", seat, when)
}

// TestACardAnotherPageHoldsIsARevokeAtOnce: a page that plays a card the
// reading page holds itself is refused at once: no deal that fits what the
// reading page has seen gives it that card.
func TestACardAnotherPageHoldsIsARevokeAtOnce(t *testing.T) {
	m := newMatch(t, "king", 4, nil, cards.Deck32, 9)
	st := m.truth
	for st.Actors(nil)[0] != 0 || len(st.Legal(0, nil)) < 2 || st.FormatAction(st.Legal(0, nil)[0])[:4] != "play" {
		a := st.Legal(st.Actors(nil)[0], nil)[0]
		actor := st.Actors(nil)[0]
		act, shown := st.FormatAction(a), Shown(st, actor, a)
		require.NoError(t, st.Apply(actor, a))
		for _, tb := range m.tables {
			require.NoError(t, tb.Apply(actor, act, shown))
		}
	}
	// Seat 0 is to play; it claims a card of seat 1's hand.
	card := m.deals[0].Hands[1][0]
	for _, c := range m.deals[0].Hands[1] {
		if !slices.ContainsFunc(m.tables[1].actions, func(s record.Step) bool { return s.Act == "play "+c }) {
			card = c
			break
		}
	}
	before, _ := json.Marshal(m.tables[1].View())
	err := m.tables[1].Apply(0, "play "+card, []string{card})
	var rv *Revoke
	require.ErrorAs(t, err, &rv)
	assert.Equal(t, games.Seat(0), rv.Seat)
	assert.Contains(t, err.Error(), `seat 1's "play `+card+`" was not legal: no hand that fits what this page has seen allows it`)
	after, _ := json.Marshal(m.tables[1].View())
	assert.JSONEq(t, string(before), string(after))
	// The page that made it cannot: its own table knows its hand.
	err = m.tables[0].Apply(0, "play "+card, []string{card})
	require.Error(t, err)
	assert.NotErrorAs(t, err, &rv, "the page's own move gets the engine's reason")
}

// TestATableRefusesWhatDoesNotFit: bad hands and actions are errors, and
// the state stays as it was.
func TestATableRefusesWhatDoesNotFit(t *testing.T) {
	e, err := catalog.Lookup("king")
	require.NoError(t, err)
	deck := cards.Deck32.Cards()
	cfg := games.Config{Players: 4, Seed: 1}
	for name, hand := range map[string][]cards.Card{
		"too few cards":   deck[:7],
		"a card twice":    append(slices.Clone(deck[:7]), deck[0]),
		"not in the deck": append(slices.Clone(deck[:7]), cards.Deck52.Cards()[0]),
	} {
		_, err := New(e, cfg, 0, deck, hand, 1)
		assert.Error(t, err, name)
	}
	_, err = New(e, cfg, 4, deck, deck[:8], 1)
	assert.Error(t, err, "a seat that is not at the table")
	m := newMatch(t, "king", 4, nil, cards.Deck32, 2)
	tb := m.tables[0]
	before, _ := json.Marshal(tb.View())
	for _, act := range []string{"", "play", "play ZZ", "trump X", "nonsense words"} {
		assert.Error(t, tb.Apply(m.truth.Actors(nil)[0], act, nil), "%q", act)
	}
	assert.Error(t, tb.EndRound(m.deals[0], m.hand(1, 0)), "the round is not over")
	after, _ := json.Marshal(tb.View())
	assert.JSONEq(t, string(before), string(after))
}

// FuzzApply: any action text and shown cards from any seat are refused or
// taken, never a panic, and a refusal changes nothing.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"play 7C", "trump H", "play", "", "reveal", "hide 9C", "play AS AS"} {
		f.Add(s, "7C", uint8(1))
	}
	e, _ := catalog.Lookup("mindikot")
	deck := cards.Deck52.Cards()
	f.Fuzz(func(t *testing.T, act, shown string, seat uint8) {
		tb, err := New(e, games.Config{Players: 4, Seed: 4, Options: map[string]string{"mode": "HIDDEN"}}, 0, deck, deck[:13], 1)
		require.NoError(t, err)
		before, _ := json.Marshal(tb.View())
		if err := tb.Apply(games.Seat(int(seat)%6-1), act, []string{shown}); err != nil {
			after, _ := json.Marshal(tb.View())
			assert.JSONEq(t, string(before), string(after))
		}
	})
}

// TestASeatWhosePageLeftResumesFromTheFinishedRounds: a table seated after
// a round, from its true deal (public once it ends), the match's actions and
// the seat's next hand, shows its seat the true view and goes on as the
// table that was there from the start.
func TestASeatWhosePageLeftResumesFromTheFinishedRounds(t *testing.T) {
	for _, tc := range []struct {
		name string
		id   string
		deck cards.Set
		opts map[string]string
	}{
		{"king", "king", cards.Deck32, nil},
		{"mindikot", "mindikot", cards.Deck52, map[string]string{"targetPoints": "3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newMatch(t, tc.id, 4, tc.opts, tc.deck, 5)
			m.playRound(rand.New(rand.NewPCG(6, 6)))
			actions := slices.Clone(m.tables[0].actions)
			for s, tb := range m.tables {
				require.NoError(t, tb.EndRound(m.deals[0], m.hand(1, s)))
			}
			m.round++
			tb, err := Resume(m.entry, m.cfg, 2, m.deck, m.deals[:1], actions, m.hand(1, 2), 99)
			require.NoError(t, err)
			m.tables[2] = tb
			m.sameViews("a table resumed at seat 3")
			m.play(8)
			require.True(t, m.truth.Done())
		})
	}
}

// TestAnotherSeatsSecretChoiceIsStoodInUntilTheRoundsEnd: Mindikot's CHOSEN
// hide names a card only its seat sees; another seat's table stands in a
// card of its sample (ApplySecret), only when the rules ask that seat for a
// secret choice, and only such an action is disclosed later.
func TestAnotherSeatsSecretChoiceIsStoodInUntilTheRoundsEnd(t *testing.T) {
	m := newMatch(t, "mindikot", 4, map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN"}, cards.Deck52, 3)
	hider := m.truth.Actors(nil)[0]
	other := m.tables[(int(hider)+1)%4]
	_, err := m.tables[hider].ApplySecret(hider)
	require.Error(t, err, "a table's own secret choice is told with Apply")
	_, err = other.ApplySecret((hider + 2) % 4)
	var rv *Revoke
	require.ErrorAs(t, err, &rv, "no secret choice is asked of a seat not to act")
	i, err := other.ApplySecret(hider)
	require.NoError(t, err)
	require.Equal(t, 0, i)
	require.Error(t, other.Disclose(1, "hide 2C"), "action 1 is no stand-in")
	require.Error(t, other.Apply(hider, "hide 2C", nil), "the hide is told once")
	var v struct {
		HiddenState string `json:"hiddenState"`
		Hidden      string `json:"hidden"`
	}
	raw, err := json.Marshal(other.View())
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &v))
	assert.Equal(t, "aside", v.HiddenState, "a card is set aside")
	assert.Empty(t, v.Hidden, "and the other seat does not see it")
}
