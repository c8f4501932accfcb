//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/mentalplay"
	"cardtable/games/record"
	"cardtable/rtc"
)

// optionFlags collects repeated -opt key=value flags.
type optionFlags map[string]string

func (o optionFlags) String() string { return fmt.Sprint(map[string]string(o)) }

func (o optionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("want key=value, got %q", v)
	}
	o[k] = val
	return nil
}

// simMatch is one line of `sim -json`.
type simMatch struct {
	Seed    uint64       `json:"seed"`
	Scores  []int        `json:"scores"`
	Winners []games.Seat `json:"winners"`
	Actions int          `json:"actions"`
}

// firstGame is the id of the catalogue's first game, the command-line
// tools' default.
func firstGame() string { return catalog.All()[0].Game.Info().ID }

func runSim(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	gameID := fs.String("game", firstGame(), "game to play")
	n := fs.Int("n", 100, "matches to play")
	seed := fs.Uint64("seed", 1, "seed of the first match; match i uses seed+i")
	players := fs.Int("players", 0, "players (default: the game's minimum)")
	botList := fs.String("bots", "random", "bot per seat, comma separated; one name fills every seat")
	recDir := fs.String("records", "", "write each match's record to this directory")
	asJSON := fs.Bool("json", false, "print one JSON line per match instead of the summary")
	dealBy := fs.String("deal", "seed", "how each round is dealt: seed (from the match's seed) or mental (with no dealer: every seat a page, every shuffle proved; "+strings.Join(mentalplay.Games(), ", ")+" only)")
	pagesOf := fs.String("pages", "", "with -deal mental, the page holding each seat, comma separated from 1 (1,2,3,1: three pages, the host's page 1 also holding seat 4's bot); default: every seat its own page")
	out1 := fs.String("out", "", "write the match's record to this file (with -n 1)")
	botSeed := fs.Uint64("botseed", 0, "seed of the bots' own generators, independent of the deals (0: drawn at random, printed with the summary)")
	opts := optionFlags{}
	fs.Var(opts, "opt", "game option key=value (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("sim: unexpected argument %q", fs.Arg(0))
	}
	g, err := catalog.Lookup(*gameID)
	if err != nil {
		return err
	}
	info := g.Game.Info()
	if *players == 0 {
		*players = info.MinPlayers
	}
	if *n < 1 {
		return fmt.Errorf("sim: -n must be at least 1")
	}
	names := strings.Split(*botList, ",")
	if len(names) == 1 {
		names = slicesRepeat(names[0], *players)
	}
	if len(names) != *players {
		return fmt.Errorf("sim: %d bots for %d players", len(names), *players)
	}
	switch *dealBy {
	case "seed":
	case "mental":
		if !mentalplay.Supports(info.ID) {
			return fmt.Errorf("sim: -deal mental deals %s only, not %s", strings.Join(mentalplay.Games(), " and "), info.ID)
		}
	default:
		return fmt.Errorf("sim: -deal is seed or mental, not %q", *dealBy)
	}
	var owner []int
	if *pagesOf != "" {
		if *dealBy != "mental" {
			return fmt.Errorf("sim: -pages is for -deal mental")
		}
		for _, f := range strings.Split(*pagesOf, ",") {
			p, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return fmt.Errorf("sim: -pages %q: %q is not a page number", *pagesOf, f)
			}
			owner = append(owner, p-1)
		}
		if _, _, err := mentalplay.Owners(owner, *players); err != nil {
			return fmt.Errorf("sim: -pages %q: %v", *pagesOf, err)
		}
	}
	if *out1 != "" && *n != 1 {
		return fmt.Errorf("sim: -out writes one match's record: use it with -n 1 (or -records for many)")
	}
	if *recDir != "" {
		if err := os.MkdirAll(*recDir, 0o755); err != nil {
			return err
		}
	}
	cfg := games.Config{Players: *players, Options: opts}
	if len(opts) == 0 {
		cfg.Options = nil
	}
	if _, err := g.Game.New(cfg); err != nil { // a bad option fails before any match
		return err
	}
	if *botSeed == 0 {
		*botSeed = rtc.BotSeed()
	}

	stats := newSimStats(*players)
	start := time.Now()
	for i := range *n {
		cfg.Seed = *seed + uint64(i)
		seats := make([]bots.Bot, *players)
		for j, name := range names {
			if seats[j], err = bots.New(name, g, botSeedOf(*botSeed, i, j)); err != nil {
				return err
			}
		}
		rng := games.NewRand(botSeedOf(*botSeed, i, -1))
		var rec *record.Record
		var s games.State
		if *dealBy == "mental" {
			rec, s, err = mentalplay.PlayPages(g, cfg, owner, seats, rng, 1_000_000)
		} else {
			rec, s, err = playSeeded(g, cfg, seats, rng)
		}
		if err != nil {
			return fmt.Errorf("sim: match with seed %d: %w", cfg.Seed, err)
		}
		if *out1 != "" {
			if err := writeRecord(*out1, rec); err != nil {
				return err
			}
		}
		if *recDir != "" {
			if err := writeRecord(filepath.Join(*recDir, fmt.Sprintf("%s-%d.json", info.ID, cfg.Seed)), rec); err != nil {
				return err
			}
		}
		res := s.Result()
		stats.add(res, len(rec.Actions))
		if *asJSON {
			line, _ := json.Marshal(simMatch{Seed: cfg.Seed, Scores: res.Scores, Winners: orEmpty(res.Winners), Actions: len(rec.Actions)})
			fmt.Fprintf(out, "%s\n", line)
		}
	}
	if !*asJSON {
		stats.print(out, info.ID, names, time.Since(start))
		fmt.Fprintf(out, "bots seeded with -botseed %d\n", *botSeed)
	}
	return nil
}

