package catte

import (
	"cardtable/games"
)

// PlayView is one card of a trick; Card is "" where the viewer may not see it.
type PlayView struct {
	Seat int    `json:"seat"`
	Kind string `json:"kind"`
	Card string `json:"card"`
}

// TrickView is a finished trick.
type TrickView struct {
	Leader int        `json:"leader"`
	Winner int        `json:"winner"`
	Plays  []PlayView `json:"plays"`
}

// RoundView is a finished round.
type RoundView struct {
	Round      int         `json:"round"`
	Winner     int         `json:"winner"`
	How        string      `json:"how"`
	Pot        int         `json:"pot"`
	Bonus      int         `json:"bonus"`
	Hand       []string    `json:"hand,omitempty"`
	Tricks     []TrickView `json:"tricks"`
	SideWinner int         `json:"sideWinner"`
}

// EventView is an action of this round that plays no card: Kind "foldhand"
// (the hand thrown in) or "claim"; it came in trick Trick when At cards of
// it were down.
type EventView struct {
	Seat  int    `json:"seat"`
	Kind  string `json:"kind"`
	Trick int    `json:"trick"`
	At    int    `json:"at"`
}

// View is what one seat may know (see the package doc for every field).
type View struct {
	Seat       int         `json:"seat"`
	Players    int         `json:"players"`
	Region     string      `json:"region"`
	Round      int         `json:"round"`
	Dealer     int         `json:"dealer"`
	Chips      []int       `json:"chips"`
	Pot        int         `json:"pot"`
	SidePot    int         `json:"sidePot"`
	Upcard     string      `json:"upcard"`
	SideCard   string      `json:"sideCard,omitempty"`
	SideWinner int         `json:"sideWinner"`
	Status     []string    `json:"status"`
	TricksWon  []int       `json:"tricksWon"`
	HandSizes  []int       `json:"handSizes"`
	Hand       []string    `json:"hand,omitempty"`
	Hands      [][]string  `json:"hands,omitempty"`
	Shown      [][]string  `json:"shown"`
	Trick      int         `json:"trick"`
	Leader     int         `json:"leader"`
	Turn       int         `json:"turn"`
	Plays      []PlayView  `json:"plays"`
	Tricks     []TrickView `json:"tricks"`
	Events     []EventView `json:"events"`
	LastRound  *RoundView  `json:"lastRound,omitempty"`
	Winners    []int       `json:"winners,omitempty"`
}

var kindNames = [...]string{"", "up", "fold", "secret", "show"}

func eventKind(claim bool) string {
	if claim {
		return "claim"
	}
	return "foldhand"
}

// playView shows a play to seat; done tells a finished trick, whose secret
// cards are turned up.
func playView(pl play, seat games.Seat, done bool) PlayView {
	v := PlayView{Seat: int(pl.seat), Kind: kindNames[pl.kind]}
	see := pl.kind == kindUp || pl.kind == kindShow || pl.kind == kindSecret && done ||
		seat == games.God || int(seat) == int(pl.seat)
	if see {
		v.Card = pl.card.String()
	}
	return v
}

func tricksView(hist []trickRec, seat games.Seat) []TrickView {
	out := make([]TrickView, 0, len(hist))
	for _, t := range hist {
		tv := TrickView{Leader: int(t.leader), Winner: int(t.winner), Plays: make([]PlayView, 0, t.n)}
		for _, pl := range t.plays[:t.n] {
			tv.Plays = append(tv.Plays, playView(pl, seat, true))
		}
		out = append(out, tv)
	}
	return out
}

// Viewer is the seat the view was made for (games.View).
func (v *View) Viewer() games.Seat { return games.Seat(v.Seat) }

// DecodeView decodes a *View from JSON, strictly (the game's
// games.Entry.DecodeView).
func DecodeView(data []byte) (games.View, error) { return games.DecodeJSON[*View](data) }

// View returns what seat may know: its own cards and folds, every face-up
// card, never another seat's folded cards.
func (s *State) View(seat games.Seat) games.View {
	c := &s.c
	v := &View{
		Seat:       int(seat),
		Players:    s.n,
		Region:     s.region,
		Round:      s.round,
		Dealer:     int(s.dealer),
		Chips:      make([]int, s.n),
		Pot:        s.pot,
		SidePot:    s.sidePot,
		SideWinner: int(s.sideWinner),
		Status:     make([]string, s.n),
		TricksWon:  make([]int, s.n),
		HandSizes:  make([]int, s.n),
		Shown:      make([][]string, s.n),
		Trick:      int(c.trick),
		Leader:     int(c.leader),
		Turn:       int(c.turn),
		Plays:      make([]PlayView, 0, c.np),
		Tricks:     tricksView(c.hist[:c.finished], seat),
		Events:     make([]EventView, 0, s.nev),
	}
	for _, e := range s.events[:s.nev] {
		v.Events = append(v.Events, EventView{Seat: int(e.seat), Kind: eventKind(e.claim), Trick: int(e.trick), At: int(e.at)})
	}
	if s.hasUp {
		v.Upcard, v.SideCard = s.upcard.String(), s.sideCard.String()
	}
	for p := range s.n {
		v.Chips[p] = s.chips[p]
		v.TricksWon[p] = int(c.won[p])
		v.HandSizes[p] = c.hands[p].Len()
		v.Shown[p] = s.shown[p].Strings()
		switch b := uint8(1) << p; {
		case s.dealtIn&b == 0:
			v.Status[p] = "out"
		case c.active&b != 0:
			v.Status[p] = "active"
		case c.folded&b != 0:
			v.Status[p] = "folded"
		default:
			v.Status[p] = "eliminated"
		}
	}
	for _, pl := range c.plays[:c.np] {
		v.Plays = append(v.Plays, playView(pl, seat, c.winner >= 0))
	}
	if seat == games.God {
		v.Hands = make([][]string, s.n)
		for p := range s.n {
			v.Hands[p] = c.hands[p].Strings()
		}
	} else if seat >= 0 && int(seat) < s.n {
		v.Hand = c.hands[seat].Strings()
	}
	if s.hasLast {
		o := &s.last
		v.LastRound = &RoundView{Round: o.round, Winner: int(o.winner), How: howNames[o.how], Pot: o.pot, Bonus: o.bonus,
			Tricks: tricksView(o.hist[:o.finished], seat), SideWinner: int(o.sideWinner)}
		if o.how == howInstant {
			v.LastRound.Hand = o.hand.Strings()
		}
	}
	if s.done {
		for _, w := range s.Result().Winners {
			v.Winners = append(v.Winners, int(w))
		}
	}
	return v
}

// Round is the number of rounds dealt so far (games.Rounder): search bots
// end their playouts when it changes.
func (s *State) Round() int { return s.round }
