// Package king is The King, the Russian trick-taking game of RULES.md B8: four
// players, 32 cards (7 to A), six (or seven) avoiding rounds and four or eight
// collecting rounds in which the round's first leader names the trump.
//
// # Actions
//
//	play 7H     play a card (lead or follow)
//	trump H     name the trump suit (C D H S), the collecting round's first leader, before leading
//	trump none  play the round without trump (only with allowNoTrump=on)
//
// # Options
//
//	includeAnything       off|on            play round 7 "no anything" after the six avoiding rounds
//	collectingRounds      4|8               collecting rounds (8: everyone names trump twice)
//	kingDiscardScope      ROUNDS_6_7|ALL_AVOIDING  where a void player must discard K♥
//	heartLeadInKingRound  on|off            the hearts lead ban applies in the K♥ round too
//	allowNoTrump          off|on            the trump chooser may pick no trump
//	mustTrumpWhenVoid     off|on            collecting: a player void in the led suit must trump
//	kingOnHeartLead       OFF|IF_ACE        K♥ round: hearts led and A♥ in the trick forces out K♥
//
// # Deals
//
// A record's `deals` fixes rounds in order: `hands` (4 lists of 8 cards, seat
// 0 first) and, in the first deal only, `first`: the round-1 first leader. The
// first leader of round r is then (first + r - 1) mod 4.
//
// # View
//
// View(seat) encodes as JSON with these fields:
//
//	seat          the viewer: 0-3, -2 observer, -3 god
//	round         1-based index of the current round in rounds
//	rounds        the contract of every round in order: notricks, nohearts, noboys,
//	              noqueens, nolasttwo, noking, noanything, collecting
//	contract      the current round's contract
//	trump         collecting: C D H S or "none" once named, "" before
//	choosingTrump true while the first leader must name the trump
//	firstLeader   the seat that leads the round's first trick
//	turn          the seat to act, -1 when the match is over
//	trickNo       1-based number of the trick being played
//	trickLeader   the seat that led the current trick
//	trick         cards of the current trick in play order, starting with trickLeader
//	lastTrick     {"leader","cards","winner"} of the last finished trick (the previous
//	              round's final one at the start of a round), absent before the first
//	hand          the viewer's own cards, sorted (absent for observer and god)
//	hands         god view only: every seat's cards, sorted
//	handSizes     cards left in each seat's hand
//	tricks        tricks each seat has taken this round
//	taken         the cards each seat has taken this round
//	voids         per seat, the suits everyone has seen it cannot hold this round, in
//	              suit order ("CS"): it did not follow a led suit; it led a heart under
//	              the lead ban (so it held only hearts: "CDS"); with mustTrumpWhenVoid,
//	              it did not trump when void
//	noKingOfHearts per seat, true when everyone has seen it cannot hold K♥ this round:
//	              void in the led suit in a forced-discard round without throwing it,
//	              or (kingOnHeartLead=IF_ACE) a heart other than K♥ on the A♥, or void
//	              in hearts
//	roundScores   each seat's score in the round so far
//	scores        each seat's match total
//	history       one entry per finished round: {"contract","trump","scores"}
//	done          the match is over
//	winners       the seats with the highest total, once done
//
// # Descriptions
//
// Describe (games.State) tells an action the same way to every seat, the
// spectator and God: every card is played face up and the trump is named
// aloud. Kinds:
//
//	play     Cards: the card played
//	trump    Choice: the suit named (C D H S) or "none"
//	timeout  never applied: The King has no timed windows
//
// Outcomes, the most important one when several follow:
//
//	trick    the card completes a trick; Winners: the seat that takes it
//	round    the trick ends the round (8th trick or an early end); Winners: the
//	         seats with the best score of the round (who took the last trick is
//	         the view's lastTrick.winner)
//	match    the trick ends the last round; Winners: the seats with the best total
//
// # Sampling
//
// Game.NewSampler (games.ViewSampler) rebuilds whole states from a seat's
// view (or a spectator's): everything public as shown, and the cards the
// view does not show dealt among the other hands in their sizes, uniformly
// (cards.Dealer) among the deals in which no seat holds a card of voids or,
// when noKingOfHearts says so, K♥; those are exactly the deals under which
// every card played this round was a legal play. Later rounds are dealt
// from the sampler's generator. A view a table could not show (cards twice,
// sizes or scores that do not add up, voids no deal fits, a field written
// otherwise than a table writes it) is refused with what does not fit.
package king

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"cardtable/games"
	"cardtable/games/cards"
)

