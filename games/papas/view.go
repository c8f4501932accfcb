package papas

import (
	"strconv"

	"cardtable/games"
)

// View is what one seat (or a spectator, or god) sees; the package doc lists
// its JSON fields.
type View struct {
	Seat       games.Seat   `json:"seat"`
	Players    int          `json:"players"`
	Phase      string       `json:"phase"`
	Active     int          `json:"active"`
	Turn       int          `json:"turn"`
	TurnLimit  int          `json:"turnLimit"`
	Target     int          `json:"target"`
	HandLimit  int          `json:"handLimit"`
	Played     bool         `json:"played"`
	Hand       []string     `json:"hand,omitempty"`
	Hands      [][]string   `json:"hands,omitempty"`
	HandCounts []int        `json:"handCounts"`
	GP         []int        `json:"gp"`
	Zombie     []bool       `json:"zombie"`
	Deck       int          `json:"deck"`
	Discard    []string     `json:"discard"`
	Reshuffles int          `json:"reshuffles"`
	Reshuffled []string     `json:"reshuffled,omitempty"`
	Drawn      []string     `json:"drawn,omitempty"`
	Holds      []Bound      `json:"holds,omitempty"`
	Windows    uint32       `json:"windows"`
	Window     *Window      `json:"window"`
	Last       *Outcome     `json:"last"`
	Done       bool         `json:"done"`
	Winners    []games.Seat `json:"winners"`
}

// Window is an open reaction window.
type Window struct {
	ID      uint32 `json:"id"`
	Seconds int    `json:"seconds"`
	Chain   []Play `json:"chain"`
}

// Outcome is the last chain that closed.
type Outcome struct {
	Chain    []Play `json:"chain"`
	Resolved bool   `json:"resolved"`
}

// Bound is what a seat showed by ending a turn without a main play: at
// least AtLeast of its cards are of the kinds Of (nopoh and tedije, and
// robo when no opponent had a golden potato then).
type Bound struct {
	Seat    int      `json:"seat"`
	AtLeast int      `json:"atLeast"`
	Of      []string `json:"of"`
}

// Play is one entry of a chain.
type Play struct {
	Seat   int      `json:"seat"`
	Act    string   `json:"act"`
	Cards  []string `json:"cards"`
	Target int      `json:"target"`
}

func (l link) view() Play {
	p := Play{Seat: int(l.seat), Target: int(l.target), Cards: make([]string, l.n)}
	for i, c := range l.cards[:l.n] {
		p.Cards[i] = c.String()
	}
	switch {
	case l.three:
		p.Act = "three " + p.Cards[0] + " " + p.Cards[1] + " " + p.Cards[2]
	case l.cards[0].Interrupt():
		p.Act = "interrupt " + p.Cards[0]
	case l.target >= 0:
		p.Act = "play robo " + strconv.Itoa(int(l.target))
	default:
		p.Act = "play " + p.Cards[0]
	}
	return p
}

func chainView(ls []link) []Play {
	out := make([]Play, len(ls))
	for i, l := range ls {
		out[i] = l.view()
	}
	return out
}

func (s *State) handStrings(p int) []string {
	out := make([]string, 0, s.handLen[p])
	for c := range Card(NumKinds) {
		for range s.hands[p][c] {
			out = append(out, c.String())
		}
	}
	return out
}

// countStrings lists the cards of a count per kind, in card order.
func countStrings(n *[NumKinds]uint8) []string {
	var out []string
	for c := range Card(NumKinds) {
		for range n[c] {
			out = append(out, c.String())
		}
	}
	return out
}

// Viewer is the seat the view was made for (games.View).
func (v View) Viewer() games.Seat { return v.Seat }

// DecodeView decodes a View from JSON, strictly (the game's
// games.Entry.DecodeView).
func DecodeView(data []byte) (games.View, error) { return games.DecodeJSON[View](data) }

// View shows seat what it may know.
func (s *State) View(seat games.Seat) games.View {
	n := int(s.players)
	own := seat >= 0 && int(seat) < n
	done := s.phase == phaseDone
	turn := int(s.turns) + 1
	if done {
		turn = int(s.turns)
	}
	v := View{
		Seat:       seat,
		Players:    n,
		Phase:      phaseNames[s.phase],
		Active:     int(s.active),
		Turn:       turn,
		TurnLimit:  int(s.turnLimit),
		Target:     int(s.target),
		HandLimit:  int(s.handLimit),
		Played:     s.played,
		HandCounts: make([]int, n),
		GP:         make([]int, n),
		Zombie:     make([]bool, n),
		Deck:       int(s.deckLen),
		Discard:    make([]string, s.discardLen),
		Reshuffles: int(s.reshuffles),
		Done:       done,
		Winners:    s.Result().Winners,
	}
	if !own && seat != games.God {
		v.Seat = games.Observer
	}
	for p := range n {
		v.HandCounts[p] = int(s.handLen[p])
		v.GP[p] = int(s.gp[p])
		v.Zombie[p] = s.zombie[p]
	}
	switch {
	case own:
		v.Hand = s.handStrings(int(seat))
	case seat == games.God:
		v.Hands = make([][]string, n)
		for p := range n {
			v.Hands[p] = s.handStrings(p)
		}
	}
	for i, c := range s.discard[:s.discardLen] {
		v.Discard[i] = c.String()
	}
	if s.reshuffles > 0 {
		v.Reshuffled = countStrings(&s.fromPile)
		if own {
			v.Drawn = countStrings(&s.drawn[seat])
		}
	}
	for p := range n {
		if s.bound[p] > 0 {
			b := Bound{Seat: p, AtLeast: int(s.bound[p]), Of: []string{"nopoh", "tedije"}}
			if s.boundRobo&(1<<p) != 0 {
				b.Of = append(b.Of, "robo")
			}
			v.Holds = append(v.Holds, b)
		}
	}
	v.Windows = s.window
	if s.phase == phaseWindow {
		v.Window = &Window{ID: s.window, Seconds: int(s.reaction), Chain: chainView(s.chain[:s.chainLen])}
	}
	if s.lastLen > 0 {
		v.Last = &Outcome{Chain: chainView(s.last[:s.lastLen]), Resolved: s.lastResolved}
	}
	return v
}
