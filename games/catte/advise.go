package catte

import (
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/cards"
)

// Advise is Cat Te's heuristic player (games.Advisor). It reads only the
// seat's View: its hand, the face-up cards of the round, who is still in and
// the tricks won.
//
// It keeps its strongest cards (those least likely to be topped by a card it
// has not seen) for tricks 5 and 6: it folds and leads the least useful card
// (the weakest of the others, and of the others but one while it still
// needs a trick to survive the elimination). A player that needs a trick
// beats with the lowest card that will probably hold (not one of its two
// best in trick 1; a lower bar as trick 4 nears), and in trick 4 with the
// card that holds best, leading its strongest cards from trick 3 on; one
// that has won a trick folds. With three tricks won it goes for the sweep
// in trick 4. In trick 5 it weighs which card to play and which to keep for
// the showdown by the chance of winning with them (winning trick 5 and then
// leading the showdown, or beating what the trick-5 winner leads). Now and
// then it beats with a spare card it did not need, so that its folds do not
// tell its hand. It claims the round only when sure: every card it holds is
// the highest of its suit it has not seen, and it can win the trick now
// (unless claiming would forgo the bonus of a sweep). It takes a MANUAL
// side pot at once, and never throws in its hand while it has a card to
// play.
func (g Game) Advise(view games.View, legal []games.Action, rng *rand.Rand) games.Action {
	a, _ := g.AdviseWhy(view, legal, rng)
	return a
}

// Cat Te's reasons (games.Reasoner): the rule of Advise that chose.
const (
	TakeSidePot  games.Reason = "catte-side-pot"    // a MANUAL side pot: free chips
	ClaimSure    games.Reason = "catte-claim"       // every card held is the highest left: claim
	SureWin      games.Reason = "catte-sure-win"    // every card held is the highest left: win the trick
	Showdown     games.Reason = "catte-showdown"    // trick 5: the card to play and the one to keep for the showdown
	LeadSpare    games.Reason = "catte-lead-spare"  // lead the least useful card, keep the strongest
	LeadStrong   games.Reason = "catte-lead-strong" // a trick is still needed, or the sweep is on: lead strength
	Survive      games.Reason = "catte-survive"     // a trick is needed to stay in: the lowest card that will probably hold
	GoSweep      games.Reason = "catte-sweep"       // three tricks won: go for the sweep
	ShowStrength games.Reason = "catte-bluff"       // now and then beat with a spare card, so folds tell nothing
	FoldSpare    games.Reason = "catte-fold-spare"  // fold the least useful card, keep the strongest
)

// AdviseWhy is Advise with the rule that chose (games.Reasoner).
func (Game) AdviseWhy(view games.View, legal []games.Action, rng *rand.Rand) (games.Action, games.Reason) {
	v, ok := view.(*View)
	switch {
	case len(legal) == 0:
		return 0, ""
	case !ok || v.Seat < 0 || v.Seat >= v.Players || v.Players > 6:
		return legal[0], ""
	}
	var up, fold, secret cards.Set
	claim := false
	for _, a := range legal {
		switch {
		case a == actSidePot:
			return a, TakeSidePot // free chips
		case a == actClaim:
			claim = true
		case a < cards.NumCards:
			up = up.With(cards.Card(a))
		case a >= actFold && a < actFold+cards.NumCards:
			fold = fold.With(cards.Card(a - actFold))
		case a >= actSecret && a < actSecret+cards.NumCards:
			secret = secret.With(cards.Card(a - actSecret))
		}
	}
	if up|fold|secret == 0 {
		return legal[0], ""
	}
	t := newTable(v)
	if win, ok := t.sureWin(up | secret); ok {
		if claim && !t.sweepOnTrack() {
			return actClaim, ClaimSure
		}
		if secret != 0 {
			return games.Action(actSecret + int(win)), SureWin
		}
		return games.Action(actPlay + int(win)), SureWin
	}
	switch {
	case secret != 0:
		return games.Action(actSecret + int(t.lastTwo(secret, false))), Showdown
	case len(t.plays) == 0:
		if t.hand.Len() == 2 {
			return games.Action(actPlay + int(t.lastTwo(up, true))), Showdown
		}
		c, why := t.lead(up)
		return games.Action(actPlay + int(c)), why
	}
	if t.hand.Len() == 2 {
		// An open trick 5: beat to lead the showdown, or fold.
		c := t.lastTwo(t.hand, false)
		if up.Has(c) {
			return games.Action(actPlay + int(c)), Showdown
		}
		return games.Action(actFold + int(c)), Showdown
	}
	if c, why, ok := t.beat(up, rng); ok {
		return games.Action(actPlay + int(c)), why
	}
	if fold == 0 {
		return legal[0], ""
	}
	return games.Action(actFold + int(t.spare(fold))), FoldSpare
}

type table struct {
	v       *View
	me      int
	hand    cards.Set
	unseen  cards.Set // cards the seat has not seen: other hands, others' folds, undealt cards
	nUnseen int
	elim    bool // LAOS, VIETNAMESE: elimination and sweep after trick 4
	trick   int
	won     int
	plays   []playedCard
	led     cards.Suit
	best    cards.Card // the best face-up card of the trick
	opps    []int      // the other active seats
	after   []int      // active seats still to act in this trick after the seat
}

