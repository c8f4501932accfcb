package mental

import (
	"cardtable/games"
	"cardtable/games/cards"
)

// View is what one page knows after the deal: its key and its own hand, by
// position in the final deck.
type View struct {
	Page int
	Key  Key
	Hand []Held
}

// Held is a card of a page's hand and its position in the final deck.
type Held struct {
	Pos  int
	Card cards.Card
}

// Cards is the hand's cards in position order.
func (v *View) Cards() []cards.Card {
	out := make([]cards.Card, len(v.Hand))
	for i, h := range v.Hand {
		out[i] = h.Card
	}
	return out
}

// RoundRobin is the holders of a deck of n cards dealt one at a time to each
// of pages in turn until each has each cards; the rest stay in the stock.
func RoundRobin(pages, n, each int) ([]int, error) {
	if pages < 1 || each < 0 || pages*each > n {
		return nil, games.Errorf("%d pages cannot have %d cards each from %d", pages, each, n)
	}
	h := make([]int, n)
	for i := range h {
		h[i] = Stock
		if i < pages*each {
			h[i] = i % pages
		}
	}
	return h, nil
}

// Deal runs every page's part of a deal in one process: keys, the shuffles in
// page order, the shares sent with the deal and each holder's opening of its
// cards. It returns each page's view (its own hand only) and the transcript.
// A room runs the same steps, one page each, with the transcript's parts as
// its messages.
func Deal(context []byte, deck []cards.Card, holder []int) ([]View, *Transcript, error) {
	pages := 0
	for _, h := range holder {
		pages = max(pages, h+1)
	}
	return DealPages(context, deck, pages, holder)
}

// DealPages is Deal with the number of pages given, for a deal where a page
// holds no card.
func DealPages(context []byte, deck []cards.Card, pages int, holder []int) ([]View, *Transcript, error) {
	t := &Transcript{Context: append([]byte(nil), context...), Deck: append([]cards.Card(nil), deck...),
		Holder: append([]int(nil), holder...)}
	if err := checkSetup(context, deck, pages, holder); err != nil {
		return nil, nil, err
	}
	keys := make([]Key, pages)
	for i := range keys {
		keys[i] = NewKey(t.Context, i)
		t.Keys = append(t.Keys, keys[i].Public)
	}
	t.Shuffles = make([]Shuffle, pages)
	h := t.JointKey()
	in, err := StartingDeck(deck)
	if err != nil {
		return nil, nil, err
	}
	for i := range pages {
		s, err := ShuffleDeck(t.Context, i, h, in)
		if err != nil {
			return nil, nil, fault(i, "its shuffle failed (%v)", err)
		}
		t.Shuffles[i] = s
		in = s.Deck
	}
	final := t.Final()
	for pos, hd := range holder {
		if hd == Stock {
			continue
		}
		for p := range pages {
			if p != hd {
				t.Shares = append(t.Shares, NewShare(t.Context, p, pos, keys[p], final[pos]))
			}
		}
	}
	views := make([]View, pages)
	for p := range views {
		views[p] = View{Page: p, Key: keys[p]}
	}
	for pos, hd := range holder {
		if hd == Stock {
			continue
		}
		c, err := t.OpenOwn(keys[hd], hd, pos)
		if err != nil {
			return nil, nil, err
		}
		views[hd].Hand = append(views[hd].Hand, Held{Pos: pos, Card: c})
	}
	return views, t, nil
}
