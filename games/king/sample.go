package king

import (
	"math/rand/v2"

	"cardtable/games"
	"cardtable/games/cards"
)

// NewSampler prepares the states consistent with a seat's view
// (games.ViewSampler): the view's hand, trick, taken cards, scores, history
// and shown voids as shown, and the cards the view does not show dealt to
// the other seats in their hand sizes, uniformly among the deals that keep
// every seat off the cards everyone has seen it cannot hold (voids,
// noKingOfHearts). seat is 0-3, or games.Observer for a spectator (every
// hand unseen). A view no table could show is refused with what does not
// fit.
func (g Game) NewSampler(cfg games.Config, seat games.Seat, view games.View) (games.Sampler, error) {
	return games.SampleView("king", "a King view", cfg, seat, view, rebuild)
}

// rebuild is the game's part of NewSampler: the state v shows, and the
// other seats' hands to deal, each off the cards its voids exclude.
func rebuild(cfg games.Config, seat games.Seat, v *View) (games.Sampler, error) {
	if v.Seat != seat {
		return nil, games.Errorn("the view is seat %d's, not seat %d's", int(v.Seat), int(seat))
	}
	if seat != games.Observer && (seat < 0 || seat > 3) {
		return nil, games.Errorn("seat %d: only seats 0-3 and the spectator are sampled", int(seat))
	}
	cfg.Deals, cfg.Seed = nil, 0
	gs, err := Game{}.New(cfg)
	if err != nil {
		return nil, err
	}
	s := gs.(*State)
	if err := s.fromView(v); err != nil {
		return nil, err
	}
	var hidden []games.Seat // the hands dealt, in order
	sm := &games.Dealing[State, *State]{Seed: reseed, Put: func(s *State, hands []cards.Set) {
		for k, h := range hands {
			s.hands[hidden[k]] = h
		}
	}}
	for i := range games.Seat(4) {
		if i != seat {
			hidden = append(hidden, i)
			sm.Unseen.Hand(s.hands[i], cards.Deck32&^s.excluded[i])
			s.hands[i] = 0
		}
	}
	sm.Base = *s
	if err := sm.Unseen.Prepare(); err != nil {
		return nil, games.Errorf("no deal fits the voids the view shows: %w", err)
	}
	return sm, nil
}

// reseed gives a sample the generator of the rounds still to deal.
func reseed(s *State, rng *rand.Rand) { s.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64()) }