// playSeeded plays one match dealt from its seed and records it.
func playSeeded(g games.Entry, cfg games.Config, seats []bots.Bot, rng *rand.Rand) (*record.Record, games.State, error) {
	rec := record.New(g.Game.Info().ID, cfg)
	s, err := g.Game.New(cfg)
	if err != nil {
		return nil, nil, err
	}
	err = bots.Play(g, cfg, s, seats, rng, 1_000_000, func(seat games.Seat, a games.Action) {
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
	})
	return rec, s, err
}

// botSeedOf is the seed of seat's bot in match m (seat -1: the order in
// which the bots of a match move), drawn from base: bots never play from the
// deal's seed, so what they do tells nothing of the deal.
func botSeedOf(base uint64, m, seat int) uint64 {
	z := base + uint64(m)*0x9e3779b97f4a7c15 + uint64(seat+1)*0xbf58476d1ce4e5b9
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func slicesRepeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func orEmpty(w []games.Seat) []games.Seat {
	if w == nil {
		return []games.Seat{}
	}
	return w
}

func writeRecord(path string, rec *record.Record) error {
	data, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return err
	}
	if len(data) >= record.MaxSize {
		// A long match dealt with no dealer (about 240 kB a round for six
		// pages) could pass the limit that every reader of records keeps.
		return fmt.Errorf("sim: the record of the match with seed %d is %d bytes, over a record's %d-byte limit: replay would refuse it", rec.Seed, len(data)+1, record.MaxSize)
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// simStats accumulates per-seat score moments and win shares; a shared win
// counts 1/k to each of the k winners.
type simStats struct {
	matches, actions int
	sum, sumSq, wins []float64
}

func newSimStats(players int) *simStats {
	return &simStats{sum: make([]float64, players), sumSq: make([]float64, players), wins: make([]float64, players)}
}

func (st *simStats) add(r games.Result, actions int) {
	st.matches++
	st.actions += actions
	for i, v := range r.Scores {
		st.sum[i] += float64(v)
		st.sumSq[i] += float64(v) * float64(v)
	}
	for _, w := range r.Winners {
		st.wins[w] += 1 / float64(len(r.Winners))
	}
}

func (st *simStats) print(out io.Writer, game string, names []string, took time.Duration) {
	fmt.Fprintf(out, "game %s: %d matches, %d actions, %.0f actions/s\n", game, st.matches, st.actions, float64(st.actions)/took.Seconds())
	fmt.Fprintf(out, "%-5s %-8s %10s %10s %8s\n", "seat", "bot", "mean", "sd", "wins")
	n := float64(st.matches)
	for i := range st.sum {
		mean := st.sum[i] / n
		sd := math.Sqrt(max(0, st.sumSq[i]/n-mean*mean))
		fmt.Fprintf(out, "%-5d %-8s %10.2f %10.2f %7.1f%%\n", i, names[i], mean, sd, 100*st.wins[i]/n)
	}
}

// errQuiet marks an error whose message was already printed.
var errQuiet = errors.New("quiet")
