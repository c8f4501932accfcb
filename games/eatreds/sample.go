package eatreds

import (
	"fmt"
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/cards"
)

// sampler deals the cards one seat has not seen. Nothing a seat sees in
// Eat Reds narrows where such a card is (every card is shown face up as it
// is played or turned, and hands never gain cards), so every unseen card
// may be in any other hand or anywhere in the stock: a uniform shuffle of
// the unseen cards into the other hands (their sizes) and the stock is
// uniform among the consistent deals.
type sampler struct {
	base   State
	pool   []cards.Card // the unseen cards, ascending
	hidden []int8       // the seats whose hands are dealt from pool
}

// NewSampler prepares to deal states consistent with the view seat
// received (games.ViewSampler): seat 0 to players-1, games.Observer or
// games.God. It refuses a view no deal fits, saying what does not fit.
func (Game) NewSampler(cfg games.Config, seat games.Seat, view games.View) (games.Sampler, error) {
	return games.SampleView(ID, "an Eat Reds view", cfg, seat, view, rebuild)
}

// Sample deals one state; later deals of the match come from rng too.
func (sm *sampler) Sample(rng *rand.Rand) games.State {
	d := sm.base
	d.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	var buf [cards.NumCards]cards.Card
	cs := append(buf[:0], sm.pool...)
	cards.Shuffle(rng, cs)
	for _, p := range sm.hidden {
		n := sm.base.hands[p].Len() // the base holds placeholders of the right size
		d.hands[p] = cards.SetOf(cs[:n]...)
		cs = cs[n:]
	}
	copy(d.stock[d.stockPos:], cs)
	return &d
}

func parseRank(txt string) (cards.Rank, error) {
	c, err := cards.Parse(txt + "C")
	if err != nil || c.Rank().String() != txt {
		return 0, games.Errorf("%s: view: unknown rank %q", ID, txt)
	}
	return c.Rank(), nil
}

// viewErrorf is the error of a view no table shows: what does not fit.
func viewErrorf(format string, args ...any) error {
	return games.Errorf("%s: view: %s", ID, fmt.Sprintf(format, args...))
}

