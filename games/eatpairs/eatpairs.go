// Package eatpairs is Eat Pairs (Siku), the matching game of RULES.md B3: two
// to six players lay their pairs, and then every exposed card is paired at
// once by the first player in check order holding its rank. The first player
// with an empty hand wins the round.
//
// The dealer gets 8 cards, the others 7; the rest is the stock. Pairs are
// laid automatically (three of a kind: the two highest suits are laid, the
// lowest stays; four: both pairs). The dealer opens with one card from hand,
// checked from the dealer's left. Then the lead player (whoever made the last
// pair, else the dealer) draws the top stock card, checked in the order of
// matchPriority. The player who pairs a card lays both and becomes the lead;
// an unpaired card is dead on the waste and the same lead draws again. When
// the stock runs out with no winner, the exhaustion option decides: in the
// hand-play phase the lead exposes a card of its choice from hand (its last
// card wins at once; otherwise it is checked from the lead's left).
//
// # Actions
//
//	play 7C     the dealer's opening card; in the hand-play phase, the lead's card
//	draw        the lead player draws the top stock card
//
// `timeout` is refused: the game has no timed window.
//
// # Descriptions
//
// Describe (games.State) tells each seat what it may know. Kinds:
//
//	play      Cards: the card exposed from hand (face up: named to everyone)
//	draw      the lead turns the top stock card: it is not known before, so it
//	          is counted in Hidden (the view that follows shows it as the last
//	          card); god reads it in Cards
//	timeout   (never legal)
//
// Outcomes, told only when they follow from what the viewer knows (always to
// god): "pair" (Winners: the seat that pairs the card), "dead" (nobody holds
// its rank: it goes to the waste), "round" (the round ends; Winners: its
// winners) and "match" (the match ends; Winners: the match's winners). A
// seat knows who pairs a card played from hand when every seat checked
// before is known to lack the rank (its own hand, the exclusions of the
// view, no unseen card of the rank) and the one after is itself or nobody;
// the exposer's last card in the hand-play phase wins for everyone to see.
// The stock's last card ends the round whoever pairs it under FEWEST_CARDS
// and DRAW: that draw reads "round" (or "match") without winners.
//
// # Samples
//
// Game.NewSampler (games.ViewSampler) rebuilds states from a seat's view
// (or the spectator's, or god's). Every card laid, dead or in the seat's hand
// stays where the view shows it; the unseen cards are dealt to the other
// hands (their sizes) and the stock, uniformly among the deals in which each
// hand holds one card of a rank at most and none of its exclusions
// (`excluded`: the ranks it was checked for and lacked, the ranks it paired
// or exposed from hand, and the suits above the lower card of a pair it
// laid from the deal, which laying would have taken instead). The deals are
// counted exactly, rank by rank, when the sampler is made; each sample then
// walks the ranks. Later rounds come from the sampler's generator. A view no
// deal fits (a card in two places, a pair in a hand, a hand holding a card
// it was seen not to hold, sizes that do not add up, points that do not
// follow from the rounds won...) is refused with the reason.
//
// # Options
//
//	matchPriority  DRAWER_FIRST|NEXT_FIRST         a drawn card is checked from the drawer
//	                                               (DRAWER_FIRST) or from the drawer's left,
//	                                               the drawer last (NEXT_FIRST)
//	exhaustion     HAND_PLAY|FEWEST_CARDS|DRAW     the stock ran out with no winner: play on
//	                                               from hand; or the fewest cards win (ties
//	                                               share); or nobody wins the round
//	nextDealer     CLOCKWISE|WINNER                the next round's dealer: the next seat, or
//	                                               the round's sole winner (a shared or no win:
//	                                               the next seat)
//	matchRounds    1-10                            rounds in the match
//
// # Deals
//
// A record's `deals` fixes rounds in order. Fields: `hands` (seat 0 first, as
// dealt, before the pairs are laid: the dealer's 8 cards, the others' 7),
// `stock` (the 52-7N-1 other cards, top first) and, in the first deal only,
// `first`: the dealer, which must be the seat given 8 cards (without it the
// 8-card seat deals). Later fixed deals must give the 8 cards to the seat
// whose turn it is to deal, so with nextDealer=WINNER only the first deal may
// be fixed.
//
// # Scores and result
//
// One match point per round won (a shared win gives one to each). The match
// winners are the seats with the most points once every round is played;
// none when nobody won a round.
//
// # Bots
//
// Game.Advise (advise.go) is the heuristic of the easy and normal bots: the
// dealer opens, and the lead plays in the hand-play phase, the card whose
// rank has the fewest cards it has not seen, keeping those it is most likely
// to pair itself. The hard bot is the generic ISMCTS. The game leaves little
// to decide; STRENGTH.md has the measured strength table.
//
// # View
//
// View(seat) encodes as JSON with these fields:
//
//	seat         the viewer: 0-5, -2 observer, -3 god
//	players      number of seats
//	round        0-based number of the round being played
//	rounds       the matchRounds option
//	dealer       this round's dealer
//	lead         the lead player
//	turn         the seat to act, -1 when the match is over
//	phase        "open" (the dealer's opening card), "draw", "hand" (hand-play phase), "done"
//	hand         the viewer's own cards, sorted (absent for observer and god)
//	hands        god view only: every seat's cards, sorted
//	handSizes    cards in each seat's hand
//	laid         the cards each seat has laid in pairs, sorted
//	waste        the dead cards, oldest first
//	stock        cards left in the stock
//	stockCards   god view only: the stock, top first
//	last         the last exposed card: {"seat", "from": "hand"|"stock", "card",
//	             "pairedBy": the seat that paired it or -1}; absent at a round's start
//	excluded     per seat, the unseen cards everyone knows it cannot hold (not yet
//	             laid or dead): every card of a rank it was checked for and
//	             lacked, paired, or exposed from hand (a hand holds one card of a
//	             rank at most), and of a rank it laid a pair of from the deal, the
//	             suits above the pair's lower card (of three, laying keeps the
//	             lowest suit)
//	points       each seat's match points
//	history      the winners of every finished round, in order ([] for a drawn round)
//	done         the match is over
//	winners      the seats with the most points, once done
package eatpairs

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"cardtable/games"
	"cardtable/games/cards"
)

