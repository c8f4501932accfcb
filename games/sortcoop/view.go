package sortcoop

import "cardtable/games"

// View is what one seat (or a spectator, or god) sees; the package doc lists
// its JSON fields.
type View struct {
	Seat        games.Seat  `json:"seat"`
	Phase       string      `json:"phase"`
	Hand        []string    `json:"hand,omitempty"`
	Hands       [][]string  `json:"hands,omitempty"`
	HandCounts  [2]int      `json:"handCounts"`
	Picked      [2]bool     `json:"picked"`
	Picks       [2]string   `json:"picks"`
	PickRounds  [][2]string `json:"pickRounds"`
	CoinFlip    bool        `json:"coinFlip"`
	First       int         `json:"first"`
	Turn        int         `json:"turn"`
	PassUsed    [2]bool     `json:"passUsed"`
	Slots       [Slots]Slot `json:"slots"`
	Pending     *Proposal   `json:"pending"`
	Swaps       []Proposal  `json:"swaps"`
	Accepted    [2]int      `json:"accepted"`
	Rejected    [2]int      `json:"rejected"`
	MaxRejected int         `json:"maxRejected"`
	Done        bool        `json:"done"`
	Won         bool        `json:"won"`
}

// Slot is one board position as a viewer sees it.
type Slot struct {
	Filled bool   `json:"filled"`
	Owner  int    `json:"owner"`
	Card   string `json:"card"`
}

// Proposal is a swap proposal or an accepted swap; slots are 1-15.
type Proposal struct {
	By int `json:"by"`
	A  int `json:"a"`
	B  int `json:"b"`
}

func (p proposal) view() Proposal { return Proposal{By: int(p.by), A: int(p.a) + 1, B: int(p.b) + 1} }

// Viewer is the seat the view was made for (games.View).
func (v View) Viewer() games.Seat { return v.Seat }

// DecodeView decodes a View from JSON, strictly (the game's
// games.Entry.DecodeView).
func DecodeView(data []byte) (games.View, error) { return games.DecodeJSON[View](data) }

// View shows seat what it may know.
func (s *State) View(seat games.Seat) games.View {
	own := seat == 0 || seat == 1
	god := seat == games.God
	done := s.phase == phaseDone
	v := View{
		Seat:        seat,
		Phase:       phaseNames[s.phase],
		PickRounds:  make([][2]string, 0, s.nRounds),
		CoinFlip:    s.coin,
		First:       int(s.first),
		Turn:        int(s.turn),
		PassUsed:    s.passUsed,
		Swaps:       make([]Proposal, 0, s.nSwaps),
		MaxRejected: int(s.maxRejected),
		Done:        done,
		Won:         done && s.won,
	}
	if !own && !god {
		v.Seat = games.Observer
	}
	for p := range 2 {
		v.HandCounts[p] = s.hands[p].len()
		v.Picked[p] = s.picks[p] != NoPref
		if god || (own && games.Seat(p) == seat) {
			v.Picks[p] = s.picks[p].String()
		}
		v.Accepted[p] = int(s.accepted[p])
		v.Rejected[p] = int(s.rejected[p])
	}
	for r := range s.nRounds {
		p := s.pickRounds[r]
		v.PickRounds = append(v.PickRounds, [2]string{p[0].String(), p[1].String()})
	}
	switch {
	case own:
		v.Hand = s.hands[seat].strings()
	case god:
		v.Hands = [][]string{s.hands[0].strings(), s.hands[1].strings()}
	}
	for i := range s.board {
		sl := Slot{Owner: -1}
		if c := s.board[i]; c >= 0 {
			sl.Filled = true
			mine := own && s.owner[i] == int8(seat)
			if s.showOwners || mine || god || done {
				sl.Owner = int(s.owner[i])
			}
			if mine || god || done {
				sl.Card = Card(c).String()
			}
		}
		v.Slots[i] = sl
	}
	if s.hasPend {
		p := s.pending.view()
		v.Pending = &p
	}
	for i := range s.nSwaps {
		v.Swaps = append(v.Swaps, s.swaps[i].view())
	}
	return v
}