type playedCard struct {
	seat int
	kind string
	card cards.Card
	open bool
}

func newTable(v *View) *table {
	t := &table{v: v, me: v.Seat, trick: v.Trick, elim: v.Region != "KHMER"}
	if v.Seat < len(v.TricksWon) {
		t.won = v.TricksWon[v.Seat]
	}
	t.hand = setOf(v.Hand)
	seen := t.hand
	for _, sh := range v.Shown {
		seen |= setOf(sh)
	}
	if c, err := cards.Parse(v.Upcard); err == nil && v.Upcard != "" {
		seen = seen.With(c)
	}
	for _, tr := range v.Tricks {
		for _, pl := range tr.Plays {
			if c, err := cards.Parse(pl.Card); err == nil && pl.Card != "" {
				seen = seen.With(c)
			}
		}
	}
	acted := map[int]bool{}
	for _, pl := range v.Plays {
		p := playedCard{seat: pl.Seat, kind: pl.Kind}
		if c, err := cards.Parse(pl.Card); err == nil && pl.Card != "" {
			seen = seen.With(c)
			p.card, p.open = c, true
		}
		acted[pl.Seat] = true
		t.plays = append(t.plays, p)
	}
	t.unseen = cards.Deck52 &^ seen
	t.nUnseen = t.unseen.Len()
	if len(t.plays) > 0 && t.plays[0].open {
		t.led = t.plays[0].card.Suit()
		t.best = t.plays[0].card
		for _, p := range t.plays[1:] {
			if p.kind == "up" && p.open && p.card.Suit() == t.led && p.card.Rank() > t.best.Rank() {
				t.best = p.card
			}
		}
	}
	n := v.Players
	for i := 1; i < n; i++ {
		p := (t.me + i) % n
		if p >= len(v.Status) || v.Status[p] != "active" {
			continue
		}
		t.opps = append(t.opps, p)
		if len(t.plays) > 0 && !acted[p] {
			t.after = append(t.after, p)
		}
	}
	return t
}

// above counts the unseen cards of c's suit higher than c.
func (t *table) above(c cards.Card) int {
	return (t.unseen.Of(c.Suit()) &^ (cards.Set(2)<<c - 1)).Len()
}

func (t *table) cardsOf(seats []int) int {
	h := 0
	for _, p := range seats {
		if p < len(t.v.HandSizes) {
			h += t.v.HandSizes[p]
		}
	}
	return h
}

// holds is the chance that none of seats holds a card topping c.
func (t *table) holds(c cards.Card, seats []int) float64 {
	return cards.ChanceNone(t.nUnseen, t.above(c), t.cardsOf(seats))
}

// power ranks a card for the last tricks: the chance that no other active
// player holds a higher card of its suit.
func (t *table) power(c cards.Card) float64 { return t.holds(c, t.opps) }

// ranked lists s strongest first.
func (t *table) ranked(s cards.Set) []cards.Card {
	cs := s.Cards()
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && t.stronger(cs[j], cs[j-1]); j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	return cs
}

func (t *table) stronger(a, b cards.Card) bool {
	pa, pb := t.power(a), t.power(b)
	if pa != pb {
		return pa > pb
	}
	return a.Rank() > b.Rank()
}

// reserve is the cards kept back: two for tricks 5 and 6, and a third for
// trick 4 while the seat still needs a trick.
func (t *table) reserve() cards.Set {
	if t.needs() && t.trick < 4 {
		return t.top(3)
	}
	return t.top(2)
}

// top is the n strongest cards of the hand.
func (t *table) top(n int) cards.Set {
	var r cards.Set
	for i, c := range t.ranked(t.hand) {
		if i < n {
			r = r.With(c)
		}
	}
	return r
}

// needs tells a seat that must win one of tricks 1–4 to stay in.
func (t *table) needs() bool { return t.elim && t.won == 0 && t.trick <= 4 }

// sweepNow: winning this trick wins the round.
func (t *table) sweepNow() bool { return t.elim && t.trick == 4 && t.won == 3 }

// sweepOnTrack: the seat has won every trick so far and a sweep would earn
// it a bonus (taken as the default sweepBonusMinPlayers, 4 dealt in).
func (t *table) sweepOnTrack() bool {
	dealt := 0
	for _, st := range t.v.Status {
		if st != "out" {
			dealt++
		}
	}
	return t.elim && t.trick <= 4 && t.won == t.trick-1 && dealt >= 4
}

// spare is the least useful card of options: the weakest of those not kept.
func (t *table) spare(options cards.Set) cards.Card {
	pool := options &^ t.reserve()
	if pool == 0 {
		pool = options
	}
	r := t.ranked(pool)
	return r[len(r)-1]
}