// ID names the game in records and on the command line.
const ID = "king"

// Contract is what a round asks of the players.
type Contract uint8

const (
	NoTricks Contract = iota + 1
	NoHearts
	NoBoys
	NoQueens
	NoLastTwo
	NoKing
	NoAnything
	Collecting
)

var contractNames = [...]string{"", "notricks", "nohearts", "noboys", "noqueens", "nolasttwo", "noking", "noanything", "collecting"}

func (c Contract) String() string {
	if int(c) >= len(contractNames) {
		return "?"
	}
	return contractNames[c]
}

// avoidingNumber is the round number of RULES.md's table (1-7); 0 for collecting.
func (c Contract) avoidingNumber() int {
	if c >= NoTricks && c <= NoAnything {
		return int(c)
	}
	return 0
}

// RoundTotal is the sum of all four seats' scores in a round of contract c.
func RoundTotal(c Contract) int {
	switch c {
	case NoAnything:
		return -96
	case Collecting:
		return 24
	default:
		return -16
	}
}

// Game is The King.
type Game struct{}

var (
	_ games.ViewSampler = Game{}
)

func (Game) Info() games.Info {
	return games.Info{
		ID:         ID,
		Title:      "The King",
		Pitch:      "Russian trick-taking: dodge hearts, boys, queens and the King of Hearts, then collect tricks with your trump.",
		MinPlayers: 4,
		MaxPlayers: 4,
		Options: []games.Option{
			games.Switch("includeAnything", "off", `Add round 7 "no anything": every penalty at once (-96).`),
			{Name: "collectingRounds", Values: []string{"4", "8"}, Default: "8", Help: "Collecting rounds after the avoiding ones: 8 lets everyone name trump twice."},
			{Name: "kingDiscardScope", Values: []string{"ROUNDS_6_7", "ALL_AVOIDING"}, Default: "ROUNDS_6_7", Help: "Where a player void in the led suit must throw the King of Hearts."},
			games.Switch("heartLeadInKingRound", "on", "No leading hearts in the King of Hearts round while holding another suit."),
			games.Switch("allowNoTrump", "off", "The trump chooser may play the round without trump."),
			games.Switch("mustTrumpWhenVoid", "off", "Collecting: a player who cannot follow suit must trump if able."),
			{Name: "kingOnHeartLead", Values: []string{"OFF", "IF_ACE"}, Default: "OFF", Help: "King of Hearts round: when hearts are led and the ace is already down, the King must be played."},
		},
	}
}

// rules are the options of one match, read once.
type rules struct {
	rounds          [15]Contract
	nRounds         int
	kingDiscardAll  bool
	heartLeadInKing bool
	allowNoTrump    bool
	mustTrump       bool
	kingIfAce       bool
}

