package bots

import (
	"errors"
	"math/rand/v2"
	"strings"

	"cardtable/games"
)

// Difficulty levels and what they mean in every game:
//
//	random  uniform over the legal moves
//	easy    the game's heuristic with one move in three random; random where the game has none
//	normal  the game's heuristic; ISMCTS with 200 iterations where the game has none
//	hard    as the game's entry says (games.Hard): ISMCTS with HardIterations
//	        iterations a move; the Solver over SolverSamples sampled deals;
//	        the heuristic; or Rollout (every move played out by the
//	        heuristic in RolloutDeals sampled deals)
//
// Every level decides from the seat's Turn alone, so every level plays as
// well from a peer's seat (which has only its view) as at the table.
const HardIterations = 2000

// SolverSamples and SolverBudget are the hard level's deals and search
// nodes per deal for a game whose hard bot votes over its Solver.
const (
	SolverSamples = 8
	SolverBudget  = 20000
)

// New returns the bot called name for a seat of game e, seeded with seed.
// Bots draw from their own generator: seed it independently of the deal.
func New(name string, e games.Entry, seed uint64) (Bot, error) {
	adv := e.Advisor
	switch name {
	case "random":
		return NewRandom(seed), nil
	case "easy":
		if adv == nil {
			return NewRandom(seed), nil
		}
		return NewHeuristic(adv, 1.0/3, seed), nil
	case "normal":
		if adv == nil {
			return NewISMCTS(seed, 200), nil
		}
		return NewHeuristic(adv, 0, seed), nil
	case "hard":
		switch {
		case e.Hard == games.HardHeuristic && adv != nil:
			return NewHeuristic(adv, 0, seed), nil
		case e.Hard == games.HardRollout && adv != nil:
			return NewRollout(adv, seed, RolloutDeals), nil
		case e.Hard == games.HardSolver && e.Solver != nil:
			b := NewSolverVote(e.Solver, seed, SolverSamples, SolverBudget)
			b.Fallback = adv
			return b, nil
		}
		b := NewISMCTS(seed, HardIterations)
		b.Fallback = adv
		return b, nil
	}
	return nil, games.Errorf("unknown bot %q (bots: %s)", name, strings.Join(Names(), ", "))
}

// Names lists the bots New knows, weakest first.
func Names() []string { return []string{"random", "easy", "normal", "hard"} }

// Play runs a match to its end with one bot per seat. Outside timed windows
// a random one of the seats that may act moves. In a timed window every
// acting seat's bot is asked; one of those that act wins the race (chosen by
// rng), and when all of them wait the window passes (Timeout by System).
// each, when set, sees every applied action. maxSteps guards against a game
// that never ends.
// Each bot is handed only its seat's Turn.
func Play(e games.Entry, cfg games.Config, s games.State, seats []Bot, rng *rand.Rand, maxSteps int, each func(seat games.Seat, a games.Action)) error {
	var actors []games.Seat
	type move struct {
		seat games.Seat
		a    games.Action
	}
	var racing []move
	for step := 0; !s.Done(); step++ {
		if step >= maxSteps {
			return games.Errorf("no end after %d actions", maxSteps)
		}
		actors = s.Actors(actors[:0])
		for _, seat := range actors {
			if seat < 0 || int(seat) >= len(seats) {
				return games.Errorf("seat %d has no bot", seat)
			}
		}
		seat, a := games.System, games.Timeout
		switch {
		case s.Deadline() > 0:
			racing = racing[:0]
			for _, who := range actors {
				x, err := seats[who].Choose(TurnOf(e, cfg, s, who))
				if errors.Is(err, ErrWait) {
					continue
				}
				if err != nil {
					return games.Errorf("bot of seat %d: %w", who, err)
				}
				racing = append(racing, move{who, x})
			}
			if len(racing) > 0 {
				m := racing[rng.IntN(len(racing))]
				seat, a = m.seat, m.a
			}
		case len(actors) > 0:
			seat = actors[rng.IntN(len(actors))]
			var err error
			if a, err = seats[seat].Choose(TurnOf(e, cfg, s, seat)); err != nil {
				return games.Errorf("bot of seat %d: %w", seat, err)
			}
		default:
			return games.Errorf("no seat may act and no window is open")
		}
		if err := s.Apply(seat, a); err != nil {
			return games.Errorf("seat %d %q: %w", seat, s.FormatAction(a), err)
		}
		if each != nil {
			each(seat, a)
		}
	}
	return nil
}
