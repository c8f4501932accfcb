package mental

import "fmt"

// The names a match's deals and their shares are bound to: every proof of a
// round's deal to the round's context, the share that opens a card an
// action shows to that action, the shares published at the round's end to
// the end. A room and a record name them the same way.

// RoundContext names round r (from 1) of the match of game with seed.
func RoundContext(game string, seed uint64, round int) []byte {
	return fmt.Appendf(nil, "cardtable/mental/v1/%s/%d/%d", game, seed, round)
}

// OpenContext binds the share that opens a card to the action that shows it
// (its index in the match's actions), so that two plays cannot be swapped.
func OpenContext(round []byte, action int) []byte {
	return fmt.Appendf(append([]byte(nil), round...), "/open/%d", action)
}

// AttemptContext names a round's deal dealt again after attempt-1 deals of
// it were abandoned (a page left mid-deal): the first attempt is the round's
// own context, later ones add "/attempt/<attempt>", so that no proof of an
// abandoned deal is read as one of the new deal's.
func AttemptContext(round []byte, attempt int) []byte {
	if attempt <= 1 {
		return round
	}
	return fmt.Appendf(append([]byte(nil), round...), "/attempt/%d", attempt)
}

// EndContext binds the shares published at a round's end to it.
func EndContext(round []byte) []byte { return append(append([]byte(nil), round...), "/end"...) }
