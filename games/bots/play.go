package bots

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"cardtable/games"
)

// Difficulty levels and what they mean in every game:
//
//	random  uniform over the legal moves
//	easy    the game's heuristic with one move in three random; random where the game has none
//	normal  the game's heuristic; ISMCTS with 200 iterations where the game has none
//	hard    ISMCTS with HardIterations iterations a move; for a game with a
//	        games.Solver, the solver over 8 determinized samples; for a game
//	        marked games.HeuristicIsHard, its heuristic; for one marked
//	        games.HardPlaysOut, Rollout (every move played out by the
//	        heuristic in RolloutDeals sampled deals)
const HardIterations = 2000

// New returns the bot called name for a seat of game g, seeded with seed.
func New(name string, g games.Game, seed uint64) (Bot, error) {
	adv, _ := g.(games.Advisor)
	switch name {
	case "random":
		return NewRandom(seed), nil
	case "easy":
		if adv == nil {
			return NewRandom(seed), nil
		}
		return &Heuristic{Advisor: adv, Noise: 1.0 / 3, rng: games.NewRand(seed)}, nil
	case "normal":
		if adv == nil {
			return NewISMCTS(seed, 200), nil
		}
		return &Heuristic{Advisor: adv, rng: games.NewRand(seed)}, nil
	case "hard":
		if _, ok := g.(games.HeuristicIsHard); ok && adv != nil {
			return &Heuristic{Advisor: adv, rng: games.NewRand(seed)}, nil
		}
		if _, ok := g.(games.HardPlaysOut); ok && adv != nil {
			return NewRollout(adv, seed, RolloutDeals), nil
		}
		if sol, ok := g.(games.Solver); ok {
			return NewSampler(sol, seed, 8, 20000), nil
		}
		return NewISMCTS(seed, HardIterations), nil
	}
	return nil, fmt.Errorf("unknown bot %q (bots: %s)", name, strings.Join(Names(), ", "))
}

// Names lists the bots New knows, weakest first.
func Names() []string { return []string{"random", "easy", "normal", "hard"} }

// Play runs a match to its end with one bot per seat. Outside timed windows
// a random one of the seats that may act moves. In a timed window every
// acting seat's bot is asked; one of those that act wins the race (chosen by
// rng), and when all of them wait the window passes (Timeout by System).
// each, when set, sees every applied action. maxSteps guards against a game
// that never ends.
func Play(s games.State, seats []Bot, rng *rand.Rand, maxSteps int, each func(seat games.Seat, a games.Action)) error {
	var actors []games.Seat
	type move struct {
		seat games.Seat
		a    games.Action
	}
	var racing []move
	for step := 0; !s.Done(); step++ {
		if step >= maxSteps {
			return fmt.Errorf("no end after %d actions", maxSteps)
		}
		actors = s.Actors(actors[:0])
		for _, seat := range actors {
			if seat < 0 || int(seat) >= len(seats) {
				return fmt.Errorf("seat %d has no bot", seat)
			}
		}
		seat, a := games.System, games.Timeout
		switch {
		case s.Deadline() > 0:
			racing = racing[:0]
			for _, who := range actors {
				x, err := seats[who].Choose(s, who)
				if errors.Is(err, ErrWait) {
					continue
				}
				if err != nil {
					return fmt.Errorf("bot of seat %d: %w", who, err)
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
			if a, err = seats[seat].Choose(s, seat); err != nil {
				return fmt.Errorf("bot of seat %d: %w", seat, err)
			}
		default:
			return fmt.Errorf("no seat may act and no window is open")
		}
		if err := s.Apply(seat, a); err != nil {
			return fmt.Errorf("seat %d %q: %w", seat, s.FormatAction(a), err)
		}
		if each != nil {
			each(seat, a)
		}
	}
	return nil
}
