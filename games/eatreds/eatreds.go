// Package eatreds is Eat Reds (Chinese Ten), the fishing game of RULES.md B2:
// two to four players capture cards from a face-up layout by pairing them to
// ten or by rank (10, J, Q, K), and score the red cards they capture.
//
// A turn is: expose a card from hand, resolve it against the layout, turn the
// top stock card and resolve that too. Capturing is compulsory and one card
// takes one card; when two or more layout cards can be taken the turn owner
// names one with `take`, for the hand card and for the stock card alike. A
// single target is taken automatically, and so is the stock card's. Of the
// first layout, four of a kind of 5, 10, J, Q or K go to the dealer before the
// first turn, and three of a kind of one of those ranks wait for the fourth,
// which takes all three.
//
// # Actions
//
//	play 3D     expose a card from hand
//	take 7H     capture this layout card with the exposed hand card or stock
//	            card, when it could take two or more
//
// `timeout` is refused: the game has no timed window.
//
// # Options
//
//	capturedFaceUp        off|on          won piles lie face up: every seat sees their cards and points
//	blackAceBonus         off|on          the A♠ scores 30 (the deal totals 240 instead of 210)
//	autoPickStockCapture  off|on          the stock card takes its highest-scoring target by itself
//	                                      (equal scores: the lowest card in C D H S order)
//	matchTarget           0|100|200|300|500|1000
//	                                      0: one deal decides; else deals go on (the dealer moving
//	                                      one seat clockwise) until a total reaches the target
//
// # Deals
//
// A record's `deals` fixes deals in order. Fields: `hands` (one list of 24/N
// cards per seat, seat 0 first), `layout` (4 cards), `stock` (24 cards, top
// first) and, in the first deal only, `first`: the dealer (the seat after it
// plays first). Without `first` the first dealer is drawn from the seed. The
// 52 cards must each appear exactly once.
//
// # Scores and result
//
// A won pile scores red A 20, red 9 10 J Q K 10, red 2-8 their pips, black 0
// (A♠ 30 with blackAceBonus). Result.Scores are the totals of the finished
// deals (with matchTarget 0: the card points of the one deal); the winners
// are the seats with the highest total, several when they tie (a 105-105
// two-player deal is a draw: both are listed).
//
// # Bots
//
// Game.Advise (advise.go) is the heuristic of the easy and normal bots: it
// scores each choice one turn ahead from the seat's View (the red points
// taken now, the expected capture of the stock card that follows, minus what
// the next player can expect to take from the layout left behind). The hard
// bot is the generic ISMCTS. STRENGTH.md has the measured strength table.
//
// # View
//
// View(seat) encodes as JSON with these fields:
//
//	seat        the viewer: 0-3, -2 observer, -3 god
//	players     number of seats
//	deal        0-based number of the deal being played
//	dealer      the dealer of this deal
//	turn        the seat to act, -1 when the match is over
//	phase       "play" (expose a hand card), "take" (choose a target), "done"
//	pending     in phase take: the exposed card waiting to capture
//	pendingFrom in phase take: "hand" or "stock"
//	targets     in phase take: the layout cards it may take
//	hand        the viewer's own cards, sorted (absent for observer and god)
//	hands       god view only: every seat's cards, sorted
//	handSizes   cards left in each seat's hand
//	layout      the face-up layout, sorted
//	triple      the rank flagged by the triple rule ("5" "10" "J" "Q" "K"), "" when none
//	stock       cards left in the stock
//	stockCards  god view only: the stock, top first
//	piles       per seat: {"count", "open", "cards", "points"}; cards and points are
//	            present when open: the viewer's own pile, every pile with
//	            capturedFaceUp, and the god view
//	lastTurn    the events of the previous turn, thisTurn those of the current
//	            one: {"seat", "from": "hand"|"stock"|"deal", "card", "took"}; "deal"
//	            is the dealer taking a four-of-a-kind layout (card is "")
//	lastDeal    each seat's card points in the previous finished deal (absent before)
//	scores      each seat's total over finished deals
//	target      the matchTarget option
//	done        the match is over
//	winners     the seats with the highest total, once done
package eatreds

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"cardtable/games"
	"cardtable/games/cards"
)

// ID names the game in records and on the command line.
const ID = "eatreds"

