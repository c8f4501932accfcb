//go:build !(js && wasm)

package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/rtc"
)

// runStrength plays bot level A against level B with seats alternating
// (A B A B …) and the pattern swapped every other match, and prints A's win
// share with its 95 % confidence interval. With -table it plays every pairing
// of the levels given.
func runStrength(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("strength", flag.ContinueOnError)
	gameID := fs.String("game", firstGame(), "game to play")
	n := fs.Int("n", 1000, "matches per pairing")
	seed := fs.Uint64("seed", 1, "seed of the first match")
	players := fs.Int("players", 0, "players (default: the game's minimum)")
	levels := fs.String("levels", "hard,normal,easy,random", "levels, strongest first; every adjacent and non-adjacent pairing is played")
	hardIters := fs.Int("hard-iterations", bots.HardIterations, "ISMCTS iterations a move for the hard level")
	workers := fs.Int("workers", 1, "matches played at once (each match is seeded on its own, so the table does not depend on it)")
	botSeed := fs.Uint64("botseed", 0, "seed of the bots' own generators, independent of the deals (0: drawn at random, printed)")
	opts := optionFlags{}
	fs.Var(opts, "opt", "game option key=value (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, err := catalog.Lookup(*gameID)
	if err != nil {
		return err
	}
	if *players == 0 {
		*players = g.Game.Info().MinPlayers
	}
	if *players < 2 {
		return fmt.Errorf("strength: %s is a one-player game", *gameID)
	}
	cfg := games.Config{Players: *players}
	if len(opts) > 0 {
		cfg.Options = opts
	}
	if _, err := g.Game.New(cfg); err != nil {
		return err
	}
	if *botSeed == 0 {
		*botSeed = rtc.BotSeed()
	}
	names := strings.Split(*levels, ",")
	fmt.Fprintf(out, "%s, %d players, %d matches per pairing, hard = the game's hard level (ISMCTS at %d iterations unless the game ships a solver, a hard heuristic or plays moves out), -botseed %d\n", *gameID, *players, *n, *hardIters, *botSeed)
	fmt.Fprintf(out, "%-8s %-8s %8s %16s %10s\n", "A", "B", "A wins", "95% interval", "s/match")
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			start := time.Now()
			share, err := pairing(g, cfg, names[i], names[j], *n, *seed, *botSeed, *hardIters, max(1, *workers))
			if err != nil {
				return err
			}
			half := 1.96 * math.Sqrt(share*(1-share)/float64(*n))
			fmt.Fprintf(out, "%-8s %-8s %7.1f%% %7.1f%%–%5.1f%% %10.3f\n", names[i], names[j], 100*share,
				100*max(0, share-half), 100*min(1, share+half), time.Since(start).Seconds()/float64(*n))
		}
	}
	return nil
}

// pairing returns A's share of the wins over n matches, a tie between A and
// B seats counting as a shared win.
func pairing(g games.Entry, cfg games.Config, a, b string, n int, seed, botSeed uint64, hardIters, workers int) (float64, error) {
	shares := make([]float64, n)
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range next {
				shares[m], errs[m] = match(g, cfg, a, b, m, seed, botSeed, hardIters)
			}
		}()
	}
	for m := range n {
		next <- m
	}
	close(next)
	wg.Wait()
	won := 0.0
	for m := range n {
		if errs[m] != nil {
			return 0, fmt.Errorf("match %d: %w", m, errs[m])
		}
		won += shares[m]
	}
	return won / float64(n), nil
}

// match plays match m of a pairing and returns A's share of its win.
func match(g games.Entry, cfg games.Config, a, b string, m int, seed, botSeed uint64, hardIters int) (float64, error) {
	cfg.Seed = seed + uint64(m)
	s, err := g.Game.New(cfg)
	if err != nil {
		return 0, err
	}
	isA := make([]bool, cfg.Players)
	seats := make([]bots.Bot, cfg.Players)
	for i := range seats {
		isA[i] = (i+m)%2 == 0
		level := b
		if isA[i] {
			level = a
		}
		if seats[i], err = bots.New(level, g, botSeedOf(botSeed, m, i)); err != nil {
			return 0, err
		}
		if is, ok := seats[i].(*bots.ISMCTS); ok && level == "hard" {
			is.Iterations = hardIters
		}
	}
	if err := bots.Play(g, cfg, s, seats, games.NewRand(botSeedOf(botSeed, m, -1)), 1_000_000, nil); err != nil {
		return 0, err
	}
	w := s.Result().Winners
	won := 0.0
	for _, seat := range w {
		if isA[seat] {
			won += 1 / float64(len(w))
		}
	}
	return won, nil
}
