package papas

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"cardtable/games"
)

// ID names the game in records and on the command line.
const ID = "papas"

// Card is a kind of card: the deck holds several copies of each.
type Card uint8

// The kinds, in card order: potatoes by name then value, then the rest.
const (
	Papa1     Card = 0  // papa1 … papa5 are 0-4
	Duquesas1 Card = 5  // duquesas1 … duquesas5 are 5-9
	Fritas1   Card = 10 // fritas1 … fritas5 are 10-14
	Wild      Card = 15
	NoPoh     Card = 16
	TeDije    Card = 17
	Dorada    Card = 18
	Robo      Card = 19
	NumKinds       = 20
)

// Deck sizes.
const (
	MaxPlayers   = 6
	Standard113  = 113
	Legacy103    = 103
	maxChain     = 16 // the main play and at most 13 interrupts
	serialBits   = 23
	serialMask   = 1<<serialBits - 1
	noTarget     = -1
	nameCount    = 3
	valuesByName = 5
)

var potatoNames = [nameCount]string{"papa", "duquesas", "fritas"}

// Potato tells a potato card.
func (c Card) Potato() bool { return c < Wild }

// Name is 0 papa, 1 duquesas, 2 fritas for potatoes.
func (c Card) Name() int { return int(c) / valuesByName }

// Value is 1-5 for potatoes and 0 for every other card.
func (c Card) Value() int {
	if !c.Potato() {
		return 0
	}
	return int(c)%valuesByName + 1
}

// Alarm tells the golden-action cards, which end the turn when they resolve.
func (c Card) Alarm() bool { return c == Dorada || c == Robo }

// Interrupt tells No Poh and Te Dije.
func (c Card) Interrupt() bool { return c == NoPoh || c == TeDije }

func (c Card) String() string {
	switch {
	case c.Potato():
		return potatoNames[c.Name()] + strconv.Itoa(c.Value())
	case c < NumKinds:
		return [...]string{"wild", "nopoh", "tedije", "dorada", "robo"}[c-Wild]
	}
	return "??"
}

// ParseCard reads a card: papa3, duquesas1, fritas5, wild, nopoh, tedije, dorada, robo.
func ParseCard(s string) (Card, error) {
	for c := range Card(NumKinds) {
		if c.String() == s {
			return c, nil
		}
	}
	return 0, games.Errorf("unknown card %q (cards: papa1-5, duquesas1-5, fritas1-5, wild, nopoh, tedije, dorada, robo)", s)
}

// composition is how many copies of each kind a deck holds.
func composition(legacy bool) [NumKinds]uint8 {
	var n [NumKinds]uint8
	for v := range valuesByName {
		n[int(Papa1)+v] = 6
		n[int(Duquesas1)+v] = 5
		n[int(Fritas1)+v] = 4
	}
	n[Wild], n[NoPoh], n[TeDije] = 15, 10, 3
	if !legacy {
		n[Dorada], n[Robo] = 6, 4
	}
	return n
}

// Target is the GP needed to win with n players.
func Target(n int) int {
	switch {
	case n <= 3:
		return 8
	case n <= 5:
		return 6
	}
	return 5
}

type phase uint8

const (
	phaseStart   phase = iota // internal: the active player's turn begins
	phaseMain                 // the active player plays or ends
	phaseWindow               // a reaction window is open
	phaseDiscard              // the active player discards down to the limit
	phaseOver                 // internal: the turn is over, win check and next
	phaseDone
)

var phaseNames = [...]string{"start", "main", "window", "discard", "over", "done"}

// Game is DondeLasPapasQueman.
type Game struct{}

var turnLimits = []string{"none", "10", "20", "30", "40", "50", "60", "80", "100", "150", "200", "300"}

func (Game) Info() games.Info {
	return games.Info{
		ID:         ID,
		Title:      "Donde Las Papas Queman",
		Pitch:      "Race for golden potatoes with threesomes, and shout No Poh! before the 3-second window closes.",
		MinPlayers: 2,
		MaxPlayers: MaxPlayers,
		Options: []games.Option{
			{Name: "deck", Values: []string{"STANDARD_113", "LEGACY_103"}, Default: "STANDARD_113", Help: "LEGACY_103 leaves out Papa Dorada and Robo de Papa."},
			{Name: "reactionSeconds", Values: []string{"1", "2", "3", "4", "5", "6", "8", "10"}, Default: "3", Help: "How long everyone may react to a play."},
			{Name: "handLimit", Values: []string{"5", "6", "7", "8", "9", "10"}, Default: "7", Help: "After the end-of-turn draw a player discards down to this many cards."},
			{Name: "startHand", Values: []string{"3", "4", "5", "6", "7"}, Default: "5", Help: "Cards dealt to each player (at most the hand limit)."},
			{Name: "turnLimit", Values: turnLimits, Default: "none", Help: "After this many turns the most golden potatoes win, ties share."},
		},
	}
}