// rebuild makes the state of the view with every card the seat sees in
// place; the hidden hands hold placeholders of their sizes (the pool's
// first cards) until Sample deals them.
func rebuild(cfg games.Config, seat games.Seat, v *View) (games.Sampler, error) {
	opts, err := Game{}.Info().Resolve(cfg)
	if err != nil {
		return nil, err
	}
	n := cfg.Players
	switch {
	case v.Players != n:
		return nil, viewErrorn("%d players, the table has %d", v.Players, n)
	case v.Seat != seat:
		return nil, viewErrorn("the view is seat %d's, not seat %d's", int(v.Seat), int(seat))
	case seat != games.Observer && seat != games.God && (seat < 0 || int(seat) >= n):
		return nil, viewErrorn("seat %d is not a seat 0-%d, the observer or god", int(seat), n-1)
	case v.Target != opts.Int("matchTarget"):
		return nil, viewErrorn("target %d, the table plays to %d", v.Target, opts.Int("matchTarget"))
	}
	s := State{
		players:  n,
		faceUp:   opts.Bool("capturedFaceUp"),
		blackAce: opts.Bool("blackAceBonus"),
		autoPick: opts.Bool("autoPickStockCapture"),
		target:   opts.Int("matchTarget"),
	}
	var ph phase
	switch v.Phase {
	case "play":
		ph = phasePlay
	case "take":
		ph = phaseTake
	case "done":
		ph = phaseDone
	default:
		return nil, viewErrorf("unknown phase %q", v.Phase)
	}
	done := ph == phaseDone
	s.phase = ph
	switch {
	case v.Done != done:
		return nil, viewErrorf("done is %v in phase %s", v.Done, v.Phase)
	case v.Deal < 0 || v.Deal > 1000:
		return nil, viewErrorn("deal %d", v.Deal)
	case s.target == 0 && v.Deal != 0:
		return nil, viewErrorn("deal %d, but one deal decides the match (matchTarget 0)", v.Deal)
	case v.Dealer < 0 || int(v.Dealer) >= n:
		return nil, viewErrorn("dealer %d is not a seat", int(v.Dealer))
	case done && v.Turn != -1, !done && (v.Turn < 0 || int(v.Turn) >= n):
		return nil, viewErrorf("turn %d in phase %s", v.Turn, v.Phase)
	case v.Stock < 0 || v.Stock > stockSize:
		return nil, viewErrorn("%d cards in the stock", v.Stock)
	case len(v.HandSizes) != n || len(v.Piles) != n || len(v.Scores) != n:
		return nil, viewErrorn("%d hand sizes, %d piles and %d scores for %d players", len(v.HandSizes), len(v.Piles), len(v.Scores), n)
	}
	s.deal, s.dealer, s.turn = v.Deal, int8(v.Dealer), int8(v.Turn)
	s.stockPos = int8(stockSize - v.Stock)
	s.dealsDone = s.deal
	if done {
		s.dealsDone++
	}

	seen := cards.Places{Game: ID}
	if s.layout, err = seen.Add("the layout", v.Layout); err != nil {
		return nil, err
	}
	for i, p := range v.Piles {
		if s.piles[i], err = seen.Add(fmt.Sprintf("seat %d's pile", i), p.Taken); err != nil {
			return nil, err
		}
		if p.Count != len(p.Taken) || p.Count%2 != 0 {
			return nil, viewErrorn("seat %d's pile counts %d and lists %d cards (captures go two or four at a time)", i, p.Count, len(p.Taken))
		}
	}
	if v.Triple != "" {
		if s.triple, err = parseRank(v.Triple); err != nil {
			return nil, err
		}
		if !selfPairing(s.triple) || (s.layout&rankSet(s.triple)).Len() != 3 || s.allPiles()&rankSet(s.triple) != 0 {
			return nil, viewErrorf("triple %s: the layout does not hold three %ss flagged by the triple rule", v.Triple, v.Triple)
		}
	}
	per := handTotal / n
	for i, k := range v.HandSizes {
		if k < 0 || k > per {
			return nil, viewErrorn("seat %d holds %d cards", i, k)
		}
	}
	if ph == phaseTake {
		if v.PendingFrom != "stock" {
			return nil, viewErrorf("the card waiting to capture comes from %q: only a stock card waits", v.PendingFrom)
		}
		c, err := seen.Add("the card waiting to capture", []string{v.Pending})
		if err != nil {
			return nil, err
		}
		s.pending = c.Lowest()
		if s.isTriple(s.pending) || s.targets().Len() < 2 || s.autoPick {
			return nil, viewErrorf("the stock's %s does not wait for a choice of target", s.pending)
		}
	}
	if err := s.checkTurns(v.HandSizes); err != nil {
		return nil, err
	}
	sm := &sampler{}
	switch {
	case seat == games.God:
		if len(v.Hands) != n || len(v.StockCards) != v.Stock {
			return nil, viewErrorn("god's view lists %d hands and %d stock cards", len(v.Hands), len(v.StockCards))
		}
		for i, h := range v.Hands {
			if s.hands[i], err = seen.Add(fmt.Sprintf("seat %d's hand", i), h); err != nil {
				return nil, err
			}
		}
		for k, txt := range v.StockCards {
			c, err := seen.Add("the stock", []string{txt})
			if err != nil {
				return nil, err
			}
			s.stock[int(s.stockPos)+k] = c.Lowest()
		}
	case seat >= 0:
		if s.hands[seat], err = seen.Add("the seat's hand", v.Hand); err != nil {
			return nil, err
		}
	}
	sm.pool = (cards.Deck52 &^ seen.All()).Cards()
	want := 0
	if seat != games.God {
		want = v.Stock
	}
	for i := range n {
		if games.Seat(i) == seat || seat == games.God {
			if s.hands[i].Len() != v.HandSizes[i] {
				return nil, viewErrorn("seat %d holds %d cards but its size is %d", i, s.hands[i].Len(), v.HandSizes[i])
			}
			continue
		}
		sm.hidden = append(sm.hidden, int8(i))
		want += v.HandSizes[i]
	}
	if len(sm.pool) != want {
		return nil, viewErrorn("%d cards unseen, but the other hands and the stock hold %d", len(sm.pool), want)
	}
	k := 0
	for _, p := range sm.hidden {
		s.hands[p] = cards.SetOf(sm.pool[k : k+v.HandSizes[p]]...)
		k += v.HandSizes[p]
	}
	if err := s.readEvents(v); err != nil {
		return nil, err
	}
	if err := s.readScores(v); err != nil {
		return nil, err
	}
	sm.base = s
	return sm, nil
}

