// Package benchmark measures the engines and bots of every game the same way
// natively and in WebAssembly: random playouts, states sampled from a seat's
// view, ISMCTS iterations and the hard bot's move time. `app bench` prints its figures
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
	Game           string  `json:"game"`
	ActionsPerSec  float64 `json:"actionsPerSec"`
	PlayoutsPerSec float64 `json:"playoutsPerSec"`
	// SamplesPerSec is states dealt from one seat's view by its prepared
	// sampler (what a search draws every iteration).
	SamplesPerSec float64 `json:"samplesPerSec"`
	// ISMCTS iterations per second while the hard bot thinks, and the median
	// time of one hard move (bots.HardIterations iterations).
	ISMCTSPerSec   float64       `json:"ismctsPerSec"`
	HardMoveMedian time.Duration `json:"hardMoveMedian"`
}

// Measure spends about d on each figure of game e (default options, the
// fewest players). hardMoves is how many hard decisions the median is
// taken over; 0 skips the bot figures.
func Measure(e games.Entry, d time.Duration, hardMoves int) (Figures, error) {
	info := e.Game.Info()
	cfg := games.Config{Players: max(info.MinPlayers, min(2, info.MaxPlayers))}
	if info.MinPlayers > 2 {
		cfg.Players = info.MinPlayers
	}
	f := Figures{Game: info.ID}
	var err error
	if f.ActionsPerSec, f.PlayoutsPerSec, err = playouts(e, cfg, d); err != nil {
		return f, err
	}
	if f.SamplesPerSec, err = samples(e, cfg, d); err != nil {
		return f, err
	}
	if hardMoves > 0 {
		if f.ISMCTSPerSec, f.HardMoveMedian, err = hardBot(e, cfg, hardMoves); err != nil {
			return f, err
		}
	}
	return f, nil
}

func playouts(e games.Entry, cfg games.Config, d time.Duration) (actionsPerSec, playoutsPerSec float64, err error) {
	actions, n := 0, 0
	start := time.Now()
	for time.Since(start) < d {
		cfg.Seed = uint64(n)
		s, err := e.Game.New(cfg)
		if err != nil {
			return 0, 0, err
		}
		seats := make([]bots.Bot, cfg.Players)
		for i := range seats {
			seats[i] = bots.NewRandom(cfg.Seed + uint64(i))
		}
		if err := bots.Play(e, cfg, s, seats, games.NewRand(cfg.Seed), 1_000_000, func(games.Seat, games.Action) { actions++ }); err != nil {
			return 0, 0, err
		}
		n++
	}
	sec := time.Since(start).Seconds()
	return float64(actions) / sec, float64(n) / sec, nil
}

func samples(e games.Entry, cfg games.Config, d time.Duration) (float64, error) {
	cfg.Seed = 1
	s, err := e.Game.New(cfg)
	if err != nil {
		return 0, err
	}
	actors := s.Actors(nil)
	seat := games.Seat(0)
	if len(actors) > 0 {
		seat = actors[0]
	}
	sm, err := e.Sampler.NewSampler(cfg, seat, s.View(seat))
	if err != nil {
		return 0, err
	}
	rng := games.NewRand(2)
	n := 0
	start := time.Now()
	for time.Since(start) < d {
		for range 100 {
			_ = sm.Sample(rng)
		}
		n += 100
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

// hardBot lets hard bots play every seat of a match and times the
// decisions that had a real choice (two or more legal moves).
func hardBot(e games.Entry, cfg games.Config, moves int) (itersPerSec float64, median time.Duration, err error) {
	var times []time.Duration
	iters := 0
	var spent time.Duration
	for m := 0; len(times) < moves && m < 100; m++ {
		cfg.Seed = uint64(m + 1)
		s, err := e.Game.New(cfg)
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
			a, err := bot.Choose(bots.TurnOf(e, cfg, s, seat))
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
