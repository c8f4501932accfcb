package games

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"cardtable/games/cards"
)

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

// SampleView is the frame every game's NewSampler fills, so that a game
// states only what is its own. It reads view as the game's view type V (a
// V or a *V, as ViewAs), has rebuild make the sampler of it under cfg for
// seat (the game's part, a plain function rather than a closure: each
// closure costs the page's WebAssembly its code and its table entries; the state the view shows, checked against the rules, and the deal
// of what the view hides, mostly an Unseen in a Dealing), then requires one
// sample to show seat exactly the view it was made from (SameView): a view
// that does not follow from its own cards and the rules is refused with
// what differs. name is how a view of another type is told ("a King view");
// every error begins with the game's id (rebuild's own errors are wrapped
// unless they already do).
func SampleView[V any](id, name string, cfg Config, seat Seat, view View, rebuild func(cfg Config, seat Seat, v *V) (Sampler, error)) (Sampler, error) {
	v, ok := ViewAs[V](view)
	if !ok {
		return nil, notView(id, name, view)
	}
	sm, err := rebuild(cfg, seat, v)
	return checkSample(id, seat, v, sm, err)
}

// notView is the error of a view of another type than the game's. Like
// checkSample, it is out of line so that each game's SampleView is small.
//
//go:noinline
func notView(id, name string, view any) error {
	return Errorf("%s: %T is not %s", id, view, name)
}

// checkSample is SampleView's part that does not depend on the view's
// type, out of line so that it is compiled once, not once per game.
//
//go:noinline
func checkSample(id string, seat Seat, v any, sm Sampler, err error) (Sampler, error) {
	if err != nil {
		if strings.HasPrefix(err.Error(), id+": ") {
			return nil, err
		}
		return nil, Errorf("%s: %w", id, err)
	}
	if err := SameView(v, sm.Sample(NewRand(1)).View(seat)); err != nil {
		return nil, Errorf("%s: %w", id, err)
	}
	return sm, nil
}

// Unseen lists what a sampler deals: hands of the cards a seat has not
// seen (another seat's hand, a card set aside), each of its size and
// holding only the cards it may hold (not a suit it showed void in).
// Dealer counts the deals (cards.Dealer); Deal then hands out one of them,
// every consistent deal equally likely.
type Unseen struct {
	pool   cards.Set
	sizes  []int
	may    []cards.Set
	dealer *cards.Dealer
}

// Hand adds a hand holding as many unseen cards as parked (where the
// rebuilt state put them until the deal), any of them from may; parked
// joins the cards dealt. It returns the hand's index in every Deal.
func (u *Unseen) Hand(parked, may cards.Set) int {
	u.pool |= parked
	u.sizes = append(u.sizes, parked.Len())
	u.may = append(u.may, may)
	return len(u.sizes) - 1
}

// Prepare counts the deals of the hands added; it is an error when none
// fits.
func (u *Unseen) Prepare() error {
	d, err := cards.NewDealer(u.pool, u.sizes, u.may)
	u.dealer = d
	return err
}

// Deal draws one deal after Prepare: hand i's cards at index i.
func (u *Unseen) Deal(rng *rand.Rand) []cards.Set { return u.dealer.Deal(rng) }

// Dealing is the sampler of a game whose hidden cards are one Unseen: Base is
// the state the view shows; each Sample copies it, lets Seed give the copy
// its generator for what is dealt later (from rng, before the deal), and
// Put the hands of one deal (in the order they were added to Unseen).
type Dealing[S any, P interface {
	*S
	State
}] struct {
	Base   S
	Unseen Unseen
	Seed   func(s P, rng *rand.Rand)
	Put    func(s P, hands []cards.Set)
}

// Sample deals one state.
func (sm *Dealing[S, P]) Sample(rng *rand.Rand) State {
	s := sm.Base
	p := P(&s)
	sm.Seed(p, rng)
	sm.Put(p, sm.Unseen.Deal(rng))
	return p
}

// Errorn is Errorf for a message whose every argument is a whole number
// (a seat, a count, a round), as most of a sampler's checks of a view are:
// the numbers are boxed here, once, rather than at every call, which saves
// about 60 bytes of WebAssembly per number (a call to the runtime each).
//
//go:noinline
func Errorn(format string, xs ...int) error {
	a := make([]any, len(xs))
	for i, x := range xs {
		a[i] = x
	}
	return fmt.Errorf(format, a...)
}