// checkTurns requires the turn and the hand sizes to follow from the
// dealer and the cards left: one hand card a turn, clockwise from the
// dealer's left, the stock card after it.
func (s *State) checkTurns(sizes []int) error {
	n := s.players
	plays := int(s.stockPos) // hand cards played in this deal
	turn := (int(s.dealer) + 1 + plays) % n
	switch s.phase {
	case phaseDone:
		if plays != stockSize || s.layout != 0 {
			return games.Errorf("%s: view: the match is over with %d stock cards and %d layout cards left", ID, stockSize-plays, s.layout.Len())
		}
	case phasePlay:
		if plays == stockSize {
			return games.Errorf("%s: view: the stock is out but the deal goes on", ID)
		}
	case phaseTake:
		if plays == 0 {
			return games.Errorf("%s: view: a stock card waits before any turn", ID)
		}
		turn = (turn + n - 1) % n
	}
	if s.phase != phaseDone && int(s.turn) != turn {
		return games.Errorf("%s: view: turn %d, but %d turns after dealer %d it is seat %d's", ID, s.turn, plays, s.dealer, turn)
	}
	per := handTotal / n
	for i := range n {
		played := plays / n
		if (i-int(s.dealer)-1+2*n)%n < plays%n {
			played++
		}
		if sizes[i] != per-played {
			return games.Errorf("%s: view: seat %d holds %d cards, but %d turns into the deal it holds %d", ID, i, sizes[i], plays, per-played)
		}
	}
	return nil
}

// readEvents reads the turn logs, requiring the cards of this deal's
// events where the events put them.
func (s *State) readEvents(v *View) error {
	for li, evs := range [][]Event{v.LastTurn, v.ThisTurn} {
		log := &s.lastTurn
		if li == 1 {
			log = &s.thisTurn
		}
		// Before the deal's first turn the last turn is the previous deal's.
		current := li == 1 || s.stockPos > 0
		if !current && s.deal == 0 && len(evs) > 0 {
			return games.Errorf("%s: view: a last turn before the first turn of the match", ID)
		}
		if len(evs) > len(log.events) {
			return games.Errorf("%s: view: %d events in one turn", ID, len(evs))
		}
		for _, ev := range evs {
			e, err := s.readEvent(ev, current)
			if err != nil {
				return err
			}
			log.add(e)
		}
	}
	return nil
}

// eventErrorf is the error of an event no table shows: what does not fit.
func eventErrorf(ev Event, format string, args ...any) error {
	return games.Errorf("%s: view: event %+v: %s", ID, ev, fmt.Sprintf(format, args...))
}

