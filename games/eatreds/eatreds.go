// Package eatreds is Eat Reds (Chinese Ten), the fishing game of RULES.md B2:
// two to four players capture cards from a face-up layout by pairing them to
// ten or by rank (10, J, Q, K), and score the red cards they capture.
//
// A turn is: expose a card from hand, resolve it against the layout, turn the
// top stock card and resolve that too. Capturing is compulsory and one card
// takes one card. The hand card and what it takes are one action, so the
// legal moves say which card takes which; when the stock card could take two
// or more layout cards the turn owner names one with `take`, otherwise the
// stock card resolves by itself. Of the first layout, four of a kind of 5,
// 10, J, Q or K go to the dealer before the first turn, and three of a kind
// of one of those ranks wait for the fourth, which takes all three.
//
// # Actions
//
//	play 3D                  expose a hand card that takes nothing: it is laid
//	play 3D take 7H          expose a hand card and capture this layout card with it
//	play 10D take 10C 10H 10S
//	                         expose the fourth card of the flagged triple rank: it
//	                         takes the three flagged cards
//	take 7H                  the layout card the stock card captures, when it could
//	                         take two or more
//
// RULES.md §0.1 writes the hand card's capture as two actions (`play 3D`, then
// `take 7H`); here it is one, which the legal moves list target by target. A
// bare `play 3D` of a card with exactly one way to play (one target, or the
// triple) is read as that capture, so records of single-target captures
// written the old way replay; an old record that chose between two targets
// with a separate `take` does not.
//
// `timeout` is refused: the game has no timed window.
//
// # Descriptions
//
// Describe (games.State) gives every seat the same description: every
// card of Eat Reds is shown face up. Kinds:
//
//	play      Cards: the hand card; Targets: what it captures (none when laid).
//	          The stock card the turn then turns up is not known before: Hidden 1
//	          (the view that follows shows it and what it did); god reads it in
//	          Reveals (kind "stock").
//	take      Cards: the stock card; Targets: the card it captures.
//	timeout   (never legal)
//
// Outcomes: "capture" (Winners: the capturer) when the hand card or the
// chosen stock card captures; "round" when the action ends a deal that the
// match goes on after (Winners: the deal's top card points); "match" when it
// ends the match (Winners: the match's winners). The last turn of a deal
// always ends it, and its stock card is the only card the viewer has not
// seen, so the end is told to everyone.
//
// # Samples
//
// Game.NewSampler (games.ViewSampler) rebuilds states from a seat's view
// (or the spectator's, or god's): the seat's hand, the layout, every won
// pile, the card waiting to capture, the turn logs and the scores as the
// view shows them, and the cards the seat has not seen shuffled uniformly
// into the other hands (their sizes) and the stock. Nothing else narrows
// where an unseen card is: every played or turned card is shown, and hands
// never gain cards. Later deals are dealt from the sampler's generator. A
// view no table shows (a card in two places, hand sizes that do not follow
// from the turns played, scores that do not add up, a triple without its
// three cards, a turn log naming cards where they are not...) is refused
// with the reason.
//
// # Rulings
//
// RULES.md says captured cards go face down. Every one of them was captured
// face up in front of the table, so each seat's view lists every pile's cards
// in `taken` (what a player who follows the play knows); `capturedFaceUp`
// decides only whether a pile lies open, with its points shown.
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
//	phase       "play" (expose a hand card), "take" (choose the stock card's target), "done"
//	pending     in phase take: the stock card waiting to capture
//	pendingFrom in phase take: "stock"
//	targets     in phase take: the layout cards it may take
//	hand        the viewer's own cards, sorted (absent for observer and god)
//	hands       god view only: every seat's cards, sorted
//	handSizes   cards left in each seat's hand
//	layout      the face-up layout, sorted
//	triple      the rank flagged by the triple rule ("5" "10" "J" "Q" "K"), "" when none
//	stock       cards left in the stock
//	stockCards  god view only: the stock, top first
//	piles       per seat: {"count", "open", "cards", "points", "taken"}; cards and
//	            points are present when open: the viewer's own pile, every pile
//	            with capturedFaceUp, and the god view; taken lists the pile's
//	            cards in every view (each was captured face up)
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
		return nil, games.Errorf("%s: %d players: 24 cards do not divide among them", ID, n)
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
	dealt := cards.Dealt{Game: ID, Index: i}
	if err := d.Only("hands", "layout", "stock", "first"); err != nil {
		return fd, nil, dealt.Errorf("%v", err)
	}
	if d.First != nil {
		if i > 0 {
			return fd, nil, dealt.Errorf("first is given in the first deal only")
		}
		if *d.First < 0 || *d.First >= n {
			return fd, nil, dealt.Errorf("first %d is not a seat 0-%d", *d.First, n-1)
		}
	}
	if len(d.Hands) != n {
		return fd, nil, dealt.Errorf("%d hands for %d players", len(d.Hands), n)
	}
	hands, err := dealt.Hands("seat", d.Hands, handTotal/n)
	if err != nil {
		return fd, nil, err
	}
	copy(fd.hands[:], hands)
	if fd.layout, err = dealt.Hand("layout", d.Layout, layoutSize); err != nil {
		return fd, nil, err
	}
	stock, err := dealt.Pile("stock", d.Stock, stockSize)
	if err != nil {
		return fd, nil, err
	}
	copy(fd.stock[:], stock)
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
	pending  cards.Card // phase take: the stock card waiting to capture

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
// alone, without the triple rule. The legal moves already name what each
// hand card takes (`play 3D take 7H`); a table needs Captures only to
// explain the rule.
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
		deck := cards.Shuffled(rand.New(&s.pcg), cards.Deck52)
		s.hands = [maxPlayers]cards.Set{}
		for i := range s.players {
			s.hands[i], deck = cards.Split(deck, handTotal/s.players)
		}
		s.layout, deck = cards.Split(deck, layoutSize)
		copy(s.stock[:], deck)
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

