package klondike

import (
	"math/rand/v2"
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
)

// NewSampler prepares to deal states consistent with the player's view
// (games.ViewSampler): the face-up cards, the waste, the foundations and a
// recycled stock stay where the view shows them, and the cards the player
// has never seen (face down in the columns, and the stock before its first
// recycle) are dealt among those places uniformly: every order of them is
// equally likely, as the rules reveal nothing about any of them. Later
// games of a vegasCumulative match are dealt from the sample's generator.
// seat is 0 or games.Observer, who sees the same.
func (g Game) NewSampler(cfg games.Config, seat games.Seat, view games.View) (games.Sampler, error) {
	return games.SampleView(ID, "a Klondike view", cfg, seat, view, rebuild)
}

// rebuild is the game's part of NewSampler: the state the view shows.
func rebuild(cfg games.Config, seat games.Seat, v *View) (games.Sampler, error) {
	if seat != 0 && seat != games.Observer {
		return nil, games.Errorn("seat %d: only the player (0) or a spectator has a view to sample", int(seat))
	}
	if v.Seat != seat {
		return nil, games.Errorn("the view is seat %d's, not seat %d's", int(v.Seat), int(seat))
	}
	base, err := Game{}.stateOf(cfg, v)
	if err != nil {
		return nil, err
	}
	return &sampler{base: *base}, nil
}

type sampler struct{ base State }

// Sample deals one state: the unseen cards in a uniformly random order,
// and a new generator for the games still to come.
func (sm *sampler) Sample(rng *rand.Rand) games.State {
	d := sm.base
	d.redeal(rng)
	d.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	return &d
}

// redeal shuffles the cards the player has never seen among their places:
// the face-down cards of the columns and, before the first recycle, the
// stock. The solver's hindsight samples use it too.
func (s *State) redeal(rng *rand.Rand) {
	var buf [cards.NumCards]cards.Card
	cs := (cards.Deck52 &^ s.seen).AppendTo(buf[:0])
	for i := len(cs) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		cs[i], cs[j] = cs[j], cs[i]
	}
	k := 0
	for i := range s.cols {
		col := &s.cols[i]
		for j := range col.down {
			col.cards[j] = cs[k]
			k++
		}
	}
	for j := range s.nStock {
		if !s.seen.Has(s.stock[j]) {
			s.stock[j] = cs[k]
			k++
		}
	}
}