func (g Game) New(cfg games.Config) (games.State, error) {
	opts, err := g.Info().Resolve(cfg)
	if err != nil {
		return nil, err
	}
	var r rules
	for c := NoTricks; c <= NoKing; c++ {
		r.rounds[r.nRounds] = c
		r.nRounds++
	}
	if opts.Bool("includeAnything") {
		r.rounds[r.nRounds] = NoAnything
		r.nRounds++
	}
	for range opts.Int("collectingRounds") {
		r.rounds[r.nRounds] = Collecting
		r.nRounds++
	}
	r.kingDiscardAll = opts["kingDiscardScope"] == "ALL_AVOIDING"
	r.heartLeadInKing = opts.Bool("heartLeadInKingRound")
	r.allowNoTrump = opts.Bool("allowNoTrump")
	r.mustTrump = opts.Bool("mustTrumpWhenVoid")
	r.kingIfAce = opts["kingOnHeartLead"] == "IF_ACE"

	s := &State{rules: r, pcg: *rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)}
	first := -1
	for i, d := range cfg.Deals {
		hands, f, err := parseDeal(d, i)
		if err != nil {
			return nil, err
		}
		s.deals = append(s.deals, hands)
		if i == 0 && f != nil {
			first = *f
		}
	}
	if first < 0 {
		first = int(s.pcg.Uint64() % 4)
	}
	s.firstLeader0 = games.Seat(first)
	s.startRound()
	return s, nil
}

func parseDeal(d games.Deal, i int) ([4]cards.Set, *int, error) {
	var hands [4]cards.Set
	if err := d.Only("hands", "first"); err != nil {
		return hands, nil, games.Errorf("king: deal %d: %w", i, err)
	}
	if d.First != nil && (i > 0 || *d.First < 0 || *d.First > 3) {
		if i > 0 {
			return hands, nil, games.Errorf("king: deal %d: first is given in the first deal only", i)
		}
		return hands, nil, games.Errorf("king: deal 0: first %d is not a seat 0-3", *d.First)
	}
	if len(d.Hands) != 4 {
		return hands, nil, games.Errorf("king: deal %d: %d hands, want 4", i, len(d.Hands))
	}
	dealt := cards.Dealt{Game: "king", Index: i, Deck: cards.Deck32}
	hs, err := dealt.Hands("seat", d.Hands, 8)
	if err != nil {
		return hands, nil, err
	}
	copy(hands[:], hs)
	return hands, d.First, nil
}

// State is one match of The King. Every field is a value, so Clone is a copy;
// deals is shared between clones and never written after New.
type State struct {
	rules
	deals        [][4]cards.Set
	pcg          rand.PCG
	firstLeader0 games.Seat

	round       int // index into rules.rounds
	hands       [4]cards.Set
	played      cards.Set // cards played this round, the current trick included
	trick       [4]cards.Card
	trickN      int // cards in the current trick
	trickLeader games.Seat
	trickNo     int // 0-based
	turn        games.Seat
	trump       int8 // suit, noTrump, or unnamed
	needTrump   bool

	// What everyone has seen a seat cannot hold: suits it showed void in,
	// the K♥ when a forced discard did not come, other suits when it led a
	// heart under the lead ban. Every view shows it (voids, noKingOfHearts)
	// and samplers deal only hands that keep to it.
	excluded [4]cards.Set

	won         [4]cards.Set
	tricks      [4]int8
	roundScores [4]int
	scores      [4]int
	history     [15]roundResult
	last        lastTrick
	done        bool
}

const (
	unnamed int8 = -1
	noTrump int8 = 4
)

type roundResult struct {
	trump  int8
	scores [4]int
}

type lastTrick struct {
	ok     bool
	leader games.Seat
	cards  [4]cards.Card
	winner games.Seat
}

var (
	kingOfHearts = cards.Make(cards.King, cards.Hearts)
	aceOfHearts  = cards.Make(cards.Ace, cards.Hearts)
	hearts       = cards.SuitSet(cards.Hearts) & cards.Deck32
	queens       = rankSet(cards.Queen)
	boys         = rankSet(cards.Jack) | rankSet(cards.King)
)

func rankSet(r cards.Rank) cards.Set {
	var s cards.Set
	for _, su := range cards.Suits {
		s = s.With(cards.Make(r, su))
	}
	return s
}

func (s *State) contract() Contract { return s.rounds[s.round] }

