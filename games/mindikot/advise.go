package mindikot

import (
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/cards"
)

// Advise is Mindikot's heuristic player (games.Advisor). It reads only the
// seat's View: its hand, the trick, the cards played this round, the voids
// players have shown and, for the hidden card's owner, the hidden card.
//
// Every card it may play is weighed by the chance that its team takes the
// trick afterwards (the players still to play may hold higher cards or cut,
// estimated from the unseen cards and the known voids) times what the trick
// is worth (its tens, the card's own ten, a little for the trick itself),
// less what the card is worth kept for later (high trumps most). So it plays
// a ten when the partner's card holds, wins tricks that hold tens, keeps high
// trumps for tricks with tens, never throws a ten to the opponents when it
// can help it, and leads winners, trumps when it holds most of them, and low
// cards of long suits. Cutting (mode CUT) it prefers to make its longest suit
// trump. In mode HIDDEN it reveals when the trumps it would then play (known
// to the owner, averaged over the possible hidden suits for the others) are
// worth more than passing, and the owner of a CHOSEN hidden card sets aside
// a low card of its longest, strongest suit.
func (Game) Advise(view games.View, legal []games.Action, rng *rand.Rand) games.Action {
	a, _ := advise(&tuned, view, legal, rng)
	return a
}

// Mindikot's own reasons (games.Reasoner); a card played to a trick has the
// trick games' games.WeighTrick.
const (
	HideLow    games.Reason = "mindikot-hide-low"    // set aside a low card of the longest, strongest suit
	RevealPays games.Reason = "mindikot-reveal-pays" // the trumps it would play are worth the reveal
	PassNoPay  games.Reason = "mindikot-pass"        // revealing is not worth it
)

// AdviseWhy is Advise with its reason (games.Reasoner).
func (Game) AdviseWhy(view games.View, legal []games.Action, rng *rand.Rand) (games.Action, games.Reason) {
	return advise(&tuned, view, legal, rng)
}

// weights are the evaluation's constants, in tens.
type weights struct {
	trick      float64 // a trick counts toward the majority when the tens split 2–2
	dropped    float64 // tens the players still to play may drop, per unseen ten and player
	reveal     float64 // revealing tells everyone the trump
	revealCut  float64 // chance a void player reveals the hidden trump and cuts
	rescue     float64 // share of a partner's chance to take over what the opponents hold
	trumpBase  float64 // a trump kept for later
	trumpRank  float64 // and per rank above the two
	rank       float64 // any card kept, per rank above the two
	master     float64 // a sure winner kept
	long       float64 // leading from a long suit, per card of it
	drawTrumps float64 // leading trumps while holding more than the others
}

// tuned is the one set of weights the advisor plays with; it is never written.
var tuned = weights{trick: 0.25, dropped: 0.1, reveal: 0.05, revealCut: 0.4, rescue: 0.5,
	trumpBase: 0.15, trumpRank: 0.03, rank: 0.01, master: 0.1, long: 0.02, drawTrumps: 0.15}

func advise(w *weights, view games.View, legal []games.Action, rng *rand.Rand) (games.Action, games.Reason) {
	v, ok := view.(*View)
	switch {
	case len(legal) == 0:
		return 0, ""
	case !ok || v.Seat < 0 || v.Seat >= v.Players || v.Players > 6:
		return legal[0], ""
	}
	t := newTable(v)
	t.w = w
	var options cards.Set
	canReveal := false
	var hide cards.Set
	for _, a := range legal {
		switch {
		case a < cards.NumCards:
			options = options.With(cards.Card(a))
		case a >= actHide && a < actHide+cards.NumCards:
			hide = hide.With(cards.Card(a - actHide))
		case a == actReveal:
			canReveal = true
		}
	}
	switch {
	case hide != 0:
		return games.Action(actHide + int(t.hideCard(hide))), HideLow
	case canReveal:
		if t.revealPays() {
			return actReveal, RevealPays
		}
		return actPass, PassNoPay
	case options == 0:
		return legal[rng.IntN(len(legal))], ""
	}
	if len(t.trick) == 0 {
		return games.Action(t.lead(options)), games.WeighTrick
	}
	c, _ := t.follow(options, t.trump, t.v.Declared == "pass")
	return games.Action(c), games.WeighTrick
}

