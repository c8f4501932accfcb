package games

// Description is one action as one seat may know it: what the engine tells
// that seat about an action applied at the table (the idea of OpenSpiel's
// ActionToString(player, action)). It is structured so that the UI phrases
// it in words, in the player's language; the text notation of RULES.md §0.1
// is for records, tests and the wire only.
//
// A card the viewer may not see is never named: it is only counted in
// Hidden. A blind choice (a co-op preference, Mindikot's hidden card, Cat
// Te's trick-5 secret) is announced as made (Secret). An action that reveals
// such a choice says so (its Kind or Outcome); what it reveals shows in the
// viewer's View right after, because a description is made before the action
// from what the viewer knows then, and a viewer who did not know the secret
// cannot be told it by something that depends on it. Reveals carries what the
// viewer already knew (its own secret, made public now).
type Description struct {
	// Seat is who acted; System for the game itself (a timed window passing).
	Seat Seat `json:"seat"`
	// Kind is what kind of action it is: the verb of the game's notation,
	// one of the Kind constants (the shared ones here, a game's own in its
	// package: catte.KindFold, …). The game's package doc lists its kinds.
	Kind string `json:"kind"`
	// Cards are the cards the action shows to the viewer, in notation.
	Cards []string `json:"cards,omitempty"`
	// Hidden counts the cards the action moves that the viewer may not see.
	Hidden int `json:"hidden,omitempty"`
	// Secret marks a choice the viewer may not know yet: it was made, and
	// Choice is empty.
	Secret bool `json:"secret,omitempty"`
	// Choice is a choice the viewer may know: a trump suit, a bid, a
	// declared value, a preference.
	Choice string `json:"choice,omitempty"`
	// Targets is what the action acts on: cards captured, a pile or column,
	// a seat.
	Targets []string `json:"targets,omitempty"`
	// Outcome is what follows at once from the action, one of the Outcome
	// constants (OutcomeTrick: the trick is complete and Winners take it;
	// OutcomeRound: the round ends; OutcomeMatch: the match ends; a game's
	// own in its package), as the game's package doc lists them. Empty when
	// nothing follows.
	Outcome string `json:"outcome,omitempty"`
	// Winners are the seats the outcome favours (who takes the trick, who
	// wins the round).
	Winners []Seat `json:"winners,omitempty"`
	// Reveals are earlier blind choices or face-down cards that the rules
	// make public with this action, as far as the viewer knew them.
	Reveals []Reveal `json:"reveals,omitempty"`
}

// The kinds of action more than one game has (Description.Kind). A game's
// own kinds are constants of its package.
const (
	KindPlay    = "play"    // a card played
	KindDraw    = "draw"    // a card drawn
	KindPass    = "pass"    // a turn or a choice passed
	KindEnd     = "end"     // the player ends a turn or the game
	KindTimeout = "timeout" // a timed window passed (System)
	KindUnknown = "unknown" // an action the state does not know
)

// The outcomes more than one game has (Description.Outcome). A game's own
// outcomes are constants of its package.
const (
	OutcomeTrick = "trick" // the trick is complete: Winners take it
	OutcomeRound = "round" // the round ends: Winners won it
	OutcomeMatch = "match" // the match ends: Winners won it
)

// Reveal is a blind choice or a face-down card made known.
type Reveal struct {
	Seat   Seat     `json:"seat"`
	Kind   string   `json:"kind"`
	Cards  []string `json:"cards,omitempty"`
	Choice string   `json:"choice,omitempty"`
}
