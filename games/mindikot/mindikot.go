// Package mindikot is the rule engine of Mindikot (Mendikot), RULES.md B6: a
// trick-taking game for 4 or 6 players in two teams of alternating seats
// (0&2 vs 1&3, or 0,2,4 vs 1,3,5) where the tricks that hold the four tens
// decide the round.
//
// # Deck and deal
//
// 4 players: 52 cards, 13 each. 6 players: 48 cards (no twos), 8 each. All
// cards are dealt, one at a time from the first leader on. The first leader of
// round 1 is random (or fixed with the first deal's `first`); later rounds
// follow the `nextLeader` option.
//
// # Actions (RULES.md §0.1)
//
//	play 7H   play a card from the hand
//	hide 9C   mode HIDDEN with hiddenCardSelection CHOSEN: the first leader
//	          sets this card aside before leading trick 1
//	reveal    mode HIDDEN, a player void in the led suit before the trump is
//	          known: the hidden card is shown, its suit becomes trump, the card
//	          goes back to its owner's hand; then `play …` (a trump if the
//	          revealer holds one and revealerMustTrump is on)
//	pass      the same player declines to reveal; the card then played is
//	          marked non-trump for good
//
// Rulings the rules leave open, as this engine plays them: once the hidden card
// has been played without a reveal (its owner passed with it as their last
// card) the trump can no longer be revealed, and the remaining void players of
// that last trick play any card, none of them trump. Under TRADITIONAL, a
// drawn round (tieBreak44 DRAW) moves the deal one seat.
//
// # Options
//
//	mode                CUT (default) | HIDDEN
//	hiddenCardSelection RANDOM (default) | CHOSEN
//	revealerMustTrump   on (default) | off
//	tieBreak44          LAST_TRICK (default) | DRAW   (6 players, tens 2–2, tricks 4–4)
//	targetPoints        1..21, default 7
//	nextLeader          ROTATE (default) | TRADITIONAL
//
// # Deals
//
// A record's `deals` entries accept these fields and refuse the others:
//
//	hands   every dealt card, the hidden one included: 4 × 13 or 6 × 8, the
//	        whole deck (may be left out to fix only `first`)
//	first   in the first deal only: the round-1 first leader
//	hidden  mode HIDDEN with RANDOM selection: the card of that round's first
//	        leader set aside (a card of another hand is refused where the first
//	        leader is known in advance; under TRADITIONAL in later rounds a card
//	        not in the first leader's hand falls back to a random pick)
//
// # View
//
// View(seat) is a *View; its JSON fields:
//
//	seat          the viewer (-2 observer, -3 everything)
//	players       4 or 6
//	mode          "CUT" or "HIDDEN"
//	round         1-based round number
//	firstLeader   first leader of this round
//	dealer        the dealer under TRADITIONAL, else -1
//	phase         "hide" (the first leader sets a card aside), "play", "over"
//	turn          the seat to act, -1 when the match is over
//	leader        leader of the current trick
//	trick         cards of the current trick in play order: {seat, card, nonTrump}
//	lastTrick     the last finished trick (in a new round's first trick, the
//	              previous round's last): {leader, winner, cards}
//	tricksPlayed  completed tricks this round
//	played        every card played this round (the current trick included),
//	              ascending
//	voids         per seat, the suits it has shown it lacks (letters, e.g.
//	              "CH"): it played another suit to them, or declared reveal
//	              or pass on them, or did not trump after revealing (with
//	              revealerMustTrump); cleared for the hidden card's owner
//	              when that card joins their hand unrevealed
//	trump         trump suit letter once known to everyone, else ""
//	hand          the viewer's own cards, ascending; absent for the observer
//	hands         every hand (God view only)
//	handSizes     cards in each hand (the hidden card counts only once back in a hand)
//	hiddenOwner   seat whose card is hidden this round, -1 if none
//	hiddenState   "", "aside", "revealed", "lastCard" (joined its owner's hand
//	              unrevealed as the last card), "played" (played without reveal)
//	hidden        the hidden card, shown only to its owner (and God) until revealed
//	declared      "reveal" or "pass" when the player to act has declared, else ""
//	tens          tens won this round per team
//	tricks        tricks won this round per team
//	tensCards     the tens each team has won this round
//	points        match points per team
//	target        targetPoints
//	lastRound     result of the previous round: {round, team (-1 draw), points,
//	              tens, tricks, kind: "tens", "tricks", "lastTrick", "mendikot",
//	              "whitewash", "draw"}
//	winners       the winning team's seats once the match is over
//
// # Descriptions
//
// Describe (games.State) tells an action as one seat may know it. Kinds:
//
//	play     Cards: the card played (face up, named to everyone)
//	hide     CHOSEN: Cards: the card set aside, to its owner and God only; to
//	         every other seat and the spectator Secret, Hidden 1
//	reveal   Reveals: {seat: the owner, kind "hidden"}; its Cards name the
//	         hidden card only to who knew it already (the owner, God)
//	pass     nothing more
//	timeout  never applied: Mindikot has no timed windows
//
// The hidden card is shown to everyone by the reveal, in the views from then
// on (hidden, trump). The reveal's description cannot name it to the others:
// it is made before the action is applied, it must read the same in every
// deal the seat cannot tell apart, and the revealer reads it among its legal
// moves before choosing. The hidden card that joined its owner's hand
// unrevealed is made known by being played: that play carries it in
// Reveals too (kind "hidden").
//
// Outcomes, the most important one when several follow:
//
//	trick    the card completes a trick; Winners: the seat that takes it
//	round    the last trick of the round; Winners: the seats of the team that
//	         wins the round (none when it is drawn)
//	match    the round brings a team to the target; Winners: that team's seats
//
// # Sampling
//
// Game.NewSampler (games.ViewSampler) rebuilds whole states from a seat's
// view (or a spectator's): everything public as shown, the seat's hand and
// what it knows of the hidden card, and the cards it does not see dealt
// uniformly (cards.Dealer) among the deals that keep every hand off the suits
// its player showed void in; those are exactly the deals under which every
// action of the round was legal. The hidden card, while set aside and not the
// seat's, is one more unseen card (any suit); once revealed it stays in its
// owner's hand; once it joined its owner's hand unrevealed it is, for the
// others, that hand's one card. Later rounds are dealt from the sampler's
// generator. A view a table could not show (cards twice, sizes, tricks or
// tens that do not add up, voids no deal fits, the hidden card shown to a
// seat that may not know it, a field written otherwise than a table writes
// it) is refused with what does not fit.
//
// # Bots
//
// Game.Advise (advise.go) is the heuristic player of the easy and normal
// levels (games.Advisor); the hard level is the generic ISMCTS over the
// sampler's states, its playouts ending with the round (State.Round).
// STRENGTH.md holds the measured strength of every level.
package mindikot

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"cardtable/games"
	"cardtable/games/cards"
)