const noTrump = -1

type tplay struct {
	seat     int
	card     cards.Card
	nonTrump bool
}

// table is what the seat knows, parsed from its View.
type table struct {
	w        *weights
	v        *View
	me, n    int
	hand     cards.Set
	unseen   cards.Set // cards the seat has not seen: the other hands and a hidden card set aside
	nUnseen  int
	trump    int8 // the trump known to everyone, or noTrump
	cut      bool // mode CUT, no trump yet: a void player's card fixes it
	reveal   bool // mode HIDDEN, trump still hidden: a void player may reveal it
	hidden   cards.Card
	hasHid   bool // seat owns the hidden card, still set aside
	voids    [6]uint8
	trick    []tplay
	after    []int // seats still to play in this trick after the seat
	tensLeft int   // tens not yet played
}

func newTable(v *View) *table {
	t := &table{v: v, me: v.Seat, n: v.Players, trump: noTrump}
	t.hand = setOf(v.Hand)
	played := setOf(v.Played)
	deck := cards.Deck52
	if t.n == 6 {
		deck = cards.Deck48
	}
	t.unseen = deck &^ t.hand &^ played
	if su, err := cards.ParseSuit(v.Trump); err == nil && v.Trump != "" {
		t.trump = int8(su)
	}
	if c, err := cards.Parse(v.Hidden); err == nil && v.Hidden != "" {
		t.hidden = c
		if v.HiddenOwner == t.me && v.HiddenState == "aside" {
			t.hasHid = true
			t.unseen = t.unseen.Without(c)
		}
	}
	t.nUnseen = t.unseen.Len()
	t.cut = v.Mode == "CUT" && t.trump == noTrump
	t.reveal = v.Mode == "HIDDEN" && t.trump == noTrump && (v.HiddenState == "aside" || v.HiddenState == "lastCard")
	for p := 0; p < t.n && p < len(v.Voids); p++ {
		for _, r := range v.Voids[p] {
			if su, err := cards.ParseSuit(string(r)); err == nil {
				t.voids[p] |= suitBit(su)
			}
		}
	}
	for _, pl := range v.Trick {
		if c, err := cards.Parse(pl.Card); err == nil {
			t.trick = append(t.trick, tplay{pl.Seat, c, pl.NonTrump})
		}
	}
	for i := len(t.trick) + 1; i < t.n; i++ {
		t.after = append(t.after, (t.me+i-len(t.trick))%t.n)
	}
	for _, su := range cards.Suits {
		if !played.Has(cards.Make(10, su)) {
			t.tensLeft++
		}
	}
	return t
}

func (t *table) partner(p int) bool { return p&1 == t.me&1 }

// handSize is what p holds, the hidden card set aside not counted.
func (t *table) handSize(p int) int {
	if p < len(t.v.HandSizes) {
		return t.v.HandSizes[p]
	}
	return 0
}

// pVoid is the chance that p holds no card of su.
func (t *table) pVoid(p int, su cards.Suit) float64 {
	if t.voids[p]&suitBit(su) != 0 {
		return 1
	}
	return cards.ChanceNone(t.nUnseen, t.unseen.Of(su).Len(), t.handSize(p))
}

// pAbove is the chance that p holds a card of su above c.
func (t *table) pAbove(p int, su cards.Suit, c cards.Card) float64 {
	if t.voids[p]&suitBit(su) != 0 {
		return 0
	}
	above := t.unseen.Of(su)
	if c.Suit() == su {
		above &^= cards.Set(2)<<c - 1
	}
	return 1 - cards.ChanceNone(t.nUnseen, above.Len(), t.handSize(p))
}

