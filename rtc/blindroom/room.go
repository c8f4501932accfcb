// Package blindroom is a room of The King or Mindikot (cut or hidden trump) in which no
// page, the host's included, sees a card of another's hand before the rules
// show it (issue #27): the dealer-less deal of games/mental, played on each
// page's blind table (games/blind). No page of the app uses it yet.
//
// Pages hold seats (Room.Owner): each person's page holds its seat, and the
// host's page, page 0, holds seat 0 and every bot's seat (bots are the
// host's); with no bots page i is seat i. The host's page is the room's
// sequencer: every message a page sends goes to the host, which sends it on
// to every page (the sender's included) in one order, and reads it there
// itself. The host checks nothing a page could not: every page reads every
// message in that order and checks every proof, so all reach the same
// state. Each round:
//
//  1. every page sends its key share for the round, with its proof;
//  2. page 0, then 1, …, shuffles the deck the page before it passed on,
//     re-encrypting every card, with its proof of a correct shuffle (the
//     host's page shuffles once, for its bots' seats too);
//  3. the positions go round robin to the seats, each to the page holding
//     its seat; every page sends its decryption share, with its proof, of
//     every card dealt to another page (the shares for a page's own cards
//     come with the deal: no round trip per trick); each page opens the
//     hands of its seats;
//  4. play: the page holding the seat to move sends its action, naming the
//     seat; a card it shows comes with the page's own share of it, bound to
//     that action, which opens it for everyone; every page places the
//     action on its blind tables, one per seat it holds, each of which knows
//     its own seat's hand only: a bot of the host's page chooses from its
//     own table (bots.TurnOf), never seeing the host's hand or another
//     bot's, though the host's page itself holds them all;
//  5. Mindikot's hidden trump (mode HIDDEN) stays encrypted until the rules
//     turn it. RANDOM: it is the first leader's card at its lowest position
//     (jointly random, so it tells nothing), which the holder's page sets
//     aside on its table; no message names it. CHOSEN: the first leader's
//     hide (KindAct with Pos) names the position it sets aside, one of its
//     seat's, never the card, and carries no share; every other table
//     stands in a card its sample allows (blind.ApplySecret) and is told
//     the true one at the round's end. A reveal (KindAct "reveal", no
//     share) waits: the hidden card's holder's page, as soon as it reads
//     it, sends its share of that position bound to the reveal's action
//     (KindReveal, mental.OpenContext of its index); every page places the
//     reveal with the card it opens. A later play of the card opens it
//     again, bound to the play. A share withheld (a reveal message with no
//     share, or another move before it) or wrong is a *Fault naming the
//     holder's page;
//  6. at the round's end every page publishes its shares of the cards no
//     move opened; every page reads the whole deal and replays the round
//     through the engine (the hidden card read like any other: RANDOM's
//     named in the deal, CHOSEN's hide told its card): a revoke stops the
//     match, naming the page holding the seat.
//
// A wrong proof, a move out of turn, a move for a seat the page does not
// hold, a share withheld or a message the room waited on in vain (below)
// is a *Fault naming the page.
//
// The host's order is a Sequencer, fed the frames the links bring and the
// host's page's own messages, with no goroutine of its own: Host runs it
// over rtc.Conn links, the browser's worker over the frames its page
// relays. A seat a person plays on a page (Page.Person) is never its bot's:
// the page waits for the person's Move, checked on that seat's own table.
//
// A page whose link closes mid-deal (before every page holds its hands)
// leaves: the host says so in the room's order (KindLeave), every page
// abandons the round's deal, the leaving page's seats pass to the host's
// page as bots, the pages after it are numbered one less, and the round is
// dealt again by the pages that remain, bound to a new context
// (mental.AttemptContext), so that no proof of the abandoned deal is read
// in the new one; the record notes the page that left. A link that closes
// later, in play, ends the match: the leaving page's cards cannot be opened
// without it.
//
// A page that sends nothing the room waits on from its program (Page.Owed:
// its key, its shuffle when it is next, its shares of the deal, its end
// shares, its share of the hidden card a reveal waits on) stalls the room.
// A person's move is never owed: only the person's page holds their hand,
// no bot can stand in, and a person may take their time. The host's page
// keeps the room's clock, which it is given (Sequencer.Stalled): once the
// room has waited StallTimeout (FirstStallTimeout on the first round's keys,
// which a page sends once it has loaded mental.wasm) on the same pages with
// no message ordered,
// it names the first in the room's order (KindStall), its word as the
// order is. Every page checks that the room did wait on that page; then,
// mid-deal with more than two pages, the page is dealt around as one that
// left (its own page stops with a *Fault naming it, the record notes it as
// a page that left); otherwise the match ends with a *Fault naming it on
// every page. Only the host's page names a stall.
package blindroom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/king"
	"cardtable/games/mental"
	"cardtable/games/mindikot"
)

