// Package grab is Grab, a tiny game for the tests: each seat buries a card
// face down, then everyone may grab at once in a timed window. The session
// and transport tests play it (rtc/rtctest), and the app lists it only when
// built with the tag testgames, to prove that a game plays in the browser
// through the generic table.
//
// Action kinds: bury (KindBury: a card face down, named to its owner only),
// grab (KindGrab: the first grab wins the match) and the window's timeout
// (games.KindTimeout, by System: the match ends without a winner). Outcome:
// games.OutcomeMatch.
package grab

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"cardtable/games"
)

// Game is Grab. Each seat holds two cards and, in turn, buries one face
// down (`bury QS`: hidden from the others). Then everyone may `grab` at
// once: the first grab wins; if nobody grabs within the window, the timeout
// ends the match without a winner.
type Game struct{}

// The game's own action kinds.
const (
	KindBury = "bury"
	KindGrab = "grab"
)

// DecodeView reads a view of Grab strictly (games.Entry.DecodeView).
func DecodeView(data []byte) (games.View, error) { return games.DecodeJSON[View](data) }

// Entry is Grab as the catalog lists it.
var Entry = games.Entry{Game: Game{}, DecodeView: DecodeView, Sampler: Game{}}

// deck is every card of the game; a match deals two to each seat.
var deck = []string{"AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"}

func (Game) Info() games.Info {
	return games.Info{ID: "grab", Title: "Grab", MinPlayers: 2, MaxPlayers: 4, Options: []games.Option{}}
}

func (g Game) New(cfg games.Config) (games.State, error) {
	if _, err := g.Info().Resolve(cfg); err != nil {
		return nil, err
	}
	deck := slices.Clone(deck)
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

// An action is the index in deck of the card to bury, or grabAction, so that
// its notation does not depend on the state it is applied to.
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
			for _, c := range s.hands[seat] {
				dst = append(dst, games.Action(slices.Index(deck, c)))
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
		i := -1
		if a >= 0 && int(a) < len(deck) {
			i = slices.Index(s.hands[seat], deck[a])
		}
		if i < 0 {
			return fmt.Errorf("no such card")
		}
		h := slices.Clone(s.hands[seat])
		s.buried[seat] = h[i]
		s.hands[seat] = slices.Delete(h, i, i+1)
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

// View is what one seat sees.
type View struct {
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
func (v View) Viewer() games.Seat { return v.Seat }

func (s *grabState) View(seat games.Seat) games.View {
	v := View{Seat: seat, Turn: s.turn, Winner: s.winner, Grabbed: s.over}
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
		return games.Description{Seat: actor, Kind: games.KindTimeout, Outcome: games.OutcomeMatch}
	case a == grabAction:
		return games.Description{Seat: actor, Kind: KindGrab, Outcome: games.OutcomeMatch, Winners: []games.Seat{actor}}
	}
	d := games.Description{Seat: actor, Kind: KindBury}
	if (viewer == actor || viewer == games.God) && a >= 0 && int(a) < len(deck) {
		d.Cards = []string{deck[a]}
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
	case a >= 0 && int(a) < len(deck):
		return "bury " + deck[a]
	}
	return fmt.Sprintf("action %d", a)
}

func (s *grabState) ParseAction(t string) (games.Action, error) {
	switch {
	case t == "timeout":
		return games.Timeout, nil
	case t == "grab":
		return grabAction, nil
	case strings.HasPrefix(t, "bury "):
		if i := slices.Index(deck, t[5:]); i >= 0 {
			return games.Action(i), nil
		}
		// A card the game does not have: refused by Apply.
		return 99, nil
	}
	return 0, fmt.Errorf("unknown action %q", t)
}

// NewSampler rebuilds whole states from a seat's view (games.ViewSampler):
// the cards the seat has not seen are dealt at random to the other seats'
// hands and buried cards.
func (Game) NewSampler(cfg games.Config, seat games.Seat, view games.View) (games.Sampler, error) {
	return games.SampleView("grab", "a Grab view", cfg, seat, view, rebuild)
}

// sampler deals the unseen cards of a rebuilt state.
type sampler struct {
	s      *grabState
	seat   games.Seat
	unseen []string
}

func rebuild(cfg games.Config, seat games.Seat, v *View) (games.Sampler, error) {
	n := cfg.Players
	switch {
	case n < 2 || n > 4:
		return nil, games.Errorn("%d players", n)
	case seat < 0 || int(seat) >= n || v.Seat != seat:
		return nil, games.Errorn("the view is not seat %d's", int(seat))
	case v.Turn < 0 || v.Turn > n || v.Count != v.Turn:
		return nil, games.Errorn("turn %d with %d cards buried", v.Turn, v.Count)
	case v.Winner < -1 || int(v.Winner) >= n || (v.Winner >= 0 && !v.Grabbed) || (v.Grabbed && v.Turn < n):
		return nil, games.Errorn("winner %d", int(v.Winner))
	}
	if buried := int(seat) < v.Turn; len(v.Hand)+len(v.Buried) != 2 || (len(v.Buried) == 1) != buried {
		return nil, games.Errorn("%d cards in hand and %d buried", len(v.Hand), len(v.Buried))
	}
	own := append(slices.Clone(v.Hand), v.Buried...)
	for i, c := range own {
		if !slices.Contains(deck, c) || slices.Contains(own[:i], c) {
			return nil, games.Errorf("the card %q", c)
		}
	}
	s := &grabState{n: n, turn: v.Turn, winner: v.Winner, over: v.Grabbed}
	s.hands = make([][]string, n)
	s.buried = make([]string, n)
	s.hands[seat] = slices.Clone(v.Hand)
	if len(v.Buried) > 0 {
		s.buried[seat] = v.Buried[0]
	}
	var unseen []string
	for _, c := range deck {
		if !slices.Contains(own, c) {
			unseen = append(unseen, c)
		}
	}
	return &sampler{s: s, seat: seat, unseen: unseen}, nil
}

// Sample deals the unseen cards: two to each other seat, one of them buried
// when the seat has buried.
func (sm *sampler) Sample(rng *rand.Rand) games.State {
	s := sm.s.Clone().(*grabState)
	pool := slices.Clone(sm.unseen)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i := range s.n {
		if games.Seat(i) == sm.seat || len(pool) < 2 {
			continue
		}
		h := pool[:2:2]
		pool = pool[2:]
		if i < s.turn {
			s.buried[i], h = h[1], h[:1]
		}
		slices.Sort(h)
		s.hands[i] = h
	}
	return s
}