// FirstLeader is the seat that leads the first trick of round index r.
func (s *State) firstLeader(r int) games.Seat { return (s.firstLeader0 + games.Seat(r)) % 4 }

func (s *State) startRound() {
	if s.round < len(s.deals) {
		s.hands = s.deals[s.round]
	} else {
		s.hands = [4]cards.Set{}
		deck := cards.Shuffled(rand.New(&s.pcg), cards.Deck32)
		for i := range s.hands {
			s.hands[i], deck = cards.Split(deck, 8)
		}
	}
	s.played, s.trickN, s.trickNo = 0, 0, 0
	s.trickLeader = s.firstLeader(s.round)
	s.turn = s.trickLeader
	s.excluded = [4]cards.Set{}
	s.won = [4]cards.Set{}
	s.tricks = [4]int8{}
	s.roundScores = [4]int{}
	// s.last stays: the round's final trick is still on show while the next
	// deal starts, so every player sees every card that was played.
	s.trump = unnamed
	s.needTrump = s.contract() == Collecting
}

// Actors is the seat to play or to name trump.
func (s *State) Actors(dst []games.Seat) []games.Seat {
	if s.done {
		return dst
	}
	return append(dst, s.turn)
}

// Action encoding: a card is its own number (0-51); naming trump is
// trumpBase + suit, or trumpBase + 4 for no trump.
const trumpBase games.Action = 64

func (s *State) Legal(seat games.Seat, dst []games.Action) []games.Action {
	if s.done || seat != s.turn {
		return dst
	}
	if s.needTrump {
		for su := range games.Action(4) {
			dst = append(dst, trumpBase+su)
		}
		if s.allowNoTrump {
			dst = append(dst, trumpBase+games.Action(noTrump))
		}
		return dst
	}
	for m := s.legalCards(seat); m != 0; m &= m - 1 {
		dst = append(dst, games.Action(m.Lowest()))
	}
	return dst
}

func (s *State) leadRestricted() bool {
	switch s.contract() {
	case NoHearts, NoAnything:
		return true
	case NoKing:
		return s.heartLeadInKing
	}
	return false
}

func (s *State) kingDiscard() bool {
	switch c := s.contract(); {
	case c == NoKing || c == NoAnything:
		return true
	case s.kingDiscardAll:
		return c.avoidingNumber() > 0
	}
	return false
}

func (s *State) kingRound() bool { c := s.contract(); return c == NoKing || c == NoAnything }

// legalCards is RULES.md B8's legal-move algorithm as a card set.
func (s *State) legalCards(seat games.Seat) cards.Set {
	m, _ := s.legalWithReason(seat)
	return m
}

// why is the rule that narrowed a seat's choice and the suit it names,
// made into a refusal only when Apply refuses a card.
type why struct {
	rule uint8
	suit cards.Suit
}

const (
	ruleFree uint8 = iota
	ruleLeadHearts
	ruleKingOnAce
	ruleFollow
	ruleKingVoid
	ruleMustTrump
)

func (w why) refusal() error {
	switch w.rule {
	case ruleLeadHearts:
		return games.Refuse("you may not lead hearts while you hold another suit")
	case ruleKingOnAce:
		return games.Refuse("the king of hearts must go on the ace of hearts")
	case ruleFollow:
		return games.Refuse("you must follow %s", w.suit)
	case ruleKingVoid:
		return games.Refuse("you must throw the king of hearts when you have no %s", w.suit)
	case ruleMustTrump:
		return games.Refuse("you must trump when you have no %s", w.suit)
	}
	return nil
}

