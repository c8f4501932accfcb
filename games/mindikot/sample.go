package mindikot

import (
	"math/rand/v2"
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
)

// NewSampler prepares the states consistent with a seat's view
// (games.ViewSampler): everything the view shows as shown, and the cards it
// does not show (the other hands, and the hidden card while it is set aside
// and the seat is not its owner) dealt uniformly among the deals that keep
// every hand off the suits its player showed void in. A hidden card revealed
// and not yet played stays in its owner's hand; a hidden card that joined its
// owner's hand unrevealed is, for the others, that hand's one card. seat is
// a player or games.Observer. Later rounds are dealt from the sampler's
// generator. A view no table could show is refused with what does not fit.
func (g Game) NewSampler(cfg games.Config, seat games.Seat, view games.View) (games.Sampler, error) {
	return games.SampleView(ID, "a Mindikot view", cfg, seat, view, rebuild)
}

// rebuild is the game's part of NewSampler: the state v shows, and the
// hands to deal (the other seats', off the suits they showed void in, and
// the hidden card while it is set aside and the seat is not its owner).
func rebuild(cfg games.Config, seat games.Seat, v *View) (games.Sampler, error) {
	if v.Seat != int(seat) {
		return nil, games.Errorn("the view is seat %d's, not seat %d's", v.Seat, int(seat))
	}
	if cfg.Players != 4 && cfg.Players != 6 {
		return nil, games.Errorn("%d players: the game is for 4 or 6", cfg.Players)
	}
	if seat != games.Observer && (seat < 0 || int(seat) >= cfg.Players) {
		return nil, games.Errorn("seat %d: only the players and the spectator are sampled", int(seat))
	}
	cfg.Deals, cfg.Seed = nil, 0
	gs, err := Game{}.New(cfg)
	if err != nil {
		return nil, err
	}
	s := gs.(*State)
	k := known{me: int(seat)}
	if err := s.fromView(v, &k); err != nil {
		return nil, err
	}
	var slots []int // the hands dealt in order; -1 is the hidden card
	sm := &games.Dealing[State, *State]{
		Seed: func(s *State, rng *rand.Rand) { s.rng = *rand.NewPCG(rng.Uint64(), rng.Uint64()) },
		Put: func(s *State, hands []cards.Set) {
			for i, h := range hands {
				if p := slots[i]; p >= 0 {
					s.hands[p] |= h
				} else {
					s.hidden = h.Lowest()
				}
			}
			if k.joined {
				s.hidden = s.hands[s.hidOwner].Lowest()
			}
		},
	}
	for p := range s.n {
		if p == k.me {
			continue
		}
		slots = append(slots, p)
		sm.Unseen.Hand(s.hands[p]&^k.fixed[p], s.deck()&^voidCards(s.voids[p]))
		s.hands[p] = k.fixed[p]
	}
	if k.hidSlot {
		slots = append(slots, -1)
		sm.Unseen.Hand(cards.SetOf(s.hidden), s.deck())
		s.hidden = 0
	}
	sm.Base = *s
	if err := sm.Unseen.Prepare(); err != nil {
		return nil, games.Errorf("no deal fits the voids the view shows: %w", err)
	}
	return sm, nil
}

// known is what the view tells of where the cards the seat cannot see are.
type known struct {
	me      int
	fixed   [6]cards.Set // per seat, cards known to be in its hand
	hidSlot bool         // the hidden card is set aside and unknown to the seat
	joined  bool         // the hidden card is its owner's one card, unknown to the seat
}

// voidCards is every card of the suits in voids.
func voidCards(voids uint8) cards.Set {
	var out cards.Set
	for _, su := range cards.Suits {
		if voids&suitBit(su) != 0 {
			out |= cards.SuitSet(su)
		}
	}
	return out
}

