package games

import (
	"errors"
	"fmt"
)

// Errors every engine returns in the same words, so the UI and tests can tell
// them apart with errors.Is.
var (
	ErrNotYourTurn = errors.New("not your turn")
	ErrDone        = errors.New("the match is over")
	ErrNoWindow    = errors.New("no timed window is open")
)

// Errorf is fmt.Errorf kept out of line, and what the engines make their
// errors with (errors.New's too: a format without verbs or arguments makes
// the same error). The compiler inlines fmt.Errorf, and errors.New within
// it, at every call: about 100 bytes of WebAssembly each, and a sampler's
// checks of a view make dozens of calls.
//
//go:noinline
func Errorf(format string, a ...any) error { return fmt.Errorf(format, a...) }
