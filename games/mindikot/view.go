package mindikot

import (
	"cardtable/games"
	"cardtable/games/cards"
)

// Play is one card of a trick.
type Play struct {
	Seat     int    `json:"seat"`
	Card     string `json:"card"`
	NonTrump bool   `json:"nonTrump,omitempty"` // played after a pass: never a trump
}

// TrickView is a finished trick.
type TrickView struct {
	Leader int    `json:"leader"`
	Winner int    `json:"winner"`
	Cards  []Play `json:"cards"`
}

// RoundView is the result of a finished round.
type RoundView struct {
	Round  int    `json:"round"`
	Team   int    `json:"team"` // -1: drawn
	Points int    `json:"points"`
	Tens   []int  `json:"tens"`
	Tricks []int  `json:"tricks"`
	Kind   string `json:"kind"`
}

// View is what one seat may know (see the package doc for every field).
type View struct {
	Seat         int        `json:"seat"`
	Players      int        `json:"players"`
	Mode         string     `json:"mode"`
	Round        int        `json:"round"`
	FirstLeader  int        `json:"firstLeader"`
	Dealer       int        `json:"dealer"`
	Phase        string     `json:"phase"`
	Turn         int        `json:"turn"`
	Leader       int        `json:"leader"`
	Trick        []Play     `json:"trick"`
	LastTrick    *TrickView `json:"lastTrick,omitempty"`
	TricksPlayed int        `json:"tricksPlayed"`
	Played       []string   `json:"played"`
	Voids        []string   `json:"voids"`
	Trump        string     `json:"trump"`
	Hand         []string   `json:"hand,omitempty"`
	Hands        [][]string `json:"hands,omitempty"`
	HandSizes    []int      `json:"handSizes"`
	HiddenOwner  int        `json:"hiddenOwner"`
	HiddenState  string     `json:"hiddenState"`
	Hidden       string     `json:"hidden,omitempty"`
	Declared     string     `json:"declared"`
	Tens         []int      `json:"tens"`
	Tricks       []int      `json:"tricks"`
	TensCards    [][]string `json:"tensCards"`
	Points       []int      `json:"points"`
	Target       int        `json:"target"`
	LastRound    *RoundView `json:"lastRound,omitempty"`
	Winners      []int      `json:"winners,omitempty"`
}

// The view's words for the phase, the hidden card's state and the
// declaration, by their values in a State.
var (
	phaseNames = [...]string{"hide", "play", "over"}
	hidStates  = [...]string{"", "aside", "revealed", "lastCard", "played"}
	declNames  = [...]string{"", "reveal", "pass"}
)

// Viewer is the seat the view was made for (games.View).
func (v *View) Viewer() games.Seat { return games.Seat(v.Seat) }

// DecodeView decodes a *View from JSON, strictly (the game's
// games.Entry.DecodeView).
func DecodeView(data []byte) (games.View, error) { return games.DecodeJSON[*View](data) }

// View returns what seat may know: its own hand, every played card, the
// hidden card only to its owner until revealed.
func (s *State) View(seat games.Seat) games.View {
	v := &View{
		Seat:         int(seat),
		Players:      s.n,
		Mode:         "CUT",
		Round:        s.round,
		FirstLeader:  s.firstLeader,
		Dealer:       -1,
		Phase:        phaseNames[s.phase],
		Turn:         s.turn,
		Leader:       s.leader,
		Trick:        make([]Play, 0, s.n),
		TricksPlayed: s.tricksNo,
		Played:       s.played.Strings(),
		Voids:        make([]string, s.n),
		HandSizes:    make([]int, s.n),
		HiddenOwner:  s.hidOwner,
		HiddenState:  hidStates[s.hidState],
		Declared:     declNames[s.declared],
		Tens:         []int{s.tens[0], s.tens[1]},
		Tricks:       []int{s.tricksWon[0], s.tricksWon[1]},
		TensCards:    [][]string{s.tensWon[0].Strings(), s.tensWon[1].Strings()},
		Points:       []int{s.points[0], s.points[1]},
		Target:       s.target,
	}
	if s.hiddenMode {
		v.Mode = "HIDDEN"
	}
	if s.traditional {
		v.Dealer = s.dealer
	}
	for i, c := range s.trick[:s.trickN] {
		v.Trick = append(v.Trick, Play{Seat: (s.leader + i) % s.n, Card: c.String(), NonTrump: s.nonTrump.Has(c)})
	}
	if s.lastN > 0 {
		t := &TrickView{Leader: s.lastLeader, Winner: s.lastWinner, Cards: make([]Play, 0, s.lastN)}
		for i, c := range s.lastTrick[:s.lastN] {
			t.Cards = append(t.Cards, Play{Seat: (s.lastLeader + i) % s.n, Card: c.String(), NonTrump: s.lastNonTr.Has(c)})
		}
		v.LastTrick = t
	}
	if s.trumpSet {
		v.Trump = s.trump.String()
	}
	for p := range s.n {
		v.HandSizes[p] = s.hands[p].Len()
		for _, su := range cards.Suits {
			if s.voids[p]&suitBit(su) != 0 {
				v.Voids[p] += su.String()
			}
		}
	}
	if seat == games.God {
		v.Hands = make([][]string, s.n)
		for p := range s.n {
			v.Hands[p] = s.hands[p].Strings()
		}
	} else if seat >= 0 && int(seat) < s.n {
		v.Hand = s.hands[seat].Strings()
	}
	if s.hidState != hidNone && (seat == games.God || int(seat) == s.hidOwner || s.hidState == hidRevealed || s.hidState == hidPlayed) {
		v.Hidden = s.hidden.String()
	}
	if s.hasLastRound {
		o := s.lastRound
		v.LastRound = &RoundView{Round: o.Round, Team: o.Team, Points: o.Points, Tens: o.Tens[:], Tricks: o.Tricks[:], Kind: o.Kind}
	}
	if s.winTeam >= 0 {
		for p := range s.n {
			if s.team(p) == s.winTeam {
				v.Winners = append(v.Winners, p)
			}
		}
	}
	return v
}

// Round is the 1-based number of the round being played (games.Rounder):
// search bots end their playouts when it changes.
func (s *State) Round() int { return s.round }
