package king

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/cards"
)

// SampleView rebuilds a playable state from a seat's view alone
// (games.ViewSampler): the view's hand, trick, taken cards, scores and
// history as shown, and the cards the view does not show dealt at random to
// the other seats in their hand sizes. A bot whose engine runs elsewhere (a
// peer at a hosted table) searches from it. The suits a seat showed void in
// are known only from the whole play history, which the view does not hold,
// so the sample does not keep them; later deals come from rng.
func (g Game) SampleView(cfg games.Config, view any, rng *rand.Rand) (games.State, error) {
	v, ok := view.(*View)
	switch {
	case !ok || v == nil:
		return nil, fmt.Errorf("king: %T is not a King view", view)
	case v.Done:
		return nil, games.ErrDone
	case v.Seat < 0 || v.Seat > 3:
		return nil, fmt.Errorf("king: the view of seat %d holds no hand", v.Seat)
	}
	cfg.Deals, cfg.Seed = nil, rng.Uint64()
	gs, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	s := gs.(*State)
	if len(v.Rounds) != s.nRounds {
		return nil, fmt.Errorf("king: the view has %d rounds, the options %d", len(v.Rounds), s.nRounds)
	}
	if v.Round < 1 || v.Round > s.nRounds || len(v.History) != v.Round-1 || v.TrickNo < 1 || v.TrickNo > 8 ||
		!seatOK(v.Turn) || !seatOK(v.TrickLeader) || !seatOK(v.FirstLeader) ||
		len(v.HandSizes) != 4 || len(v.Tricks) != 4 || len(v.Taken) != 4 || len(v.RoundScores) != 4 || len(v.Scores) != 4 {
		return nil, errors.New("king: the view is not one a King table shows")
	}
	s.round = v.Round - 1
	if v.Contract != s.contract().String() {
		return nil, fmt.Errorf("king: round %d is %s in the options, %s in the view", v.Round, s.contract(), v.Contract)
	}
	s.firstLeader0 = (v.FirstLeader - games.Seat(s.round)%4 + 4) % 4
	if s.trump, err = parseTrump(v.Trump); err != nil {
		return nil, err
	}
	s.needTrump = v.ChoosingTrump
	s.turn, s.trickLeader, s.trickNo = v.Turn, v.TrickLeader, v.TrickNo-1
	s.played, s.excluded, s.deals = 0, [4]cards.Set{}, nil
	trick, err := cardSet(v.Trick)
	if err != nil || len(v.Trick) > 3 {
		return nil, fmt.Errorf("king: the view's trick %v", v.Trick)
	}
	s.trickN = len(v.Trick)
	for i, c := range v.Trick {
		s.trick[i], _ = cards.Parse(c)
	}
	s.played = trick
	for i := range 4 {
		if s.won[i], err = cardSet(v.Taken[i]); err != nil {
			return nil, err
		}
		if s.played&s.won[i] != 0 {
			return nil, errors.New("king: a card shows twice in the view")
		}
		s.played |= s.won[i]
		s.tricks[i], s.roundScores[i], s.scores[i] = int8(v.Tricks[i]), v.RoundScores[i], v.Scores[i]
	}
	for i, h := range v.History {
		if len(h.Scores) != 4 {
			return nil, errors.New("king: a round of the view's history has no four scores")
		}
		t, err := parseTrump(h.Trump)
		if err != nil {
			return nil, err
		}
		s.history[i] = roundResult{trump: t, scores: [4]int(h.Scores)}
	}
	s.last = lastTrick{}
	if lt := v.LastTrick; lt != nil {
		if len(lt.Cards) != 4 || !seatOK(lt.Leader) || !seatOK(lt.Winner) {
			return nil, errors.New("king: the view's last trick is not a trick")
		}
		s.last = lastTrick{ok: true, leader: lt.Leader, winner: lt.Winner}
		for i, c := range lt.Cards {
			if s.last.cards[i], err = cards.Parse(c); err != nil {
				return nil, err
			}
		}
	}
	own, err := cardSet(v.Hand)
	if err != nil {
		return nil, err
	}
	pool := cards.Deck32 &^ own &^ s.played
	if own&s.played != 0 || own.Len() != v.HandSizes[v.Seat] {
		return nil, errors.New("king: the view's hand does not match its size or the cards played")
	}
	need := 0
	for i, n := range v.HandSizes {
		if n < 0 || n > 8 || v.Tricks[i] < 0 || v.Tricks[i] > 8 {
			return nil, fmt.Errorf("king: seat %d holds %d cards and %d tricks in the view", i, n, v.Tricks[i])
		}
		if games.Seat(i) != v.Seat {
			need += n
		}
	}
	if need != pool.Len() {
		return nil, fmt.Errorf("king: %d cards unseen for %d in the other hands", pool.Len(), need)
	}
	deck := pool.Cards()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	s.hands = [4]cards.Set{}
	s.hands[v.Seat] = own
	for i, n := range v.HandSizes {
		if games.Seat(i) != v.Seat {
			s.hands[i] = cards.SetOf(deck[:n]...)
			deck = deck[n:]
		}
	}
	return s, nil
}

func seatOK(s games.Seat) bool { return s >= 0 && s < 4 }

func parseTrump(t string) (int8, error) {
	switch t {
	case "":
		return unnamed, nil
	case "none":
		return noTrump, nil
	}
	su, err := cards.ParseSuit(t)
	if err != nil {
		return 0, fmt.Errorf("king: trump %q: %w", t, err)
	}
	return int8(su), nil
}

// cardSet parses distinct cards of the 32-card deck.
func cardSet(list []string) (cards.Set, error) {
	var set cards.Set
	for _, t := range list {
		c, err := cards.Parse(t)
		if err != nil {
			return 0, fmt.Errorf("king: %w", err)
		}
		if !cards.Deck32.Has(c) || set.Has(c) {
			return 0, fmt.Errorf("king: card %s twice or not in the deck", t)
		}
		set = set.With(c)
	}
	return set, nil
}
