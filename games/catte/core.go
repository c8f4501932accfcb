package catte

import (
	"math/bits"

	"cardtable/games"
	"cardtable/games/cards"
)

// Action encoding.
const (
	actPlay     = 0   // + card: face up
	actFold     = 64  // + card: face down, out of this trick
	actSecret   = 128 // + card: trick 5 face down, shown when all have chosen
	actFoldHand = 200
	actClaim    = 201
	actSidePot  = 202
)

// How a card went to a trick.
const (
	kindUp     uint8 = iota + 1 // face up
	kindFold                    // face down, never shown
	kindSecret                  // trick 5 face down, shown when the trick ends
	kindShow                    // trick 6, turned up together
)

// How a round was won.
const (
	howNone uint8 = iota
	howTrick6
	howSweep
	howLast // the only active player left
	howClaim
	howInstant
)

var howNames = [...]string{"", "showdown", "sweep", "lastStanding", "claim", "instant"}

type play struct {
	seat int8
	card cards.Card
	kind uint8
}

type trickRec struct {
	leader int8
	winner int8
	n      int8
	plays  [6]play
}

// core is one round's trick play: hands, who is still in, the tricks. It is a
// small value, copied freely by the claim search.
type core struct {
	n       int8
	elim    bool // LAOS and VIETNAMESE: elimination and sweep after trick 4
	secret5 bool // trick 5 is played face down
	open    bool // faceUpRule OPEN
	foldOK  bool // foldHand option

	hands    [6]cards.Set
	active   uint8 // still playing this round
	folded   uint8 // threw in their hand
	won      [6]int8
	trick    int8 // 1..6
	leader   int8
	turn     int8
	plays    [6]play
	np       int8
	best     int8 // index in plays of the winning face-up card
	acted    uint8
	winner   int8 // -1 while the round goes on
	how      uint8
	hist     [6]trickRec
	finished int8 // tricks in hist

	// The claim search only: seats whose face-down cards are left open, and
	// how many cards each of them has put down so far.
	virt uint8
	pend [6]int8
}

func bit(p int8) uint8 { return 1 << uint(p) }

func (c *core) isActive(p int8) bool { return c.active&bit(p) != 0 }

// next is the first active seat clockwise after from that has not acted in
// this trick (when skipActed), or -1.
func (c *core) next(from int8, skipActed bool) int8 {
	for i := int8(1); i <= c.n; i++ {
		p := (from + i) % c.n
		if c.isActive(p) && (!skipActed || c.acted&bit(p) == 0) {
			return p
		}
	}
	return -1
}

func (c *core) secretTrick() bool { return c.trick == 5 && c.secret5 }

// begin starts the current trick with due as its leader, or the next active
// seat when due is out.
func (c *core) begin(due int8) {
	if !c.isActive(due) {
		due = c.next(due, false)
	}
	c.leader, c.turn = due, due
	c.np, c.acted, c.best = 0, 0, -1
	if c.trick == 6 {
		c.showdown()
	}
}

// legal appends the trick actions of the player to act.
func (c *core) legal(dst []games.Action) []games.Action {
	hand := c.hands[c.turn]
	switch {
	case c.np == 0:
		for h := hand; h != 0; h &= h - 1 {
			dst = append(dst, games.Action(actPlay+int(h.Lowest())))
		}
	case c.secretTrick():
		for h := hand; h != 0; h &= h - 1 {
			dst = append(dst, games.Action(actSecret+int(h.Lowest())))
		}
	default:
		up := hand
		if !c.open {
			up = c.beaters(hand)
		}
		for h := up; h != 0; h &= h - 1 {
			dst = append(dst, games.Action(actPlay+int(h.Lowest())))
		}
		for h := hand; h != 0; h &= h - 1 {
			dst = append(dst, games.Action(actFold+int(h.Lowest())))
		}
	}
	if c.foldOK {
		dst = append(dst, actFoldHand)
	}
	return dst
}