// legalWithReason also says which rule narrowed the choice, for Apply's errors.
func (s *State) legalWithReason(seat games.Seat) (cards.Set, why) {
	hand := s.hands[seat]
	if s.trickN == 0 {
		if s.leadRestricted() && hand&^hearts != 0 {
			return hand &^ hearts, why{rule: ruleLeadHearts}
		}
		return hand, why{}
	}
	led := s.trick[0].Suit()
	if f := hand.Of(led); f != 0 {
		if s.kingIfAce && s.kingRound() && led == cards.Hearts && hand.Has(kingOfHearts) && s.inTrick(aceOfHearts) {
			return cards.SetOf(kingOfHearts), why{rule: ruleKingOnAce}
		}
		return f, why{ruleFollow, led}
	}
	if s.kingDiscard() && hand.Has(kingOfHearts) {
		return cards.SetOf(kingOfHearts), why{ruleKingVoid, led}
	}
	if s.contract() == Collecting && s.mustTrump && s.trump >= 0 && s.trump < noTrump {
		if t := hand.Of(cards.Suit(s.trump)); t != 0 {
			return t, why{ruleMustTrump, led}
		}
	}
	return hand, why{}
}

func (s *State) inTrick(c cards.Card) bool {
	for _, x := range s.trick[:s.trickN] {
		if x == c {
			return true
		}
	}
	return false
}

func (s *State) Apply(seat games.Seat, a games.Action) error {
	if s.done {
		return games.ErrDone
	}
	if a == games.Timeout {
		return games.ErrNoWindow
	}
	if seat != s.turn {
		return games.ErrNotYourTurn
	}
	if a >= trumpBase {
		switch {
		case a > trumpBase+games.Action(noTrump):
			return games.Errorf("unknown action %d", a)
		case !s.needTrump:
			return games.Refuse("the trump is named only by the first leader of a collecting round, before the first lead")
		case a == trumpBase+games.Action(noTrump) && !s.allowNoTrump:
			return games.Refuse("name a trump suit: playing without trumps is not allowed")
		}
		s.trump, s.needTrump = int8(a-trumpBase), false
		return nil
	}
	if s.needTrump {
		return games.Refuse("name the trump suit first")
	}
	c := cards.Card(a)
	if !c.Valid() || !s.hands[seat].Has(c) {
		return games.Refuse("you do not hold %s", c)
	}
	legal, why := s.legalWithReason(seat)
	if !legal.Has(c) {
		return why.refusal()
	}
	s.play(seat, c)
	return nil
}

func (s *State) play(seat games.Seat, c cards.Card) {
	if s.trickN == 0 {
		if s.leadRestricted() && c.Suit() == cards.Hearts {
			s.excluded[seat] |= cards.Deck32 &^ hearts // the hand held only hearts
		}
	} else if led := s.trick[0].Suit(); c.Suit() != led {
		s.excluded[seat] |= cards.SuitSet(led) & cards.Deck32
		if s.kingDiscard() && c != kingOfHearts {
			s.excluded[seat] = s.excluded[seat].With(kingOfHearts)
		}
		if s.contract() == Collecting && s.mustTrump && s.trump >= 0 && s.trump < noTrump && c.Suit() != cards.Suit(s.trump) {
			s.excluded[seat] |= cards.SuitSet(cards.Suit(s.trump)) & cards.Deck32
		}
	} else if s.kingIfAce && s.kingRound() && led == cards.Hearts && c != kingOfHearts && s.inTrick(aceOfHearts) {
		s.excluded[seat] = s.excluded[seat].With(kingOfHearts)
	}
	s.hands[seat] = s.hands[seat].Without(c)
	s.played = s.played.With(c)
	s.trick[s.trickN] = c
	s.trickN++
	if s.trickN < 4 {
		s.turn = (s.turn + 1) % 4
		return
	}
	s.endTrick()
}

func (s *State) trickWinner() games.Seat {
	var set cards.Set
	for _, c := range s.trick {
		set = set.With(c)
	}
	best := set.Of(s.trick[0].Suit())
	if s.contract() == Collecting && s.trump >= 0 && s.trump < noTrump {
		if t := set.Of(cards.Suit(s.trump)); t != 0 {
			best = t
		}
	}
	top := best.Highest()
	for i, c := range s.trick {
		if c == top {
			return (s.trickLeader + games.Seat(i)) % 4
		}
	}
	return s.trickLeader // unreachable: top is one of the trick's cards
}