// lead chooses the face-up card leading tricks 1–4.
func (t *table) lead(options cards.Set) (cards.Card, games.Reason) {
	if t.sweepNow() || t.needs() && t.trick == 4 {
		return t.ranked(options)[0], LeadStrong
	}
	if t.needs() && t.trick == 3 {
		r := t.ranked(options)
		if len(r) > 1 && t.power(r[1]) >= 0.5 {
			return r[1], LeadStrong
		}
		return r[0], LeadStrong
	}
	if t.needs() {
		spares := options &^ t.reserve()
		if spares != 0 {
			if c := t.ranked(spares)[0]; t.power(c) >= 0.35 {
				return c, LeadStrong
			}
		}
	}
	return t.spare(options), LeadSpare
}

// beat decides whether to beat the trick face up in tricks 1–4, and with what.
func (t *table) beat(up cards.Set, rng *rand.Rand) (cards.Card, games.Reason, bool) {
	if up == 0 {
		return 0, "", false
	}
	// holdsNow: the chance that c, played now, wins the trick.
	holdsNow := func(c cards.Card) float64 { return t.holds(c, t.after) }
	bestOf := func(s cards.Set) (cards.Card, float64) {
		var bc cards.Card
		bp := -1.0
		for _, c := range s.Cards() { // ascending: the cheapest of equals
			if p := holdsNow(c); p > bp+0.02 {
				bc, bp = c, p
			}
		}
		return bc, bp
	}
	switch {
	case t.sweepNow():
		if c, p := bestOf(up); p >= 0.4 {
			return c, GoSweep, true
		}
		return 0, "", false
	case t.needs() && t.trick == 4:
		c, _ := bestOf(up)
		return c, Survive, true
	case t.needs():
		// Survive cheaply: the lowest card that will probably hold, sparing
		// the two best for the last tricks in trick 1.
		cand := up
		if t.trick == 1 {
			if spares := up &^ t.top(2); spares != 0 {
				cand = spares
			}
		}
		need := [...]float64{0, 0.6, 0.5, 0.3}[t.trick]
		for _, c := range cand.Cards() {
			if holdsNow(c) >= need {
				return c, Survive, true
			}
		}
		return 0, "", false
	}
	// Not needed: now and then show strength with a spare card anyway.
	if spares := up &^ t.reserve(); spares != 0 && rng.IntN(10) == 0 {
		return spares.Lowest(), ShowStrength, true
	}
	return 0, "", false
}

// showdown is the chance that c, led to the showdown, wins it: every other
// active player holds one card then.
func (t *table) showdown(c cards.Card) float64 {
	return cards.ChanceNone(t.nUnseen, t.above(c), len(t.opps))
}

// fallback is the chance that c, kept for the showdown, beats the card
// another player leads to it.
func (t *table) fallback(c cards.Card) float64 {
	if t.nUnseen == 0 {
		return 0
	}
	below := (t.unseen.Of(c.Suit()) & (cards.Set(1)<<c - 1)).Len()
	return float64(below) / float64(t.nUnseen)
}

// lastTwo chooses the card to play to trick 5 from options (the other one
// is kept for the showdown). leading: the seat plays first, face up.
func (t *table) lastTwo(options cards.Set, leading bool) cards.Card {
	bestCard, bestP := options.Lowest(), -1.0
	for _, c := range options.Cards() {
		keep := t.hand.Without(c)
		if keep == 0 {
			return c
		}
		k := keep.Lowest()
		var p float64
		switch {
		case leading:
			h := t.power(c)
			p = h*t.showdown(k) + (1-h)*t.fallback(k)
		case c.Suit() == t.led && c.Rank() > t.best.Rank():
			h := t.holds(c, t.othersThisTrick())
			p = h*t.showdown(k) + (1-h)*t.fallback(k)
		default:
			p = t.fallback(k)
		}
		if p > bestP {
			bestCard, bestP = c, p
		}
	}
	return bestCard
}

// othersThisTrick are the active opponents who may still top the seat's
// card in this trick: those after it, and in a face-down trick 5 those whose
// card is not shown yet.
func (t *table) othersThisTrick() []int {
	out := append([]int(nil), t.after...)
	for _, p := range t.plays {
		if !p.open && p.seat != t.me {
			out = append(out, p.seat)
		}
	}
	return out
}

// sureWin: every card of the hand is the highest of its suit the seat has
// not seen, and one of them wins the trick now (play lists the face-up or
// face-down cards the seat may play to it). Then the seat wins every trick
// left, whatever the others hold.
func (t *table) sureWin(play cards.Set) (cards.Card, bool) {
	if t.hand == 0 {
		return 0, false
	}
	for m := t.hand; m != 0; m &= m - 1 {
		if t.above(m.Lowest()) > 0 {
			return 0, false
		}
	}
	for _, c := range play.Cards() {
		if len(t.plays) == 0 || c.Suit() == t.led && c.Rank() > t.best.Rank() {
			return c, true
		}
	}
	return 0, false
}

func setOf(ss []string) cards.Set {
	var s cards.Set
	for _, x := range ss {
		if c, err := cards.Parse(x); err == nil {
			s = s.With(c)
		}
	}
	return s
}