const (
	maxPlayers = 4
	layoutSize = 4
	stockSize  = 24
	handTotal  = 24 // cards dealt to the players together
)

// Game is Eat Reds.
type Game struct{}

func (Game) Info() games.Info {
	return games.Info{
		ID:         ID,
		Title:      "Eat Reds",
		Pitch:      "Chinese Ten: pair cards to ten from the layout and collect the reds.",
		MinPlayers: 2,
		MaxPlayers: maxPlayers,
		Options: []games.Option{
			games.Switch("capturedFaceUp", "off", "Won piles lie face up for everyone to see (Khmer, Lao, Vietnamese and Chinese tables)."),
			games.Switch("blackAceBonus", "off", "The ace of spades scores 30."),
			games.Switch("autoPickStockCapture", "off", "A stock card that can take two cards takes the higher-scoring one by itself."),
			{Name: "matchTarget", Values: []string{"0", "100", "200", "300", "500", "1000"}, Default: "0",
				Help: "0: one deal decides. Otherwise deals go on until someone's total reaches the target."},
		},
	}
}

// fixedDeal is one deal of the config's deals.
type fixedDeal struct {
	hands  [maxPlayers]cards.Set
	layout cards.Set
	stock  [stockSize]cards.Card
}

func (g Game) New(cfg games.Config) (games.State, error) {
	opts, err := g.Info().Resolve(cfg)
	if err != nil {
		return nil, err
	}
	n := cfg.Players
	if handTotal%n != 0 { // unreachable with 2-4 players; kept for the rule's sake
		return nil, fmt.Errorf("%s: %d players: 24 cards do not divide among them", ID, n)
	}
	s := &State{
		players:  n,
		faceUp:   opts.Bool("capturedFaceUp"),
		blackAce: opts.Bool("blackAceBonus"),
		autoPick: opts.Bool("autoPickStockCapture"),
		target:   opts.Int("matchTarget"),
		pcg:      *rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15),
	}
	dealer := -1
	for i, d := range cfg.Deals {
		fd, first, err := parseDeal(d, i, n)
		if err != nil {
			return nil, err
		}
		s.deals = append(s.deals, fd)
		if first != nil {
			dealer = *first
		}
	}
	if dealer < 0 {
		dealer = int(s.pcg.Uint64() % uint64(n))
	}
	s.dealer = int8(dealer)
	s.startDeal()
	return s, nil
}

func parseDeal(d games.Deal, i, n int) (fixedDeal, *int, error) {
	var fd fixedDeal
	fail := func(format string, args ...any) (fixedDeal, *int, error) {
		return fd, nil, fmt.Errorf("%s: deal %d: %s", ID, i, fmt.Sprintf(format, args...))
	}
	if err := d.Only("hands", "layout", "stock", "first"); err != nil {
		return fail("%v", err)
	}
	if d.First != nil {
		if i > 0 {
			return fail("first is given in the first deal only")
		}
		if *d.First < 0 || *d.First >= n {
			return fail("first %d is not a seat 0-%d", *d.First, n-1)
		}
	}
	if len(d.Hands) != n {
		return fail("%d hands for %d players", len(d.Hands), n)
	}
	var all cards.Set
	add := func(where, txt string) (cards.Card, error) {
		c, err := cards.Parse(txt)
		if err != nil {
			return 0, fmt.Errorf("%s: deal %d: %s: %w", ID, i, where, err)
		}
		if all.Has(c) {
			return 0, fmt.Errorf("%s: deal %d: %s is dealt twice", ID, i, c)
		}
		all = all.With(c)
		return c, nil
	}
	for seat, h := range d.Hands {
		if len(h) != handTotal/n {
			return fail("seat %d has %d cards, want %d", seat, len(h), handTotal/n)
		}
		for _, txt := range h {
			c, err := add(fmt.Sprintf("seat %d", seat), txt)
			if err != nil {
				return fd, nil, err
			}
			fd.hands[seat] = fd.hands[seat].With(c)
		}
	}
	if len(d.Layout) != layoutSize {
		return fail("layout has %d cards, want %d", len(d.Layout), layoutSize)
	}
	for _, txt := range d.Layout {
		c, err := add("layout", txt)
		if err != nil {
			return fd, nil, err
		}
		fd.layout = fd.layout.With(c)
	}
	if len(d.Stock) != stockSize {
		return fail("stock has %d cards, want %d", len(d.Stock), stockSize)
	}
	for k, txt := range d.Stock {
		c, err := add("stock", txt)
		if err != nil {
			return fd, nil, err
		}
		fd.stock[k] = c
	}
	return fd, d.First, nil
}