// stateOf rebuilds a state from a view, checking that the view fits the
// rules of cfg; the unseen places hold the unseen cards in any order.
func (g Game) stateOf(cfg games.Config, v *View) (*State, error) {
	cfg.Seed, cfg.Deals = 0, nil
	gs, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	s := gs.(*State)
	if len(v.Columns) != numCols {
		return nil, games.Errorn("%d columns, want %d", len(v.Columns), numCols)
	}
	if len(v.Foundations) != 4 {
		return nil, games.Errorn("%d foundations, want 4", len(v.Foundations))
	}
	var shown cards.Set
	parse := func(where, txt string) (cards.Card, error) {
		c, err := cards.Parse(txt)
		if err != nil {
			return 0, games.Errorf("%s: %w", where, err)
		}
		if shown.Has(c) {
			return 0, games.Errorf("%s: %s is shown twice", where, c)
		}
		shown = shown.With(c)
		return c, nil
	}
	unseen := 0
	for i, vc := range v.Columns {
		where := "column " + colName(i)
		col := &s.cols[i]
		switch {
		case vc.Down < 0 || vc.Down > i:
			return nil, games.Errorf("%s: %d face-down cards: it was dealt %d", where, vc.Down, i)
		case vc.Down > 0 && len(vc.Up) == 0:
			return nil, games.Errorf("%s: a face-down card on top is turned at once", where)
		case len(vc.Up) > 13:
			return nil, games.Errorf("%s: %d face-up cards: a run has at most 13", where, len(vc.Up))
		case len(vc.Hidden) > 0:
			return nil, games.Errorf("%s: the face-down cards are shown only to god", where)
		}
		col.down = int8(vc.Down)
		col.n = int8(vc.Down + len(vc.Up))
		unseen += vc.Down
		for k, txt := range vc.Up {
			c, err := parse(where, txt)
			if err != nil {
				return nil, err
			}
			if k > 0 {
				if b := col.cards[vc.Down+k-1]; rank(b) != rank(c)+1 || redOf[b] == redOf[c] {
					return nil, games.Errorf("%s: %s on %s is not a run", where, c, b)
				}
			}
			col.cards[vc.Down+k] = c
		}
	}
	for su, f := range v.Foundations {
		if f.Count < 0 || f.Count > 13 {
			return nil, games.Errorf("the %s foundation holds %d cards", suitNames[su], f.Count)
		}
		s.found[su] = int8(f.Count)
		for r := int8(1); r <= s.found[su]; r++ {
			if _, err := parse("the "+suitNames[su]+" foundation", cardOf(r, cards.Suit(su)).String()); err != nil {
				return nil, err
			}
		}
	}
	switch {
	case len(v.Waste) > stockSize || v.Stock < 0 || v.Stock > stockSize:
		return nil, games.Errorn("%d cards in the waste and %d in the stock: the stock was dealt %d", len(v.Waste), v.Stock, stockSize)
	case len(v.Waste)+v.Stock > stockSize:
		return nil, games.Errorn("%d cards in the waste and %d in the stock: more than the %d dealt to the stock", len(v.Waste), v.Stock, stockSize)
	case v.Recycles < 0 || v.Recycles > 100:
		return nil, games.Errorn("%d recycles", v.Recycles)
	case s.recycleLimit != unlimited && v.Recycles > int(s.recycleLimit):
		return nil, games.Errorn("%d recycles with %d allowed", v.Recycles, int(s.recycleLimit))
	}
	for k, txt := range v.Waste {
		c, err := parse("the waste", txt)
		if err != nil {
			return nil, err
		}
		s.waste[k] = c
	}
	s.nWaste = int8(len(v.Waste))
	s.nStock = int8(v.Stock)
	s.recycles = int8(v.Recycles)
	switch {
	case v.Recycles > 0 && len(v.StockCards) != v.Stock:
		return nil, games.Errorn("the stock was recycled: its %d cards are known, but the view shows %d", v.Stock, len(v.StockCards))
	case v.Recycles == 0 && len(v.StockCards) > 0:
		return nil, games.Errorf("the stock's order is shown, but it was never recycled: the player cannot know it")
	}
	for k, txt := range v.StockCards { // top first
		c, err := parse("the stock", txt)
		if err != nil {
			return nil, err
		}
		s.stock[v.Stock-1-k] = c
	}
	if v.Recycles == 0 {
		unseen += v.Stock
	}
	pool := cards.Deck52 &^ shown
	if pool.Len() != unseen {
		return nil, games.Errorn("the view shows %d cards and hides %d: a deck has 52", shown.Len(), unseen)
	}
	// The unseen places get the unseen cards in order; Sample shuffles them.
	cs := pool.Cards()
	for i := range s.cols {
		for j := range s.cols[i].down {
			s.cols[i].cards[j], cs = cs[0], cs[1:]
		}
	}
	if v.Recycles == 0 {
		for j := range s.nStock {
			s.stock[j], cs = cs[0], cs[1:]
		}
	}
	s.seen = shown

	// The game, the score and the phase.
	phases := []string{"play", "over", "done"}
	p := slices.Index(phases, v.Phase)
	all := s.found == [4]int8{13, 13, 13, 13}
	switch {
	case p < 0:
		return nil, games.Errorf("unknown phase %q (play, over, done)", v.Phase)
	case v.Won != all:
		return nil, games.Errorf("won is %v with %d cards on the foundations: a game is won when all 52 are", v.Won, s.onFoundations())
	case phase(p) == phaseOver && (!s.cumulative || !v.Won):
		return nil, games.Errorf("phase over is a won game of a vegasCumulative match")
	case v.Game < 0 || (v.Game > 0 && !s.cumulative):
		return nil, games.Errorn("game %d: only a vegasCumulative match has more than one", v.Game)
	case v.GamesWon < 0 || v.GamesWon > v.Game+1 || (v.Won && v.GamesWon == 0):
		return nil, games.Errorn("%d games won in %d", v.GamesWon, v.Game+1)
	case v.Elapsed < 0 || v.Elapsed > maxTime || (!s.timed && v.Elapsed != 0):
		return nil, games.Errorf("%d seconds elapsed (timed %v)", v.Elapsed, s.timed)
	case v.Balance != 0 && !s.cumulative:
		return nil, games.Errorf("a balance carried over outside a vegasCumulative match")
	}
	s.phase, s.won, s.game, s.gamesWon = phase(p), v.Won, v.Game, v.GamesWon
	s.elapsed, s.balance, s.score = v.Elapsed, v.Balance, v.Score
	switch s.scoring {
	case scoreVegas:
		onFound := s.onFoundations()
		if want := -52 + 5*onFound; v.Score != want {
			return nil, games.Errorn("Vegas score %d with %d cards on the foundations: it is %d", v.Score, onFound, want)
		}
	case scoreStandard:
		if v.Score < 0 {
			return nil, games.Errorn("standard score %d: it never goes below 0", v.Score)
		}
	case scoreNone:
		if v.Score != 0 {
			return nil, games.Errorn("score %d without scoring", v.Score)
		}
	}
	return s, nil
}

// onFoundations counts the cards on the foundations.
func (s *State) onFoundations() int {
	n := 0
	for _, f := range s.found {
		n += int(f)
	}
	return n
}