func (s *State) readEvent(ev Event, current bool) (event, error) {
	e := event{seat: int8(ev.Seat)}
	if ev.Seat < 0 || int(ev.Seat) >= s.players {
		return event{}, eventErrorf(ev, "no such seat")
	}
	switch ev.From {
	case "hand":
		e.from = fromHand
	case "stock":
		e.from = fromStock
	case "deal":
		e.from = fromDeal
	default:
		return event{}, eventErrorf(ev, "unknown origin")
	}
	p := cards.Places{Game: ID}
	took, err := p.Add("the cards taken", ev.Took)
	if err != nil {
		return event{}, err
	}
	e.took = took
	if e.from == fromDeal {
		if ev.Card != "" || took.Len() != 4 || !selfPairing(took.Lowest().Rank()) || took != rankSet(took.Lowest().Rank()) {
			return event{}, eventErrorf(ev, "the dealer takes four of a kind of 5, 10, J, Q or K from the first layout")
		}
		if current && (ev.Seat != games.Seat(s.dealer) || s.piles[ev.Seat]&took != took) {
			return event{}, eventErrorf(ev, "the dealer's pile does not hold them")
		}
		return e, nil
	}
	c, err := cards.Parse(ev.Card)
	if err != nil {
		return event{}, eventErrorf(ev, "%v", err)
	}
	e.card = c
	switch took.Len() {
	case 0:
		if current && (s.layout|s.allPiles())&cards.SetOf(c) == 0 {
			return event{}, eventErrorf(ev, "the card laid is neither in the layout nor in a pile")
		}
	case 1:
		if !Captures(c, took.Lowest()) {
			return event{}, eventErrorf(ev, "%s does not capture %s", c, took.Lowest())
		}
	case 3:
		if took|cards.SetOf(c) != rankSet(c.Rank()) || !selfPairing(c.Rank()) {
			return event{}, eventErrorf(ev, "%s does not take three flagged cards", c)
		}
	default:
		return event{}, eventErrorf(ev, "a card takes one card or a flagged triple")
	}
	if took != 0 && current && s.piles[ev.Seat]&took.With(c) != took.With(c) {
		return event{}, eventErrorf(ev, "seat %d's pile does not hold them", ev.Seat)
	}
	return e, nil
}

func (s *State) allPiles() cards.Set {
	var m cards.Set
	for _, p := range s.piles[:s.players] {
		m |= p
	}
	return m
}

// readScores reads the totals and the last deal's points, requiring them
// to add up to the points of the deals played.
func (s *State) readScores(v *View) error {
	n := s.players
	total := PilePoints(cards.Deck52, s.blackAce)
	sum, best := 0, 0
	for i, x := range v.Scores {
		if x < 0 {
			return games.Errorf("%s: view: seat %d scores %d", ID, i, x)
		}
		s.scores[i] = x
		sum += x
		best = max(best, x)
	}
	if sum != total*s.dealsDone {
		return games.Errorf("%s: view: the scores add up to %d after %d deals of %d points", ID, sum, s.dealsDone, total)
	}
	if s.target > 0 && (best >= s.target) != (s.phase == phaseDone) {
		return games.Errorf("%s: view: a best total of %d with the target %d and done %v", ID, best, s.target, s.phase == phaseDone)
	}
	switch {
	case s.dealsDone == 0 && v.LastDeal != nil:
		return games.Errorf("%s: view: points of a last deal before any deal ended", ID)
	case s.dealsDone > 0 && len(v.LastDeal) != n:
		return games.Errorf("%s: view: %d points of the last deal for %d players", ID, len(v.LastDeal), n)
	}
	sum = 0
	for i, x := range v.LastDeal {
		if x < 0 || x > s.scores[i] {
			return games.Errorf("%s: view: seat %d scored %d in the last deal of its %d", ID, i, x, s.scores[i])
		}
		s.lastPoints[i] = x
		sum += x
	}
	if s.dealsDone > 0 && sum != total {
		return games.Errorf("%s: view: the last deal's points add up to %d, not %d", ID, sum, total)
	}
	return nil
}

// viewErrorn is viewErrorf for a message whose every argument is a whole
// number (games.Errorn).
func viewErrorn(format string, xs ...int) error {
	return games.Errorf("%s: view: %w", ID, games.Errorn(format, xs...))
}