// The kinds of message.
const (
	KindKey     = "key"     // a page's key share for the round: Key
	KindShuffle = "shuffle" // a page's shuffle: Deck, Proof
	KindShares  = "shares"  // a page's shares of every card dealt to another: Shares
	KindAct     = "act"     // an action: Seat, Index, Act, and Share when it shows a card
	KindEnd     = "end"     // a page's shares of its cards no move opened: Shares
	KindLeave   = "leave"   // the host's: page Left left mid-deal; the round is dealt again
	KindReveal  = "reveal"  // the hidden card's holder's share of it for the reveal of action Index: Share
	KindStall   = "stall"   // the host's: page Stalled sent nothing the room waited on for StallTimeout
)

// MaxMessage bounds a message: a 52-card shuffle's proof is 20 kB, its deck
// 3.3 kB, base64 a third more.
const MaxMessage = 64 << 10

// Message is one message of the room.
type Message struct {
	Kind  string `json:"kind"`
	Round int    `json:"round"`
	// Attempt is the round's deal the message belongs to, from 1 (0 reads
	// as 1): a deal a page left is abandoned and the round dealt again.
	Attempt int         `json:"attempt,omitempty"`
	Page    int         `json:"page"`
	Left    int         `json:"left,omitempty"`    // the page that left (KindLeave)
	Stalled int         `json:"stalled,omitempty"` // the page that sent nothing (KindStall)
	Key     []byte      `json:"key,omitempty"`
	Deck    []byte      `json:"deck,omitempty"`
	Proof   []byte      `json:"proof,omitempty"`
	Shares  []WireShare `json:"shares,omitempty"`
	Seat    int         `json:"seat,omitempty"` // the seat that acts, one the page holds
	Index   int         `json:"index,omitempty"`
	Act     string      `json:"act,omitempty"`
	Share   *WireShare  `json:"share,omitempty"`
	// Pos is the position a hide sets aside (Mindikot HIDDEN, CHOSEN): the
	// hide names no card and carries no share.
	Pos *int `json:"pos,omitempty"`
}

// WireShare is a decryption share as a message carries it.
type WireShare struct {
	Pos   int    `json:"pos"`
	D     []byte `json:"d"`
	Proof []byte `json:"proof"`
}

func wireShare(sh mental.Share) WireShare {
	d, p := sh.Bytes()
	return WireShare{Pos: sh.Pos, D: d, Proof: p}
}

// Encode writes a message.
func Encode(m Message) ([]byte, error) { return json.Marshal(m) }

// Decode reads a message strictly: at most MaxMessage bytes, no unknown
// field, nothing after it.
func Decode(b []byte) (Message, error) {
	var m Message
	if len(b) > MaxMessage {
		return m, fmt.Errorf("blind room: a message of %d bytes is over the %d-byte limit", len(b), MaxMessage)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("blind room: a message does not read: %v", err)
	}
	if dec.More() {
		return m, fmt.Errorf("blind room: a message has something after it")
	}
	if m.Stalled != 0 && m.Kind != KindStall {
		return m, fmt.Errorf("blind room: a %q message names a page that stalled the room; only a stall does", m.Kind)
	}
	return m, nil
}

// Room is what every page of a blind room agrees on before the first deal:
// the game, its config (players = seats, options, the jointly drawn seed)
// and which page holds each seat.
type Room struct {
	Game string
	Cfg  games.Config
	// Owner is the page holding each seat (len Cfg.Players); nil when page
	// i is seat i. The host's page, page 0, holds seat 0 and every bot's
	// seat; every page holds at least one seat.
	Owner []int
}