// penalty is what taking trick number no (0-based) with these cards costs or gains.
func penalty(c Contract, no int, taken cards.Set) int {
	p := 0
	if c == NoTricks || c == NoAnything {
		p -= 2
	}
	if c == NoHearts || c == NoAnything {
		p -= 2 * (taken & hearts).Len()
	}
	if c == NoBoys || c == NoAnything {
		p -= 2 * (taken & boys).Len()
	}
	if c == NoQueens || c == NoAnything {
		p -= 4 * (taken & queens).Len()
	}
	if (c == NoLastTwo || c == NoAnything) && no >= 6 {
		p -= 8
	}
	if (c == NoKing || c == NoAnything) && taken.Has(kingOfHearts) {
		p -= 16
	}
	if c == Collecting {
		p += 3
	}
	return p
}

func (s *State) endTrick() {
	w := s.trickWinner()
	taken := cards.SetOf(s.trick[:]...)
	s.won[w] |= taken
	s.tricks[w]++
	s.roundScores[w] += penalty(s.contract(), s.trickNo, taken)
	s.last = lastTrick{ok: true, leader: s.trickLeader, cards: s.trick, winner: w}
	s.trickNo++
	s.trickN = 0
	s.trickLeader, s.turn = w, w
	if s.trickNo == 8 || s.earlyEnd() {
		s.endRound()
	}
}

// earlyEnd: the round's penalty cards are all taken, so the rest scores nothing.
func (s *State) earlyEnd() bool {
	switch s.contract() {
	case NoHearts:
		return s.played&hearts == hearts
	case NoBoys:
		return s.played&boys == boys
	case NoQueens:
		return s.played&queens == queens
	case NoKing:
		return s.played.Has(kingOfHearts)
	}
	return false
}

func (s *State) endRound() {
	s.history[s.round] = roundResult{trump: s.trump, scores: s.roundScores}
	for i, v := range s.roundScores {
		s.scores[i] += v
	}
	s.round++
	if s.round == s.nRounds {
		s.done = true
		s.turn = -1
		s.hands = [4]cards.Set{}
		return
	}
	s.startRound()
}

func (s *State) Deadline() time.Duration { return 0 }

func (s *State) Done() bool { return s.done }

func (s *State) Result() games.Result {
	r := games.Result{Scores: append([]int(nil), s.scores[:]...)}
	if s.done {
		r.Winners = s.winners()
	}
	return r
}

func (s *State) winners() []games.Seat { return games.TopScorers(s.scores[:]) }

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
	case a >= trumpBase && a < trumpBase+4:
		return "trump " + cards.Suit(a-trumpBase).String()
	case a == trumpBase+games.Action(noTrump):
		return "trump none"
	}
	return fmt.Sprintf("unknown action %d", a)
}

func (s *State) ParseAction(text string) (games.Action, error) {
	f := strings.Fields(text)
	switch {
	case len(f) == 1 && f[0] == "timeout":
		return games.Timeout, nil
	case len(f) == 2 && f[0] == "play":
		c, err := cards.Parse(f[1])
		if err != nil {
			return 0, err
		}
		if !cards.Deck32.Has(c) {
			return 0, games.Errorf("%s is not in the 32-card deck (7 to A)", c)
		}
		return games.Action(c), nil
	case len(f) == 2 && f[0] == "trump":
		if f[1] == "none" {
			return trumpBase + games.Action(noTrump), nil
		}
		su, err := cards.ParseSuit(f[1])
		if err != nil {
			return 0, err
		}
		return trumpBase + games.Action(su), nil
	}
	return 0, games.Errorf("unknown action %q (king actions: play CARD, trump C|D|H|S|none)", text)
}

// Round is the 0-based index of the round being played.
func (s *State) Round() int { return s.round }