// ID is the game's registry name.
const ID = "mindikot"

// Game is Mindikot.
type Game struct{}

var (
	_ games.ViewSampler = Game{}
)

var targetValues = func() []string {
	v := make([]string, 21)
	for i := range v {
		v[i] = strconv.Itoa(i + 1)
	}
	return v
}()

// Info describes Mindikot and its options.
func (Game) Info() games.Info {
	return games.Info{
		ID:         ID,
		Title:      "Mindikot",
		Pitch:      "Two teams race to capture the four tens; the trump is cut or hidden.",
		MinPlayers: 4,
		MaxPlayers: 6,
		Gaps:       []int{5},
		Teams:      "alternating seats: 0&2 vs 1&3 (4 players), 0,2,4 vs 1,3,5 (6 players)",
		Options: []games.Option{
			{Name: "mode", Values: []string{"CUT", "HIDDEN"}, Default: "CUT",
				Help: "CUT: the first card played by a void player fixes the trump; HIDDEN: a card of the first leader is set aside and a void player may reveal it"},
			{Name: "hiddenCardSelection", Values: []string{"RANDOM", "CHOSEN"}, Default: "RANDOM",
				Help: "mode HIDDEN: the game picks the hidden card, or the first leader chooses it"},
			games.Switch("revealerMustTrump", "on", "mode HIDDEN: after revealing, a player holding a trump must play one"),
			{Name: "tieBreak44", Values: []string{"LAST_TRICK", "DRAW"}, Default: "LAST_TRICK",
				Help: "6 players, tens 2–2 and tricks 4–4: the team that won the last trick wins, or the round is drawn"},
			{Name: "targetPoints", Values: targetValues, Default: "7", Help: "match points a team needs to win the match"},
			{Name: "nextLeader", Values: []string{"ROTATE", "TRADITIONAL"}, Default: "ROTATE",
				Help: "ROTATE: the first leader moves one seat each round; TRADITIONAL: the dealer stays while their team loses"},
		},
	}
}

