// Package record reads, writes and replays game records: a match's config
// (game, players, options, seed, optional fixed deals) and its list of
// actions in the text notation. Saves, shared replays, bug reports, scenario
// tests and the peer host's journal are all records.
package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"cardtable/games"
)

// MaxSize caps a record read from outside (a file, local storage, a peer).
const MaxSize = 4 << 20

// Step is one action by one seat (System for `timeout`).
type Step struct {
	Seat games.Seat `json:"seat"`
	Act  string     `json:"act"`
}

// Config is the record's match config.
func (r *Record) Config() games.Config {
	return games.Config{Players: r.Players, Options: r.Options, Seed: r.Seed, Deals: r.Deals}
}

// New starts a record of a match with this game and config.
func New(gameID string, cfg games.Config) *Record {
	return &Record{Game: gameID, Players: cfg.Players, Options: cfg.Options, Seed: cfg.Seed, Deals: cfg.Deals, Actions: []Step{}}
}

// Parse decodes a record strictly: unknown fields, trailing data and
// oversized input are errors.
func Parse(data []byte) (*Record, error) {
	if len(data) > MaxSize {
		return nil, games.Errorf("record: %d bytes is over the %d-byte limit", len(data), MaxSize)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Record
	if err := dec.Decode(&r); err != nil {
		return nil, games.Errorf("record: %w", err)
	}
	if dec.More() {
		return nil, games.Errorf("record: trailing data after the record")
	}
	if r.Game == "" {
		return nil, games.Errorf("record: no game named")
	}
	return &r, nil
}

// ErrTooLarge is a record input over MaxSize.
var ErrTooLarge = games.Errorf("record: over the %d-byte limit", MaxSize)

// ReadAll reads a record's bytes from r without ever holding more than
// MaxSize+1 of them: a longer input is refused with ErrTooLarge as soon as
// that byte arrives, and the rest is left unread.
func ReadAll(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, games.Errorf("record: %w", err)
	}
	if len(data) > MaxSize {
		return nil, ErrTooLarge
	}
	return data, nil
}

// Marshal encodes the record as JSON.
func (r *Record) Marshal() ([]byte, error) { return json.Marshal(r) }

// StepError is the first action of a record that could not be applied.
type StepError struct {
	Index int // 0-based position in Actions
	Step  Step
	Err   error
}

func (e *StepError) Error() string {
	return fmt.Sprintf("action %d (seat %d %q): %v", e.Index, e.Step.Seat, e.Step.Act, e.Err)
}

func (e *StepError) Unwrap() error { return e.Err }

// Replay starts the record's match and applies its actions in order. It stops
// at the first action that does not parse or is illegal and returns the state
// reached so far together with a *StepError. each, when not nil, is called
// before every step with the state about to take it.
func Replay(g games.Game, r *Record, each func(i int, s games.State, st Step)) (games.State, error) {
	if id := g.Info().ID; id != r.Game {
		return nil, games.Errorf("record is for game %q, not %q", r.Game, id)
	}
	s, err := g.New(r.Config())
	if err != nil {
		return nil, err
	}
	for i, st := range r.Actions {
		if each != nil {
			each(i, s, st)
		}
		if err := ApplyText(s, st); err != nil {
			return s, &StepError{Index: i, Step: st, Err: err}
		}
	}
	return s, nil
}

// ApplyText parses a step's action and applies it.
func ApplyText(s games.State, st Step) error {
	a, err := s.ParseAction(st.Act)
	if err != nil {
		return err
	}
	return s.Apply(st.Seat, a)
}