type rules struct {
	players   int8
	target    int16
	legacy    bool
	reaction  uint8
	handLimit uint8
	startHand uint8
	turnLimit uint16 // 0: none
	total     uint8  // cards in the deck
}

// link is one play of a reaction chain.
type link struct {
	seat   int8
	three  bool
	n      uint8 // cards: 1 or 3
	cards  [3]Card
	target int8 // Robo's target, noTarget otherwise
}

// State is one match of Papas. It is a plain value: Clone copies it.
type State struct {
	rules
	pcg rand.PCG

	phase  phase
	active int8
	played bool
	turns  uint16 // turns completed

	hands   [MaxPlayers][NumKinds]uint8
	handLen [MaxPlayers]uint8
	gp      [MaxPlayers]int16
	zombie  [MaxPlayers]bool

	deck       [Standard113]Card // top at deckLen-1
	deckLen    uint8
	discard    [Standard113]Card // top at discardLen-1
	discardLen uint8
	reshuffles uint16

	chain    [maxChain]link
	chainLen uint8
	window   uint32 // number of the open (or last) window, counting from 1

	last         [maxChain]link
	lastLen      uint8
	lastResolved bool

	// What the table has seen of the hidden cards (the samplers read it):
	// the pile the deck was last shuffled from, every seat's draws since
	// (a seat knows its own), and for every seat that ended a turn without
	// a main play how many of its cards are still known to be interrupts
	// (and Robo de Papa when it had no target then).
	fromPile  [NumKinds]uint8
	drawn     [MaxPlayers][NumKinds]uint8
	bound     [MaxPlayers]uint8
	boundRobo uint8 // bit per seat: robo counts towards the seat's bound

	winners uint8 // bit per seat, once done
}

func (g Game) New(cfg games.Config) (games.State, error) {
	opts, err := g.Info().Resolve(cfg)
	if err != nil {
		return nil, err
	}
	s := &State{pcg: *rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)}
	s.players = int8(cfg.Players)
	s.target = int16(Target(cfg.Players))
	s.legacy = opts["deck"] == "LEGACY_103"
	s.reaction = uint8(opts.Int("reactionSeconds"))
	s.handLimit = uint8(opts.Int("handLimit"))
	s.startHand = uint8(opts.Int("startHand"))
	if v := opts["turnLimit"]; v != "none" {
		s.turnLimit = uint16(opts.Int("turnLimit"))
	}
	if s.startHand > s.handLimit {
		return nil, games.Errorf("papas: startHand %d is over handLimit %d", s.startHand, s.handLimit)
	}
	s.total = Standard113
	if s.legacy {
		s.total = Legacy103
	}
	comp := composition(s.legacy)
	first := -1
	switch len(cfg.Deals) {
	case 0:
		n := 0
		for c := range Card(NumKinds) {
			for range comp[c] {
				s.deck[n] = c
				n++
			}
		}
		s.deckLen = uint8(n)
		s.shuffle(s.deck[:n])
		for p := range int(s.players) {
			for range s.startHand {
				s.deckLen--
				s.give(p, s.deck[s.deckLen])
			}
		}
	case 1:
		if first, err = s.deal(cfg.Deals[0], comp); err != nil {
			return nil, err
		}
	default:
		return nil, games.Errorf("papas: %d deals given: the game has one deal", len(cfg.Deals))
	}
	if first < 0 {
		first = s.intn(int(s.players))
	}
	s.active = int8(first)
	s.phase = phaseStart
	s.run()
	return s, nil
}