// ID names the game in records and on the command line.
const ID = "eatpairs"

const (
	maxPlayers = 6
	maxRounds  = 10
	maxStock   = 52 - 7*2 - 1
)

// Exhaustion rules.
const (
	handPlay uint8 = iota
	fewestCards
	drawRound
)

// Game is Eat Pairs.
type Game struct{}

func (Game) Info() games.Info {
	rounds := make([]string, maxRounds)
	for i := range rounds {
		rounds[i] = strconv.Itoa(i + 1)
	}
	return games.Info{
		ID:         ID,
		Title:      "Eat Pairs",
		Pitch:      "Siku: pair every card that turns up and be the first with an empty hand.",
		MinPlayers: 2,
		MaxPlayers: maxPlayers,
		Options: []games.Option{
			{Name: "matchPriority", Values: []string{"DRAWER_FIRST", "NEXT_FIRST"}, Default: "DRAWER_FIRST",
				Help: "Who gets a drawn card first: the drawer, or the next player (the drawer last)."},
			{Name: "exhaustion", Values: []string{"HAND_PLAY", "FEWEST_CARDS", "DRAW"}, Default: "HAND_PLAY",
				Help: "When the stock runs out: play on from hand, fewest cards win, or the round is drawn."},
			{Name: "nextDealer", Values: []string{"CLOCKWISE", "WINNER"}, Default: "CLOCKWISE",
				Help: "The next round's dealer: the next seat, or the winner."},
			{Name: "matchRounds", Values: rounds, Default: "1", Help: "Rounds in the match; each round won scores a point."},
		},
	}
}

type fixedDeal struct {
	hands  [maxPlayers]cards.Set
	stock  [maxStock]cards.Card
	dealer int8
}

