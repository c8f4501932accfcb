// Package games defines the contract every rule engine implements: a Game
// creates a State from a Config, and a State is the whole match, mutated only
// by Apply and seen by players only through View.
//
// Engines are pure: no UI, no network, no clock, no global state. All
// randomness comes from the config's seed (math/rand/v2 PCG), so the same
// config, seed and actions give the same state everywhere, natively and in
// WebAssembly.
package games

import (
	"math/rand/v2"
	"slices"
	"time"
)

// Seat is a player's position at the table, 0..N-1 clockwise.
type Seat int

// Pseudo-seats. System applies actions no player makes (the `timeout` of a
// reaction window). Observer and God ask View for a spectator's view and for
// the view with every card shown (tools, traces, debugging).
const (
	System   Seat = -1
	Observer Seat = -2
	God      Seat = -3
)

// Action is a game's compact encoding of one move. Its meaning is private to
// the game; FormatAction and ParseAction translate it to and from the text
// notation of RULES.md §0.1.
type Action uint32

// Timeout is the one action every game shares: the session applies it as
// System when the window announced by Deadline passes.
const Timeout Action = 1<<32 - 1

// Game describes one card game and starts matches of it.
type Game interface {
	Info() Info
	// New starts a match. The config is validated first: a bad player count,
	// an unknown option or value, or a deal that does not fit is an error.
	New(cfg Config) (State, error)
}

// State is one whole match, every round of it.
type State interface {
	// Actors appends the seats that may act now to dst. Several seats may act
	// at once in simultaneous windows. Empty when the match is done.
	Actors(dst []Seat) []Seat
	// Legal appends the actions seat may take now to dst; none when it may not act.
	Legal(seat Seat, dst []Action) []Action
	// Apply is the only mutator. An action that is not legal for seat returns
	// an error that says why and leaves the state exactly as it was.
	Apply(seat Seat, a Action) error
	// Deadline is the length of the timed window the engine waits on, or 0.
	// Engines never read a clock: when the window passes, the session applies
	// Timeout as System. Every applied action restarts an open window.
	Deadline() time.Duration
	Done() bool
	// Result holds the scores so far; final once Done.
	Result() Result
	// View is what seat may know, the game's own View type, ready for
	// encoding/json. Observer gives a spectator's view and God every card.
	View(seat Seat) View
	// Describe is action a of seat actor, legal now, as viewer may know it
	// once it is applied (Description). It is asked before Apply and depends
	// only on what viewer knows: two states viewer cannot tell apart describe
	// the same action the same way. viewer may be Observer (a spectator) or
	// God.
	Describe(viewer, actor Seat, a Action) Description
	// Clone returns an independent deep copy.
	Clone() State
	FormatAction(a Action) string
	ParseAction(s string) (Action, error)
}

// PublicActors is what seat may know of who may act in s: every actor,
// except in a timed window, whose actors are the seats holding an answer
// (a Papas interrupt card), which is hidden: then only whether seat itself
// may act. Sessions tell a seat no more than this.
func PublicActors(s State, seat Seat) []Seat {
	actors := s.Actors(nil)
	if s.Deadline() == 0 {
		return actors
	}
	if slices.Contains(actors, seat) {
		return []Seat{seat}
	}
	return nil
}

// Result is the score of a match: one entry per seat, and per team for team games.
type Result struct {
	Scores     []int  `json:"scores"`
	Winners    []Seat `json:"winners"`
	TeamScores []int  `json:"teamScores,omitempty"`
}

// NewRand returns the seeded generator engines use for dealing. PCG's state is
// a plain value, so a state holding a rand.PCG clones it by copying.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// Rounder is implemented by states of games played in rounds (deals). Search
// bots stop their playouts at the end of the current round, where the score
// change already tells how good the round went.
type Rounder interface {
	Round() int
}

// Advisor is a game's heuristic player. Advise
// picks one of legal for the seat whose View(seat) is view: it sees nothing
// else, so it cannot cheat. In a timed window it may answer Timeout: the
// seat lets the window run. A view of another game gets a legal move.
type Advisor interface {
	Advise(view View, legal []Action, rng *rand.Rand) Action
}

// Solver searches a state whose cards are all known (a solitaire solver).
// Its hard bot never hands it the true state: only states sampled from the
// seat's view, voting over several of them.
type Solver interface {
	// Solve returns the best action for seat in s within budget search nodes,
	// and whether it found a way to win.
	Solve(s State, seat Seat, budget int) (Action, bool)
}

// TopScorers lists the seats with the highest score; ties share the win.
func TopScorers(scores []int) []Seat {
	var w []Seat
	for i, v := range scores {
		switch {
		case len(w) == 0 || v > scores[w[0]]:
			w = append(w[:0], Seat(i))
		case v == scores[w[0]]:
			w = append(w, Seat(i))
		}
	}
	return w
}
