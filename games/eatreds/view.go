package eatreds

import "cardtable/games"

// View is what one seat sees; the package doc lists its JSON fields.
type View struct {
	Seat        games.Seat   `json:"seat"`
	Players     int          `json:"players"`
	Deal        int          `json:"deal"`
	Dealer      games.Seat   `json:"dealer"`
	Turn        games.Seat   `json:"turn"`
	Phase       string       `json:"phase"`
	Pending     string       `json:"pending,omitempty"`
	PendingFrom string       `json:"pendingFrom,omitempty"`
	Targets     []string     `json:"targets,omitempty"`
	Hand        []string     `json:"hand,omitempty"`
	Hands       [][]string   `json:"hands,omitempty"`
	HandSizes   []int        `json:"handSizes"`
	Layout      []string     `json:"layout"`
	Triple      string       `json:"triple"`
	Stock       int          `json:"stock"`
	StockCards  []string     `json:"stockCards,omitempty"`
	Piles       []Pile       `json:"piles"`
	LastTurn    []Event      `json:"lastTurn"`
	ThisTurn    []Event      `json:"thisTurn"`
	LastDeal    []int        `json:"lastDeal,omitempty"`
	Scores      []int        `json:"scores"`
	Target      int          `json:"target"`
	Done        bool         `json:"done"`
	Winners     []games.Seat `json:"winners,omitempty"`
}

// Pile is one seat's won pile. Cards and Points are set when Open (the
// pile lies face up for the viewer). Taken lists its cards for every
// viewer: each was captured face up in front of the table.
type Pile struct {
	Count  int      `json:"count"`
	Open   bool     `json:"open"`
	Cards  []string `json:"cards,omitempty"`
	Points *int     `json:"points,omitempty"`
	Taken  []string `json:"taken,omitempty"`
}

// Event is one card resolved against the layout: laid (Took empty) or
// capturing. From "deal" is the dealer taking a four-of-a-kind layout.
type Event struct {
	Seat games.Seat `json:"seat"`
	From string     `json:"from"`
	Card string     `json:"card"`
	Took []string   `json:"took,omitempty"`
}

var fromNames = [...]string{fromHand: "hand", fromStock: "stock", fromDeal: "deal"}

func (l *turnLog) view() []Event {
	out := make([]Event, 0, l.n)
	for _, e := range l.events[:l.n] {
		ev := Event{Seat: games.Seat(e.seat), From: fromNames[e.from]}
		if e.from != fromDeal {
			ev.Card = e.card.String()
		}
		if e.took != 0 {
			ev.Took = e.took.Strings()
		}
		out = append(out, ev)
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
		Deal:      s.deal,
		Dealer:    games.Seat(s.dealer),
		Turn:      games.Seat(s.turn),
		Phase:     [...]string{"play", "take", "done"}[s.phase],
		HandSizes: make([]int, s.players),
		Layout:    s.layout.Strings(),
		Stock:     stockSize - int(s.stockPos),
		Piles:     make([]Pile, s.players),
		LastTurn:  s.lastTurn.view(),
		ThisTurn:  s.thisTurn.view(),
		Scores:    append([]int(nil), s.scores[:s.players]...),
		Target:    s.target,
		Done:      s.phase == phaseDone,
	}
	if s.triple != 0 {
		v.Triple = s.triple.String()
	}
	if s.phase == phaseTake {
		v.Pending = s.pending.String()
		v.PendingFrom = fromNames[fromStock]
		v.Targets = s.targets().Strings()
	}
	if s.dealsDone > 0 {
		v.LastDeal = append([]int(nil), s.lastPoints[:s.players]...)
	}
	if s.phase == phaseDone {
		v.Winners = s.winners()
	}
	for i := range s.players {
		v.HandSizes[i] = s.hands[i].Len()
		p := Pile{Count: s.piles[i].Len(), Taken: s.piles[i].Strings()}
		if s.faceUp || seat == games.God || seat == games.Seat(i) {
			pts := PilePoints(s.piles[i], s.blackAce)
			p.Open, p.Cards, p.Points = true, s.piles[i].Strings(), &pts
		}
		v.Piles[i] = p
	}
	switch {
	case seat >= 0 && int(seat) < s.players:
		v.Hand = s.hands[seat].Strings()
	case seat == games.God:
		for i := range s.players {
			v.Hands = append(v.Hands, s.hands[i].Strings())
		}
		for _, c := range s.stock[s.stockPos:] {
			v.StockCards = append(v.StockCards, c.String())
		}
	}
	return v
}