type phase uint8

const (
	phasePlay phase = iota
	phaseTake
	phaseDone
)

// Event origins.
const (
	fromHand uint8 = iota
	fromStock
	fromDeal
)

type event struct {
	seat int8
	from uint8
	card cards.Card
	took cards.Set
}

// turnLog is what happened in one turn: at most a hand card and a stock card,
// and before the first turn the dealer's four-of-a-kind capture.
type turnLog struct {
	n      int8
	events [3]event
}

func (l *turnLog) add(e event) {
	if int(l.n) < len(l.events) {
		l.events[l.n] = e
		l.n++
	}
}

// State is one match of Eat Reds. Every field is a value, so Clone is a copy;
// deals is shared between clones and never written after New.
type State struct {
	players  int
	faceUp   bool
	blackAce bool
	autoPick bool
	target   int
	deals    []fixedDeal
	pcg      rand.PCG

	deal     int // 0-based index of the current deal
	dealer   int8
	turn     int8
	phase    phase
	hands    [maxPlayers]cards.Set
	layout   cards.Set
	stock    [stockSize]cards.Card
	stockPos int8 // next stock card
	piles    [maxPlayers]cards.Set
	triple   cards.Rank // the flagged rank, 0 when none
	pending  cards.Card // phase take: the exposed card
	pendFrom uint8      // phase take: fromHand or fromStock

	lastTurn, thisTurn turnLog

	scores     [maxPlayers]int
	lastPoints [maxPlayers]int
	dealsDone  int
	// leftover is the layout at the end of the last finished deal: always
	// empty (RULES.md B2 ruling 8); the tests assert it.
	leftover cards.Set
}

// rankSet is the four cards of rank r.
func rankSet(r cards.Rank) cards.Set {
	var s cards.Set
	for _, su := range cards.Suits {
		s = s.With(cards.Make(r, su))
	}
	return s
}

// partners is the set of cards c captures (and that capture c): A-9 pair to
// ten, 10 J Q K by rank.
func partners(c cards.Card) cards.Set {
	r := c.Rank()
	switch {
	case r == cards.Ace:
		return rankSet(9)
	case r == 9:
		return rankSet(cards.Ace)
	case r >= 10 && r <= cards.King:
		return rankSet(r)
	}
	return rankSet(10 - r)
}

// Captures tells whether x captures y (and y captures x): the pairing rule
// alone, which the table uses to show what a card would take.
func Captures(x, y cards.Card) bool { return partners(x).Has(y) }

// selfPairing are the ranks the triple and four-of-a-kind rules apply to.
func selfPairing(r cards.Rank) bool { return r == 5 || (r >= 10 && r <= cards.King) }

// Points is what a captured card scores: red A 20, red 9-K 10, red 2-8 their
// pips, black 0; with blackAce the A♠ scores 30.
func Points(c cards.Card, blackAce bool) int {
	if !c.Suit().Red() {
		if blackAce && c == cards.Make(cards.Ace, cards.Spades) {
			return 30
		}
		return 0
	}
	switch r := c.Rank(); {
	case r == cards.Ace:
		return 20
	case r >= 9:
		return 10
	default:
		return int(r)
	}
}

// PilePoints scores a won pile.
func PilePoints(pile cards.Set, blackAce bool) int {
	p := 0
	for m := pile; m != 0; m &= m - 1 {
		p += Points(m.Lowest(), blackAce)
	}
	return p
}

