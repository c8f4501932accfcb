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

// EndContext binds the shares published at a round's end to it.
func EndContext(round []byte) []byte { return append(append([]byte(nil), round...), "/end"...) }