// fromView sets s (a new match under the table's options) to the position
// v shows, the hidden hands holding every unseen card of the seat's pool in
// its true sizes (the caller deals them again). It checks that a table could
// show v.
func (s *State) fromView(v *View) error {
	if len(v.Rounds) != s.nRounds {
		return games.Errorn("the view has %d rounds, the options %d", len(v.Rounds), s.nRounds)
	}
	for i, name := range v.Rounds {
		if name != s.rounds[i].String() {
			return games.Errorf("round %d is %s in the options, %s in the view", i+1, s.rounds[i], name)
		}
	}
	if v.Round < 1 || v.Round > s.nRounds {
		return games.Errorn("round %d is not one of the %d rounds", v.Round, s.nRounds)
	}
	if len(v.HandSizes) != 4 || len(v.Tricks) != 4 || len(v.Taken) != 4 || len(v.RoundScores) != 4 ||
		len(v.Scores) != 4 || len(v.Voids) != 4 || len(v.NoKingHearts) != 4 {
		return games.Errorf("the view does not give handSizes, tricks, taken, roundScores, scores, voids and noKingOfHearts for 4 seats")
	}
	s.round = v.Round - 1
	if v.Done {
		if v.Round != s.nRounds {
			return games.Errorn("the match is over in round %d of %d", v.Round, s.nRounds)
		}
		s.round, s.done, s.turn = s.nRounds, true, -1
	}
	cur := s.rounds[v.Round-1]
	if v.Contract != cur.String() {
		return games.Errorf("round %d is %s in the options, %s in the view", v.Round, cur, v.Contract)
	}
	if !seatOK(v.FirstLeader) || !seatOK(v.TrickLeader) {
		return games.Errorn("first leader %d or trick leader %d is not a seat", int(v.FirstLeader), int(v.TrickLeader))
	}
	s.firstLeader0 = (v.FirstLeader - games.Seat(v.Round-1)%4 + 4) % 4
	var err error
	if s.trump, err = parseTrump(v.Trump); err != nil {
		return err
	}
	s.needTrump = v.ChoosingTrump
	switch {
	case cur != Collecting && (s.trump != unnamed || s.needTrump):
		return games.Errorf("%s names no trump", cur)
	case cur == Collecting && (s.trump == unnamed) != s.needTrump:
		return games.Errorf("trump %q while choosing trump is %v", v.Trump, s.needTrump)
	case s.trump == noTrump && !s.allowNoTrump:
		return games.Errorf("no trump without allowNoTrump")
	}

	// The cards on the table and taken this round.
	trick, err := cardList(v.Trick)
	if err != nil || len(trick) > 3 {
		return games.Errorf("the trick %v is not up to 3 cards of the deck", v.Trick)
	}
	s.trickN = copy(s.trick[:], trick)
	s.played = cards.SetOf(trick...)
	s.trickLeader = v.TrickLeader
	done := 0 // tricks finished this round
	for i := range 4 {
		won, err := cardList(v.Taken[i])
		if err != nil {
			return games.Errorf("seat %d's taken cards: %w", i, err)
		}
		s.won[i] = cards.SetOf(won...)
		if s.played&s.won[i] != 0 {
			return games.Errorf("seat %d's taken cards %v show a card twice", i, v.Taken[i])
		}
		s.played |= s.won[i]
		if v.Tricks[i] < 0 || v.Tricks[i] > 8 || 4*v.Tricks[i] != len(won) {
			return games.Errorn("seat %d took %d tricks and %d cards", i, v.Tricks[i], len(won))
		}
		s.tricks[i] = int8(v.Tricks[i])
		done += v.Tricks[i]
		if s.excluded[i], err = excludedOf(v.Voids[i], v.NoKingHearts[i]); err != nil {
			return games.Errorf("seat %d's voids %q: %w", i, v.Voids[i], err)
		}
	}
	// The seat's own hand.
	s.hands = [4]cards.Set{}
	if v.Seat >= 0 {
		own, err := cardList(v.Hand)
		if err != nil {
			return games.Errorf("the hand: %w", err)
		}
		hand := cards.SetOf(own...)
		switch {
		case len(own) != v.HandSizes[v.Seat]:
			return games.Errorn("the hand holds %d cards, its size is %d", len(own), v.HandSizes[v.Seat])
		case hand&s.played != 0:
			return games.Errorf("the hand holds %v, already played", hand&s.played)
		case hand&s.excluded[v.Seat] != 0:
			return games.Errorf("the hand holds %v, which the seat's voids say it cannot hold", hand&s.excluded[v.Seat])
		}
		s.hands[v.Seat] = hand
	} else if len(v.Hand) > 0 {
		return games.Errorf("a spectator's view shows a hand")
	}
	s.trickNo = done
	switch {
	case v.Done:
		if done != 8 || s.trickN != 0 || v.TrickNo != 8 || v.Turn != -1 {
			return games.Errorf("the match is over before the last round's 8th trick")
		}
	case v.TrickNo != done+1 || done > 7:
		return games.Errorn("trick %d after %d tricks taken", v.TrickNo, done)
	case done == 0 && v.TrickLeader != v.FirstLeader:
		return games.Errorn("trick 1 is led by seat %d, the first leader is seat %d", int(v.TrickLeader), int(v.FirstLeader))
	case v.Turn != (v.TrickLeader+games.Seat(s.trickN))%4:
		return games.Errorn("seat %d to play after %d cards led by seat %d", int(v.Turn), s.trickN, int(v.TrickLeader))
	case s.needTrump && (done != 0 || s.trickN != 0):
		return games.Errorf("the trump is named before the first lead only")
	}
	if !v.Done {
		s.turn = v.Turn
	}

	// The last finished trick: this round's when one is finished, else the
	// previous round's final one.
	s.last = lastTrick{}
	if lt := v.LastTrick; lt != nil {
		cs, err := cardList(lt.Cards)
		if err != nil || len(cs) != 4 || !seatOK(lt.Leader) || !seatOK(lt.Winner) {
			return games.Errorf("the last trick is not 4 cards with a leader and a winner")
		}
		s.last = lastTrick{ok: true, leader: lt.Leader, cards: [4]cards.Card(cs), winner: lt.Winner}
		r, trump := v.Round-1, s.trump
		if done == 0 {
			if r == 0 {
				return games.Errorf("a last trick before the first trick of the match")
			}
			r--
			if trump, err = parseTrump(historyTrump(v, r)); err != nil {
				return err
			}
		} else if cards.SetOf(cs...)&^s.won[lt.Winner] != 0 || lt.Winner != v.TrickLeader {
			return games.Errorf("the last trick %v is not among seat %d's taken cards, or seat %d does not lead now", lt.Cards, lt.Winner, lt.Winner)
		}
		if w := winnerOf(s.rounds[r], trump, lt.Leader, s.last.cards); w != lt.Winner {
			return games.Errorf("the last trick %v led by seat %d goes to seat %d, not %d", lt.Cards, lt.Leader, w, lt.Winner)
		}
	} else if done > 0 || v.Round > 1 {
		return games.Errorf("the view shows no last trick")
	}

	// Scores: every finished round, the match totals, this round so far.
	if len(v.History) != s.round {
		return games.Errorn("%d rounds in the history, %d finished", len(v.History), s.round)
	}
	var totals [4]int
	for i, h := range v.History {
		if h.Contract != s.rounds[i].String() || len(h.Scores) != 4 {
			return games.Errorf("round %d of the history is not %s with 4 scores", i+1, s.rounds[i])
		}
		t, err := parseTrump(h.Trump)
		if err != nil {
			return err
		}
		if (t == unnamed) != (s.rounds[i] != Collecting) || t == noTrump && !s.allowNoTrump {
			return games.Errorf("round %d of the history has trump %q", i+1, h.Trump)
		}
		sum := 0
		for seat, x := range h.Scores {
			sum += x
			totals[seat] += x
		}
		if sum != RoundTotal(s.rounds[i]) {
			return games.Errorf("round %d (%s) adds up to %d, not %d", i+1, s.rounds[i], sum, RoundTotal(s.rounds[i]))
		}
		s.history[i] = roundResult{trump: t, scores: [4]int(h.Scores)}
	}
	lastTwoTaker := games.Seat(-1)
	if done == 7 && v.LastTrick != nil {
		lastTwoTaker = v.LastTrick.Winner
	}
	for i := range 4 {
		if v.Scores[i] != totals[i] {
			return games.Errorn("seat %d's total is %d, its rounds add up to %d", i, v.Scores[i], totals[i])
		}
		s.scores[i] = totals[i]
		want := roundScore(cur, s.won[i], int(s.tricks[i]), games.Seat(i) == lastTwoTaker)
		if v.RoundScores[i] != want {
			return games.Errorn("seat %d scores %d this round, its tricks %d", i, v.RoundScores[i], want)
		}
		s.roundScores[i] = want
	}
	if v.Done && (s.history[s.nRounds-1].scores != s.roundScores || s.history[s.nRounds-1].trump != s.trump) {
		return games.Errorf("the last round of the history is not the round shown")
	}

	// The other hands in their sizes.
	unseen := cards.Deck32 &^ s.played
	for i := range games.Seat(4) {
		want := 8 - done
		if (i-v.TrickLeader+4)%4 < games.Seat(s.trickN) {
			want--
		}
		if v.Done {
			want = 0
		}
		if v.HandSizes[i] != want {
			return games.Errorn("seat %d holds %d cards, %d by the tricks played", int(i), v.HandSizes[i], want)
		}
	}
	if v.Seat >= 0 {
		unseen &^= s.hands[v.Seat]
	}
	// Park the unseen cards in the other hands in order; the sampler deals
	// them again.
	rest := unseen.Cards()
	for i := range games.Seat(4) {
		if i != v.Seat {
			n := v.HandSizes[i]
			s.hands[i] = cards.SetOf(rest[:n]...)
			rest = rest[n:]
		}
	}
	return nil
}