func (s *State) startDeal() {
	if s.deal < len(s.deals) {
		d := &s.deals[s.deal]
		s.hands = d.hands
		s.layout = d.layout
		s.stock = d.stock
	} else {
		var deck [cards.NumCards]cards.Card
		for i := range deck {
			deck[i] = cards.Card(i)
		}
		r := rand.New(&s.pcg)
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		s.hands = [maxPlayers]cards.Set{}
		per := handTotal / s.players
		for i, c := range deck[:handTotal] {
			s.hands[i/per] = s.hands[i/per].With(c)
		}
		s.layout = cards.SetOf(deck[handTotal : handTotal+layoutSize]...)
		copy(s.stock[:], deck[handTotal+layoutSize:])
	}
	s.stockPos = 0
	s.piles = [maxPlayers]cards.Set{}
	s.triple = 0
	s.phase = phasePlay
	s.lastTurn, s.thisTurn = s.thisTurn, turnLog{} // the last turn of the previous deal stays visible
	for r := cards.Rank(5); r <= cards.King; r++ {
		if !selfPairing(r) {
			continue
		}
		switch (s.layout & rankSet(r)).Len() {
		case 4:
			s.piles[s.dealer] = s.layout
			s.thisTurn.add(event{seat: s.dealer, from: fromDeal, took: s.layout})
			s.layout = 0
		case 3:
			s.triple = r
		}
	}
	s.turn = (s.dealer + 1) % int8(s.players)
}

func (s *State) Actors(dst []games.Seat) []games.Seat {
	if s.phase == phaseDone {
		return dst
	}
	return append(dst, games.Seat(s.turn))
}

// Action encoding: `play c` is the card (0-51); `take c` is takeBase + card.
const takeBase games.Action = 64

// targets are the layout cards the pending card may take.
func (s *State) targets() cards.Set { return s.layout & partners(s.pending) }

func (s *State) Legal(seat games.Seat, dst []games.Action) []games.Action {
	if s.phase == phaseDone || seat != games.Seat(s.turn) {
		return dst
	}
	m := s.hands[s.turn]
	base := games.Action(0)
	if s.phase == phaseTake {
		m, base = s.targets(), takeBase
	}
	for ; m != 0; m &= m - 1 {
		dst = append(dst, base+games.Action(m.Lowest()))
	}
	return dst
}

func (s *State) Apply(seat games.Seat, a games.Action) error {
	if s.phase == phaseDone {
		return games.ErrDone
	}
	if a == games.Timeout {
		return games.ErrNoWindow
	}
	if seat != games.Seat(s.turn) {
		return games.ErrNotYourTurn
	}
	switch {
	case a < cards.NumCards:
		c := cards.Card(a)
		if s.phase == phaseTake {
			return fmt.Errorf("choose which card %s takes first (take %s)", s.pending, strings.Join(s.targets().Strings(), " or take "))
		}
		if !s.hands[s.turn].Has(c) {
			return fmt.Errorf("you do not hold %s", c)
		}
		s.lastTurn, s.thisTurn = s.thisTurn, turnLog{}
		s.hands[s.turn] = s.hands[s.turn].Without(c)
		if s.resolve(c, fromHand) {
			s.stockStep()
		}
		return nil
	case a >= takeBase && a < takeBase+cards.NumCards:
		c := cards.Card(a - takeBase)
		if s.phase != phaseTake {
			return errors.New("nothing to take: play a card from your hand")
		}
		if !s.targets().Has(c) {
			return fmt.Errorf("%s cannot take %s (it may take %s)", s.pending, c, s.targets())
		}
		s.capture(s.pending, c, s.pendFrom)
		s.phase = phasePlay
		if s.pendFrom == fromHand {
			s.stockStep()
		} else {
			s.endTurn()
		}
		return nil
	}
	return fmt.Errorf("unknown action %d", a)
}

// resolve places or captures with x; it reports false when the turn owner
// must choose the target first.
func (s *State) resolve(x cards.Card, from uint8) bool {
	if s.triple != 0 && x.Rank() == s.triple {
		took := s.layout & rankSet(s.triple)
		s.layout &^= took
		s.piles[s.turn] |= took.With(x)
		s.thisTurn.add(event{seat: s.turn, from: from, card: x, took: took})
		s.triple = 0
		return true
	}
	t := s.layout & partners(x)
	switch {
	case t == 0:
		s.layout = s.layout.With(x)
		s.thisTurn.add(event{seat: s.turn, from: from, card: x})
	case t.Len() == 1:
		s.capture(x, t.Lowest(), from)
	case from == fromStock && s.autoPick:
		best, bestPts := t.Lowest(), -1
		for m := t; m != 0; m &= m - 1 {
			if p := Points(m.Lowest(), s.blackAce); p > bestPts {
				best, bestPts = m.Lowest(), p
			}
		}
		s.capture(x, best, from)
	default:
		s.pending, s.pendFrom, s.phase = x, from, phaseTake
		return false
	}
	return true
}