func (g Game) New(cfg games.Config) (games.State, error) {
	s, err := g.table(cfg)
	if err != nil {
		return nil, err
	}
	n := cfg.Players
	if s.winnerDeals && len(cfg.Deals) > 1 {
		return nil, games.Errorf("%s: deals: with nextDealer WINNER only the first deal can be fixed (later dealers are not known in advance)", ID)
	}
	for i, d := range cfg.Deals {
		fd, err := parseDeal(d, i, n)
		if err != nil {
			return nil, err
		}
		if i > 0 && int(fd.dealer) != (int(s.deals[0].dealer)+i)%n {
			return nil, games.Errorf("%s: deal %d: seat %d has 8 cards but seat %d deals round %d", ID, i, fd.dealer, (int(s.deals[0].dealer)+i)%n, i+1)
		}
		s.deals = append(s.deals, fd)
	}
	if len(s.deals) > 0 {
		s.dealer = s.deals[0].dealer
	} else {
		s.dealer = int8(s.pcg.Uint64() % uint64(n))
	}
	s.startRound()
	return s, nil
}

// table is a match of cfg's rules before any deal.
func (g Game) table(cfg games.Config) (*State, error) {
	opts, err := g.Info().Resolve(cfg)
	if err != nil {
		return nil, err
	}
	n := cfg.Players
	return &State{
		players:     n,
		nextFirst:   opts["matchPriority"] == "NEXT_FIRST",
		exhaustion:  map[string]uint8{"HAND_PLAY": handPlay, "FEWEST_CARDS": fewestCards, "DRAW": drawRound}[opts["exhaustion"]],
		winnerDeals: opts["nextDealer"] == "WINNER",
		rounds:      opts.Int("matchRounds"),
		stockLen:    int8(52 - 7*n - 1),
		pcg:         *rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15),
	}, nil
}

func parseDeal(d games.Deal, i, n int) (fixedDeal, error) {
	var fd fixedDeal
	dealt := cards.Dealt{Game: ID, Index: i}
	if err := d.Only("hands", "stock", "first"); err != nil {
		return fd, dealt.Errorf("%v", err)
	}
	if d.First != nil && i > 0 {
		return fd, dealt.Errorf("first is given in the first deal only")
	}
	if len(d.Hands) != n {
		return fd, dealt.Errorf("%d hands for %d players", len(d.Hands), n)
	}
	fd.dealer = -1
	for seat, h := range d.Hands {
		switch {
		case len(h) == 8 && fd.dealer < 0:
			fd.dealer = int8(seat)
		case len(h) != 7:
			return fd, dealt.Errorf("seat %d has %d cards: the dealer gets 8, the others 7", seat, len(h))
		}
	}
	hands, err := dealt.Hands("seat", d.Hands, -1)
	if err != nil {
		return fd, err
	}
	copy(fd.hands[:], hands)
	if fd.dealer < 0 {
		return fd, dealt.Errorf("no seat has the dealer's 8 cards")
	}
	if d.First != nil && *d.First != int(fd.dealer) {
		return fd, dealt.Errorf("first is %d but seat %d has the dealer's 8 cards", *d.First, fd.dealer)
	}
	stock, err := dealt.Pile("stock", d.Stock, 52-7*n-1)
	if err != nil {
		return fd, err
	}
	copy(fd.stock[:], stock)
	return fd, nil
}

type phase uint8

const (
	phaseOpen phase = iota
	phaseDraw
	phaseHand
	phaseDone
)

// exposure is the last card turned face up.
type exposure struct {
	ok        bool
	seat      int8
	fromStock bool
	card      cards.Card
	pairedBy  int8
}

// State is one match of Eat Pairs. Every field is a value, so Clone is a
// copy; deals is shared between clones and never written after New.
type State struct {
	players     int
	nextFirst   bool
	exhaustion  uint8
	winnerDeals bool
	rounds      int
	stockLen    int8
	deals       []fixedDeal
	pcg         rand.PCG

	round    int
	dealer   int8
	lead     int8
	phase    phase
	hands    [maxPlayers]cards.Set
	laid     [maxPlayers]cards.Set
	waste    [cards.NumCards]cards.Card
	nWaste   int8
	stock    [maxStock]cards.Card
	stockPos int8
	last     exposure

	// What everyone has seen a seat cannot hold: ranks it was checked for
	// and lacked, ranks it paired or exposed from hand (it held one card of
	// a rank at most), and the suits laying would have taken instead. The
	// view shows it; samples keep to it.
	excluded [maxPlayers]cards.Set

	points     [maxPlayers]int
	history    [maxRounds]uint8 // winners of each finished round, one bit per seat
	roundsDone int
}

