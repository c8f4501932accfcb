package catte

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
)

// Steps of the round's replay that play no card.
const (
	stepFoldHand = kindShow + 1 + iota
	stepClaim
)

// Why a drawn deal is not kept.
const (
	keep uint8 = iota
	rejectInstant
	rejectClaim
)

// maxDraws bounds the deals one Sample draws before it gives the last one
// back although a hand in it wins at once or a failed claim would hold in
// it (a view whose deals nearly all do so; never met in play).
const maxDraws = 1000

// step is one action of the round as the view shows it.
type step struct {
	seat int8
	kind uint8      // kindUp, kindFold, kindSecret, stepFoldHand, stepClaim
	card cards.Card // the card, where the seat sees it
	slot int8       // else which of the player's unseen face-down cards, in play order; -1 when seen
}

// sampler deals the cards a seat has not seen (games.Sampler). It holds
// everything public of the view in a template State; each Sample deals
// the unseen cards (cards.Dealer), puts them into the hands and the
// face-down places they went to, and replays the round's actions on the
// deal so that every part of the state follows from it.
type sampler struct {
	tmpl   *State
	seat   games.Seat
	me     int8         // the viewer's seat, -1 for a spectator
	known  [6]cards.Set // per seat, the cards of this round's deal the viewer has seen
	slots  [6]int8      // per seat, its face-down cards the viewer has not seen
	owner  []int8       // per hand of the Dealer: a seat, or -1 for the undealt cards
	dealer *cards.Dealer
	steps  []step
	due    int8 // the seat due to lead trick 1
}

// NewSampler prepares the states consistent with seat's view
// (games.ViewSampler): view is a *View (or a View) that seat received.
// Everything the view shows stays as shown; the other hands, the others'
// face-down cards of this round and the undealt cards are dealt uniformly
// among the deals that fit what the seat knows (see the package doc). A
// view no deal fits is an error that says what does not fit.
func (g Game) NewSampler(cfg games.Config, seat games.Seat, view games.View) (games.Sampler, error) {
	return games.SampleView(ID, "a Cat Te view", cfg, seat, view, rebuild)
}

// rebuild is the game's part of NewSampler: the template of the options,
// the view read into it, and the view's history replayed on deals of it.
func rebuild(cfg games.Config, seat games.Seat, v *View) (games.Sampler, error) {
	cfg.Deals = nil
	t, err := Game{}.setup(cfg)
	if err != nil {
		return nil, err
	}
	sm, err := prepare(t, seat, v)
	if err != nil {
		return nil, err
	}
	return sm, sm.verify()
}

// Sample deals one state. Later rounds are dealt from rng.
func (sm *sampler) Sample(rng *rand.Rand) games.State {
	var s *State
	for range maxDraws {
		var why uint8
		s, why, _ = sm.draw(rng, false)
		if why == keep {
			break
		}
	}
	return s
}

// samplerOf prepares the sampler of seat's view of s without checking the
// view (it is the engine's own): the solver draws its deals with it.
func (s *State) samplerOf(seat games.Seat) (*sampler, error) {
	return prepare(s.blank(), seat, s.View(seat).(*View))
}

