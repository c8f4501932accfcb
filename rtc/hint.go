package rtc

import (
	"errors"

	"cardtable/games"
	"cardtable/games/bots"
)

// Hint is the move a hint suggests to the local player, with the reason
// the game's heuristic gives for it.
type Hint struct {
	// Move is the suggested move; the zero Move when Wait.
	Move Move
	// Wait: in a timed window, the best is to answer nothing and let the
	// window run.
	Wait bool
	// Reason is the heuristic's reason when the suggested move (or the
	// wait) is the heuristic's own choice too; "" for none.
	Reason games.Reason
}

// hintAction is the hint for the seat whose turn t is: the hard bot's
// choice, seeded with seed, and the heuristic's reason when it chose the
// same. It reads nothing but t (the seat's view, legal moves and window,
// and deals sampled from the view), so a hint never knows a hidden card.
// wait reports a window the bot lets run.
func hintAction(e games.Entry, t *bots.Turn, seed uint64) (a games.Action, wait bool, why games.Reason, err error) {
	b, err := bots.New("hard", e, seed)
	if err != nil {
		return 0, false, "", err
	}
	a, err = b.Choose(t)
	wait = errors.Is(err, bots.ErrWait)
	if err != nil && !wait {
		return 0, false, "", err
	}
	if r, ok := e.Advisor.(games.Reasoner); ok {
		h, reason := r.AdviseWhy(t.View, t.Legal, games.NewRand(seed))
		if wait && h == games.Timeout || !wait && h == a {
			why = reason
		}
	}
	return a, wait, why, nil
}