// rankSet is the four cards of rank r.
func rankSet(r cards.Rank) cards.Set {
	var s cards.Set
	for _, su := range cards.Suits {
		s = s.With(cards.Make(r, su))
	}
	return s
}

func (s *State) next(p int8) int8 { return (p + 1) % int8(s.players) }

func (s *State) startRound() {
	if s.round < len(s.deals) {
		d := &s.deals[s.round]
		s.hands = d.hands
		s.stock = d.stock
	} else {
		deck := cards.Shuffled(rand.New(&s.pcg), cards.Deck52)
		s.hands = [maxPlayers]cards.Set{}
		for i := range s.players {
			p := (s.dealer + int8(i)) % int8(s.players)
			size := 7
			if i == 0 {
				size = 8
			}
			s.hands[p], deck = cards.Split(deck, size)
		}
		copy(s.stock[:], deck)
	}
	s.stockPos = 0
	s.laid = [maxPlayers]cards.Set{}
	s.excluded = [maxPlayers]cards.Set{}
	s.nWaste = 0
	s.last = exposure{}
	s.lead = s.dealer
	s.phase = phaseOpen
	for p := range s.players {
		s.layPairs(p)
	}
	if s.hands[s.dealer] == 0 { // only the dealer's even hand can pair out
		s.endRound(1 << s.dealer)
	}
}

// layPairs lays every pair of the dealt hand: of three of a kind the two
// highest suits go down and the lowest stays, so a seat that laid suits a<b
// of a rank cannot hold a card of that rank above a.
func (s *State) layPairs(p int) {
	for r := cards.Two; r <= cards.Ace; r++ {
		m := s.hands[p] & rankSet(r)
		switch m.Len() {
		case 2, 4:
			s.laid[p] |= m
		case 3:
			m = m.Without(m.Lowest())
			s.laid[p] |= m
		default:
			continue
		}
		s.hands[p] &^= m
		low := m.Lowest()
		s.excluded[p] |= rankSet(r) &^ (cards.SetOf(low) | (cards.SetOf(low) - 1))
	}
}

func (s *State) Actors(dst []games.Seat) []games.Seat {
	if s.phase == phaseDone {
		return dst
	}
	return append(dst, games.Seat(s.actor()))
}

func (s *State) actor() int8 {
	if s.phase == phaseOpen {
		return s.dealer
	}
	return s.lead
}

// Action encoding: `play c` is the card (0-51); `draw` is drawAction.
const drawAction games.Action = 64