// Action encoding. `play h` (h captures nothing) is the card h (0-51);
// `take y` (the stock card's target) is takeBase+y; `play h take y` is
// pairBase + h*64 + y; `play h take a b c` (h is the fourth card of the
// triple rank) is tripleBase+h.
const (
	takeBase   games.Action = 64
	pairBase   games.Action = 128
	tripleBase games.Action = pairBase + 64*64
)

type kind uint8

const (
	actBad kind = iota
	actLay
	actPair
	actTriple
	actTake
)

// decode splits an action into its kind, the hand or stock card and the
// target (actPair, actTake).
func decode(a games.Action) (k kind, h, y cards.Card) {
	switch {
	case a < cards.NumCards:
		return actLay, cards.Card(a), 0
	case a >= takeBase && a < takeBase+cards.NumCards:
		return actTake, 0, cards.Card(a - takeBase)
	case a >= pairBase && a < tripleBase:
		h, y := cards.Card((a-pairBase)/64), cards.Card((a-pairBase)%64)
		if h < cards.NumCards && y < cards.NumCards {
			return actPair, h, y
		}
	case a >= tripleBase && a < tripleBase+cards.NumCards:
		return actTriple, cards.Card(a - tripleBase), 0
	}
	return actBad, 0, 0
}

func pairAction(h, y cards.Card) games.Action { return pairBase + games.Action(h)*64 + games.Action(y) }

// targets are the layout cards the pending stock card may take.
func (s *State) targets() cards.Set { return s.layout & partners(s.pending) }

// isTriple tells whether x is the fourth card of the flagged rank.
func (s *State) isTriple(x cards.Card) bool { return s.triple != 0 && x.Rank() == s.triple }

// appendPlays appends the ways to expose hand card h: the capture of each
// card it may take (the three flagged cards at once for the triple rank),
// or laying it when it takes nothing.
func (s *State) appendPlays(dst []games.Action, h cards.Card) []games.Action {
	if s.isTriple(h) {
		return append(dst, tripleBase+games.Action(h))
	}
	t := s.layout & partners(h)
	if t == 0 {
		return append(dst, games.Action(h))
	}
	for ; t != 0; t &= t - 1 {
		dst = append(dst, pairAction(h, t.Lowest()))
	}
	return dst
}

func (s *State) Legal(seat games.Seat, dst []games.Action) []games.Action {
	if s.phase == phaseDone || seat != games.Seat(s.turn) {
		return dst
	}
	if s.phase == phaseTake {
		for m := s.targets(); m != 0; m &= m - 1 {
			dst = append(dst, takeBase+games.Action(m.Lowest()))
		}
		return dst
	}
	for m := s.hands[s.turn]; m != 0; m &= m - 1 {
		dst = s.appendPlays(dst, m.Lowest())
	}
	return dst
}