// Action encoding.
const (
	actPlay   = 0   // + card
	actHide   = 64  // + card
	actReveal = 128 // reveal the hidden card
	actPass   = 129 // decline to reveal
)

const (
	phaseHide uint8 = iota
	phasePlay
	phaseOver
)

// What became of the hidden card.
const (
	hidNone     uint8 = iota // mode CUT, or not set aside yet
	hidAside                 // set aside, unknown to all but its owner
	hidRevealed              // revealed: back in its owner's hand (or played since)
	hidJoined                // joined its owner's hand unrevealed as the last card
	hidPlayed                // played without being revealed
)

// Declarations of the player to act.
const (
	declNone uint8 = iota
	declReveal
	declPass
)

type deal struct {
	hands  [6]cards.Set
	fixed  bool // hands given
	hidden cards.Card
	hasHid bool
}

// outcome is the result of one round.
type outcome struct {
	Round  int    `json:"round"`
	Team   int    `json:"team"`
	Points int    `json:"points"`
	Tens   [2]int `json:"tens"`
	Tricks [2]int `json:"tricks"`
	Kind   string `json:"kind"`
}

// State is a whole Mindikot match. It is a plain value: Clone copies it.
type State struct {
	n           int
	hiddenMode  bool
	chosen      bool
	mustTrump   bool
	drawOn44    bool
	traditional bool
	target      int
	deals       []deal // fixed deals; read only, shared by clones
	rng         rand.PCG

	round       int // rounds dealt so far
	points      [2]int
	winTeam     int // -1 until the match is over
	firstLeader int
	dealer      int

	phase     uint8
	hands     [6]cards.Set
	voids     [6]uint8 // suits each seat is publicly known to lack (besides known cards)
	hidden    cards.Card
	hidState  uint8
	hidOwner  int
	trump     cards.Suit
	trumpSet  bool
	nonTrump  cards.Set
	declared  uint8
	leader    int
	turn      int
	trick     [6]cards.Card
	trickN    int
	tricksNo  int
	tens      [2]int
	tricksWon [2]int
	tensWon   [2]cards.Set
	played    cards.Set // every card played this round

	lastTrick  [6]cards.Card
	lastN      int
	lastLeader int
	lastWinner int
	lastNonTr  cards.Set

	lastRound    outcome
	hasLastRound bool
}

func suitBit(s cards.Suit) uint8 { return 1 << s }