// prepare reads v into the template t (a State holding the options only)
// and prepares the Dealer of the unseen cards.
func prepare(t *State, seat games.Seat, v *View) (*sampler, error) {
	n := t.n
	sm := &sampler{tmpl: t, seat: seat, me: -1}
	switch {
	case seat == games.Observer:
	case seat >= 0 && int(seat) < n:
		sm.me = int8(seat)
	default:
		return nil, games.Errorn("seat %d is not a seat of %d players or the spectator", int(seat), n)
	}
	switch {
	case v.Seat != int(seat):
		return nil, games.Errorn("the view is seat %d's, not seat %d's", v.Seat, int(seat))
	case v.Players != n:
		return nil, games.Errorn("the view is of %d players, the table of %d", v.Players, n)
	case v.Region != t.region:
		return nil, games.Errorf("the view's region %q is not the table's %s", v.Region, t.region)
	case v.Winners != nil:
		return nil, games.Errorf("%w: nothing is left to deal", games.ErrDone)
	case len(v.Chips) != n || len(v.Status) != n || len(v.TricksWon) != n || len(v.HandSizes) != n || len(v.Shown) != n:
		return nil, games.Errorn("the view's chips, status, tricks won, hand sizes and shown cards are not one per seat (%d)", n)
	case v.Round < 1 || v.Round > t.rounds:
		return nil, games.Errorn("round %d is not one of the match's %d", v.Round, t.rounds)
	case v.Hands != nil:
		return nil, games.Errorf("the view shows every hand: it is not a seat's")
	case (v.Round > 1) != (v.LastRound != nil):
		return nil, games.Errorf("round %d with the previous round's summary %v", v.Round, v.LastRound != nil)
	case v.Trick < 1 || v.Trick > 5 || len(v.Tricks) != v.Trick-1:
		return nil, games.Errorn("trick %d after %d finished tricks", v.Trick, len(v.Tricks))
	case len(v.Plays) >= n:
		return nil, games.Errorn("%d cards in the trick of %d players, and it goes on", len(v.Plays), n)
	case len(v.Events) > n:
		return nil, games.Errorn("%d throw-ins and claims among %d players", len(v.Events), n)
	}
	seatOK := func(p int) bool { return p >= 0 && p < n }
	// Chips and who is in.
	total := v.Pot + v.SidePot
	if v.Pot < 0 || v.SidePot < 0 {
		return nil, games.Errorn("pot %d, side pot %d", v.Pot, v.SidePot)
	}
	for p, ch := range v.Chips {
		if ch < 0 {
			return nil, games.Errorn("seat %d has %d chips", p, ch)
		}
		total += ch
		t.chips[p] = ch
	}
	if total != n*t.start {
		return nil, games.Errorn("%d chips in play, not the %d the match began with", total, n*t.start)
	}
	var in uint8
	for p, st := range v.Status {
		switch st {
		case "active", "folded", "eliminated":
			in |= 1 << p
		case "out":
		default:
			return nil, games.Errorf("seat %d's status %q is none of active, folded, eliminated, out", p, st)
		}
	}
	if bits.OnesCount8(in) < 2 {
		return nil, games.Errorf("fewer than two seats are in the round")
	}
	isIn := func(p int) bool { return seatOK(p) && in&(1<<p) != 0 }
	if !isIn(v.Dealer) {
		return nil, games.Errorn("dealer %d is not a seat in the round", v.Dealer)
	}
	t.round, t.dealer, t.pot, t.sidePot = v.Round, int8(v.Dealer), v.Pot, v.SidePot
	t.inMatch, t.dealtIn = in, in
	sm.due = t.firstDue()
	// The side pot.
	if t.sideOn != (v.Upcard != "") {
		return nil, games.Errorf("upcard %q with the side pot %v", v.Upcard, t.sideOn)
	}
	if t.sideOn {
		up, err := cards.Parse(v.Upcard)
		if err != nil {
			return nil, games.Errorf("upcard: %w", err)
		}
		t.upcard, t.hasUp, t.sideCard = up, true, sideCardFor(up)
	}
	if v.SideWinner != -1 && (!t.sideOn || !isIn(v.SideWinner)) {
		return nil, games.Errorn("side pot winner %d is not a seat in the round with a side pot", v.SideWinner)
	}
	t.sideWinner = int8(v.SideWinner)
	// The cards seen, per seat.
	var seen cards.Set
	add := func(p int, c cards.Card, what string) error {
		if seen.Has(c) || t.hasUp && c == t.upcard {
			return games.Errorf("%s is shown twice (%s)", c, what)
		}
		seen = seen.With(c)
		sm.known[p] = sm.known[p].With(c)
		return nil
	}
	parse := func(list []string, what string) (cards.Set, error) {
		var set cards.Set
		for _, txt := range list {
			c, err := cards.Parse(txt)
			if err != nil {
				return 0, games.Errorf("%s: %w", what, err)
			}
			if set.Has(c) {
				return 0, games.Errorf("%s: %s twice", what, c)
			}
			set = set.With(c)
		}
		return set, nil
	}
	if sm.me >= 0 {
		hand, err := parse(v.Hand, "hand")
		if err != nil {
			return nil, err
		}
		for _, c := range hand.Cards() {
			if err := add(int(sm.me), c, "in the hand"); err != nil {
				return nil, err
			}
		}
	} else if len(v.Hand) > 0 {
		return nil, games.Errorf("a spectator's view holds a hand")
	}
	for p, list := range v.Shown {
		sh, err := parse(list, fmt.Sprintf("seat %d's shown cards", p))
		if err != nil {
			return nil, err
		}
		if sh != 0 && !isIn(p) {
			return nil, games.Errorn("seat %d is out of the round but shows cards", p)
		}
		t.shown[p] = sh
		if p == int(sm.me) {
			if sh&^sm.known[p] != 0 {
				return nil, games.Errorf("seat %d shows %s, which is not in its hand", p, sh&^sm.known[p])
			}
			continue
		}
		for _, c := range sh.Cards() {
			if err := add(p, c, fmt.Sprintf("shown by seat %d", p)); err != nil {
				return nil, err
			}
		}
	}
	// The round's plays and events, in the order they came.
	for i, e := range v.Events {
		if !isIn(e.Seat) || e.Kind != "foldhand" && e.Kind != "claim" || e.Trick < 1 || e.Trick > v.Trick || e.At < 0 || e.At >= n {
			return nil, games.Errorf("event %d (%+v) is not a throw-in or a claim of a seat in the round", i, e)
		}
		if i > 0 && (e.Trick < v.Events[i-1].Trick || e.Trick == v.Events[i-1].Trick && e.At < v.Events[i-1].At) {
			return nil, games.Errorf("event %d (%+v) comes before the one listed ahead of it", i, e)
		}
		t.events[i] = event{seat: int8(e.Seat), claim: e.Kind == "claim", trick: int8(e.Trick), at: int8(e.At)}
	}
	t.nev = int8(len(v.Events))
	ev := 0
	events := func(trick, at int) {
		for ; ev < len(v.Events) && v.Events[ev].Trick == trick && v.Events[ev].At == at; ev++ {
			k := uint8(stepFoldHand)
			if v.Events[ev].Kind == "claim" {
				k = stepClaim
			}
			sm.steps = append(sm.steps, step{seat: int8(v.Events[ev].Seat), kind: k, slot: -1})
		}
	}
	trickPlays := func(trick int, plays []PlayView, done bool) error {
		if len(plays) > n {
			return games.Errorn("trick %d has %d cards", trick, len(plays))
		}
		for i, pv := range plays {
			events(trick, i)
			st := step{seat: int8(pv.Seat), slot: -1}
			k := slices.Index(kindNames[:], pv.Kind)
			switch {
			case !isIn(pv.Seat):
				return games.Errorn("trick %d: a card of seat %d, which is not in the round", trick, pv.Seat)
			case k != int(kindUp) && k != int(kindFold) && k != int(kindSecret):
				return games.Errorf("trick %d: seat %d's card is %q, not up, fold or secret", trick, pv.Seat, pv.Kind)
			}
			st.kind = uint8(k)
			if pv.Card == "" {
				hidden := pv.Seat != int(sm.me) && (k == int(kindFold) || k == int(kindSecret) && !done)
				if !hidden {
					return games.Errorf("trick %d: seat %d's %s card is not named, though seat %d sees it", trick, pv.Seat, pv.Kind, seat)
				}
				st.slot = sm.slots[pv.Seat]
				sm.slots[pv.Seat]++
			} else {
				c, err := cards.Parse(pv.Card)
				if err != nil {
					return games.Errorf("trick %d: %w", trick, err)
				}
				if err := add(pv.Seat, c, fmt.Sprintf("played in trick %d", trick)); err != nil {
					return err
				}
				st.card = c
			}
			sm.steps = append(sm.steps, st)
		}
		events(trick, len(plays))
		return nil
	}
	for i, tv := range v.Tricks {
		if err := trickPlays(i+1, tv.Plays, true); err != nil {
			return nil, err
		}
	}
	if err := trickPlays(v.Trick, v.Plays, false); err != nil {
		return nil, err
	}
	if ev < len(v.Events) {
		return nil, games.Errorf("event %d (%+v) does not come between the plays of its trick", ev, v.Events[ev])
	}
	// What is left to deal: per seat, its cards not seen.
	pool := cards.Deck52 &^ seen
	if t.hasUp {
		pool = pool.Without(t.upcard)
	}
	var unseen [6]int
	for p := range n {
		switch {
		case !isIn(p):
			if sm.known[p] != 0 || sm.slots[p] != 0 {
				return nil, games.Errorn("seat %d is out of the round but has cards in it", p)
			}
		case p == int(sm.me):
			if k := sm.known[p].Len(); k != 6 {
				return nil, games.Errorn("seat %d's hand and its cards in the tricks make %d cards, not 6", p, k)
			}
		default:
			unseen[p] = 6 - sm.known[p].Len()
			if unseen[p] < int(sm.slots[p]) {
				return nil, games.Errorn("seat %d has %d cards seen and %d face down: more than 6", p, sm.known[p].Len(), int(sm.slots[p]))
			}
		}
		if unseen[p] == 0 && isIn(p) {
			if cl, _ := t.instant(sm.known[p]); cl > 0 {
				return nil, games.Errorf("seat %d's deal %s wins at once: no round is played with it", p, sm.known[p])
			}
		}
	}
	var sizes []int
	var may []cards.Set
	for p := range n {
		if unseen[p] > 0 {
			sm.owner = append(sm.owner, int8(p))
			sizes = append(sizes, unseen[p])
			may = append(may, pool)
		}
	}
	sm.owner = append(sm.owner, -1)
	sizes = append(sizes, pool.Len()-sum(unseen[:]))
	may = append(may, pool)
	if t.hasUp {
		side := t.sideCard
		holder := -1
		for p := range n {
			if sm.known[p].Has(side) {
				holder = p
			}
		}
		switch {
		case holder >= 0 && t.sideWinner >= 0 && int(t.sideWinner) != holder:
			return nil, games.Errorf("seat %d took the side pot, but %s was dealt to seat %d", t.sideWinner, side, holder)
		case holder >= 0 && t.sideWinner < 0 && !t.manual:
			return nil, games.Errorf("seat %d was dealt %s, but nobody took the side pot (sidePotClaim AUTO)", holder, side)
		case holder < 0 && t.sideWinner >= 0:
			// Dealt to the side pot's winner.
			for i, q := range sm.owner {
				if int(q) != int(t.sideWinner) {
					may[i] = may[i].Without(side)
				}
			}
		case holder < 0 && !t.manual:
			// AUTO paid nobody: the card is undealt.
			for i, q := range sm.owner {
				if q >= 0 {
					may[i] = may[i].Without(side)
				}
			}
		}
	}
	d, err := cards.NewDealer(pool, sizes, may)
	if err != nil {
		return nil, games.Errorf("no deal fits the view: %w", err)
	}
	sm.dealer = d
	// The previous round, as the seat saw it: the others' face-down cards
	// stay unnamed.
	if lr := v.LastRound; lr != nil {
		o, err := lastRound(lr, v.Round, n)
		if err != nil {
			return nil, err
		}
		t.last, t.hasLast = o, true
	}
	return sm, nil
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// lastRound reads the previous round's summary.
func lastRound(lr *RoundView, round, n int) (outcome, error) {
	how := slices.Index(howNames[:], lr.How)
	o := outcome{round: lr.Round, winner: int8(lr.Winner), how: uint8(how), pot: lr.Pot, bonus: lr.Bonus,
		sideWinner: int8(lr.SideWinner), finished: int8(len(lr.Tricks))}
	switch {
	case lr.Round != round-1:
		return o, games.Errorn("the previous round is numbered %d in round %d", lr.Round, round)
	case lr.Winner < 0 || lr.Winner >= n || how < 1 || lr.Pot < 0 || lr.Bonus < 0 || lr.SideWinner < -1 || lr.SideWinner >= n:
		return o, games.Errorf("the previous round's summary (winner %d, %q, pot %d, bonus %d, side pot %d) does not fit",
			lr.Winner, lr.How, lr.Pot, lr.Bonus, lr.SideWinner)
	case len(lr.Tricks) > 6:
		return o, games.Errorn("the previous round has %d tricks", len(lr.Tricks))
	}
	var err error
	if o.hand, err = setOfStrict(lr.Hand); err != nil {
		return o, games.Errorf("the previous round's hand: %w", err)
	}
	for i, tv := range lr.Tricks {
		if len(tv.Plays) > n || tv.Leader < 0 || tv.Leader >= n || tv.Winner < 0 || tv.Winner >= n {
			return o, games.Errorn("the previous round's trick %d does not fit %d players", i+1, n)
		}
		tr := trickRec{leader: int8(tv.Leader), winner: int8(tv.Winner), n: int8(len(tv.Plays))}
		for j, pv := range tv.Plays {
			k := slices.Index(kindNames[:], pv.Kind)
			if pv.Seat < 0 || pv.Seat >= n || k < 1 {
				return o, games.Errorf("the previous round's trick %d: card %d of seat %d is %q", i+1, j, pv.Seat, pv.Kind)
			}
			c := noCard
			if pv.Card != "" {
				if c, err = cards.Parse(pv.Card); err != nil {
					return o, games.Errorf("the previous round's trick %d: %w", i+1, err)
				}
			}
			tr.plays[j] = play{seat: int8(pv.Seat), card: c, kind: uint8(k)}
		}
		o.hist[i] = tr
	}
	return o, nil
}

func setOfStrict(list []string) (cards.Set, error) {
	var set cards.Set
	for _, txt := range list {
		c, err := cards.Parse(txt)
		if err != nil {
			return 0, err
		}
		set = set.With(c)
	}
	return set, nil
}

// draw deals the unseen cards once and replays the round on the deal. why
// says whether the deal is kept: a hand of it would have won at once, or a
// failed claim would have held. With check, every replayed action is
// checked, and an action that does not fit is an error (the view's history
// is not one a table makes).
func (sm *sampler) draw(rng *rand.Rand, check bool) (*State, uint8, error) {
	s := new(State)
	*s = *sm.tmpl
	hands := sm.dealer.Deal(rng)
	dealt := sm.known
	var down [6][6]cards.Card
	var buf [52]cards.Card
	for i, q := range sm.owner {
		if q < 0 {
			continue
		}
		cs := hands[i].AppendTo(buf[:0])
		cards.Shuffle(rng, cs)
		copy(down[q][:sm.slots[q]], cs)
		dealt[q] |= hands[i]
	}
	why := keep
	for p := range s.n {
		if s.dealtIn&(1<<p) != 0 {
			if cl, _ := s.instant(dealt[p]); cl > 0 {
				why = rejectInstant
			}
		}
	}
	c := &s.c
	c.hands = dealt
	c.active, c.folded = s.dealtIn, 0
	c.won = [6]int8{}
	c.trick, c.np, c.acted, c.best = 1, 0, 0, -1
	c.winner, c.how, c.turn = -1, howNone, -1
	c.finished = 0
	c.hist = [6]trickRec{}
	c.begin(sm.due)
	for _, st := range sm.steps {
		if check && (c.winner >= 0 || c.turn != st.seat) {
			return nil, 0, games.Errorn("the view's history does not fit the rules: seat %d acts in trick %d when it is seat %d's turn", int(st.seat), int(c.trick), int(c.turn))
		}
		card := st.card
		if st.slot >= 0 {
			card = down[st.seat][st.slot]
		}
		var a games.Action
		switch st.kind {
		case kindUp:
			a = games.Action(actPlay + int(card))
		case kindFold:
			a = games.Action(actFold + int(card))
		case kindSecret:
			a = games.Action(actSecret + int(card))
		case stepFoldHand:
			a = actFoldHand
		case stepClaim:
			if check && !s.claimOn {
				return nil, 0, games.Errorf("the view shows a claim, but claiming is off (option claimWin)")
			}
			if claimHolds(c, st.seat) {
				why = max(why, rejectClaim)
			}
			c.remove(st.seat)
			continue
		}
		if check {
			if err := c.check(a); err != nil {
				return nil, 0, games.Errorf("the view's history does not fit the rules: seat %d in trick %d: %w", st.seat, c.trick, err)
			}
		}
		c.do(a)
	}
	if check && c.winner >= 0 {
		return nil, 0, games.Errorf("the view's history ends the round, but the view shows it going on")
	}
	s.dealt = dealt
	s.sideHolder = -1
	if s.hasUp {
		for p := range s.n {
			if dealt[p].Has(s.sideCard) {
				s.sideHolder = int8(p)
			}
		}
	}
	s.rng = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	return s, why, nil
}

// verify draws deals until one is kept, replaying the view's history on
// each with every action checked against the rules. (SampleView then
// requires a sample to show the seat exactly the view.)
func (sm *sampler) verify() error {
	rng := rand.New(rand.NewPCG(0x5eed, uint64(len(sm.steps))))
	const tries = 200
	count := [3]int{}
	for range tries {
		_, why, err := sm.draw(rng, true)
		if err != nil {
			return err
		}
		if why == keep {
			return nil
		}
		count[why]++
	}
	return games.Errorf("no deal fits the view: of %d deals drawn, %d give a hand that wins at once and %d make a failed claim hold",
		tries, count[rejectInstant], count[rejectClaim])
}
