package bots

import (
	"time"

	"cardtable/games"
)

// Turn is everything a bot may know when it decides: one seat's view, the
// seat's legal moves and the open timed window, and a sampler of the whole
// states consistent with that view. It holds no State of the table.
type Turn struct {
	Seat     games.Seat
	View     games.View
	Legal    []games.Action
	Deadline time.Duration

	sm       games.ViewSampler
	cfg      games.Config
	prepared games.Sampler
	err      error
}

// NewTurn is seat's turn from its view (as the game's View returns it or
// as DecodeView decodes it), its legal moves and the open window, under the
// rules of cfg (the seed and deals are not read: they are the table's
// secret).
func NewTurn(e games.Entry, cfg games.Config, seat games.Seat, view games.View, legal []games.Action, deadline time.Duration) *Turn {
	cfg.Seed, cfg.Deals = 0, nil
	return &Turn{Seat: seat, View: view, Legal: legal, Deadline: deadline, sm: e.Sampler, cfg: cfg}
}

// TurnOf is seat's turn at a table: only what the engine makes for that
// seat (its View, Legal and Deadline) goes into it.
func TurnOf(e games.Entry, cfg games.Config, s games.State, seat games.Seat) *Turn {
	return NewTurn(e, cfg, seat, s.View(seat), s.Legal(seat, nil), s.Deadline())
}

// Sampler prepares (once) the sampler of the states consistent with the
// view. A view that no deal fits is an error: searching bots then fall back
// to the game's heuristic.
func (t *Turn) Sampler() (games.Sampler, error) {
	if t.prepared == nil && t.err == nil {
		if t.sm == nil {
			t.err = games.Errorf("seat %d: the game rebuilds no state from a view", t.Seat)
		} else {
			t.prepared, t.err = t.sm.NewSampler(t.cfg, t.Seat, t.View)
		}
	}
	return t.prepared, t.err
}

// DecodeView decodes a seat's JSON view (as a host sends it) into the
// game's own View type, which the game's advisor and sampler read: the
// entry's decoder, and a view made for another seat is refused.
func DecodeView(e games.Entry, seat games.Seat, data []byte) (games.View, error) {
	if e.DecodeView == nil {
		return nil, games.Errorf("%s: the game decodes no view", e.ID())
	}
	v, err := e.DecodeView(data)
	if err != nil {
		return nil, games.Errorf("%s: %w", e.ID(), err)
	}
	if v.Viewer() != seat {
		return nil, games.Errorf("%s: a view of seat %d where seat %d's was expected", e.ID(), v.Viewer(), seat)
	}
	return v, nil
}