// check says why action a is not legal for the turn owner now, or nil.
func (s *State) check(a games.Action) error {
	k, h, y := decode(a)
	switch k {
	case actBad:
		return games.Errorf("unknown action %d", a)
	case actTake:
		if s.phase != phaseTake {
			return games.Refuse("nothing to take: play a card from your hand")
		}
		if !s.targets().Has(y) {
			return games.Refuse("%s cannot take %s: it may take one of these: %s", s.pending, y, s.targets().Cards())
		}
		return nil
	}
	if s.phase == phaseTake {
		return games.Refuse("first choose which card the stock's %s takes: one of these: %s", s.pending, s.targets().Cards())
	}
	if !s.hands[s.turn].Has(h) {
		return games.Refuse("you do not hold %s", h)
	}
	t := s.layout & partners(h)
	switch {
	case k == actTriple && !s.isTriple(h):
		return games.Refuse("%s is not the fourth card of a rank with three on the table", h)
	case k != actTriple && s.isTriple(h):
		return games.Refuse("%s must take the three cards of its rank on the table", h)
	case k == actLay && t != 0:
		return games.Refuse("capturing is compulsory: %s can take one of these: %s", h, t.Cards())
	case k == actPair && t == 0:
		return games.Refuse("%s takes nothing: lay it on the table", h)
	case k == actPair && !t.Has(y):
		return games.Refuse("%s cannot take %s: it may take one of these: %s", h, y, t.Cards())
	}
	return nil
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
	if err := s.check(a); err != nil {
		return err
	}
	k, h, y := decode(a)
	if k == actTake {
		s.capture(s.pending, y, fromStock)
		s.phase = phasePlay
		s.endTurn()
		return nil
	}
	s.lastTurn, s.thisTurn = s.thisTurn, turnLog{}
	s.hands[s.turn] = s.hands[s.turn].Without(h)
	switch k {
	case actTriple:
		s.takeTriple(h, fromHand)
	case actPair:
		s.capture(h, y, fromHand)
	default:
		s.layout = s.layout.With(h)
		s.thisTurn.add(event{seat: s.turn, from: fromHand, card: h})
	}
	s.stockStep()
	return nil
}

// takeTriple captures the three flagged cards with the fourth, x.
func (s *State) takeTriple(x cards.Card, from uint8) {
	took := s.layout & rankSet(s.triple)
	s.layout &^= took
	s.piles[s.turn] |= took.With(x)
	s.thisTurn.add(event{seat: s.turn, from: from, card: x, took: took})
	s.triple = 0
}

// resolveStock places or captures with the stock card x; it reports false
// when the turn owner must choose the target first.
func (s *State) resolveStock(x cards.Card) bool {
	if s.isTriple(x) {
		s.takeTriple(x, fromStock)
		return true
	}
	t := s.layout & partners(x)
	switch {
	case t == 0:
		s.layout = s.layout.With(x)
		s.thisTurn.add(event{seat: s.turn, from: fromStock, card: x})
	case t.Len() == 1:
		s.capture(x, t.Lowest(), fromStock)
	case s.autoPick:
		best, bestPts := t.Lowest(), -1
		for m := t; m != 0; m &= m - 1 {
			if p := Points(m.Lowest(), s.blackAce); p > bestPts {
				best, bestPts = m.Lowest(), p
			}
		}
		s.capture(x, best, fromStock)
	default:
		s.pending, s.phase = x, phaseTake
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
	if s.resolveStock(x) {
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

func (s *State) FormatAction(a games.Action) string {
	if a == games.Timeout {
		return "timeout"
	}
	switch k, h, y := decode(a); k {
	case actLay:
		return "play " + h.String()
	case actTake:
		return "take " + y.String()
	case actPair:
		return "play " + h.String() + " take " + y.String()
	case actTriple:
		return "play " + h.String() + " take " + (rankSet(h.Rank()).Without(h)).String()
	}
	return "unknown " + strconv.FormatUint(uint64(a), 10)
}

// ParseAction reads the notation. A bare `play h` of a card that captures
// stands for its one capture when it has only one (records written before
// captures were named replay); with two or more targets the target must be
// named.
func (s *State) ParseAction(text string) (games.Action, error) {
	f := strings.Fields(text)
	if len(f) == 1 && f[0] == "timeout" {
		return games.Timeout, nil
	}
	form := len(f) == 2 && (f[0] == "play" || f[0] == "take") ||
		(len(f) == 4 || len(f) == 6) && f[0] == "play" && f[2] == "take"
	if !form {
		return 0, games.Errorf("unknown action %q (eatreds actions: play CARD, play CARD take CARD, play CARD take CARD CARD CARD, take CARD)", text)
	}
	var cs []cards.Card
	for i, w := range f {
		if i == 0 || i == 2 && f[0] == "play" {
			continue
		}
		c, err := cards.Parse(w)
		if err != nil {
			return 0, games.Errorf("%q: %w", text, err)
		}
		cs = append(cs, c)
	}
	h := cs[0]
	switch {
	case f[0] == "take":
		return takeBase + games.Action(h), nil
	case len(cs) == 1:
		if s.phase == phasePlay && s.hands[s.turn].Has(h) {
			if l := s.appendPlays(nil, h); len(l) == 1 {
				return l[0], nil
			}
		}
		return games.Action(h), nil
	case len(cs) == 2:
		return pairAction(h, cs[1]), nil
	}
	if cards.SetOf(cs[1:]...) != rankSet(h.Rank()).Without(h) {
		return 0, games.Errorf("%q: %s takes one card, or the three other %ss of a flagged triple", text, h, h.Rank())
	}
	return tripleBase + games.Action(h), nil
}

// Round is the 0-based number of the deal being played.
func (s *State) Round() int { return s.deal }
