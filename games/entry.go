package games

// Hard says how a game's hard bot plays.
type Hard int

const (
	// HardSearch is information-set Monte Carlo tree search over samples.
	HardSearch Hard = iota
	// HardHeuristic plays the game's own heuristic: it outplays a search
	// (the co-op game, where random playouts almost never reach a win).
	HardHeuristic
	// HardRollout plays every move out with the heuristic in sampled deals
	// (flat Monte Carlo), which measured stronger than a tree search.
	HardRollout
	// HardSolver votes over the Solver's best moves in sampled deals.
	HardSolver
)

// Entry is one registered game with what it can do, as data: its rules,
// the sampler every game has, and the capabilities a game may have.
type Entry struct {
	Game Game
	// DecodeView decodes the game's View from JSON (as a host sends it to a
	// peer), strictly: games.DecodeJSON of the game's View type. It gives
	// the type State.View returns.
	DecodeView func(data []byte) (View, error)
	// Sampler rebuilds whole states from a seat's view; every game has one.
	Sampler ViewSampler
	// Advisor is the game's heuristic player (easy and normal), or nil.
	Advisor Advisor
	// Solver searches a state whose cards are all known, or nil. Bots hand
	// it samples only. A one-player game with a solver offers a Hint (the
	// hard bot's choice over the unseen cards) and, as a separate request,
	// whether the true deal can still be won.
	Solver Solver
	// Hard is how the hard level plays.
	Hard Hard
}

// ID is the game's ID.
func (e Entry) ID() string { return e.Game.Info().ID }