func historyTrump(v *View, r int) string {
	if r < len(v.History) {
		return v.History[r].Trump
	}
	return ""
}

// winnerOf is the seat that takes trick cs led by leader in a round of
// contract c with trump t.
func winnerOf(c Contract, t int8, leader games.Seat, cs [4]cards.Card) games.Seat {
	s := State{trick: cs, trickLeader: leader, trump: t}
	s.rounds[0] = c
	return s.trickWinner()
}

// roundScore is what the tricks a seat took in a round of contract c score:
// the cards of won, tricks tricks, and lastTwo when it took trick 7 (the
// only one of the last two a running round can have finished).
func roundScore(c Contract, won cards.Set, tricks int, lastTwo bool) int {
	p := 0
	for range tricks {
		p += penalty(c, 0, 0)
	}
	p += penalty(c, 0, won) - penalty(c, 0, 0)
	if lastTwo && (c == NoLastTwo || c == NoAnything) {
		p -= 8
	}
	return p
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
		return 0, games.Errorf("trump %q: %w", t, err)
	}
	return int8(su), nil
}

// cardList parses distinct cards of the 32-card deck.
func cardList(list []string) ([]cards.Card, error) {
	var set cards.Set
	out := make([]cards.Card, 0, len(list))
	for _, t := range list {
		c, err := cards.Parse(t)
		if err != nil {
			return nil, err
		}
		if !cards.Deck32.Has(c) || set.Has(c) {
			return nil, games.Errorf("%s twice or not in the 32-card deck", t)
		}
		set = set.With(c)
		out = append(out, c)
	}
	return out, nil
}
