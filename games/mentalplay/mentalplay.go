//go:build !(js && wasm)

// Package mentalplay is the record of a match dealt with no dealer: it plays
// such a match in one process, every page's part (Play), and checks its
// record (Verify): every round's deal, every card an action showed, the
// whole deal against the hands the replay uses, and the replay itself. The
// cryptography is games/mental's; the record keeps its parts as bytes
// (record.MentalRound). Native only: the browser build does not link it.
//
// # Rulings
//
// Pages and seats. A page holds one seat or more: the host's page, page 0,
// holds seat 0 and every bot's seat (the host deals for its bots), every
// other page its person's seat. A round's record names the page holding
// each seat (record.MentalRound.Owner, seat s to page Owner[s]), or omits it
// when page i is seat i, as records made before bots sat at such a table
// do. Page 0 holds seat 0; the pages are numbered with no gap, each holding
// a seat; two pages at least (Owners). The deal has one key, one shuffle and
// one share per page; a position goes to a seat (Positions) and is dealt to
// the page holding that seat, whose share opens it when the seat plays it.
// A record whose owners are not the pages the deal gave the positions to is
// refused.
//
// Rounds. Each round is one deal with its own keys, named by its context
// cardtable/mental/v1/<game>/<seed>/<round> (the match's seed as its id, the
// round from 1); every proof of the round is bound to it. A round is dealt
// when the match reaches it, so that what the rules decide at the round's
// start (Mindikot's first leader) is known; its hands go in the clear into
// the record's deals, which the engine reads, and the mental part proves them.
// A deal a page left mid-way is abandoned and the round dealt again by the
// pages that remain, the leaver's seats passing to the host's page: the
// round's record lists the page that left each abandoned deal (Abandoned,
// pages numbered as that deal numbered them), and its deal is attempt
// len(Abandoned)+1, whose context adds "/attempt/<attempt>" from the second
// on (mental.AttemptContext), so that no abandoned proof is read as the new
// deal's. The abandoned deals' parts are not kept.
//
// Positions. The starting deck is the game's cards in ascending order, dealt
// whole, position i to seat i mod n, n seats (mental.RoundRobin; the deck is
// shuffled by every page, so which positions a seat gets changes nothing,
// and a room deals before it knows who leads): The King 32 cards, 8 each; Mindikot 52
// cards for four, 48 for six.
// Mindikot HIDDEN with RANDOM selection: the hidden card is the first
// leader's card at its lowest position in the final deck (jointly random,
// known to no one but its holder), the deal's `hidden`; with CHOSEN
// selection the `hide` action chooses it. CUT: nothing more.
//
// Opens. An action shows a card of a hand when the engine's description of
// it for God names one: its Cards (a play: the actor's hand), or else the
// cards of its Reveals (Mindikot's reveal: the hidden card, its owner's
// hand), unless it is a secret choice (its description for a spectator is
// Secret: Mindikot's hide with CHOSEN selection), which shows nothing and
// has no open: a room cannot open the card a seat sets aside without
// showing it to all, so the hider names only the position it hid (which
// tells nothing of the card, the deck being jointly shuffled), and the card
// is read like any other at the round's end (or by the reveal and the play
// that show it), where the replay checks the hide against the whole deal.
// Each action that shows a card has one open, in the order of the actions: the
// position of the card, and the holder's decryption share of it with its
// proof, bound to the action by its context (the round's context and
// "/open/<action index>"), so that two plays cannot be swapped. With the
// shares the deal sent, it opens the card to all. No other action has one.
// A position is opened once by each kind of action (Mindikot's hidden card
// may be revealed and played).
//
// The round's end. For every position no action opened, the shares the deal
// did not send (the holder's), bound to the round's context and "/end", in
// position order: with them anyone reads the whole deal. They stand for the
// keys every page publishes at a round's end, and keep the opens
// unforgeable, which published secret keys would not.
//
// Errors name the round, the page or seat and the part. Rounds, pages, seats
// and positions count from 1, as mental's faults do; actions count from 0,
// as the record's list and its opens do.
package mentalplay

import (
	"fmt"
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/king"
	"cardtable/games/mental"
	"cardtable/games/mindikot"
)

// rules is what a game's mental deal needs to know of the game.
type rules struct {
	// deck is the starting deck's cards, in order.
	deck func(players int) []cards.Card
	// holder is the page of each position when first leads the round.
	holder func(players, first int) []int
	// read is the round (from 1) a state is in and its first leader, from
	// the state's view for God.
	read func(v games.View) (round, first int, err error)
	// hidden tells whether the deal names the round's hidden card.
	hidden func(opts games.Options) bool
}

var supported = map[string]rules{
	king.ID: {
		deck: func(int) []cards.Card { return cards.Deck32.Cards() },
		holder: func(players, _ int) []int {
			h := make([]int, 32)
			for i := range h {
				h[i] = i % players
			}
			return h
		},
		read: func(v games.View) (int, int, error) {
			kv, ok := v.(*king.View)
			if !ok {
				return 0, 0, games.Errorf("the King's view is a %T", v)
			}
			return kv.Round, int(kv.FirstLeader), nil
		},
		hidden: func(games.Options) bool { return false },
	},
	mindikot.ID: {
		deck: func(players int) []cards.Card {
			if players == 6 {
				return cards.Deck48.Cards()
			}
			return cards.Deck52.Cards()
		},
		holder: func(players, _ int) []int {
			n := 52
			if players == 6 {
				n = 48
			}
			h := make([]int, n)
			for i := range h {
				h[i] = i % players
			}
			return h
		},
		read: func(v games.View) (int, int, error) {
			mv, ok := v.(*mindikot.View)
			if !ok {
				return 0, 0, games.Errorf("Mindikot's view is a %T", v)
			}
			return mv.Round, mv.FirstLeader, nil
		},
		hidden: func(o games.Options) bool { return o["mode"] == "HIDDEN" && o["hiddenCardSelection"] == "RANDOM" },
	},
}

// Games is the games whose matches may be dealt with no dealer.
func Games() []string {
	out := make([]string, 0, len(supported))
	for id := range supported {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// Supports tells whether the game's matches may be dealt with no dealer.
func Supports(game string) bool {
	_, ok := supported[game]
	return ok
}

// Context names round (from 1) of the match of game with seed: every proof
// of the round's deal is bound to it (mental.RoundContext).
func Context(game string, seed uint64, round int) []byte {
	return mental.RoundContext(game, seed, round)
}

// shown is the card of a hand an action shows and the seat whose hand holds
// it, from the engine's description of the action for God, made before it.
func shown(d games.Description) (cards.Card, games.Seat, bool, error) {
	list, seat := d.Cards, d.Seat
	if len(list) == 0 {
		for _, r := range d.Reveals {
			if len(r.Cards) > 0 {
				list, seat = r.Cards, r.Seat
				break
			}
		}
	}
	switch len(list) {
	case 0:
		return 0, 0, false, nil
	case 1:
	default:
		return 0, 0, false, games.Errorf("it shows %d cards at once", len(list))
	}
	c, err := cards.Parse(list[0])
	if err != nil {
		return 0, 0, false, err
	}
	return c, seat, true, nil
}

// describeAction names an action in an error: its index and its seat from 1.
func describeAction(i int, st games.Seat, act string) string {
	return fmt.Sprintf("action %d (seat %d: %s)", i, int(st)+1, act)
}
