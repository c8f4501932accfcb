package games

import "errors"

// Errors every engine returns in the same words, so the UI and tests can tell
// them apart with errors.Is.
var (
	ErrNotYourTurn = errors.New("not your turn")
	ErrDone        = errors.New("the match is over")
	ErrNoWindow    = errors.New("no timed window is open")
)
