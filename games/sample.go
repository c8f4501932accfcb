package games

import "math/rand/v2"

// Sampler deals whole states consistent with one seat's view: the cards
// the view shows where it shows them, every card the seat cannot see dealt
// uniformly among the deals consistent with everything the seat knows (the
// idea of OpenSpiel's ResampleFromInfostate). Search bots play on its
// samples; they never see the true state.
type Sampler interface {
	// Sample deals one state. Later deals of the match (rounds not yet
	// dealt) come from rng too.
	Sample(rng *rand.Rand) State
}

// ViewSampler is implemented by every Game: it prepares a Sampler from the
// view a seat received, under the rules of cfg (players and options; the
// seed and deals are the table's secret and are not read). A view that no
// deal fits (a peer's host sent something inconsistent) is an error that
// says what does not fit.
type ViewSampler interface {
	NewSampler(cfg Config, seat Seat, view View) (Sampler, error)
}
