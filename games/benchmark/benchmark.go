// Package benchmark measures the engines and bots of every game the same way
// natively and in WebAssembly: random playouts, Clone+Determinize, ISMCTS
// iterations and the hard bot's move time. `app bench` prints its figures
// for both builds.
package benchmark

import (
	"fmt"
	"slices"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
)

// Figures are one game's measurements.
type Figures struct {
	Game              string  `json:"game"`
	ActionsPerSec     float64 `json:"actionsPerSec"`
	PlayoutsPerSec    float64 `json:"playoutsPerSec"`
	DeterminizePerSec float64 `json:"determinizePerSec"`
	// ISMCTS iterations per second while the hard bot thinks, and the median
	// time of one hard move (bots.HardIterations iterations).
	ISMCTSPerSec   float64       `json:"ismctsPerSec"`
	HardMoveMedian time.Duration `json:"hardMoveMedian"`
}

// Measure spends about d on each figure of game g (default options, the
// fewest players). hardMoves is how many hard decisions the median is
// taken over; 0 skips the bot figures.
func Measure(g games.Game, d time.Duration, hardMoves int) (Figures, error) {
	info := g.Info()
	cfg := games.Config{Players: max(info.MinPlayers, min(2, info.MaxPlayers))}
	if info.MinPlayers > 2 {
		cfg.Players = info.MinPlayers
	}
	f := Figures{Game: info.ID}
	var err error
	if f.ActionsPerSec, f.PlayoutsPerSec, err = playouts(g, cfg, d); err != nil {
		return f, err
	}
	if f.DeterminizePerSec, err = determinize(g, cfg, d); err != nil {
		return f, err
	}
	if hardMoves > 0 {
		if f.ISMCTSPerSec, f.HardMoveMedian, err = hardBot(g, cfg, hardMoves); err != nil {
			return f, err
		}
	}
	return f, nil
}

func playouts(g games.Game, cfg games.Config, d time.Duration) (actionsPerSec, playoutsPerSec float64, err error) {
	actions, n := 0, 0
	start := time.Now()
	for time.Since(start) < d {
		cfg.Seed = uint64(n)
		s, err := g.New(cfg)
		if err != nil {
			return 0, 0, err
		}
		seats := make([]bots.Bot, cfg.Players)
		for i := range seats {
			seats[i] = bots.NewRandom(cfg.Seed + uint64(i))
		}
		if err := bots.Play(s, seats, games.NewRand(cfg.Seed), 1_000_000, func(games.Seat, games.Action) { actions++ }); err != nil {
			return 0, 0, err
		}
		n++
	}
	sec := time.Since(start).Seconds()
	return float64(actions) / sec, float64(n) / sec, nil
}

func determinize(g games.Game, cfg games.Config, d time.Duration) (float64, error) {
	cfg.Seed = 1
	s, err := g.New(cfg)
	if err != nil {
		return 0, err
	}
	actors := s.Actors(nil)
	seat := games.Seat(0)
	if len(actors) > 0 {
		seat = actors[0]
	}
	rng := games.NewRand(2)
	n := 0
	start := time.Now()
	for time.Since(start) < d {
		for range 100 {
			_ = s.Clone().Determinize(seat, rng)
		}
		n += 100
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

// hardBot lets hard bots play every seat of a match and times the
// decisions that had a real choice (two or more legal moves).
func hardBot(g games.Game, cfg games.Config, moves int) (itersPerSec float64, median time.Duration, err error) {
	var times []time.Duration
	iters := 0
	var spent time.Duration
	for m := 0; len(times) < moves && m < 100; m++ {
		cfg.Seed = uint64(m + 1)
		s, err := g.New(cfg)
		if err != nil {
			return 0, 0, err
		}
		bot := bots.NewISMCTS(uint64(m), bots.HardIterations)
		rng := games.NewRand(cfg.Seed)
		var actors []games.Seat
		for step := 0; !s.Done() && len(times) < moves && step < 100000; step++ {
			actors = s.Actors(actors[:0])
			if len(actors) == 0 || (s.Deadline() > 0 && rng.IntN(len(actors)+1) == 0) {
				if s.Deadline() == 0 {
					break
				}
				if err := s.Apply(games.System, games.Timeout); err != nil {
					return 0, 0, err
				}
				continue
			}
			seat := actors[rng.IntN(len(actors))]
			choice := len(s.Legal(seat, nil)) > 1
			start := time.Now()
			a, err := bot.Choose(s, seat)
			took := time.Since(start)
			if err != nil {
				return 0, 0, err
			}
			if choice {
				times = append(times, took)
				spent += took
				iters += bot.Iterations
			}
			if err := s.Apply(seat, a); err != nil {
				return 0, 0, fmt.Errorf("hard bot move %q refused: %w", s.FormatAction(a), err)
			}
		}
	}
	if len(times) == 0 {
		return 0, 0, nil
	}
	slices.Sort(times)
	return float64(iters) / spent.Seconds(), times[len(times)/2], nil
}