// New starts a match.
func (g Game) New(cfg games.Config) (games.State, error) {
	info := g.Info()
	if cfg.Players != 4 && cfg.Players != 6 {
		return nil, games.Errorf("%s: %d players: the game is for 4 or 6", ID, cfg.Players)
	}
	opts, err := info.Resolve(cfg)
	if err != nil {
		return nil, err
	}
	s := &State{
		n:           cfg.Players,
		hiddenMode:  opts["mode"] == "HIDDEN",
		chosen:      opts["hiddenCardSelection"] == "CHOSEN",
		mustTrump:   opts.Bool("revealerMustTrump"),
		drawOn44:    opts["tieBreak44"] == "DRAW",
		traditional: opts["nextLeader"] == "TRADITIONAL",
		target:      opts.Int("targetPoints"),
		winTeam:     -1,
		lastLeader:  -1,
		lastWinner:  -1,
	}
	s.rng = *rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)
	first := -1
	for i, d := range cfg.Deals {
		pd, err := s.parseDeal(i, d)
		if err != nil {
			return nil, games.Errorf("%s: deal %d: %w", ID, i+1, err)
		}
		if d.First != nil {
			first = *d.First
		}
		s.deals = append(s.deals, pd)
	}
	if first < 0 {
		first = rand.New(&s.rng).IntN(s.n)
	}
	s.firstLeader = first
	s.dealer = (first + s.n - 1) % s.n
	// Check the hidden cards whose owner is known in advance.
	for i, d := range s.deals {
		if !d.hasHid || (i > 0 && s.traditional) {
			continue
		}
		owner := (first + i) % s.n
		if !d.hands[owner].Has(d.hidden) {
			return nil, games.Errorf("%s: deal %d: hidden card %s is not in the hand of the first leader (seat %d)", ID, i+1, d.hidden, owner)
		}
	}
	s.startRound()
	return s, nil
}

func (s *State) deck() cards.Set {
	if s.n == 6 {
		return cards.Deck48
	}
	return cards.Deck52
}

func (s *State) perHand() int { return s.deck().Len() / s.n }

func (s *State) parseDeal(i int, d games.Deal) (deal, error) {
	var out deal
	if err := d.Only("hands", "first", "hidden"); err != nil {
		return out, err
	}
	if d.First != nil {
		if i > 0 {
			return out, games.Errorf("first is allowed in the first deal only")
		}
		if *d.First < 0 || *d.First >= s.n {
			return out, games.Errorf("first %d is not a seat (0-%d)", *d.First, s.n-1)
		}
	}
	if d.Hidden != "" {
		if !s.hiddenMode {
			return out, games.Errorf("hidden needs mode HIDDEN")
		}
		if s.chosen {
			return out, games.Errorf("hidden is chosen by the first leader (hiddenCardSelection CHOSEN): use a hide action")
		}
		if len(d.Hands) == 0 {
			return out, games.Errorf("hidden needs the hands")
		}
		c, err := cards.Parse(d.Hidden)
		if err != nil {
			return out, games.Errorf("hidden: %w", err)
		}
		out.hidden, out.hasHid = c, true
	}
	if len(d.Hands) == 0 {
		return out, nil
	}
	if len(d.Hands) != s.n {
		return out, games.Errorf("%d hands for %d players", len(d.Hands), s.n)
	}
	dealt := cards.Dealt{Deck: s.deck()}
	hands, err := dealt.Hands("hand", d.Hands, s.perHand())
	if err != nil {
		return out, err
	}
	copy(out.hands[:], hands)
	seen := dealt.All()
	out.fixed = true
	if out.hasHid && !seen.Has(out.hidden) {
		return out, games.Errorf("hidden card %s is in no hand", out.hidden)
	}
	return out, nil
}

// startRound deals the next round.
func (s *State) startRound() {
	r := s.round
	s.round++
	var d deal
	if r < len(s.deals) {
		d = s.deals[r]
	}
	rng := rand.New(&s.rng)
	if d.fixed {
		s.hands = d.hands
	} else {
		s.hands = [6]cards.Set{}
		deck := cards.Shuffled(rng, s.deck())
		for i, c := range deck {
			p := (s.firstLeader + i) % s.n
			s.hands[p] = s.hands[p].With(c)
		}
	}
	s.voids = [6]uint8{}
	s.trumpSet, s.trump = false, 0
	s.nonTrump, s.played = 0, 0
	s.declared = declNone
	s.leader, s.turn = s.firstLeader, s.firstLeader
	s.trickN, s.tricksNo = 0, 0
	s.tens, s.tricksWon, s.tensWon = [2]int{}, [2]int{}, [2]cards.Set{}
	s.hidState, s.hidOwner, s.hidden = hidNone, -1, 0
	s.phase = phasePlay
	if !s.hiddenMode {
		return
	}
	s.hidOwner = s.firstLeader
	if s.chosen {
		s.phase = phaseHide
		return
	}
	h := s.hands[s.firstLeader]
	c := h.Nth(rng.IntN(h.Len()))
	if d.hasHid && h.Has(d.hidden) {
		c = d.hidden
	}
	s.setAside(c)
}

