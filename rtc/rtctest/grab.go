// Package rtctest holds a tiny game for the session and transport tests:
// Grab, where each seat buries a card face down and then everyone may grab
// at once in a timed window.
package rtctest

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"cardtable/games"
)

// Grab is a tiny game for the protocol tests. Each seat holds two cards and,
// in turn, buries one face down (`bury QS`: hidden from the others). Then
// everyone may `grab` at once: the first grab wins; if nobody grabs within
// the window, the timeout ends the match without a winner.
type Grab struct{}

// GrabEntry is Grab as the catalog would list it.
var GrabEntry = games.Entry{Game: Grab{}, DecodeView: games.DecodeJSON[GrabView]}

func (Grab) Info() games.Info {
	return games.Info{ID: "grab", Title: "Grab", MinPlayers: 2, MaxPlayers: 4, Options: []games.Option{}}
}

func (g Grab) New(cfg games.Config) (games.State, error) {
	if _, err := g.Info().Resolve(cfg); err != nil {
		return nil, err
	}
	deck := []string{"AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"}
	games.NewRand(cfg.Seed).Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	s := &grabState{n: cfg.Players, winner: -1}
	for i := range cfg.Players {
		h := []string{deck[2*i], deck[2*i+1]}
		slices.Sort(h)
		s.hands = append(s.hands, h)
		s.buried = append(s.buried, "")
	}
	return s, nil
}

type grabState struct {
	n      int
	hands  [][]string
	buried []string
	turn   int // seat to bury; n once everyone has
	winner games.Seat
	over   bool
}

const grabAction games.Action = 100

func (s *grabState) Actors(dst []games.Seat) []games.Seat {
	switch {
	case s.over:
	case s.turn < s.n:
		dst = append(dst, games.Seat(s.turn))
	default:
		for i := range s.n {
			dst = append(dst, games.Seat(i))
		}
	}
	return dst
}

func (s *grabState) Legal(seat games.Seat, dst []games.Action) []games.Action {
	switch {
	case s.over || seat < 0 || int(seat) >= s.n:
	case s.turn < s.n:
		if int(seat) == s.turn {
			for i := range s.hands[seat] {
				dst = append(dst, games.Action(i))
			}
		}
	default:
		dst = append(dst, grabAction)
	}
	return dst
}

func (s *grabState) Apply(seat games.Seat, a games.Action) error {
	switch {
	case s.over:
		return games.ErrDone
	case seat == games.System && a == games.Timeout && s.turn == s.n:
		s.over = true
		return nil
	case seat < 0 || int(seat) >= s.n:
		return games.ErrNotYourTurn
	case s.turn < s.n:
		if int(seat) != s.turn {
			return games.ErrNotYourTurn
		}
		if int(a) >= len(s.hands[seat]) {
			return fmt.Errorf("no such card")
		}
		h := slices.Clone(s.hands[seat])
		s.buried[seat] = h[a]
		s.hands[seat] = slices.Delete(h, int(a), int(a)+1)
		s.turn++
		return nil
	case a != grabAction:
		return fmt.Errorf("grab now")
	}
	s.winner, s.over = seat, true
	return nil
}

func (s *grabState) Deadline() time.Duration {
	if !s.over && s.turn == s.n {
		return time.Second
	}
	return 0
}

func (s *grabState) Done() bool { return s.over }

func (s *grabState) Result() games.Result {
	r := games.Result{Scores: make([]int, s.n), Winners: []games.Seat{}}
	if s.winner >= 0 {
		r.Scores[s.winner] = 1
		r.Winners = append(r.Winners, s.winner)
	}
	return r
}

// GrabView is what one seat sees.
type GrabView struct {
	Seat    games.Seat `json:"seat"`
	Hand    []string   `json:"hand,omitempty"`
	Hands   [][]string `json:"hands,omitempty"`
	Buried  []string   `json:"buried,omitempty"`
	Count   int        `json:"buriedCount"`
	Turn    int        `json:"turn"`
	Winner  games.Seat `json:"winner"`
	Grabbed bool       `json:"over"`
}

// Viewer is the seat the view was made for (games.View).
func (v GrabView) Viewer() games.Seat { return v.Seat }

func (s *grabState) View(seat games.Seat) games.View {
	v := GrabView{Seat: seat, Turn: s.turn, Winner: s.winner, Grabbed: s.over}
	for _, b := range s.buried {
		if b != "" {
			v.Count++
		}
	}
	switch {
	case seat == games.God:
		v.Hands, v.Buried = s.hands, s.buried
	case seat >= 0 && int(seat) < s.n:
		v.Hand = s.hands[seat]
		if s.buried[seat] != "" {
			v.Buried = []string{s.buried[seat]}
		}
	}
	return v
}

func (s *grabState) Clone() games.State {
	c := *s
	c.hands = make([][]string, len(s.hands))
	for i, h := range s.hands {
		c.hands[i] = slices.Clone(h)
	}
	c.buried = slices.Clone(s.buried)
	return &c
}

// Describe names a buried card to its owner (and God) only.
func (s *grabState) Describe(viewer, actor games.Seat, a games.Action) games.Description {
	switch {
	case a == games.Timeout:
		return games.Description{Seat: actor, Kind: "timeout", Outcome: "match"}
	case a == grabAction:
		return games.Description{Seat: actor, Kind: "grab", Outcome: "match", Winners: []games.Seat{actor}}
	}
	d := games.Description{Seat: actor, Kind: "bury"}
	if viewer == actor || viewer == games.God {
		d.Cards = []string{s.hands[s.turn][a]}
	} else {
		d.Hidden = 1
	}
	return d
}

func (s *grabState) FormatAction(a games.Action) string {
	switch {
	case a == games.Timeout:
		return "timeout"
	case a == grabAction:
		return "grab"
	case s.turn < s.n && int(a) < len(s.hands[s.turn]):
		return "bury " + s.hands[s.turn][a]
	}
	return fmt.Sprintf("action %d", a)
}

func (s *grabState) ParseAction(t string) (games.Action, error) {
	switch {
	case t == "timeout":
		return games.Timeout, nil
	case t == "grab":
		return grabAction, nil
	case strings.HasPrefix(t, "bury ") && s.turn < s.n:
		if i := slices.Index(s.hands[s.turn], t[5:]); i >= 0 {
			return games.Action(i), nil
		}
		// A card not in the hand to bury from: refused by Apply.
		return 99, nil
	}
	return 0, fmt.Errorf("unknown action %q", t)
}