// check tells why the player to act may not take trick action a, or nil.
func (c *core) check(a games.Action) error {
	hand := c.hands[c.turn]
	if a == actFoldHand {
		if !c.foldOK {
			return games.Errorf("folding the hand is off (option foldHand)")
		}
		return nil
	}
	var card cards.Card
	var kind uint8
	switch {
	case a < cards.NumCards:
		card, kind = cards.Card(a), kindUp
	case a >= actFold && a < actFold+cards.NumCards:
		card, kind = cards.Card(a-actFold), kindFold
	case a >= actSecret && a < actSecret+cards.NumCards:
		card, kind = cards.Card(a-actSecret), kindSecret
	default:
		return games.Errorf("unknown action %d", a)
	}
	if !hand.Has(card) {
		return games.Refuse("you do not hold %s", card)
	}
	switch {
	case c.np == 0:
		if kind != kindUp {
			return games.Refuse("the leader plays face up and never folds")
		}
	case c.secretTrick():
		if kind != kindSecret {
			return games.Refuse("trick 5 is played face down: choose a secret card")
		}
	case kind == kindSecret:
		return games.Refuse("secret cards are for trick 5 only")
	case kind == kindUp && !c.open:
		best := c.plays[c.best].card
		if card.Suit() != best.Suit() {
			return games.Refuse("a face-up card must be of the led suit (%s); fold it face down instead", best.Suit())
		}
		if card.Rank() <= best.Rank() {
			return games.Refuse("%s does not beat %s: play higher or fold", card, best)
		}
	}
	return nil
}

// do applies a checked trick action of the player to act.
func (c *core) do(a games.Action) {
	p := c.turn
	if a == actFoldHand {
		c.folded |= bit(p)
		c.remove(p)
		return
	}
	var pl play
	switch {
	case a < cards.NumCards:
		pl = play{p, cards.Card(a), kindUp}
	case a < actSecret:
		pl = play{p, cards.Card(a - actFold), kindFold}
	default:
		pl = play{p, cards.Card(a - actSecret), kindSecret}
	}
	c.hands[p] = c.hands[p].Without(pl.card)
	if pl.kind == kindUp {
		if c.np == 0 {
			c.best = 0
		} else if b := c.plays[c.best].card; pl.card.Suit() == b.Suit() && pl.card.Rank() > b.Rank() {
			c.best = c.np
		}
	}
	c.plays[c.np] = pl
	c.np++
	c.acted |= bit(p)
	c.advance(p)
}

// advance passes the turn on from p, or ends the trick when all have acted.
func (c *core) advance(from int8) {
	if nx := c.next(from, true); nx >= 0 {
		c.turn = nx
		return
	}
	c.endTrick()
}

// remove takes p, the player to act, out of the round.
func (c *core) remove(p int8) {
	c.active &^= bit(p)
	if bits.OnesCount8(c.active) == 1 {
		c.win(int8(bits.TrailingZeros8(c.active)), howLast)
		return
	}
	if c.np == 0 {
		c.begin(p) // the next active player leads
		return
	}
	c.advance(p)
}

func (c *core) win(p int8, how uint8) {
	c.winner, c.how = p, how
	c.turn = -1
}

func (c *core) record(w int8) {
	c.hist[c.finished] = trickRec{leader: c.leader, winner: w, n: c.np, plays: c.plays}
	c.finished++
}

func (c *core) endTrick() {
	w := c.plays[c.best].seat
	if c.secretTrick() {
		led := c.plays[0].card
		top := led
		for i := int8(1); i < c.np; i++ {
			if pc := c.plays[i].card; pc.Suit() == led.Suit() && pc.Rank() > top.Rank() {
				top, w = pc, c.plays[i].seat
			}
		}
	}
	c.won[w]++
	c.record(w)
	if c.trick == 4 && c.elim {
		if c.won[w] == 4 {
			c.win(w, howSweep)
			return
		}
		for p := int8(0); p < c.n; p++ {
			if c.won[p] == 0 {
				c.active &^= bit(p)
			}
		}
	}
	if bits.OnesCount8(c.active) == 1 {
		c.win(int8(bits.TrailingZeros8(c.active)), howLast)
		return
	}
	c.trick++
	c.begin(w)
}

// showdown plays trick 6: every active player's last card is turned up, the
// trick-5 winner's card leads, the highest card of its suit wins the round.
func (c *core) showdown() {
	if c.virt != 0 {
		c.virtualShowdown()
		return
	}
	for p := c.leader; ; {
		c.plays[c.np] = play{p, c.hands[p].Lowest(), kindShow}
		c.hands[p] = 0
		c.np++
		if p = c.next(p, false); p == c.leader {
			break
		}
	}
	w, top := c.leader, c.plays[0].card
	for _, pl := range c.plays[1:c.np] {
		if pl.card.Suit() == top.Suit() && pl.card.Rank() > top.Rank() {
			w, top = pl.seat, pl.card
		}
	}
	c.record(w)
	c.won[w]++
	c.win(w, howTrick6)
}