func (s *State) setAside(c cards.Card) {
	s.hidden = c
	s.hidState = hidAside
	s.hands[s.hidOwner] = s.hands[s.hidOwner].Without(c)
}

func (s *State) team(p int) int { return p & 1 }

// Actors appends the seat to act.
func (s *State) Actors(dst []games.Seat) []games.Seat {
	if s.phase == phaseOver {
		return dst
	}
	return append(dst, games.Seat(s.turn))
}

// canReveal tells whether a void player gets the reveal/pass choice now.
func (s *State) canReveal() bool {
	return s.hiddenMode && !s.trumpSet && (s.hidState == hidAside || s.hidState == hidJoined)
}

// Legal appends the actions seat may take now.
func (s *State) Legal(seat games.Seat, dst []games.Action) []games.Action {
	if s.phase == phaseOver || int(seat) != s.turn {
		return dst
	}
	hand := s.hands[s.turn]
	if s.phase == phaseHide {
		for h := hand; h != 0; h &= h - 1 {
			dst = append(dst, games.Action(actHide+int(h.Lowest())))
		}
		return dst
	}
	allowed := s.playable(hand)
	if allowed == 0 {
		return append(dst, actReveal, actPass)
	}
	for h := allowed; h != 0; h &= h - 1 {
		dst = append(dst, games.Action(actPlay+int(h.Lowest())))
	}
	return dst
}

// playable is the set of cards the player to act may play from hand, or 0
// when they must first reveal or pass.
func (s *State) playable(hand cards.Set) cards.Set {
	if s.trickN == 0 {
		return hand
	}
	led := s.trick[0].Suit()
	if f := hand.Of(led); f != 0 {
		return f
	}
	switch s.declared {
	case declReveal:
		if t := hand.Of(s.trump); s.mustTrump && t != 0 {
			return t
		}
		return hand
	case declPass:
		return hand
	}
	if s.canReveal() {
		return 0
	}
	return hand
}