func (s *State) capture(x, y cards.Card, from uint8) {
	s.layout = s.layout.Without(y)
	s.piles[s.turn] = s.piles[s.turn].With(x).With(y)
	s.thisTurn.add(event{seat: s.turn, from: from, card: x, took: cards.SetOf(y)})
}

// stockStep turns the top stock card and resolves it.
func (s *State) stockStep() {
	x := s.stock[s.stockPos]
	s.stockPos++
	if s.resolve(x, fromStock) {
		s.endTurn()
	}
}

func (s *State) endTurn() {
	if s.stockPos < stockSize {
		s.turn = (s.turn + 1) % int8(s.players)
		return
	}
	// Hands and stock run out together after 24 turns.
	s.leftover = s.layout
	for i := range s.players {
		p := PilePoints(s.piles[i], s.blackAce)
		s.lastPoints[i] = p
		s.scores[i] += p
	}
	s.dealsDone++
	if s.target == 0 || s.best() >= s.target {
		s.phase = phaseDone
		s.turn = -1
		return
	}
	s.deal++
	s.dealer = (s.dealer + 1) % int8(s.players)
	s.startDeal()
}

func (s *State) best() int {
	b := s.scores[0]
	for _, v := range s.scores[:s.players] {
		b = max(b, v)
	}
	return b
}

func (s *State) winners() []games.Seat { return games.TopScorers(s.scores[:s.players]) }

func (s *State) Deadline() time.Duration { return 0 }

func (s *State) Done() bool { return s.phase == phaseDone }

func (s *State) Result() games.Result {
	r := games.Result{Scores: append([]int(nil), s.scores[:s.players]...)}
	if s.phase == phaseDone {
		r.Winners = s.winners()
	}
	return r
}

func (s *State) Clone() games.State {
	c := *s
	return &c
}

// Determinize redeals the cards seat has not seen (the other hands and the
// stock) at random, each hand keeping its size: nothing a seat sees in Eat
// Reds narrows where an unseen card is. Future deals are reseeded from rng.
func (s *State) Determinize(seat games.Seat, rng *rand.Rand) games.State {
	d := *s
	d.deals = nil
	d.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	if s.phase == phaseDone || seat == games.God {
		return &d
	}
	var pool cards.Set
	for i := range s.players {
		if games.Seat(i) != seat {
			pool |= s.hands[i]
		}
	}
	for _, c := range s.stock[s.stockPos:] {
		pool = pool.With(c)
	}
	var buf [cards.NumCards]cards.Card
	cs := pool.AppendTo(buf[:0])
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	for i := range s.players {
		if games.Seat(i) == seat {
			continue
		}
		k := s.hands[i].Len()
		d.hands[i] = cards.SetOf(cs[:k]...)
		cs = cs[k:]
	}
	copy(d.stock[s.stockPos:], cs)
	return &d
}

func (s *State) FormatAction(a games.Action) string {
	switch {
	case a == games.Timeout:
		return "timeout"
	case a < cards.NumCards:
		return "play " + cards.Card(a).String()
	case a >= takeBase && a < takeBase+cards.NumCards:
		return "take " + cards.Card(a-takeBase).String()
	}
	return "unknown " + strconv.FormatUint(uint64(a), 10)
}

func (s *State) ParseAction(text string) (games.Action, error) {
	f := strings.Fields(text)
	switch {
	case len(f) == 1 && f[0] == "timeout":
		return games.Timeout, nil
	case len(f) == 2 && (f[0] == "play" || f[0] == "take"):
		c, err := cards.Parse(f[1])
		if err != nil {
			return 0, err
		}
		if f[0] == "take" {
			return takeBase + games.Action(c), nil
		}
		return games.Action(c), nil
	}
	return 0, fmt.Errorf("unknown action %q (eatreds actions: play CARD, take CARD)", text)
}

// Round is the 0-based number of the deal being played.
func (s *State) Round() int { return s.deal }
