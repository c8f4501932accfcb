package games

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Errorf says and wraps what fmt.Errorf does, and without verbs makes the
// error errors.New makes.
func TestErrorfIsFmtErrorf(t *testing.T) {
	err := Errorf("seat %d: %w", 2, ErrDone)
	assert.Equal(t, "seat 2: the match is over", err.Error())
	assert.ErrorIs(t, err, ErrDone)

	plain := Errorf("a spectator's view shows a hand")
	assert.Equal(t, errors.New("a spectator's view shows a hand"), plain, "no verbs: the error errors.New makes")
	assert.Nil(t, errors.Unwrap(plain))
}