func (s *State) Legal(seat games.Seat, dst []games.Action) []games.Action {
	if s.phase == phaseDone || seat != games.Seat(s.actor()) {
		return dst
	}
	if s.phase == phaseDraw {
		return append(dst, drawAction)
	}
	for m := s.hands[seat]; m != 0; m &= m - 1 {
		dst = append(dst, games.Action(m.Lowest()))
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
	if seat != games.Seat(s.actor()) {
		return games.ErrNotYourTurn
	}
	switch {
	case a < cards.NumCards:
		c := cards.Card(a)
		if s.phase == phaseDraw {
			return games.Refuse("draw from the stock: cards are played from the hand only to open and once the stock is empty")
		}
		p := s.actor()
		if !s.hands[p].Has(c) {
			return games.Refuse("you do not hold %s", c)
		}
		s.hands[p] = s.hands[p].Without(c)
		s.excluded[p] |= rankSet(c.Rank()) // it held one card of the rank
		if s.phase == phaseHand && s.hands[p] == 0 {
			s.last = exposure{ok: true, seat: p, card: c, pairedBy: -1}
			s.toWaste(c)
			s.endRound(1 << p)
			return nil
		}
		// The opening and the hand-play phase check from the exposer's left.
		if s.expose(c, p, false, s.next(p)) {
			return nil
		}
		if s.phase == phaseOpen {
			s.phase = phaseDraw
		}
		return nil
	case a == drawAction:
		switch s.phase {
		case phaseOpen:
			return games.Refuse("the dealer opens with a card from the hand")
		case phaseHand:
			return games.Refuse("the stock is empty: play a card from your hand")
		}
		x := s.stock[s.stockPos]
		s.stockPos++
		first := s.lead
		if s.nextFirst {
			first = s.next(s.lead)
		}
		if s.expose(x, s.lead, true, first) {
			return nil
		}
		if s.stockPos == s.stockLen {
			s.exhausted()
		}
		return nil
	}
	return games.Errorf("unknown action %d", a)
}

// expose checks every seat in clockwise order from first for x's rank: the
// first holder pairs it and leads; nobody: x is dead. It reports whether the
// round ended.
func (s *State) expose(x cards.Card, by int8, fromStock bool, first int8) bool {
	s.last = exposure{ok: true, seat: by, fromStock: fromStock, card: x, pairedBy: -1}
	rank := rankSet(x.Rank())
	q := first
	for range s.players {
		if y := s.hands[q] & rank; y != 0 {
			s.hands[q] &^= y
			s.laid[q] |= y.With(x)
			s.excluded[q] |= rank // its one card of the rank is laid
			s.lead = q
			s.last.pairedBy = q
			if s.hands[q] == 0 {
				s.endRound(1 << q)
				return true
			}
			return false
		}
		s.excluded[q] |= rank
		q = s.next(q)
	}
	s.toWaste(x)
	return false
}

func (s *State) toWaste(c cards.Card) {
	s.waste[s.nWaste] = c
	s.nWaste++
}

// exhausted applies the exhaustion rule once the stock is empty.
func (s *State) exhausted() {
	switch s.exhaustion {
	case handPlay:
		s.phase = phaseHand
	case fewestCards:
		fewest := 99
		for p := range s.players {
			fewest = min(fewest, s.hands[p].Len())
		}
		var w uint8
		for p := range s.players {
			if s.hands[p].Len() == fewest {
				w |= 1 << p
			}
		}
		s.endRound(w)
	default:
		s.endRound(0)
	}
}

func (s *State) endRound(winners uint8) {
	for p := range s.players {
		if winners&(1<<p) != 0 {
			s.points[p]++
		}
	}
	s.history[s.round] = winners
	s.roundsDone++
	s.round++
	if s.round == s.rounds {
		s.phase = phaseDone
		s.lead = -1
		return
	}
	if s.winnerDeals && winners != 0 && winners&(winners-1) == 0 {
		for p := range s.players {
			if winners == 1<<p {
				s.dealer = int8(p)
			}
		}
	} else {
		s.dealer = s.next(s.dealer)
	}
	s.startRound()
}

func (s *State) Deadline() time.Duration { return 0 }

func (s *State) Done() bool { return s.phase == phaseDone }

// Round is the 0-based number of the round being played.
func (s *State) Round() int { return s.round }

func (s *State) Result() games.Result {
	r := games.Result{Scores: append([]int(nil), s.points[:s.players]...)}
	if s.phase == phaseDone {
		r.Winners = s.winners()
	}
	return r
}

func (s *State) winners() []games.Seat {
	best := 0
	for _, v := range s.points[:s.players] {
		best = max(best, v)
	}
	var w []games.Seat
	if best == 0 {
		return w
	}
	for i, v := range s.points[:s.players] {
		if v == best {
			w = append(w, games.Seat(i))
		}
	}
	return w
}

func (s *State) Clone() games.State {
	c := *s
	return &c
}

func (s *State) FormatAction(a games.Action) string {
	switch {
	case a == games.Timeout:
		return "timeout"
	case a < cards.NumCards:
		return "play " + cards.Card(a).String()
	case a == drawAction:
		return "draw"
	}
	return "unknown " + strconv.FormatUint(uint64(a), 10)
}

func (s *State) ParseAction(text string) (games.Action, error) {
	f := strings.Fields(text)
	switch {
	case len(f) == 1 && f[0] == "timeout":
		return games.Timeout, nil
	case len(f) == 1 && f[0] == "draw":
		return drawAction, nil
	case len(f) == 2 && f[0] == "play":
		c, err := cards.Parse(f[1])
		if err != nil {
			return 0, err
		}
		return games.Action(c), nil
	}
	return 0, games.Errorf("unknown action %q (eatpairs actions: play CARD, draw)", text)
}
