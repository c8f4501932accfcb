package eatpairs

import (
	"cardtable/games"
	"cardtable/games/cards"
)

// View is what one seat sees; the package doc lists its JSON fields.
type View struct {
	Seat       games.Seat     `json:"seat"`
	Players    int            `json:"players"`
	Round      int            `json:"round"`
	Rounds     int            `json:"rounds"`
	Dealer     games.Seat     `json:"dealer"`
	Lead       games.Seat     `json:"lead"`
	Turn       games.Seat     `json:"turn"`
	Phase      string         `json:"phase"`
	Hand       []string       `json:"hand,omitempty"`
	Hands      [][]string     `json:"hands,omitempty"`
	HandSizes  []int          `json:"handSizes"`
	Laid       [][]string     `json:"laid"`
	Waste      []string       `json:"waste"`
	Stock      int            `json:"stock"`
	StockCards []string       `json:"stockCards,omitempty"`
	Last       *Exposure      `json:"last,omitempty"`
	Excluded   [][]string     `json:"excluded"`
	Points     []int          `json:"points"`
	History    [][]games.Seat `json:"history"`
	Done       bool           `json:"done"`
	Winners    []games.Seat   `json:"winners,omitempty"`
}

// Exposure is a card turned face up and who paired it (-1: nobody).
type Exposure struct {
	Seat     games.Seat `json:"seat"`
	From     string     `json:"from"`
	Card     string     `json:"card"`
	PairedBy games.Seat `json:"pairedBy"`
}

func seats(mask uint8, n int) []games.Seat {
	out := []games.Seat{}
	for p := range n {
		if mask&(1<<p) != 0 {
			out = append(out, games.Seat(p))
		}
	}
	return out
}

// Viewer is the seat the view was made for (games.View).
func (v *View) Viewer() games.Seat { return v.Seat }

// DecodeView decodes a *View from JSON, strictly (the game's
// games.Entry.DecodeView).
func DecodeView(data []byte) (games.View, error) { return games.DecodeJSON[*View](data) }

func (s *State) View(seat games.Seat) games.View {
	v := &View{
		Seat:      seat,
		Players:   s.players,
		Round:     min(s.round, s.rounds-1),
		Rounds:    s.rounds,
		Dealer:    games.Seat(s.dealer),
		Lead:      games.Seat(s.lead),
		Turn:      -1,
		Phase:     [...]string{"open", "draw", "hand", "done"}[s.phase],
		HandSizes: make([]int, s.players),
		Laid:      make([][]string, s.players),
		Waste:     []string{},
		Stock:     int(s.stockLen - s.stockPos),
		Points:    append([]int(nil), s.points[:s.players]...),
		History:   [][]games.Seat{},
		Done:      s.phase == phaseDone,
	}
	if s.phase != phaseDone {
		v.Turn = games.Seat(s.actor())
	} else {
		v.Winners = s.winners()
	}
	shown := s.wasteSet()
	for p := range s.players {
		v.HandSizes[p] = s.hands[p].Len()
		v.Laid[p] = s.laid[p].Strings()
		shown |= s.laid[p]
	}
	v.Excluded = make([][]string, s.players)
	for p := range s.players {
		v.Excluded[p] = (s.excluded[p] &^ shown).Strings()
	}
	for _, c := range s.waste[:s.nWaste] {
		v.Waste = append(v.Waste, c.String())
	}
	if s.last.ok {
		from := "hand"
		if s.last.fromStock {
			from = "stock"
		}
		v.Last = &Exposure{Seat: games.Seat(s.last.seat), From: from, Card: s.last.card.String(), PairedBy: games.Seat(s.last.pairedBy)}
	}
	for _, w := range s.history[:s.roundsDone] {
		v.History = append(v.History, seats(w, s.players))
	}
	switch {
	case seat >= 0 && int(seat) < s.players:
		v.Hand = s.hands[seat].Strings()
	case seat == games.God:
		for p := range s.players {
			v.Hands = append(v.Hands, s.hands[p].Strings())
		}
		for _, c := range s.stock[s.stockPos:s.stockLen] {
			v.StockCards = append(v.StockCards, c.String())
		}
	}
	return v
}

// wasteSet is the dead cards as a set.
func (s *State) wasteSet() cards.Set { return cards.SetOf(s.waste[:s.nWaste]...) }