// pBeat is the chance that p, playing after the trick's best card c (the
// trick led in led, trump the trump then in force), takes the trick.
func (t *table) pBeat(p int, c cards.Card, led cards.Suit, trump int8) float64 {
	if trump != noTrump && c.Suit() == cards.Suit(trump) {
		if led == c.Suit() {
			return t.pAbove(p, led, c)
		}
		return t.pVoid(p, led) * t.pAbove(p, c.Suit(), c)
	}
	follow := t.pAbove(p, led, c)
	var canCut float64
	switch {
	case trump != noTrump:
		canCut = 1 - t.pVoid(p, cards.Suit(trump))
	case t.cut:
		canCut = 1
	case t.reveal:
		canCut = t.w.revealCut
	}
	return min(1, follow+t.pVoid(p, led)*canCut)
}

// best returns the index of the winning play under trump.
func best(plays []tplay, trump int8) int {
	w := -1
	if trump != noTrump {
		for i, pl := range plays {
			if pl.card.Suit() == cards.Suit(trump) && !pl.nonTrump && (w < 0 || pl.card.Rank() > plays[w].card.Rank()) {
				w = i
			}
		}
	}
	if w < 0 {
		led := plays[0].card.Suit()
		for i, pl := range plays {
			if pl.card.Suit() == led && (w < 0 || pl.card.Rank() > plays[w].card.Rank()) {
				w = i
			}
		}
	}
	return w
}

// holds is the chance that the trick's best card c, of seat owner, is not
// beaten by an opponent still to play (nor, for the leader's evaluation, a
// partner's rescue counted); from lists the seats still to play.
func (t *table) holds(c cards.Card, led cards.Suit, trump int8, from []int) float64 {
	p := 1.0
	for _, r := range from {
		if !t.partner(r) {
			p *= 1 - t.pBeat(r, c, led, trump)
		}
	}
	return p
}

// keepValue is what a card is worth kept for later tricks.
func (t *table) keepValue(c cards.Card, trump int8) float64 {
	r := float64(c.Rank() - 2)
	if trump != noTrump && c.Suit() == cards.Suit(trump) {
		return t.w.trumpBase + t.w.trumpRank*r
	}
	v := t.w.rank * r
	if t.unseen.Of(c.Suit())&^(cards.Set(2)<<c-1) == 0 && c.Rank() > 10 {
		v += t.w.master // a sure winner later
	}
	return v
}

func isTen(c cards.Card) float64 {
	if c.Rank() == 10 {
		return 1
	}
	return 0
}

// evalFollow values playing c to the trick under trump; nonTrump marks a
// card played after a pass.
func (t *table) evalFollow(c cards.Card, trump int8, nonTrump bool) float64 {
	plays := append(t.trick[:len(t.trick):len(t.trick)], tplay{t.me, c, nonTrump})
	led := plays[0].card.Suit()
	eff := trump
	if t.cut && c.Suit() != led {
		eff = int8(c.Suit()) // the cut: this card fixes the trump
	}
	w := best(plays, eff)
	win := plays[w]
	var p float64
	switch {
	case t.partner(win.seat):
		p = t.holds(win.card, led, eff, t.after)
	default:
		// An opponent holds the trick: a partner still to play may take it.
		for _, r := range t.after {
			if t.partner(r) {
				p = t.w.rescue * t.pBeat(r, win.card, led, eff)
				break
			}
		}
	}
	tens := isTen(c) + t.w.dropped*float64(t.tensLeft)*float64(len(t.after))/float64(t.n-1)
	for _, pl := range t.trick {
		tens += isTen(pl.card)
	}
	ev := (2*p-1)*(tens+t.w.trick) - t.keepValue(c, eff)
	if eff != trump {
		ev += t.trumpChoice(c.Suit())
	}
	return ev
}

// trumpChoice rewards making su trump by the seat's holding in it.
func (t *table) trumpChoice(su cards.Suit) float64 {
	in := t.hand.Of(su)
	v := 0.06 * float64(in.Len())
	for m := in; m != 0; m &= m - 1 {
		if m.Lowest().Rank() >= cards.Jack {
			v += 0.04
		}
	}
	return v
}