// Apply plays one action.
func (s *State) Apply(seat games.Seat, a games.Action) error {
	if s.phase == phaseOver {
		return games.ErrDone
	}
	if a == games.Timeout {
		return games.ErrNoWindow
	}
	if int(seat) != s.turn {
		return games.ErrNotYourTurn
	}
	p := s.turn
	hand := s.hands[p]
	switch {
	case a == actReveal || a == actPass:
		if s.phase == phaseHide {
			return games.Refuse("set a card aside first")
		}
		if s.trickN == 0 {
			return games.Refuse("the leader plays a card; there is nothing to reveal or pass")
		}
		led := s.trick[0].Suit()
		if hand.HasSuit(led) {
			return games.Refuse("you can follow %s: reveal and pass are for players who cannot", led)
		}
		if s.declared != declNone {
			return games.Refuse("you have already chosen: play a card")
		}
		if !s.canReveal() {
			if s.trumpSet {
				return games.Refuse("the trump is already revealed: play any card")
			}
			return games.Refuse("there is no hidden card to reveal: play any card")
		}
		s.voids[p] |= suitBit(led)
		if a == actPass {
			s.declared = declPass
			return nil
		}
		s.declared = declReveal
		s.trump, s.trumpSet = s.hidden.Suit(), true
		if s.hidState == hidAside {
			s.hands[s.hidOwner] = s.hands[s.hidOwner].With(s.hidden)
		}
		s.hidState = hidRevealed
		return nil
	case a >= actHide && a < actHide+cards.NumCards:
		c := cards.Card(a - actHide)
		if s.phase != phaseHide {
			return games.Refuse("no card is set aside now")
		}
		if !hand.Has(c) {
			return games.Refuse("you do not hold %s", c)
		}
		s.setAside(c)
		s.phase = phasePlay
		return nil
	case a < cards.NumCards:
		c := cards.Card(a)
		if s.phase == phaseHide {
			return games.Refuse("set a card aside first")
		}
		if !hand.Has(c) {
			if s.hidState == hidAside && p == s.hidOwner && c == s.hidden {
				return games.Refuse("%s is set aside as the hidden card", c)
			}
			return games.Refuse("you do not hold %s", c)
		}
		allowed := s.playable(hand)
		if !allowed.Has(c) {
			led := s.trick[0].Suit()
			switch {
			case allowed == 0:
				return games.Refuse("you cannot follow %s: reveal the trump or pass first", led)
			case hand.HasSuit(led):
				return games.Refuse("you must follow %s", led)
			default:
				return games.Refuse("you must play a trump (%s) after revealing", s.trump)
			}
		}
		s.play(p, c)
		return nil
	}
	return games.Errorf("unknown action %d", a)
}

func (s *State) play(p int, c cards.Card) {
	if s.trickN > 0 {
		led := s.trick[0].Suit()
		if c.Suit() != led {
			s.voids[p] |= suitBit(led)
			if !s.hiddenMode && !s.trumpSet {
				s.trump, s.trumpSet = c.Suit(), true // the cut: this card is already a trump
			}
		}
		if s.declared == declReveal && s.mustTrump && c.Suit() != s.trump {
			s.voids[p] |= suitBit(s.trump)
		}
	}
	if s.declared == declPass {
		s.nonTrump = s.nonTrump.With(c)
	}
	s.declared = declNone
	s.hands[p] = s.hands[p].Without(c)
	s.played = s.played.With(c)
	if s.hidState == hidJoined && p == s.hidOwner {
		s.hidState = hidPlayed
	}
	if s.hidState == hidAside && p == s.hidOwner && s.hands[p] == 0 {
		// The never-revealed hidden card is its owner's last card.
		s.hands[p] = s.hands[p].With(s.hidden)
		s.hidState = hidJoined
		s.voids[p] = 0
	}
	s.trick[s.trickN] = c
	s.trickN++
	if s.trickN < s.n {
		s.turn = (s.turn + 1) % s.n
		return
	}
	s.endTrick()
}

// trickWinner is the offset in the trick of the winning card.
func (s *State) trickWinner(trick []cards.Card) int {
	best := -1
	if s.trumpSet {
		for i, c := range trick {
			if c.Suit() == s.trump && !s.nonTrump.Has(c) && (best < 0 || c.Rank() > trick[best].Rank()) {
				best = i
			}
		}
	}
	if best < 0 {
		led := trick[0].Suit()
		for i, c := range trick {
			if c.Suit() == led && (best < 0 || c.Rank() > trick[best].Rank()) {
				best = i
			}
		}
	}
	return best
}

func (s *State) endTrick() {
	w := (s.leader + s.trickWinner(s.trick[:s.n])) % s.n
	t := s.team(w)
	for _, c := range s.trick[:s.n] {
		if c.Rank() == 10 {
			s.tens[t]++
			s.tensWon[t] = s.tensWon[t].With(c)
		}
	}
	s.tricksWon[t]++
	s.tricksNo++
	s.lastTrick, s.lastN, s.lastLeader, s.lastWinner = s.trick, s.n, s.leader, w
	s.lastNonTr = s.nonTrump
	s.trickN = 0
	s.leader, s.turn = w, w
	if s.tricksNo == s.perHand() {
		s.endRound()
	}
}