// Owners is the page holding each seat, page i for seat i when Owner is
// nil, or why Owner is not one.
func (r Room) Owners() ([]int, error) {
	return Owners(r.Owner, r.Cfg.Players)
}

// Pages is the number of pages in the room (0 when its Owner is wrong).
func (r Room) Pages() int {
	o, err := r.Owners()
	if err != nil {
		return 0
	}
	return slices.Max(o) + 1
}

// Owners checks owner, the page holding each of players seats (nil: page i
// is seat i), and returns it whole: page 0 holds seat 0, every page from 0
// to the last holds at least one seat.
func Owners(owner []int, players int) ([]int, error) {
	if players < 1 {
		return nil, fmt.Errorf("blind room: a room of %d seats", players)
	}
	if len(owner) == 0 {
		o := make([]int, players)
		for i := range o {
			o[i] = i
		}
		return o, nil
	}
	if len(owner) != players {
		return nil, fmt.Errorf("blind room: the owners of %d seats for %d seats", len(owner), players)
	}
	if owner[0] != 0 {
		return nil, fmt.Errorf("blind room: seat 1 is page %d's; the host's page holds seat 1", owner[0]+1)
	}
	held := make([]int, players)
	pages := 0
	for s, p := range owner {
		if p < 0 || p >= players {
			return nil, fmt.Errorf("blind room: seat %d is held by page %d, not one of the room's", s+1, p+1)
		}
		held[p]++
		pages = max(pages, p+1)
	}
	for p := range pages {
		if held[p] == 0 {
			return nil, fmt.Errorf("blind room: page %d holds no seat (pages are numbered from 1 with no gap)", p+1)
		}
	}
	if pages < 2 {
		return nil, fmt.Errorf("blind room: a room of one page deals with no one (two pages at least)")
	}
	return slices.Clone(owner), nil
}

// Fault is a page's wrong, missing or out-of-turn part, or a move its seat's
// hand did not allow; Stall when the page sent nothing the room waited on
// (the host's clock named it).
type Fault struct {
	Page  int // from 0
	Part  string
	Stall bool
}

func (f *Fault) Error() string { return fmt.Sprintf("page %d: %s", f.Page+1, f.Part) }

func fault(page int, format string, a ...any) *Fault {
	return &Fault{Page: page, Part: fmt.Sprintf(format, a...)}
}

// Supported is the game's entry and deck when a blind room can deal it:
// The King, and Mindikot in either mode, for four or six players: with the
// cut trump, or with the hidden trump (HIDDEN), drawn by the deal (RANDOM:
// the first leader's card at its lowest position) or hidden by the first
// leader (CHOSEN: its hide names the position, not the card), and opened by
// its holder's share when a seat reveals it.
func Supported(game string, cfg games.Config) (games.Entry, []cards.Card, error) {
	i := slices.IndexFunc(dealt(), func(e games.Entry) bool { return e.ID() == game })
	if i < 0 {
		return games.Entry{}, nil, fmt.Errorf("blind room: %q is not dealt without a dealer (The King and Mindikot are)", game)
	}
	e := dealt()[i]
	if _, err := e.Game.Info().Resolve(cfg); err != nil {
		return e, nil, err
	}
	switch {
	case game == "king":
		return e, cards.Deck32.Cards(), nil
	case game == "mindikot" && cfg.Players == 6:
		return e, cards.Deck48.Cards(), nil
	case game == "mindikot" && cfg.Players == 4:
		return e, cards.Deck52.Cards(), nil
	}
	return e, nil, fmt.Errorf("blind room: %s for %d players is not dealt without a dealer", game, cfg.Players)
}

// dealt are the entries of the games a blind room deals, as games/catalog
// registers them (a test holds the two the same). The room links these two
// engines alone, so that the browser's worker program (app/mentalworker)
// carries no other game.
func dealt() []games.Entry {
	return []games.Entry{
		{Game: king.Game{}, DecodeView: king.DecodeView, Sampler: king.Game{}, Advisor: king.Game{}, Hard: games.HardSearch},
		{Game: mindikot.Game{}, DecodeView: mindikot.DecodeView, Sampler: mindikot.Game{}, Advisor: mindikot.Game{}, Hard: games.HardSearch},
	}
}