func (t *table) follow(options cards.Set, trump int8, nonTrump bool) (cards.Card, float64) {
	bestCard, bestEV := options.Lowest(), -1e9
	for m := options; m != 0; m &= m - 1 {
		c := m.Lowest()
		if ev := t.evalFollow(c, trump, nonTrump); ev > bestEV {
			bestCard, bestEV = c, ev
		}
	}
	return bestCard, bestEV
}

// lead picks the card to lead.
func (t *table) lead(options cards.Set) cards.Card {
	var others []int
	for i := 1; i < t.n; i++ {
		others = append(others, (t.me+i)%t.n)
	}
	trump := t.trump
	unseenTrumps := 0
	myTrumps := 0
	if trump != noTrump {
		unseenTrumps = t.unseen.Of(cards.Suit(trump)).Len()
		myTrumps = t.hand.Of(cards.Suit(trump)).Len()
	}
	bestCard, bestEV := options.Lowest(), -1e9
	for m := options; m != 0; m &= m - 1 {
		c := m.Lowest()
		su := c.Suit()
		p := t.holds(c, su, trump, others)
		// A partner may take over what the opponents would take.
		rescue := 0.0
		for _, r := range others {
			if t.partner(r) {
				rescue = max(rescue, t.pBeat(r, c, su, trump))
			}
		}
		p += (1 - p) * t.w.rescue * rescue
		tens := isTen(c) + t.w.dropped*float64(t.tensLeft)
		ev := (2*p-1)*(tens+t.w.trick) - t.keepValue(c, trump)
		ev += t.w.long * float64(t.hand.Of(su).Len())
		if trump != noTrump && su == cards.Suit(trump) && unseenTrumps > 0 && myTrumps > unseenTrumps {
			ev += t.w.drawTrumps // draw the opponents' trumps
		}
		if ev > bestEV {
			bestCard, bestEV = c, ev
		}
	}
	return bestCard
}

// revealPays decides a void player's reveal or pass in mode HIDDEN.
func (t *table) revealPays() bool {
	_, passEV := t.follow(t.hand, t.trump, true)
	var revealEV float64
	if t.v.HiddenOwner == t.me && t.v.Hidden != "" {
		// The owner knows the trump; the hidden card comes back to its hand.
		su := t.hidden.Suit()
		hand := t.hand.With(t.hidden)
		saved := t.hand
		t.hand = hand
		opts := hand.Of(su)
		if opts == 0 {
			opts = hand
		}
		_, revealEV = t.follow(opts, int8(su), false)
		t.hand = saved
		revealEV += 0.03 * float64(hand.Of(su).Len()-3)
	} else {
		// Average over the suits the hidden card may be of, by the unseen
		// cards of each.
		total := 0.0
		for _, su := range cards.Suits {
			w := float64(t.unseen.Of(su).Len())
			if w == 0 {
				continue
			}
			opts := t.hand.Of(su)
			if opts == 0 {
				opts = t.hand
			}
			_, ev := t.follow(opts, int8(su), false)
			revealEV += w * ev
			total += w
		}
		if total == 0 {
			return false
		}
		revealEV /= total
	}
	return revealEV-t.w.reveal > passEV
}

// hideCard chooses the card to set aside (CHOSEN): a low card of the
// longest, strongest suit, which becomes trump when revealed.
func (t *table) hideCard(options cards.Set) cards.Card {
	bestSuit, bestScore := options.Lowest().Suit(), -1.0
	for _, su := range cards.Suits {
		if options.Of(su) == 0 {
			continue
		}
		if s := t.trumpChoice(su); s > bestScore {
			bestSuit, bestScore = su, s
		}
	}
	in := options.Of(bestSuit)
	c := in.Lowest()
	if c.Rank() == 10 && in.Len() > 1 {
		c = in.Without(c).Lowest()
	}
	return c
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
