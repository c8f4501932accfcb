//go:build !(js && wasm)

package record

import "encoding/json"

// MentalRound is one round of a match dealt with no dealer: the deal's
// transcript, the opening of every card an action showed, and the round's
// end, by which anyone reads the whole deal. The record keeps the parts as
// bytes; the package that deals such matches (games/mentalplay, native only)
// reads and checks them. The round's hands are in the record's Deals too, in
// the clear, for the replay.
type MentalRound struct {
	// Transcript is the deal's transcript in its own strict JSON form: keys,
	// shuffles with their proofs, each position's holder, the shares sent
	// with the deal.
	Transcript json.RawMessage `json:"transcript"`
	// Opens holds, for each action that shows a card of a hand, in the order
	// of the actions, the holder's share that opens it to all.
	Opens []MentalOpen `json:"opens"`
	// End holds, for each position no action opened, the shares the deal
	// did not send, so that every card of the round can be read.
	End []MentalShare `json:"end"`
	// Owner is the page holding each seat in the round's deal, when a page
	// holds more than one (the host's page holds its bots' seats): page
	// Owner[s] is dealt seat s's positions. Omitted when page i is seat i.
	Owner []int `json:"owner,omitempty"`
	// Abandoned lists, for each deal of the round abandoned before this
	// one because a page left mid-deal, the page that left (from 0, as that
	// deal numbered the pages; its seats passed to the host's page as
	// bots). The round's deal is then its attempt len(Abandoned)+1, bound to
	// its own context (mental.AttemptContext). Omitted when none was.
	Abandoned []int `json:"abandoned,omitempty"`
}

// MentalShare is one page's decryption share of a position of the round's
// final deck, with its proof: pages and positions from 0, the point and the
// proof in their canonical bytes.
type MentalShare struct {
	Page  int    `json:"page"`
	Pos   int    `json:"pos"`
	D     []byte `json:"d"`
	Proof []byte `json:"proof"`
}

// MentalOpen is the share that opens the card an action shows: Action is
// the action's index in the record's Actions.
type MentalOpen struct {
	Action int `json:"action"`
	MentalShare
}