// fromView sets s (a new match under the table's options) to the position v
// shows, the unseen cards parked in the hands in their sizes (the sampler
// deals them again), and tells k which cards are known where. It checks
// that a table could show v.
func (s *State) fromView(v *View, k *known) error {
	n := s.n
	seatOK := func(p int) bool { return p >= 0 && p < n }
	mode := "CUT"
	if s.hiddenMode {
		mode = "HIDDEN"
	}
	switch {
	case v.Players != n || v.Mode != mode || v.Target != s.target:
		return games.Errorf("the view's table (%d players, mode %q, %d points) is not the options' (%d, %s, %d)",
			v.Players, v.Mode, v.Target, n, mode, s.target)
	case len(v.Voids) != n || len(v.HandSizes) != n || len(v.Tens) != 2 || len(v.Tricks) != 2 ||
		len(v.TensCards) != 2 || len(v.Points) != 2:
		return games.Errorn("the view does not give voids and handSizes for %d seats, tens, tricks, tensCards and points for 2 teams", n)
	case v.Round < 1:
		return games.Errorn("round %d", v.Round)
	}
	phase := slices.Index(phaseNames[:], v.Phase)
	hid := slices.Index(hidStates[:], v.HiddenState)
	decl := slices.Index(declNames[:], v.Declared)
	if phase < 0 || hid < 0 || decl < 0 {
		return games.Errorf("phase %q, hiddenState %q or declared %q is not a state of the game", v.Phase, v.HiddenState, v.Declared)
	}
	s.round, s.phase, s.hidState, s.declared = v.Round, uint8(phase), uint8(hid), uint8(decl)
	over := s.phase == phaseOver
	if !seatOK(v.FirstLeader) || !seatOK(v.Leader) || (over != (v.Turn == -1)) || (!over && !seatOK(v.Turn)) {
		return games.Errorn("first leader %d, leader %d or turn %d is not a seat", v.FirstLeader, v.Leader, v.Turn)
	}
	s.firstLeader, s.leader, s.turn = v.FirstLeader, v.Leader, v.Turn
	if s.traditional {
		if !seatOK(v.Dealer) || v.FirstLeader != (v.Dealer+1)%n {
			return games.Errorn("dealer %d for first leader %d", v.Dealer, v.FirstLeader)
		}
		s.dealer = v.Dealer
	} else {
		s.dealer = (v.FirstLeader + n - 1) % n
	}

	// The hidden card's state.
	s.hidOwner = v.HiddenOwner
	switch {
	case !s.hiddenMode && (s.hidState != hidNone || v.HiddenOwner != -1 || s.phase == phaseHide):
		return games.Errorf("mode CUT has no hidden card (hiddenState %q, owner %d, phase %q)", v.HiddenState, v.HiddenOwner, v.Phase)
	case s.hiddenMode && v.HiddenOwner != v.FirstLeader:
		return games.Errorn("the hidden card is seat %d's, the first leader is seat %d", v.HiddenOwner, v.FirstLeader)
	case s.hiddenMode && (s.phase == phaseHide) != (s.hidState == hidNone):
		return games.Errorf("hiddenState %q in phase %q", v.HiddenState, v.Phase)
	case s.phase == phaseHide && !s.chosen:
		return games.Errorf("phase hide without hiddenCardSelection CHOSEN")
	}
	known := s.hidState != hidNone && (k.me == s.hidOwner || s.hidState == hidRevealed || s.hidState == hidPlayed)
	if known != (v.Hidden != "") {
		return games.Errorf("the hidden card %q in state %q for seat %d", v.Hidden, v.HiddenState, k.me)
	}
	deck := s.deck()
	if known {
		c, err := cards.Parse(v.Hidden)
		if err != nil || !deck.Has(c) {
			return games.Errorf("the hidden card %q is not in the %d-card deck", v.Hidden, deck.Len())
		}
		s.hidden = c
	}

	// Trump, voids, declaration.
	s.trumpSet = v.Trump != ""
	if s.trumpSet {
		su, err := cards.ParseSuit(v.Trump)
		if err != nil {
			return games.Errorf("trump: %w", err)
		}
		s.trump = su
	}
	if s.hiddenMode && (s.trumpSet != (s.hidState == hidRevealed) || s.trumpSet && s.trump != s.hidden.Suit()) {
		return games.Errorf("trump %q with the hidden card %q %s", v.Trump, v.Hidden, v.HiddenState)
	}
	for p := range n {
		s.voids[p] = 0
		for _, r := range v.Voids[p] {
			su, err := cards.ParseSuit(string(r))
			if err != nil {
				return games.Errorf("seat %d's voids %q: %w", p, v.Voids[p], err)
			}
			s.voids[p] |= suitBit(su)
		}
	}

	// Played cards, the trick, the tricks and tens taken.
	parse := func(what string, list []string) (cards.Set, error) {
		var set cards.Set
		for _, t := range list {
			c, err := cards.Parse(t)
			if err != nil || !deck.Has(c) || set.Has(c) {
				return 0, games.Errorf("%s: %q twice or not in the %d-card deck", what, t, deck.Len())
			}
			set = set.With(c)
		}
		return set, nil
	}
	var err error
	if s.played, err = parse("played", v.Played); err != nil {
		return err
	}
	s.tricksNo = v.TricksPlayed
	if len(v.Trick) >= n || (over && len(v.Trick) > 0) {
		return games.Errorn("a trick of %d cards", len(v.Trick))
	}
	s.trickN, s.nonTrump = len(v.Trick), 0
	var trick cards.Set
	for i, p := range v.Trick {
		c, err := cards.Parse(p.Card)
		if err != nil || !s.played.Has(c) || trick.Has(c) || p.Seat != (s.leader+i)%n {
			return games.Errorf("the trick: %q by seat %d is not the next card played", p.Card, p.Seat)
		}
		s.trick[i] = c
		trick = trick.With(c)
		if p.NonTrump {
			s.nonTrump = s.nonTrump.With(c)
		}
	}
	switch {
	case s.tricksNo < 0 || s.tricksNo > s.perHand() || (s.tricksNo == s.perHand()) != over:
		return games.Errorn("%d tricks played of %d", s.tricksNo, s.perHand())
	case s.played.Len() != s.tricksNo*n+s.trickN:
		return games.Errorn("%d cards played in %d tricks and %d cards", s.played.Len(), s.tricksNo, s.trickN)
	case !over && s.turn != (s.leader+s.trickN)%n:
		return games.Errorn("seat %d to play after %d cards led by seat %d", s.turn, s.trickN, s.leader)
	case s.tricksNo == 0 && s.leader != s.firstLeader:
		return games.Errorn("trick 1 led by seat %d, the first leader is seat %d", s.leader, s.firstLeader)
	case s.phase == phaseHide && (s.tricksNo != 0 || s.trickN != 0):
		return games.Errorf("the hidden card is set aside before the first lead only")
	case s.hidState == hidPlayed && !s.played.Has(s.hidden):
		return games.Errorf("the hidden card %s is played but not among the played cards", s.hidden)
	case (s.hidState == hidAside || s.hidState == hidJoined) && known && s.played.Has(s.hidden):
		return games.Errorf("the hidden card %s is %s but played", s.hidden, v.HiddenState)
	}
	if s.declared != declNone {
		led := s.trick[0].Suit()
		switch {
		case s.trickN == 0:
			return games.Errorf("a declaration before the lead")
		case s.voids[s.turn]&suitBit(led) == 0:
			return games.Errorf("seat %d declared %q without showing a void in the led suit", s.turn, v.Declared)
		case s.declared == declReveal && !s.trumpSet, s.declared == declPass && s.trumpSet:
			return games.Errorf("declared %q with trump %q", v.Declared, v.Trump)
		case s.declared == declPass && s.hidState != hidAside && s.hidState != hidJoined:
			return games.Errorf("a pass with no hidden card to reveal")
		}
	}
	finished := s.played &^ trick
	tens := finished & rankSet(10)
	for t := range 2 {
		if s.tensWon[t], err = parse("tensCards", v.TensCards[t]); err != nil {
			return err
		}
		switch {
		case s.tensWon[t]&^tens != 0:
			return games.Errorf("team %d won %v, not tens of finished tricks", t, s.tensWon[t]&^tens)
		case v.Tens[t] != s.tensWon[t].Len() || v.Tricks[t] < 0 || s.tensWon[t] != 0 && v.Tricks[t] == 0:
			return games.Errorf("team %d won %d tens with the cards %v in %d tricks", t, v.Tens[t], v.TensCards[t], v.Tricks[t])
		case v.Points[t] < 0 || v.Points[t] >= s.target && !over:
			return games.Errorn("team %d has %d points of %d", t, v.Points[t], s.target)
		}
		s.tens[t], s.tricksWon[t], s.points[t] = v.Tens[t], v.Tricks[t], v.Points[t]
	}
	if s.tensWon[0]&s.tensWon[1] != 0 || s.tensWon[0]|s.tensWon[1] != tens || v.Tricks[0]+v.Tricks[1] != s.tricksNo {
		return games.Errorf("tens %v and tricks %v do not add up to the finished tricks", v.TensCards, v.Tricks)
	}

	// The last finished trick: this round's when one is finished, else the
	// previous round's last one.
	s.lastN, s.lastLeader, s.lastWinner, s.lastNonTr = 0, -1, -1, 0
	if lt := v.LastTrick; lt != nil {
		if len(lt.Cards) != n || !seatOK(lt.Leader) || !seatOK(lt.Winner) {
			return games.Errorf("the last trick is not one card per seat with a leader and a winner")
		}
		var set cards.Set
		for i, p := range lt.Cards {
			c, err := cards.Parse(p.Card)
			if err != nil || !deck.Has(c) || set.Has(c) || p.Seat != (lt.Leader+i)%n {
				return games.Errorf("the last trick: %q by seat %d", p.Card, p.Seat)
			}
			set = set.With(c)
			s.lastTrick[i] = c
			if p.NonTrump {
				s.lastNonTr = s.lastNonTr.With(c)
			}
		}
		if s.tricksNo > 0 && (set&^finished != 0 || lt.Winner != s.leader) {
			return games.Errorf("the last trick %v is not finished or its winner %d does not lead now", set, lt.Winner)
		}
		s.lastN, s.lastLeader, s.lastWinner = n, lt.Leader, lt.Winner
	} else if s.tricksNo > 0 || s.round > 1 {
		return games.Errorf("the view shows no last trick")
	}
	s.hasLastRound = v.LastRound != nil
	if lr := v.LastRound; lr != nil {
		if len(lr.Tens) != 2 || len(lr.Tricks) != 2 || lr.Team < -1 || lr.Team > 1 {
			return games.Errorf("the last round is not a result of two teams")
		}
		s.lastRound = outcome{Round: lr.Round, Team: lr.Team, Points: lr.Points, Tens: [2]int(lr.Tens), Tricks: [2]int(lr.Tricks), Kind: lr.Kind}
	} else if s.round > 1 || over {
		return games.Errorf("the view shows no last round")
	}
	if v.LastRound != nil && s.round == 1 && !over {
		return games.Errorf("a last round in round 1")
	}
	s.winTeam = -1
	if over {
		switch {
		case v.Points[0] >= s.target && v.Points[1] < s.target:
			s.winTeam = 0
		case v.Points[1] >= s.target && v.Points[0] < s.target:
			s.winTeam = 1
		default:
			return games.Errorf("the match is over at %v points of %d", v.Points, s.target)
		}
	}

	// The hands: the seat's own, the others' sizes.
	inTrick := func(p int) bool { return (p-s.leader+n)%n < s.trickN }
	for p := range n {
		want := s.perHand() - s.tricksNo
		if inTrick(p) {
			want--
		}
		if s.hidState == hidAside && p == s.hidOwner {
			want--
		}
		if v.HandSizes[p] != want {
			return games.Errorn("seat %d holds %d cards, %d by the tricks played", p, v.HandSizes[p], want)
		}
	}
	s.hands = [6]cards.Set{}
	unseen := deck &^ s.played
	if k.me >= 0 {
		own, err := parse("hand", v.Hand)
		if err != nil {
			return err
		}
		voided := own & voidCards(s.voids[k.me])
		if s.hidState == hidRevealed && k.me == s.hidOwner {
			voided = voided.Without(s.hidden) // back in the hand whatever the voids
		}
		switch {
		case own.Len() != v.HandSizes[k.me]:
			return games.Errorn("the hand holds %d cards, its size is %d", own.Len(), v.HandSizes[k.me])
		case own&s.played != 0:
			return games.Errorf("the hand holds %v, already played", own&s.played)
		case voided != 0:
			return games.Errorf("the hand holds %v, which the seat's voids say it cannot hold", voided)
		}
		s.hands[k.me] = own
		unseen &^= own
	} else if len(v.Hand) > 0 {
		return games.Errorf("a spectator's view shows a hand")
	}

	// Where the hidden card is, as the seat knows it.
	switch {
	case s.hidState == hidAside && k.me == s.hidOwner:
		if s.hands[k.me].Has(s.hidden) {
			return games.Errorf("the hidden card %s is set aside and in the hand", s.hidden)
		}
		unseen = unseen.Without(s.hidden)
	case s.hidState == hidAside:
		k.hidSlot = true
	case s.hidState == hidJoined && k.me == s.hidOwner:
		if s.hands[k.me] != cards.SetOf(s.hidden) {
			return games.Errorf("the hidden card %s joined the hand %v as its last card", s.hidden, v.Hand)
		}
	case s.hidState == hidJoined:
		if v.HandSizes[s.hidOwner] != 1 {
			return games.Errorn("the hidden card joined seat %d's hand of %d cards", s.hidOwner, v.HandSizes[s.hidOwner])
		}
		k.joined = true
	case s.hidState == hidRevealed && !s.played.Has(s.hidden) && k.me == s.hidOwner:
		if !s.hands[k.me].Has(s.hidden) {
			return games.Errorf("the revealed card %s is neither played nor in its owner's hand", s.hidden)
		}
	case s.hidState == hidRevealed && !s.played.Has(s.hidden):
		if v.HandSizes[s.hidOwner] == 0 || !unseen.Has(s.hidden) {
			return games.Errorf("the revealed card %s is neither played nor in its owner's hand", s.hidden)
		}
		k.fixed[s.hidOwner] = cards.SetOf(s.hidden) // shown to everyone, back in its owner's hand
	}
	// Park the unseen cards in the hands in their sizes.
	rest := unseen
	for p := range n {
		rest &^= k.fixed[p]
	}
	for p := range n {
		if p == k.me {
			continue
		}
		h := k.fixed[p]
		for left := rest; h.Len() < v.HandSizes[p] && left != 0; left &= left - 1 {
			h = h.With(left.Lowest())
		}
		rest &^= h
		s.hands[p] = h
	}
	switch {
	case k.hidSlot && rest.Len() == 1:
		s.hidden = rest.Lowest()
	case rest != 0 || k.hidSlot:
		return games.Errorn("%d cards unseen for the hands' sizes", unseen.Len())
	}
	if k.joined {
		s.hidden = s.hands[s.hidOwner].Lowest()
	}
	return nil
}

// rankSet is the cards of rank r in every suit.
func rankSet(r cards.Rank) cards.Set {
	var out cards.Set
	for _, su := range cards.Suits {
		out = out.With(cards.Make(r, su))
	}
	return out
}
