package games

import (
	"slices"
	"strconv"
	"strings"
)

// Info is what a game tells about itself: the registry, the new-game page and
// the command line read it.
type Info struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	Pitch      string `json:"pitch"` // one line for the home page
	MinPlayers int    `json:"minPlayers"`
	MaxPlayers int    `json:"maxPlayers"`
	// Gaps lists player counts between MinPlayers and MaxPlayers the game
	// does not allow (Mindikot: 5).
	Gaps    []int    `json:"gaps,omitempty"`
	Teams   string   `json:"teams,omitempty"` // how seats form teams, empty when everyone plays alone
	Options []Option `json:"options"`
}

// AllowsPlayers tells whether n players may sit at the game.
func (info Info) AllowsPlayers(n int) bool {
	return n >= info.MinPlayers && n <= info.MaxPlayers && !slices.Contains(info.Gaps, n)
}

// PlayerCounts lists every allowed player count, smallest first.
func (info Info) PlayerCounts() []int {
	var out []int
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		if info.AllowsPlayers(n) {
			out = append(out, n)
		}
	}
	return out
}

func (info Info) counts() []string {
	var out []string
	for _, n := range info.PlayerCounts() {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// Option is one setting fixed when a match starts.
type Option struct {
	Name    string   `json:"name"`
	Values  []string `json:"values"` // every allowed value; Default is one of them
	Default string   `json:"default"`
	Help    string   `json:"help"`
}

// Config starts a match.
type Config struct {
	Players int               `json:"players"`
	Options map[string]string `json:"options,omitempty"`
	Seed    uint64            `json:"seed"`
	// Deals fixes the cards of the first deals, in order; later deals come from
	// the seeded shuffle. Scenario tests and shared records use it.
	Deals []Deal `json:"deals,omitempty"`
}

// Deal fixes the cards of one deal. Each game reads the fields it documents
// and refuses the others; cards are written in the game's notation.
type Deal struct {
	Hands   [][]string `json:"hands,omitempty"`
	Stock   []string   `json:"stock,omitempty"`
	Layout  []string   `json:"layout,omitempty"`
	Tableau [][]string `json:"tableau,omitempty"`
	Hidden  string     `json:"hidden,omitempty"`
	Upcard  string     `json:"upcard,omitempty"`
	First   *int       `json:"first,omitempty"`
}

// Options is a validated option set with every option present.
type Options map[string]string

// Bool reads an on/off option. Bool and Int stay out of line: inlined, a
// game's setup repeats a map lookup for every option it reads.
//
//go:noinline
func (o Options) Bool(name string) bool { return o[name] == "on" }

// Int reads a numeric option; validation already made sure it parses.
//
//go:noinline
func (o Options) Int(name string) int {
	n, _ := strconv.Atoi(o[name])
	return n
}

// Resolve checks cfg against the game's info and returns its options with
// defaults filled in. Errors name the bad key or value and what is allowed.
func (info Info) Resolve(cfg Config) (Options, error) {
	if cfg.Players < info.MinPlayers || cfg.Players > info.MaxPlayers {
		if info.MinPlayers == info.MaxPlayers {
			return nil, Errorf("%s: %d players: the game is for exactly %d", info.ID, cfg.Players, info.MinPlayers)
		}
		return nil, Errorf("%s: %d players: the game is for %d to %d", info.ID, cfg.Players, info.MinPlayers, info.MaxPlayers)
	}
	if slices.Contains(info.Gaps, cfg.Players) {
		return nil, Errorf("%s: %d players: not allowed (allowed: %s)", info.ID, cfg.Players, strings.Join(info.counts(), ", "))
	}
	out := make(Options, len(info.Options))
	for _, o := range info.Options {
		out[o.Name] = o.Default
	}
	keys := make([]string, 0, len(cfg.Options))
	for k := range cfg.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys) // report the same error every time
	for _, k := range keys {
		v := cfg.Options[k]
		i := slices.IndexFunc(info.Options, func(o Option) bool { return o.Name == k })
		if i < 0 {
			names := make([]string, len(info.Options))
			for j, o := range info.Options {
				names[j] = o.Name
			}
			return nil, Errorf("%s: unknown option %q (options: %s)", info.ID, k, strings.Join(names, ", "))
		}
		if !slices.Contains(info.Options[i].Values, v) {
			return nil, Errorf("%s: option %s: bad value %q (allowed: %s)", info.ID, k, v, strings.Join(info.Options[i].Values, ", "))
		}
		out[k] = v
	}
	return out, nil
}

// Switch declares an on/off option.
func Switch(name, def, help string) Option {
	return Option{Name: name, Values: []string{"off", "on"}, Default: def, Help: help}
}

// Only refuses a deal that sets a field outside fields (the ones a game
// reads), naming the field found and the fields allowed.
func (d Deal) Only(fields ...string) error {
	present := []struct {
		name string
		set  bool
	}{
		{"hands", d.Hands != nil}, {"stock", d.Stock != nil}, {"layout", d.Layout != nil},
		{"tableau", d.Tableau != nil}, {"hidden", d.Hidden != ""}, {"upcard", d.Upcard != ""}, {"first", d.First != nil},
	}
	for _, p := range present {
		if p.set && !slices.Contains(fields, p.name) {
			return Errorf("field %s is not used here: only %s are allowed", p.name, strings.Join(fields, ", "))
		}
	}
	return nil
}
