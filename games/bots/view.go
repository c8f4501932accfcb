package bots

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"time"

	"cardtable/games"
)

// ViewState is all a seat knows when its engine runs elsewhere (a player
// who joined a hosted table): its view as the host sent it, its legal
// moves in the text notation and the open timed window. It is a
// games.State for a bot's Choose: bots read Legal, Deadline and View, and
// Determinize draws whole states from the view when the game is a
// games.ViewSampler. Nothing can be played on it: Apply refuses.
type ViewState struct {
	game     games.Game
	cfg      games.Config
	seat     games.Seat
	view     any
	legal    []games.Action
	texts    []string // legal's text as the host wrote it
	deadline time.Duration
	parser   games.State // a fresh state of the same rules: parses and formats actions
}

// ErrViewOnly is Apply's answer on a ViewState.
var ErrViewOnly = errors.New("a seat's view cannot be played on: the host's engine applies the move")

// NewViewState decodes a seat's JSON view into the game's own view type and
// parses its legal moves under the rules of cfg (players and options; the
// seed is the host's secret and is not needed).
func NewViewState(g games.Game, cfg games.Config, seat games.Seat, view []byte, legal []string, deadline time.Duration) (*ViewState, error) {
	cfg.Seed, cfg.Deals = 0, nil
	parser, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	// The view decodes into the type the game's own views have, a struct
	// or a pointer to one, as the game's advisor expects.
	proto := reflect.TypeOf(parser.View(seat))
	if proto == nil {
		return nil, fmt.Errorf("%s: seat %d has no view", g.Info().ID, seat)
	}
	ptr := proto.Kind() == reflect.Pointer
	if ptr {
		proto = proto.Elem()
	}
	v := reflect.New(proto)
	if err := json.Unmarshal(view, v.Interface()); err != nil {
		return nil, fmt.Errorf("%s: the view: %w", g.Info().ID, err)
	}
	if !ptr {
		v = v.Elem()
	}
	s := &ViewState{game: g, cfg: cfg, seat: seat, view: v.Interface(), deadline: deadline, parser: parser}
	for _, text := range legal {
		a, err := parser.ParseAction(text)
		if err != nil {
			return nil, fmt.Errorf("%s: legal move %q: %w", g.Info().ID, text, err)
		}
		s.legal, s.texts = append(s.legal, a), append(s.texts, text)
	}
	return s, nil
}

func (s *ViewState) Actors(dst []games.Seat) []games.Seat {
	if len(s.legal) > 0 {
		dst = append(dst, s.seat)
	}
	return dst
}

func (s *ViewState) Legal(seat games.Seat, dst []games.Action) []games.Action {
	if seat != s.seat {
		return dst
	}
	return append(dst, s.legal...)
}

func (s *ViewState) Apply(games.Seat, games.Action) error { return ErrViewOnly }
func (s *ViewState) Deadline() time.Duration              { return s.deadline }
func (s *ViewState) Done() bool                           { return false }
func (s *ViewState) Result() games.Result                 { return games.Result{} }

// View is the seat's own view; other seats' views are not known here.
func (s *ViewState) View(seat games.Seat) any {
	if seat != s.seat {
		return nil
	}
	return s.view
}

func (s *ViewState) Clone() games.State {
	c := *s
	return &c
}

// Determinize samples a whole state from the view (games.ViewSampler).
// A game that cannot, or a view it refuses, gives the ViewState itself,
// on which a search can only see the legal moves; NewForView keeps the
// searching bots away from such games.
func (s *ViewState) Determinize(seat games.Seat, rng *rand.Rand) games.State {
	if vs, ok := s.game.(interface {
		SampleView(games.Config, any, *rand.Rand) (games.State, error)
	}); ok && seat == s.seat {
		if d, err := vs.SampleView(s.cfg, s.view, rng); err == nil {
			return d
		}
	}
	return s
}

// FormatAction writes a legal move as the host wrote it (some notations
// depend on the position, such as Papas's window numbers).
func (s *ViewState) FormatAction(a games.Action) string {
	for i, l := range s.legal {
		if l == a {
			return s.texts[i]
		}
	}
	return s.parser.FormatAction(a)
}

func (s *ViewState) ParseAction(text string) (games.Action, error) { return s.parser.ParseAction(text) }

// NewForView is New for a seat that knows only its view (ViewState): the
// levels that search need the game to be a games.ViewSampler.
func NewForView(level string, g games.Game, seed uint64) (Bot, error) {
	b, err := New(level, g, seed)
	if err != nil {
		return nil, err
	}
	switch b.(type) {
	case *ISMCTS, *Sampler, *Rollout:
		if _, ok := g.(interface {
			SampleView(games.Config, any, *rand.Rand) (games.State, error)
		}); !ok {
			return nil, fmt.Errorf("the %s bot of %s searches whole deals, which %s cannot yet rebuild from a seat's view: choose a level that plays from the view (%s)",
				level, g.Info().Title, g.Info().Title, viewLevels(g))
		}
	}
	return b, nil
}

// viewLevels lists the levels that play g from a view alone.
func viewLevels(g games.Game) string {
	out := "random"
	if _, ok := g.(games.Advisor); ok {
		out += ", easy, normal"
	}
	return out
}