func (s *State) endRound() {
	total := s.perHand()
	o := outcome{Round: s.round, Team: -1, Tens: s.tens, Tricks: s.tricksWon}
	switch {
	case s.tens[0] >= 3:
		o.Team, o.Kind = 0, "tens"
	case s.tens[1] >= 3:
		o.Team, o.Kind = 1, "tens"
	case s.tricksWon[0] != s.tricksWon[1]:
		o.Team, o.Kind = 0, "tricks"
		if s.tricksWon[1] > s.tricksWon[0] {
			o.Team = 1
		}
	case s.drawOn44:
		o.Kind = "draw"
	default:
		o.Team, o.Kind = s.team(s.lastWinner), "lastTrick"
	}
	if o.Team >= 0 {
		o.Points = 1
		if s.tens[o.Team] == 4 {
			o.Points, o.Kind = 2, "mendikot"
		}
		if s.tricksWon[o.Team] == total {
			o.Points, o.Kind = 3, "whitewash"
		}
		s.points[o.Team] += o.Points
	}
	s.lastRound, s.hasLastRound = o, true
	if o.Team >= 0 && s.points[o.Team] >= s.target {
		s.winTeam = o.Team
		s.phase = phaseOver
		s.turn = -1
		return
	}
	if s.traditional {
		switch {
		case o.Team < 0 || o.Team == s.team(s.dealer):
			s.dealer = (s.dealer + 1) % s.n
		case o.Points == 3:
			s.dealer = (s.dealer + 2) % s.n
		}
		s.firstLeader = (s.dealer + 1) % s.n
	} else {
		s.firstLeader = (s.firstLeader + 1) % s.n
		s.dealer = (s.firstLeader + s.n - 1) % s.n
	}
	s.startRound()
}

// Deadline: Mindikot has no timed windows.
func (s *State) Deadline() time.Duration { return 0 }

// Done tells whether a team has reached the target.
func (s *State) Done() bool { return s.phase == phaseOver }

// Result: each seat scores its team's points; the winners are the whole
// winning team once the match is over.
func (s *State) Result() games.Result {
	r := games.Result{Scores: make([]int, s.n), Winners: []games.Seat{}, TeamScores: []int{s.points[0], s.points[1]}}
	for p := range s.n {
		r.Scores[p] = s.points[s.team(p)]
		if s.winTeam >= 0 && s.team(p) == s.winTeam {
			r.Winners = append(r.Winners, games.Seat(p))
		}
	}
	return r
}

// Clone returns an independent copy.
func (s *State) Clone() games.State {
	c := *s
	return &c
}

// FormatAction writes an action in the notation of RULES.md §0.1.
func (s *State) FormatAction(a games.Action) string {
	switch {
	case a == actReveal:
		return "reveal"
	case a == actPass:
		return "pass"
	case a < cards.NumCards:
		return "play " + cards.Card(a).String()
	case a >= actHide && a < actHide+cards.NumCards:
		return "hide " + cards.Card(a-actHide).String()
	case a == games.Timeout:
		return "timeout"
	}
	return fmt.Sprintf("action#%d", uint32(a))
}

// ParseAction reads the text notation.
func (s *State) ParseAction(text string) (games.Action, error) {
	verb, arg, _ := strings.Cut(text, " ")
	switch verb {
	case "reveal", "pass":
		if arg != "" {
			return 0, games.Errorf("%q takes no argument", verb)
		}
		if verb == "reveal" {
			return actReveal, nil
		}
		return actPass, nil
	case "play", "hide":
		c, err := cards.Parse(arg)
		if err != nil {
			return 0, games.Errorf("%s: %w", verb, err)
		}
		if verb == "hide" {
			return games.Action(actHide + int(c)), nil
		}
		return games.Action(actPlay + int(c)), nil
	case "timeout":
		if arg == "" {
			return games.Timeout, nil
		}
	}
	return 0, games.Errorf("unknown action %q (actions: play 7H, hide 9C, reveal, pass)", text)
}