// deal sets the hands and the deck from a fixed deal and returns its first player or -1.
func (s *State) deal(d games.Deal, comp [NumKinds]uint8) (int, error) {
	if err := d.Only("hands", "stock", "first"); err != nil {
		return 0, games.Errorf("papas: deal 0: %w", err)
	}
	if len(d.Hands) != int(s.players) {
		return 0, games.Errorf("papas: deal 0: %d hands for %d players", len(d.Hands), s.players)
	}
	left := comp
	take := func(txt, where string) (Card, error) {
		c, err := ParseCard(txt)
		if err != nil {
			return 0, games.Errorf("papas: deal 0: %s: %w", where, err)
		}
		if left[c] == 0 {
			if comp[c] == 0 {
				return 0, games.Errorf("papas: deal 0: %s: %s is not in this deck", where, c)
			}
			return 0, games.Errorf("papas: deal 0: %s: more %s than the deck's %d", where, c, comp[c])
		}
		left[c]--
		return c, nil
	}
	for p, h := range d.Hands {
		if len(h) != int(s.startHand) {
			return 0, games.Errorf("papas: deal 0: hand %d has %d cards: want %d", p, len(h), s.startHand)
		}
		for _, txt := range h {
			c, err := take(txt, "hand "+strconv.Itoa(p))
			if err != nil {
				return 0, err
			}
			s.give(p, c)
		}
	}
	rest := int(s.total) - int(s.players)*int(s.startHand)
	if d.Stock != nil {
		if len(d.Stock) != rest {
			return 0, games.Errorf("papas: deal 0: stock has %d cards: want the other %d", len(d.Stock), rest)
		}
		for i, txt := range d.Stock {
			c, err := take(txt, "stock")
			if err != nil {
				return 0, err
			}
			s.deck[rest-1-i] = c
		}
		s.deckLen = uint8(rest)
	} else {
		for c := range Card(NumKinds) {
			for range left[c] {
				s.deck[s.deckLen] = c
				s.deckLen++
			}
		}
		s.shuffle(s.deck[:s.deckLen])
	}
	if d.First == nil {
		return -1, nil
	}
	if *d.First < 0 || *d.First >= int(s.players) {
		return 0, games.Errorf("papas: deal 0: first %d is not a seat 0-%d", *d.First, s.players-1)
	}
	return *d.First, nil
}

func (s *State) give(p int, c Card) {
	s.hands[p][c]++
	s.handLen[p]++
}

func (s *State) take(p int, c Card) {
	s.hands[p][c]--
	s.handLen[p]--
	if s.bound[p] > 0 && s.bounded(p, c) {
		s.bound[p]-- // the card may have been one of those the bound counts
	}
}

// bounded tells whether card c counts towards seat p's bound: the cards a
// seat may hold when it has no main play.
func (s *State) bounded(p int, c Card) bool {
	return c.Interrupt() || c == Robo && s.boundRobo&(1<<p) != 0
}

func (s *State) toDiscard(c Card) {
	s.discard[s.discardLen] = c
	s.discardLen++
}

// draw gives seat p up to k cards from the deck, turning the discard pile
// into a new deck whenever the deck runs out.
func (s *State) draw(p, k int) {
	for range k {
		if s.deckLen == 0 {
			if s.discardLen == 0 {
				return
			}
			copy(s.deck[:], s.discard[:s.discardLen])
			s.fromPile = [NumKinds]uint8{}
			for _, c := range s.discard[:s.discardLen] {
				s.fromPile[c]++
			}
			s.drawn = [MaxPlayers][NumKinds]uint8{}
			s.deckLen, s.discardLen = s.discardLen, 0
			s.shuffle(s.deck[:s.deckLen])
			s.reshuffles++
		}
		s.deckLen--
		c := s.deck[s.deckLen]
		s.give(p, c)
		s.drawn[p][c]++
	}
}

