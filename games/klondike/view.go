package klondike

import (
	"cardtable/games"
	"cardtable/games/cards"
)

// View is what the player sees; the package doc lists its JSON fields.
type View struct {
	Seat         games.Seat   `json:"seat"`
	Game         int          `json:"game"`
	Columns      []Column     `json:"columns"`
	Stock        int          `json:"stock"`
	StockCards   []string     `json:"stockCards,omitempty"`
	Waste        []string     `json:"waste"`
	Foundations  []Foundation `json:"foundations"`
	Score        int          `json:"score"`
	Balance      int          `json:"balance"`
	Total        int          `json:"total"`
	Scoring      string       `json:"scoring"`
	DrawCount    int          `json:"drawCount"`
	Recycles     int          `json:"recycles"`
	RecyclesLeft int          `json:"recyclesLeft"`
	Timed        bool         `json:"timed"`
	Elapsed      int          `json:"elapsed"`
	Undo         bool         `json:"undo"`
	CanAuto      bool         `json:"canAuto"`
	Won          bool         `json:"won"`
	GamesWon     int          `json:"gamesWon"`
	Phase        string       `json:"phase"`
	Done         bool         `json:"done"`
	Winners      []games.Seat `json:"winners,omitempty"`
}

// Column is one tableau column. Hidden is the god view's face-down cards.
type Column struct {
	Down   int      `json:"down"`
	Up     []string `json:"up"`
	Hidden []string `json:"hidden,omitempty"`
}

// Foundation is one suit's foundation.
type Foundation struct {
	Suit  string `json:"suit"`
	Count int    `json:"count"`
	Top   string `json:"top"`
}

func names(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
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
		Seat:         seat,
		Game:         s.game,
		Columns:      make([]Column, numCols),
		Stock:        int(s.nStock),
		Waste:        names(s.waste[:s.nWaste]),
		Foundations:  make([]Foundation, 4),
		Score:        s.score,
		Balance:      s.balance,
		Total:        s.total(),
		Scoring:      scoringNames[s.scoring],
		DrawCount:    int(s.drawCount),
		Recycles:     int(s.recycles),
		RecyclesLeft: -1,
		Timed:        s.timed,
		Elapsed:      s.elapsed,
		Undo:         s.undo,
		CanAuto:      s.canAuto(),
		Won:          s.won,
		GamesWon:     s.gamesWon,
		Phase:        [...]string{"play", "over", "done"}[s.phase],
		Done:         s.phase == phaseDone,
	}
	if s.recycleLimit != unlimited {
		v.RecyclesLeft = int(s.recycleLimit - s.recycles)
	}
	for i := range s.cols {
		col := &s.cols[i]
		v.Columns[i] = Column{Down: int(col.down), Up: names(col.cards[col.down:col.n])}
		if seat == games.God {
			v.Columns[i].Hidden = names(col.cards[:col.down])
		}
	}
	for su := range 4 {
		f := Foundation{Suit: cards.Suit(su).String(), Count: int(s.found[su])}
		if s.found[su] > 0 {
			f.Top = cardOf(s.found[su], cards.Suit(su)).String()
		}
		v.Foundations[su] = f
	}
	if seat == games.God || s.recycles > 0 {
		// After a recycle every stock card has been seen in the waste, and
		// the waste was turned over unshuffled: the player knows the order.
		for k := s.nStock - 1; k >= 0; k-- {
			v.StockCards = append(v.StockCards, s.stock[k].String())
		}
	}
	if r := s.Result(); r.Winners != nil {
		v.Winners = r.Winners
	}
	return v
}
