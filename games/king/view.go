package king

import (
	"cardtable/games"
	"cardtable/games/cards"
)

// View is what one seat sees; the package doc lists its JSON fields.
type View struct {
	Seat          games.Seat     `json:"seat"`
	Round         int            `json:"round"`
	Rounds        []string       `json:"rounds"`
	Contract      string         `json:"contract"`
	Trump         string         `json:"trump"`
	ChoosingTrump bool           `json:"choosingTrump"`
	FirstLeader   games.Seat     `json:"firstLeader"`
	Turn          games.Seat     `json:"turn"`
	TrickNo       int            `json:"trickNo"`
	TrickLeader   games.Seat     `json:"trickLeader"`
	Trick         []string       `json:"trick"`
	LastTrick     *TrickView     `json:"lastTrick,omitempty"`
	Hand          []string       `json:"hand,omitempty"`
	Hands         [][]string     `json:"hands,omitempty"`
	HandSizes     []int          `json:"handSizes"`
	Tricks        []int          `json:"tricks"`
	Taken         [][]string     `json:"taken"`
	Voids         []string       `json:"voids"`
	NoKingHearts  []bool         `json:"noKingOfHearts"`
	RoundScores   []int          `json:"roundScores"`
	Scores        []int          `json:"scores"`
	History       []RoundSummary `json:"history"`
	Done          bool           `json:"done"`
	Winners       []games.Seat   `json:"winners,omitempty"`
}

// TrickView is a finished trick.
type TrickView struct {
	Leader games.Seat `json:"leader"`
	Cards  []string   `json:"cards"`
	Winner games.Seat `json:"winner"`
}

// RoundSummary is one finished round.
type RoundSummary struct {
	Contract string `json:"contract"`
	Trump    string `json:"trump,omitempty"`
	Scores   []int  `json:"scores"`
}

func trumpName(t int8) string {
	switch {
	case t == noTrump:
		return "none"
	case t >= 0:
		return cards.Suit(t).String()
	}
	return ""
}

// Viewer is the seat the view was made for (games.View).
func (v *View) Viewer() games.Seat { return v.Seat }

// DecodeView decodes a *View from JSON, strictly (the game's
// games.Entry.DecodeView).
func DecodeView(data []byte) (games.View, error) { return games.DecodeJSON[*View](data) }

func (s *State) View(seat games.Seat) games.View {
	v := &View{
		Seat:          seat,
		Round:         min(s.round, s.nRounds-1) + 1,
		Contract:      s.rounds[min(s.round, s.nRounds-1)].String(),
		Trump:         trumpName(s.trump),
		ChoosingTrump: s.needTrump,
		FirstLeader:   s.firstLeader(min(s.round, s.nRounds-1)),
		Turn:          s.turn,
		TrickNo:       s.trickNo + 1,
		TrickLeader:   s.trickLeader,
		Trick:         []string{},
		HandSizes:     make([]int, 4),
		Tricks:        make([]int, 4),
		Taken:         make([][]string, 4),
		Voids:         make([]string, 4),
		NoKingHearts:  make([]bool, 4),
		RoundScores:   append([]int(nil), s.roundScores[:]...),
		Scores:        append([]int(nil), s.scores[:]...),
		History:       []RoundSummary{},
		Done:          s.done,
	}
	if s.done {
		v.TrickNo = 8
		v.Winners = s.winners()
	}
	for _, c := range s.rounds[:s.nRounds] {
		v.Rounds = append(v.Rounds, c.String())
	}
	for _, c := range s.trick[:s.trickN] {
		v.Trick = append(v.Trick, c.String())
	}
	if s.last.ok {
		t := &TrickView{Leader: s.last.leader, Winner: s.last.winner}
		for _, c := range s.last.cards {
			t.Cards = append(t.Cards, c.String())
		}
		v.LastTrick = t
	}
	for i := range 4 {
		v.HandSizes[i] = s.hands[i].Len()
		v.Tricks[i] = int(s.tricks[i])
		v.Taken[i] = s.won[i].Strings()
		v.Voids[i] = voidSuits(s.excluded[i])
		v.NoKingHearts[i] = s.excluded[i].Has(kingOfHearts)
	}
	switch {
	case seat >= 0 && seat < 4:
		v.Hand = s.hands[seat].Strings()
	case seat == games.God:
		for i := range 4 {
			v.Hands = append(v.Hands, s.hands[i].Strings())
		}
	}
	for i, h := range s.history[:min(s.round, s.nRounds)] {
		v.History = append(v.History, RoundSummary{Contract: s.rounds[i].String(), Trump: trumpName(h.trump), Scores: append([]int(nil), h.scores[:]...)})
	}
	return v
}

// voidSuits writes the suits of which ex holds every card of the 32-card
// deck, in suit order ("CS": no club and no spade).
func voidSuits(ex cards.Set) string {
	out := ""
	for _, su := range cards.Suits {
		if all := cards.SuitSet(su) & cards.Deck32; ex&all == all {
			out += su.String()
		}
	}
	return out
}

// excludedOf is the set of cards a seat is known not to hold, as the view
// writes it.
func excludedOf(voids string, noKing bool) (cards.Set, error) {
	var ex cards.Set
	for _, r := range voids {
		su, err := cards.ParseSuit(string(r))
		if err != nil {
			return 0, err
		}
		ex |= cards.SuitSet(su) & cards.Deck32
	}
	if noKing {
		ex = ex.With(kingOfHearts)
	}
	return ex, nil
}