// intn is a uniform number in [0, n) from the state's generator.
func (s *State) intn(n int) int {
	hi, lo := bits.Mul64(s.pcg.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(s.pcg.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

func (s *State) shuffle(cs []Card) {
	for i := len(cs) - 1; i > 0; i-- {
		j := s.intn(i + 1)
		cs[i], cs[j] = cs[j], cs[i]
	}
}

// Action encoding: verb<<28 | payload.
const (
	verbPlay = iota + 1
	verbThree
	verbInterrupt
	verbRedraw
	verbEnd
	verbDiscard
	verbZombie
)

func playAct(c Card, target int) games.Action {
	return games.Action(verbPlay<<28 | int(c) | (target+1)<<5)
}

func threeAct(a, b, c Card) games.Action {
	a, b, c = sort3(a, b, c)
	return games.Action(verbThree<<28 | int(a) | int(b)<<5 | int(c)<<10)
}

func interruptAct(c Card, window uint32) games.Action {
	return games.Action(verbInterrupt<<28 | uint32(c) | (window&serialMask)<<5)
}

func simpleAct(verb int) games.Action { return games.Action(verb << 28) }

func discardAct(c Card) games.Action { return games.Action(verbDiscard<<28 | int(c)) }

func zombieAct(seat int, on bool) games.Action {
	a := verbZombie<<28 | seat
	if on {
		a |= 1 << 3
	}
	return games.Action(a)
}

func sort3(a, b, c Card) (Card, Card, Card) {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return a, b, c
}

// decoded is an action taken apart; ok is false for a value no action encodes.
type decoded struct {
	verb   int
	cards  [3]Card
	target int    // play: Robo's target or -1; zombie: the seat
	window uint32 // interrupt
	on     bool   // zombie
	ok     bool
}

func decode(a games.Action) decoded {
	d := decoded{verb: int(a >> 28), target: noTarget}
	p := uint32(a) & (1<<28 - 1)
	switch d.verb {
	case verbPlay:
		d.cards[0] = Card(p & 31)
		d.target = int(p>>5) - 1
		d.ok = p>>8 == 0 && d.cards[0] < NumKinds && d.target < MaxPlayers && (d.target < 0 || d.cards[0] == Robo)
	case verbThree:
		d.cards = [3]Card{Card(p & 31), Card(p >> 5 & 31), Card(p >> 10 & 31)}
		d.ok = p>>15 == 0 && d.cards[0] <= d.cards[1] && d.cards[1] <= d.cards[2] && d.cards[2] < NumKinds
	case verbInterrupt:
		d.cards[0] = Card(p & 31)
		d.window = p >> 5
		d.ok = d.cards[0].Interrupt()
	case verbRedraw, verbEnd:
		d.ok = p == 0
	case verbDiscard:
		d.cards[0] = Card(p)
		d.ok = p < NumKinds
	case verbZombie:
		d.target = int(p & 7)
		d.on = p&8 != 0
		d.ok = p>>4 == 0 && d.target < MaxPlayers
	}
	return d
}

// Why a set of three cards is no threesome.
const (
	threeOK uint8 = iota
	threeNotPotato
	threeAllWild
	threeWildMixed
	threeNoMatch
)

// threeReward tells the GP a threesome is worth, or why it is not one (see
// threeErr). The cards must be sorted.
func threeReward(a, b, c Card) (int, uint8) {
	cs := [3]Card{a, b, c}
	wild, name := 0, -1
	for _, x := range cs {
		switch {
		case x == Wild:
			wild++
		case !x.Potato():
			return 0, threeNotPotato
		}
	}
	if wild == 3 {
		return 0, threeAllWild
	}
	sameName := true
	for _, x := range cs[:3-wild] { // sorted: potatoes first
		if name < 0 {
			name = x.Name()
		} else if x.Name() != name {
			sameName = false
		}
	}
	if sameName {
		return name + 1, threeOK // type: papa 1, duquesas 2, fritas 3
	}
	if wild > 0 {
		return 0, threeWildMixed
	}
	if a.Value() == b.Value() && b.Value() == c.Value() {
		return 1, threeOK // value
	}
	return 0, threeNoMatch
}

// threeErr explains a fault of threeReward.
func threeErr(why uint8, cs [3]Card) error {
	switch why {
	case threeNotPotato:
		for _, c := range cs {
			if !c.Potato() && c != Wild {
				return games.Refuse("%s cannot be part of a threesome", c)
			}
		}
	case threeAllWild:
		return games.Refuse("three wildcards are not a threesome")
	case threeWildMixed:
		return games.Refuse("wildcards only complete three potatoes of one name")
	}
	return games.Refuse("not a threesome: three potatoes need one name or one value")
}

// run carries out every step nobody decides: turns that start with no cards,
// the end of a turn, and everything a zombie seat does.
func (s *State) run() {
	for {
		p := int(s.active)
		switch s.phase {
		case phaseStart:
			s.played = false
			if s.handLen[p] == 0 {
				s.draw(p, 3)
				s.phase = phaseOver
				continue
			}
			s.phase = phaseMain
		case phaseMain:
			if !s.zombie[p] {
				return
			}
			s.zombieMain()
		case phaseDiscard:
			if !s.zombie[p] {
				return
			}
			for s.handLen[p] > s.handLimit {
				c := s.nthCard(p, s.intn(int(s.handLen[p])))
				s.take(p, c)
				s.toDiscard(c)
			}
			s.phase = phaseOver
		case phaseOver:
			if s.gp[p] >= s.target {
				s.winners = 1 << p
				s.phase = phaseDone
				return
			}
			s.turns++
			if s.turnLimit > 0 && s.turns >= s.turnLimit {
				s.phase = phaseDone
				best := int16(-1)
				for q := range int(s.players) {
					switch {
					case s.gp[q] > best:
						best, s.winners = s.gp[q], 1<<q
					case s.gp[q] == best:
						s.winners |= 1 << q
					}
				}
				return
			}
			s.active = int8((p + 1) % int(s.players))
			s.phase = phaseStart
		default:
			return
		}
	}
}

// nthCard is the n-th card of seat p's hand in card order.
func (s *State) nthCard(p, n int) Card {
	for c := range Card(NumKinds) {
		if n < int(s.hands[p][c]) {
			return c
		}
		n -= int(s.hands[p][c])
	}
	return 0
}

// zombieMain plays the active zombie's main step.
func (s *State) zombieMain() {
	p := int(s.active)
	if !s.played && s.handLen[p] == 1 {
		s.redraw()
		return
	}
	if !s.played {
		var buf [NumKinds + MaxPlayers]games.Action
		singles := s.appendSingles(p, buf[:0])
		if len(singles) > 0 {
			d := decode(singles[s.intn(len(singles))])
			s.playSingle(d.cards[0], d.target)
			return
		}
	}
	s.endTurn()
}

func (s *State) redraw() {
	p := int(s.active)
	c := s.nthCard(p, 0)
	s.take(p, c)
	s.toDiscard(c)
	s.draw(p, 3)
	s.phase = phaseOver
}

// endTurn is END: draw one, then discard down to the limit or finish. A
// turn ended without a main play shows that every card in hand was an
// interrupt, or a Robo de Papa without a target.
func (s *State) endTurn() {
	p := int(s.active)
	if !s.played {
		s.bound[p] = s.handLen[p]
		s.boundRobo &^= 1 << p
		if !s.robbable(p) {
			s.boundRobo |= 1 << p
		}
	}
	s.draw(p, 1)
	if s.handLen[p] > s.handLimit {
		s.phase = phaseDiscard
		return
	}
	s.phase = phaseOver
}

func (s *State) playSingle(c Card, target int) {
	s.take(int(s.active), c)
	s.played = true
	s.chain[0] = link{seat: s.active, n: 1, cards: [3]Card{c}, target: int8(target)}
	s.chainLen = 1
	s.openWindow()
}

func (s *State) openWindow() {
	s.window = (s.window + 1) & serialMask
	s.phase = phaseWindow
}

// resolve closes the reaction chain: the main play takes effect iff the
// number of interrupts is even.
func (s *State) resolve() {
	p0 := s.chain[0]
	resolved := (s.chainLen-1)%2 == 0
	for _, l := range s.chain[:s.chainLen] {
		for _, c := range l.cards[:l.n] {
			s.toDiscard(c)
		}
	}
	s.last, s.lastLen, s.lastResolved = s.chain, s.chainLen, resolved
	s.chain, s.chainLen = [maxChain]link{}, 0
	s.phase = phaseMain
	if !resolved {
		return
	}
	a := int(p0.seat)
	switch {
	case p0.three:
		r, _ := threeReward(p0.cards[0], p0.cards[1], p0.cards[2])
		s.gp[a] += int16(r)
	case p0.cards[0] == Dorada:
		s.gp[a]++
	case p0.cards[0] == Robo:
		if s.gp[p0.target] > 0 {
			s.gp[p0.target]--
			s.gp[a]++
		}
	}
	if !p0.three && p0.cards[0].Alarm() {
		s.endTurn()
	}
}

// appendSingles appends seat p's legal single main plays.
func (s *State) appendSingles(p int, dst []games.Action) []games.Action {
	for c := range Card(NumKinds) {
		if s.hands[p][c] == 0 || c.Interrupt() {
			continue
		}
		if c == Robo {
			for t := range int(s.players) {
				if t != p && s.gp[t] > 0 {
					dst = append(dst, playAct(Robo, t))
				}
			}
			continue
		}
		dst = append(dst, playAct(c, noTarget))
	}
	return dst
}

// hasMainPlay tells whether seat p has any legal main play.
func (s *State) hasMainPlay(p int) bool {
	for c := range Card(NumKinds) {
		if s.hands[p][c] == 0 || c.Interrupt() {
			continue
		}
		if c != Robo || s.robbable(p) {
			return true
		}
	}
	return false
}

func (s *State) robbable(p int) bool {
	for t := range int(s.players) {
		if t != p && s.gp[t] > 0 {
			return true
		}
	}
	return false
}

// Why an interrupt does not fit the window.
const (
	interruptOK uint8 = iota
	interruptOwnTop
	interruptZombie
	interruptThree
	interruptTeDije
)

// interruptFault tells whether interrupt card c by seat p fits the window
// (see interruptErr).
func (s *State) interruptFault(p int, c Card) uint8 {
	top := s.chain[s.chainLen-1]
	switch {
	case int(top.seat) == p:
		return interruptOwnTop
	case s.zombie[p]:
		return interruptZombie
	case c == NoPoh && top.three:
		return interruptThree
	case c == NoPoh && top.cards[0] == TeDije:
		return interruptTeDije
	}
	return interruptOK
}

func interruptErr(why uint8, p int) error {
	switch why {
	case interruptOwnTop:
		return games.Refuse("you played the card on top: you cannot react to it")
	case interruptZombie:
		return games.Errorf("seat %d is disconnected and does not react", p)
	case interruptThree:
		return games.Refuse("No Poh cannot cancel a threesome (Te Dije Que No Poh can)")
	}
	return games.Refuse("No Poh cannot cancel Te Dije Que No Poh")
}

// Actors appends the seats that may act now: the active player, or in a
// reaction window every seat able to interrupt.
func (s *State) Actors(dst []games.Seat) []games.Seat {
	switch s.phase {
	case phaseMain, phaseDiscard:
		dst = append(dst, games.Seat(s.active))
	case phaseWindow:
		for p := range int(s.players) {
			if s.canInterrupt(p) {
				dst = append(dst, games.Seat(p))
			}
		}
	}
	return dst
}

func (s *State) canInterrupt(p int) bool {
	for _, c := range [2]Card{NoPoh, TeDije} {
		if s.hands[p][c] > 0 && s.interruptFault(p, c) == interruptOK {
			return true
		}
	}
	return false
}

// Legal appends the actions seat may take now. The system's actions are
// timeout (in a window) and the zombie switches.
func (s *State) Legal(seat games.Seat, dst []games.Action) []games.Action {
	if s.phase == phaseDone {
		return dst
	}
	if seat == games.System {
		if s.phase == phaseWindow {
			dst = append(dst, games.Timeout)
		}
		for p := range int(s.players) {
			dst = append(dst, zombieAct(p, !s.zombie[p]))
		}
		return dst
	}
	if seat < 0 || int(seat) >= int(s.players) {
		return dst
	}
	p := int(seat)
	switch s.phase {
	case phaseWindow:
		for _, c := range [2]Card{NoPoh, TeDije} {
			if s.hands[p][c] > 0 && s.interruptFault(p, c) == interruptOK {
				dst = append(dst, interruptAct(c, s.window))
			}
		}
	case phaseDiscard:
		if p == int(s.active) {
			for c := range Card(NumKinds) {
				if s.hands[p][c] > 0 {
					dst = append(dst, discardAct(c))
				}
			}
		}
	case phaseMain:
		if p != int(s.active) {
			return dst
		}
		if !s.played && s.handLen[p] == 1 {
			dst = append(dst, simpleAct(verbRedraw))
		}
		n := len(dst)
		dst = s.appendSingles(p, dst)
		dst = s.appendThrees(p, dst)
		if s.played || len(dst) == n {
			dst = append(dst, simpleAct(verbEnd))
		}
	}
	return dst
}

// appendThrees appends every valid threesome in seat p's hand.
func (s *State) appendThrees(p int, dst []games.Action) []games.Action {
	var kinds [NumKinds]Card
	n := 0
	for c := range Wild + 1 {
		if s.hands[p][c] > 0 {
			kinds[n] = c
			n++
		}
	}
	h := &s.hands[p]
	for i := range n {
		a := kinds[i]
		for j := i; j < n; j++ {
			b := kinds[j]
			if j == i && h[a] < 2 {
				continue
			}
			for k := j; k < n; k++ {
				c := kinds[k]
				if k == j && h[b] < 2 || k == i && h[a] < 3 {
					continue
				}
				if _, why := threeReward(a, b, c); why == threeOK {
					dst = append(dst, threeAct(a, b, c))
				}
			}
		}
	}
	return dst
}

// mainBlock tells why seat p may not make a main play or end now.
func (s *State) mainBlock(p int) error {
	switch {
	case s.phase == phaseWindow:
		return games.Refuse("a reaction window is open: only interrupts now")
	case s.phase == phaseDiscard && p == int(s.active):
		return games.Refuse("discard down to %d cards first", s.handLimit)
	case p != int(s.active):
		return games.Errorf("%w: it is seat %d's turn", games.ErrNotYourTurn, s.active)
	case s.phase != phaseMain:
		return games.Errorf("not now")
	}
	return nil
}

func (s *State) inHand(p int, c Card) error {
	if s.hands[p][c] == 0 {
		return games.Refuse("you have no %s in your hand", c)
	}
	return nil
}

// Apply applies one action, or explains why it may not.
func (s *State) Apply(seat games.Seat, a games.Action) error {
	if s.phase == phaseDone {
		return games.ErrDone
	}
	if a == games.Timeout {
		if seat != games.System {
			return games.Errorf("timeout is applied by the system, not by a seat")
		}
		if s.phase != phaseWindow {
			return games.ErrNoWindow
		}
		s.resolve()
		s.run()
		return nil
	}
	d := decode(a)
	if !d.ok {
		return games.Errorf("unknown action %d", uint32(a))
	}
	if d.verb == verbZombie {
		if seat != games.System {
			return games.Errorf("zombie is applied by the system, not by a seat")
		}
		if d.target >= int(s.players) {
			return games.Errorf("no seat %d at this table", d.target)
		}
		if s.zombie[d.target] == d.on {
			if d.on {
				return games.Errorf("seat %d is already marked disconnected", d.target)
			}
			return games.Errorf("seat %d is not marked disconnected", d.target)
		}
		s.zombie[d.target] = d.on
		s.run()
		return nil
	}
	if seat == games.System {
		return games.Errorf("the system only applies timeout and zombie")
	}
	if seat < 0 || int(seat) >= int(s.players) {
		return games.Errorf("no seat %d at this table", seat)
	}
	p := int(seat)
	switch d.verb {
	case verbPlay:
		if err := s.mainBlock(p); err != nil {
			return err
		}
		c := d.cards[0]
		if err := s.inHand(p, c); err != nil {
			return err
		}
		switch {
		case c.Interrupt():
			return games.Refuse("%s is played only as an interrupt in a reaction window", c)
		case c == Robo && d.target < 0:
			return games.Errorf("play robo names its target seat: play robo 2")
		case c == Robo && (d.target == p || d.target >= int(s.players)):
			return games.Errorf("seat %d is not an opponent", d.target)
		case c == Robo && s.gp[d.target] == 0:
			return games.Errorf("seat %d has no golden potato to steal", d.target)
		}
		s.playSingle(c, d.target)
		return nil
	case verbThree:
		if err := s.mainBlock(p); err != nil {
			return err
		}
		x, y, z := d.cards[0], d.cards[1], d.cards[2]
		var need [NumKinds]uint8
		need[x]++
		need[y]++
		need[z]++
		for _, c := range d.cards {
			if s.hands[p][c] < need[c] {
				return games.Refuse("you do not have enough %s in your hand", c)
			}
		}
		if _, why := threeReward(x, y, z); why != threeOK {
			return threeErr(why, d.cards)
		}
		for _, c := range d.cards {
			s.take(p, c)
		}
		s.played = true
		s.chain[0] = link{seat: int8(p), three: true, n: 3, cards: d.cards, target: noTarget}
		s.chainLen = 1
		s.openWindow()
		return nil
	case verbInterrupt:
		if s.phase != phaseWindow {
			return games.Refuse("no reaction window is open")
		}
		if d.window != s.window {
			return games.Errorf("too late: window %d was already answered (window %d is open)", d.window, s.window)
		}
		c := d.cards[0]
		if err := s.inHand(p, c); err != nil {
			return err
		}
		if why := s.interruptFault(p, c); why != interruptOK {
			return interruptErr(why, p)
		}
		s.take(p, c)
		s.chain[s.chainLen] = link{seat: int8(p), n: 1, cards: [3]Card{c}, target: noTarget}
		s.chainLen++
		s.openWindow()
		return nil
	case verbRedraw:
		if err := s.mainBlock(p); err != nil {
			return err
		}
		if s.played {
			return games.Errorf("redraw is only for the start of the turn")
		}
		if s.handLen[p] != 1 {
			return games.Errorf("redraw needs exactly one card in hand, not %d", s.handLen[p])
		}
		s.redraw()
		s.run()
		return nil
	case verbEnd:
		if err := s.mainBlock(p); err != nil {
			return err
		}
		if !s.played && s.hasMainPlay(p) {
			return games.Errorf("play at least one card before ending your turn")
		}
		s.endTurn()
		s.run()
		return nil
	case verbDiscard:
		if s.phase != phaseDiscard {
			return games.Errorf("discard is only for coming down to %d cards after the end-of-turn draw", s.handLimit)
		}
		if p != int(s.active) {
			return games.Errorf("%w: seat %d is discarding", games.ErrNotYourTurn, s.active)
		}
		c := d.cards[0]
		if err := s.inHand(p, c); err != nil {
			return err
		}
		s.take(p, c)
		s.toDiscard(c)
		if s.handLen[p] <= s.handLimit {
			s.phase = phaseOver
			s.run()
		}
		return nil
	}
	return games.Errorf("unknown action %d", uint32(a))
}

// Deadline is the reaction window's length while one is open.
func (s *State) Deadline() time.Duration {
	if s.phase == phaseWindow {
		return time.Duration(s.reaction) * time.Second
	}
	return 0
}

func (s *State) Done() bool { return s.phase == phaseDone }

// Result: a seat's score is its golden potatoes.
func (s *State) Result() games.Result {
	r := games.Result{Scores: make([]int, s.players), Winners: []games.Seat{}}
	for p := range int(s.players) {
		r.Scores[p] = int(s.gp[p])
		if s.winners&(1<<p) != 0 {
			r.Winners = append(r.Winners, games.Seat(p))
		}
	}
	return r
}

func (s *State) Clone() games.State {
	c := *s
	return &c
}

// FormatAction prints an action in the notation of the package doc.
func (s *State) FormatAction(a games.Action) string {
	if a == games.Timeout {
		return "timeout"
	}
	d := decode(a)
	if !d.ok {
		return fmt.Sprintf("?%d", uint32(a))
	}
	switch d.verb {
	case verbPlay:
		if d.target >= 0 {
			return "play robo " + strconv.Itoa(d.target)
		}
		return "play " + d.cards[0].String()
	case verbThree:
		return "three " + d.cards[0].String() + " " + d.cards[1].String() + " " + d.cards[2].String()
	case verbInterrupt:
		if s.phase == phaseWindow && d.window == s.window {
			return "interrupt " + d.cards[0].String()
		}
		return "interrupt " + d.cards[0].String() + " @" + strconv.FormatUint(uint64(d.window), 10)
	case verbRedraw:
		return "redraw"
	case verbEnd:
		return "end"
	case verbDiscard:
		return "discard " + d.cards[0].String()
	case verbZombie:
		if d.on {
			return "zombie " + strconv.Itoa(d.target) + " on"
		}
		return "zombie " + strconv.Itoa(d.target) + " off"
	}
	return fmt.Sprintf("?%d", uint32(a))
}

// ParseAction reads an action in the notation of the package doc.
func (s *State) ParseAction(txt string) (games.Action, error) {
	f := strings.Fields(txt)
	if len(f) == 0 {
		return 0, games.Errorf("empty action")
	}
	args := func(lo, hi int) error {
		if len(f)-1 < lo || len(f)-1 > hi {
			return games.Errorf("%q: wrong number of arguments for %s", txt, f[0])
		}
		return nil
	}
	card := func(i int) (Card, error) { return ParseCard(f[i]) }
	switch f[0] {
	case "timeout", "redraw", "end":
		if err := args(0, 0); err != nil {
			return 0, err
		}
		switch f[0] {
		case "timeout":
			return games.Timeout, nil
		case "redraw":
			return simpleAct(verbRedraw), nil
		}
		return simpleAct(verbEnd), nil
	case "play":
		if err := args(1, 2); err != nil {
			return 0, err
		}
		c, err := card(1)
		if err != nil {
			return 0, err
		}
		if len(f) == 2 {
			if c == Robo {
				return 0, games.Errorf("%q: robo names its target seat: play robo 2", txt)
			}
			return playAct(c, noTarget), nil
		}
		if c != Robo {
			return 0, games.Errorf("%q: only robo takes a target", txt)
		}
		t, err := parseSeat(f[2])
		if err != nil {
			return 0, err
		}
		return playAct(Robo, t), nil
	case "three":
		if err := args(3, 3); err != nil {
			return 0, err
		}
		var cs [3]Card
		for i := range cs {
			c, err := card(i + 1)
			if err != nil {
				return 0, err
			}
			cs[i] = c
		}
		return threeAct(cs[0], cs[1], cs[2]), nil
	case "interrupt":
		if err := args(1, 2); err != nil {
			return 0, err
		}
		c, err := card(1)
		if err != nil {
			return 0, err
		}
		if !c.Interrupt() {
			return 0, games.Errorf("%q: interrupt with nopoh or tedije", txt)
		}
		w := s.window
		if len(f) == 3 {
			if !strings.HasPrefix(f[2], "@") {
				return 0, games.Errorf("%q: name the window as @N", txt)
			}
			n, err := strconv.ParseUint(f[2][1:], 10, 32)
			if err != nil || n > serialMask {
				return 0, games.Errorf("%q: bad window number", txt)
			}
			w = uint32(n)
		}
		return interruptAct(c, w), nil
	case "discard":
		if err := args(1, 1); err != nil {
			return 0, err
		}
		c, err := card(1)
		if err != nil {
			return 0, err
		}
		return discardAct(c), nil
	case "zombie":
		if err := args(2, 2); err != nil {
			return 0, err
		}
		t, err := parseSeat(f[1])
		if err != nil {
			return 0, err
		}
		switch f[2] {
		case "on":
			return zombieAct(t, true), nil
		case "off":
			return zombieAct(t, false), nil
		}
		return 0, games.Errorf("%q: zombie takes on or off", txt)
	}
	return 0, games.Errorf("unknown action %q (actions: play, three, interrupt, redraw, end, discard, timeout, zombie)", txt)
}

func parseSeat(t string) (int, error) {
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n >= MaxPlayers || t[0] == '+' || (len(t) > 1 && t[0] == '0') {
		return 0, games.Errorf("seat %q: seats are 0-%d", t, MaxPlayers-1)
	}
	return n, nil
}
