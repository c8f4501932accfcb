package mindikot

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
)

// SampleView rebuilds a playable state from a seat's view alone
// (games.ViewSampler): everything the view shows as shown, and the cards it
// does not show (the other hands, the hidden card while only its owner knows
// it) dealt at random, each hand keeping its size and the voids its player
// has shown. A bot whose engine runs elsewhere (a peer at a hosted table)
// searches from it. Later deals come from rng.
func (g Game) SampleView(cfg games.Config, view any, rng *rand.Rand) (games.State, error) {
	v, ok := view.(*View)
	switch {
	case !ok || v == nil:
		return nil, fmt.Errorf("%s: %T is not a Mindikot view", ID, view)
	case v.Winners != nil || v.Phase == "over":
		return nil, games.ErrDone
	}
	cfg.Deals, cfg.Seed = nil, rng.Uint64()
	gs, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	s := gs.(*State)
	n := s.n
	seatOK := func(p int) bool { return p >= 0 && p < n }
	mode := map[bool]string{true: "HIDDEN", false: "CUT"}[s.hiddenMode]
	phase := slices.Index([]string{"hide", "play"}, v.Phase)
	hid := slices.Index(hidStates[:], v.HiddenState)
	decl := slices.Index([]string{"", "reveal", "pass"}, v.Declared)
	switch {
	case v.Players != n || v.Mode != mode || v.Target != s.target:
		return nil, fmt.Errorf("%s: the view's table (%d players, %s, %d points) is not the options'", ID, v.Players, v.Mode, v.Target)
	case !seatOK(v.Seat):
		return nil, fmt.Errorf("%s: the view of seat %d holds no hand", ID, v.Seat)
	case phase < 0 || hid < 0 || decl < 0 || !seatOK(v.Turn) || !seatOK(v.Leader) || !seatOK(v.FirstLeader) ||
		len(v.Voids) != n || len(v.HandSizes) != n || len(v.Tens) != 2 || len(v.Tricks) != 2 || len(v.TensCards) != 2 ||
		len(v.Points) != 2 || len(v.Trick) >= n || v.Round < 1 || (hid != int(hidNone) && !seatOK(v.HiddenOwner)):
		return nil, fmt.Errorf("%s: the view is not one a Mindikot table shows", ID)
	}
	if s.hiddenMode != (hid != int(hidNone) || phase == int(phaseHide)) || (phase == int(phaseHide)) != (hid == int(hidNone) && s.hiddenMode) {
		return nil, fmt.Errorf("%s: the hidden card's state %q does not fit mode %s", ID, v.HiddenState, v.Mode)
	}
	s.round, s.firstLeader, s.phase, s.turn, s.leader = v.Round, v.FirstLeader, uint8(phase), v.Turn, v.Leader
	if s.traditional {
		if !seatOK(v.Dealer) {
			return nil, fmt.Errorf("%s: dealer %d is not a seat", ID, v.Dealer)
		}
		s.dealer = v.Dealer
	}
	s.tricksNo, s.declared, s.hidState, s.hidOwner = v.TricksPlayed, uint8(decl), uint8(hid), v.HiddenOwner
	s.trumpSet = v.Trump != ""
	if s.trumpSet {
		su, err := cards.ParseSuit(v.Trump)
		if err != nil {
			return nil, fmt.Errorf("%s: trump: %w", ID, err)
		}
		s.trump = su
	}
	deck := s.deck()
	parse := func(list []string) (cards.Set, error) {
		var set cards.Set
		for _, t := range list {
			c, err := cards.Parse(t)
			if err != nil || !deck.Has(c) || set.Has(c) {
				return 0, fmt.Errorf("%s: card %q twice or not in the deck", ID, t)
			}
			set = set.With(c)
		}
		return set, nil
	}
	if s.played, err = parse(v.Played); err != nil {
		return nil, err
	}
	s.trickN, s.nonTrump = len(v.Trick), 0
	for i, p := range v.Trick {
		c, err := cards.Parse(p.Card)
		if err != nil || !s.played.Has(c) || p.Seat != (s.leader+i)%n {
			return nil, fmt.Errorf("%s: the view's trick", ID)
		}
		s.trick[i] = c
		if p.NonTrump {
			s.nonTrump = s.nonTrump.With(c)
		}
	}
	s.lastN, s.lastLeader, s.lastWinner, s.lastNonTr = 0, -1, -1, 0
	if lt := v.LastTrick; lt != nil {
		if len(lt.Cards) != n || !seatOK(lt.Leader) || !seatOK(lt.Winner) {
			return nil, fmt.Errorf("%s: the view's last trick", ID)
		}
		s.lastN, s.lastLeader, s.lastWinner = n, lt.Leader, lt.Winner
		for i, p := range lt.Cards {
			if s.lastTrick[i], err = cards.Parse(p.Card); err != nil {
				return nil, err
			}
			if p.NonTrump {
				s.lastNonTr = s.lastNonTr.With(s.lastTrick[i])
			}
		}
	}
	for t := range 2 {
		s.tens[t], s.tricksWon[t], s.points[t] = v.Tens[t], v.Tricks[t], v.Points[t]
		if s.tensWon[t], err = parse(v.TensCards[t]); err != nil {
			return nil, err
		}
	}
	s.hasLastRound = v.LastRound != nil
	if lr := v.LastRound; lr != nil {
		if len(lr.Tens) != 2 || len(lr.Tricks) != 2 {
			return nil, fmt.Errorf("%s: the view's last round", ID)
		}
		s.lastRound = outcome{Round: lr.Round, Team: lr.Team, Points: lr.Points, Tens: [2]int(lr.Tens), Tricks: [2]int(lr.Tricks), Kind: lr.Kind}
	}
	for p := range n {
		s.voids[p] = 0
		for _, r := range v.Voids[p] {
			su, err := cards.ParseSuit(string(r))
			if err != nil {
				return nil, fmt.Errorf("%s: voids: %w", ID, err)
			}
			s.voids[p] |= suitBit(su)
		}
	}
	own, err := parse(v.Hand)
	if err != nil {
		return nil, err
	}
	if own&s.played != 0 || own.Len() != v.HandSizes[v.Seat] {
		return nil, fmt.Errorf("%s: the view's hand does not match its size or the cards played", ID)
	}
	// The cards the view shows where they are, the rest to deal.
	var shown cards.Set
	if v.Hidden != "" {
		c, err := cards.Parse(v.Hidden)
		if err != nil || !deck.Has(c) {
			return nil, fmt.Errorf("%s: the hidden card %q", ID, v.Hidden)
		}
		s.hidden, shown = c, cards.SetOf(c)
	}
	pool := deck &^ own &^ s.played
	var (
		caps    [7]int
		allowed [7]uint8
		fixed   [7]cards.Set
		out     [7]cards.Set
	)
	const hidSlot = 6
	me := v.Seat
	for p, size := range v.HandSizes {
		if size < 0 || size > s.perHand() {
			return nil, fmt.Errorf("%s: seat %d holds %d cards in the view", ID, p, size)
		}
	}
	for p := range n {
		if p == me {
			continue
		}
		caps[p] = v.HandSizes[p]
		allowed[p] = 0xf &^ s.voids[p]
		if s.hidState == hidRevealed && p == s.hidOwner && shown != 0 && pool&shown != 0 {
			fixed[p], caps[p] = shown, caps[p]-1 // shown to everyone, back in its owner's hand
		}
	}
	if s.hidState == hidAside && me != s.hidOwner {
		caps[hidSlot], allowed[hidSlot] = 1, 0xf
	}
	for p := range n {
		pool &^= fixed[p]
	}
	if s.hidState == hidAside && me == s.hidOwner {
		pool &^= shown // the owner's hidden card is set aside, not in a hand
	}
	want := 0
	for _, c := range caps {
		want += c
	}
	if want != pool.Len() {
		return nil, fmt.Errorf("%s: %d cards unseen for %d places", ID, pool.Len(), want)
	}
	cs := pool.Cards()
	cards.Shuffle(rng, cs)
	dealConstrained(cs, &caps, &allowed, &out, rng)
	s.hands = [6]cards.Set{}
	s.hands[me] = own
	for p := range n {
		if p != me {
			s.hands[p] = out[p] | fixed[p]
		}
	}
	switch {
	case s.hidState == hidAside && me != s.hidOwner:
		s.hidden = out[hidSlot].Lowest()
	case s.hidState == hidJoined && me != s.hidOwner:
		s.hidden = s.hands[s.hidOwner].Lowest()
	case s.hidState == hidNone:
		s.hidden = 0
	}
	// A view no table shows can still pass the checks above; every move
	// the sample offers must play.
	for _, seat := range s.Actors(nil) {
		for _, a := range s.Legal(seat, nil) {
			if err := s.Clone().Apply(seat, a); err != nil {
				return nil, fmt.Errorf("%s: the view is not one a Mindikot table shows: %w", ID, err)
			}
		}
	}
	return s, nil
}
