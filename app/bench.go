//go:build !(js && wasm)

package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
)

// runBench measures every registered game's engine for a while each: random
// playouts (actions/s, playouts/s) and Clone+Determinize (per second).
func runBench(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	per := fs.Duration("time", time.Second, "time spent on each measurement")
	only := fs.String("game", "", "measure only this game")
	if err := fs.Parse(args); err != nil {
		return err
	}
	fmt.Fprintf(out, "%-10s %14s %12s %14s\n", "game", "actions/s", "playouts/s", "determinize/s")
	for _, g := range catalog.All() {
		info := g.Info()
		if *only != "" && info.ID != *only {
			continue
		}
		cfg := games.Config{Players: info.MinPlayers}
		acts, playouts, err := benchPlayouts(g, cfg, *per)
		if err != nil {
			return fmt.Errorf("bench %s: %w", info.ID, err)
		}
		det, err := benchDeterminize(g, cfg, *per)
		if err != nil {
			return fmt.Errorf("bench %s: %w", info.ID, err)
		}
		fmt.Fprintf(out, "%-10s %14.0f %12.0f %14.0f\n", info.ID, acts, playouts, det)
	}
	return nil
}

func benchPlayouts(g games.Game, cfg games.Config, d time.Duration) (actionsPerSec, playoutsPerSec float64, err error) {
	actions, playouts := 0, 0
	start := time.Now()
	for time.Since(start) < d {
		cfg.Seed = uint64(playouts)
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
		playouts++
	}
	sec := time.Since(start).Seconds()
	return float64(actions) / sec, float64(playouts) / sec, nil
}

func benchDeterminize(g games.Game, cfg games.Config, d time.Duration) (float64, error) {
	cfg.Seed = 1
	s, err := g.New(cfg)
	if err != nil {
		return 0, err
	}
	rng := games.NewRand(2)
	n := 0
	start := time.Now()
	for time.Since(start) < d {
		for range 100 {
			_ = s.Clone().Determinize(0, rng)
		}
		n += 100
	}
	return float64(n) / time.Since(start).Seconds(), nil
}
