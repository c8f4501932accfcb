// Package catte is the rule engine of Cat Te (Six Cards), RULES.md B1: 2 to 6
// players, six cards each, no trumps; the leader plays face up, the others
// either beat the best card face up or fold a card face down, and the winner
// of the last trick wins the pot. Chips are play chips.
//
// # Round
//
// Every player still in the match pays the ante (and the side-pot ante when
// the side pot is on); a player who cannot pay leaves the match. The dealer is
// random in round 1 (or the first deal's `first`), then the previous round's
// winner (the next seat still in if the winner left). Six cards each; with the
// side pot on, one undealt card is turned up. Instant wins are checked, then
// tricks 1–6 (RULES.md B1): in LAOS and VIETNAMESE the players who won none of
// tricks 1–4 are eliminated and a player who won all four wins at once (the
// sweep); trick 5 is played face down there (and in KHMER with
// khmerSecretTrick5); trick 6 is turned up automatically. The winner takes the
// pot (plus one ante from every other player dealt in for a sweep when at
// least sweepBonusMinPlayers were dealt in, or for an instant win with
// instantWinPayout DOUBLE; a player short of chips pays what they have).
// Rounds follow one another without a pause; the match ends after matchRounds
// rounds or when fewer than two players can pay the ante. Most chips wins
// (ties share).
//
// # Actions (RULES.md §0.1)
//
//	play QH   face up: the leader any card; the others a card of the led suit
//	          that beats the best so far (faceUpRule MUST_BEAT) or any card (OPEN)
//	fold 7C   face down, out of this trick (never the leader, never trick 5 in
//	          the face-down regions); the card is never shown to anyone else
//	secret 8C trick 5 face down (LAOS, VIETNAMESE, khmerSecretTrick5), shown
//	          when everyone has chosen
//	foldhand  on one's turn: throw in the whole hand face down (option foldHand)
//	claim     on one's turn: show the hand and claim the round (option claimWin).
//	          Valid when the claimant has a way to play that wins the round
//	          whatever the others do. Every card is known at the claim (cards
//	          already put face down included); after it the claimant plays
//	          on what the table shows (the others'
//	          face-down cards stay unseen, and in a face-down trick 5 it
//	          chooses without seeing the others' choices), while the others
//	          play as one side with every option, throwing in hands included.
//	          Valid wins the pot (no sweep bonus); invalid eliminates the
//	          claimant, whose hand stays shown, and costs one more ante into
//	          the pot
//	sidepot   sidePotClaim MANUAL: the player dealt the card next above the
//	          upcard takes the side pot, at any moment of the round, even out
//	          of turn (Legal lists it for that player; Actors does not, so
//	          that it does not tell who holds the card)
//
// # Options
//
//	region               KHMER | LAOS | VIETNAMESE (default)
//	firstLead            DEALER (default) | LEFT_OF_DEALER
//	faceUpRule           MUST_BEAT (default) | OPEN
//	instantFourOfAKind   on (default) | off   (four aces always win)
//	instantFlush         on (default) | off
//	instantLowHand       on (default) | off
//	instantWinPayout     POT (default) | DOUBLE
//	sweepBonusMinPlayers 2..7, default 4 (7: never)
//	sidePot              off (default) | on
//	sidePotClaim         AUTO (default) | MANUAL
//	foldHand             on (default) | off
//	claimWin             off (default) | on
//	khmerSecretTrick5    off (default) | on
//	ante                 1..5, default 1
//	sidePotAnte          1..5, default 1
//	startingChips        10, 20 (default), 30, 40, 50, 100, 200
//	matchRounds          1..20, 25, 30, 50, 100; default 10
//
// # Deals
//
// A record's `deals` entries accept these fields and refuse the others:
//
//	hands   one list per seat: 6 cards for each seat dealt in, an empty list
//	        for a seat that has left the match. A later deal that lists cards
//	        for a seat that has left, or none for a seat still in, is refused
//	        when its round starts (RULES.md §0.1): the action that ends the
//	        round before it is refused, with an error naming the round and
//	        the seat, and changes nothing
//	first   in the first deal only: the round-1 dealer
//	upcard  side pot on: the turned-up card (not in any hand)
//
// # View
//
// View(seat) is a *View; its JSON fields:
//
//	seat         the viewer (-2 observer, -3 everything)
//	players      number of seats
//	region       "KHMER", "LAOS" or "VIETNAMESE"
//	round        1-based round number
//	dealer       this round's dealer
//	chips        chips per seat
//	pot          the main pot
//	sidePot      the side pot (carried over while unwon)
//	upcard       the turned-up card, "" when the side pot is off
//	sideCard     the card that wins the side pot (next above the upcard)
//	sideWinner   seat that took the side pot this round, -1 if none yet
//	status       per seat: "active", "folded" (threw in the hand),
//	             "eliminated" (after trick 4 or a failed claim), "out" (not in
//	             this round: left the match)
//	tricksWon    tricks won per seat this round
//	handSizes    cards per seat (dead cards of folded and eliminated players
//	             count)
//	hand         the viewer's cards, ascending; absent for the observer
//	hands        every hand (God view only)
//	shown        cards shown to everyone, per seat (a failed claim)
//	trick        the trick being played, 1..6
//	leader       its leader
//	turn         the seat to act, -1 between rounds or when over
//	plays        the current trick in play order: {seat, kind, card}; kind is
//	             "up", "fold", "secret" or "show"; card is "" where the viewer
//	             may not see it (another's fold, or a secret card not yet shown)
//	tricks       this round's finished tricks: {leader, winner, plays}
//	events       this round's actions that play no card, in order: {seat,
//	             kind ("foldhand" or "claim"), trick, at (how many cards of
//	             that trick were down)}; everyone saw them
//	lastRound    the previous round: {round, winner, how ("showdown",
//	             "sweep", "lastStanding", "claim", "instant"), pot, bonus
//	             (chips paid to the winner on top of the pot), hand (an instant
//	             winner's hand), tricks (its finished tricks, folds hidden),
//	             sideWinner}
//	winners      seats with the most chips once the match is over
//
// A seat's own face-down cards (folds, its trick-5 secret) are named in its
// plays and tricks; another seat's are listed with card "" and so only
// counted.
//
// # Descriptions
//
// Describe (describe.go, games.State) tells each seat an action as it
// may know it. Kinds are the verbs: "play", "fold", "secret", "foldhand",
// "claim", "sidepot". Cards:
//
//	play      the card, to everyone
//	fold      the card to its player (and God); to the others Hidden 1
//	secret    to its player the card; to the others Secret, Hidden 1, except
//	          the last card of the trick, which is turned up at once and named
//	foldhand  to its player the hand thrown in; to the others Hidden (its size)
//	claim     to its player the hand it shows; to the others nothing (the hand
//	          is in the view once shown)
//	sidepot   the side card, which the seat proves it was dealt
//
// Outcomes: "trick" (Winners: who takes it) when the action completes a
// trick of 1–4; "round" (Winners: the round's winner) when the round ends;
// "match" (Winners: the seats with the most chips) when the match ends
// before another deal (the last round was played, or fewer than two seats
// can pay the next ante). The action that completes trick 5 always ends
// the round: its Reveals list the trick's earlier face-down cards (in play
// order) and every survivor's last card turned up at the showdown (by
// seat), each named only where the viewer has seen it.
//
// A description is asked before the action is applied and may rest only on
// what the viewer knows then (gamestest.CheckSeat compares it in deals
// sampled from the viewer's view; a seat's own legal moves are described
// to it as a preview). So where hidden cards decide what follows, only God
// is told: who wins the showdown (the others are told "round", or "match"
// when the match ends whoever wins, with no Winners), the cards the
// showdown and trick 5 turn up but the viewer's own, and whether a claim
// holds (the others are told the outcome only when it is the same either
// way: "round" with two players in). The view after the action shows all
// of it.
//
// # Sampler
//
// NewSampler (sample.go, games.ViewSampler) rebuilds states from a seat's
// (or the spectator's) view. Known stay known: the seat's hand and own
// face-down cards, every face-up, revealed and shown card, the upcard. The
// rest of this round's deal (the other hands, dead cards of folded and
// eliminated seats, the others' folds and unrevealed secrets, the undealt
// cards) is dealt with cards.Dealer, uniformly among the deals that fit:
// each seat's count of unseen cards; the side card in the hand of the seat
// that took the side pot, or undealt when AUTO paid nobody; no dealt hand
// that would have won at once; no failed claim that would have held
// (rejection: a deal breaking one of the last two is drawn again, up to
// 1000 times). The round's actions (tricks, plays, events) are then played
// again on the deal, so that every part of the sample follows from it.
// NewSampler checks the view on a first deal: a history the rules do not
// allow, or a view the replayed round does not give back, is an error
// naming what does not fit. A finished match is refused (games.ErrDone).
// The previous round's folds of the others stay unnamed in a sample (they
// take no part in play); later rounds are dealt from the sampler's rng.
//
// # Bots
//
// Game.Advise (advise.go) is the heuristic player of the easy and normal
// levels (games.Advisor). Game.Solve (solve.go, games.Solver) is the hard
// level: a Monte Carlo search that plays every move out to the end of the
// round with the heuristic in deals sampled from the seat's view; the hard
// bot votes over its moves in samples. STRENGTH.md holds the measured
// strength of every level.
package catte

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"cardtable/games"
	"cardtable/games/cards"
)

// ID is the game's registry name.
const ID = "catte"

// Game is Cat Te.
type Game struct{}

func numbers(lo, hi int, more ...int) []string {
	var v []string
	for i := lo; i <= hi; i++ {
		v = append(v, strconv.Itoa(i))
	}
	for _, m := range more {
		v = append(v, strconv.Itoa(m))
	}
	return v
}

// Info describes Cat Te and its options.
func (Game) Info() games.Info {
	return games.Info{
		ID:         ID,
		Title:      "Cat Te",
		Pitch:      "Six cards, six tricks: beat the best card or fold it face down, and win the last trick.",
		MinPlayers: 2,
		MaxPlayers: 6,
		Options: []games.Option{
			{Name: "region", Values: []string{"KHMER", "LAOS", "VIETNAMESE"}, Default: "VIETNAMESE",
				Help: "KHMER: only the last trick matters; LAOS and VIETNAMESE: elimination and sweep after trick 4, trick 5 face down"},
			{Name: "firstLead", Values: []string{"DEALER", "LEFT_OF_DEALER"}, Default: "DEALER", Help: "who leads trick 1"},
			{Name: "faceUpRule", Values: []string{"MUST_BEAT", "OPEN"}, Default: "MUST_BEAT",
				Help: "MUST_BEAT: a face-up card must be of the led suit and beat the best so far; OPEN: any card may be played face up"},
			games.Switch("instantFourOfAKind", "on", "four of a kind wins at once (four aces always do)"),
			games.Switch("instantFlush", "on", "six cards of one suit win at once"),
			games.Switch("instantLowHand", "on", "six cards all A-5 (ace low) win at once"),
			{Name: "instantWinPayout", Values: []string{"POT", "DOUBLE"}, Default: "POT",
				Help: "an instant winner takes the pot, or also one ante from each other player"},
			{Name: "sweepBonusMinPlayers", Values: numbers(2, 7), Default: "4",
				Help: "players dealt in from which a sweep earns one ante from each other player (7: never)"},
			games.Switch("sidePot", "off", "a side pot won by the holder of the card next above the turned-up card"),
			{Name: "sidePotClaim", Values: []string{"AUTO", "MANUAL"}, Default: "AUTO",
				Help: "the side pot is paid at once, or only when its holder claims it before the round ends"},
			games.Switch("foldHand", "on", "a player may throw in the whole hand on their turn"),
			games.Switch("claimWin", "off", "a player may show their hand and claim the round; a wrong claim eliminates"),
			games.Switch("khmerSecretTrick5", "off", "KHMER: play trick 5 face down too"),
			{Name: "ante", Values: numbers(1, 5), Default: "1", Help: "chips each player pays into the pot every round"},
			{Name: "sidePotAnte", Values: numbers(1, 5), Default: "1", Help: "chips each player pays into the side pot every round"},
			{Name: "startingChips", Values: []string{"10", "20", "30", "40", "50", "100", "200"}, Default: "20", Help: "chips each player starts with"},
			{Name: "matchRounds", Values: numbers(1, 20, 25, 30, 50, 100), Default: "10", Help: "rounds in a match"},
		},
	}
}

type deal struct {
	hands  [6]cards.Set
	sizes  [6]int8
	fixed  bool
	upcard cards.Card
	hasUp  bool
}

// outcome is a finished round as everyone saw it.
type outcome struct {
	round      int
	winner     int8
	how        uint8
	pot        int
	bonus      int
	hand       cards.Set // an instant winner's hand
	hist       [6]trickRec
	finished   int8
	sideWinner int8
}

// State is a whole Cat Te match. It is a plain value: Clone copies it.
type State struct {
	n         int
	region    string
	khmer     bool
	firstLeft bool
	inst4     bool
	instFlush bool
	instLow   bool
	double    bool
	sweepMin  int
	sideOn    bool
	manual    bool
	claimOn   bool
	ante      int
	sideAnte  int
	start     int
	rounds    int
	deals     []deal // fixed deals; read only, shared by clones
	rng       rand.PCG

	chips   [6]int
	inMatch uint8 // seats still in the match
	round   int   // rounds started
	pot     int
	sidePot int
	dealer  int8
	done    bool

	c          core
	dealtIn    uint8 // seats dealt in this round
	dealt      [6]cards.Set
	upcard     cards.Card
	hasUp      bool
	sideCard   cards.Card
	sideHolder int8 // seat dealt sideCard, -1 if undealt
	sideWinner int8 // seat that took the side pot this round, -1
	shown      [6]cards.Set
	events     [6]event // this round's throw-ins and claims, in order
	nev        int8

	last    outcome
	hasLast bool
}

// event is an action of this round that plays no card: where it came in
// the play (the trick and how many cards of it were down), for the views.
type event struct {
	seat  int8
	claim bool // else a throw-in (foldhand)
	trick int8
	at    int8
}

// setup resolves cfg's options into a State holding no deal yet.
func (g Game) setup(cfg games.Config) (*State, error) {
	opts, err := g.Info().Resolve(cfg)
	if err != nil {
		return nil, err
	}
	region := opts["region"]
	s := &State{
		n:         cfg.Players,
		region:    region,
		khmer:     region == "KHMER",
		firstLeft: opts["firstLead"] == "LEFT_OF_DEALER",
		inst4:     opts.Bool("instantFourOfAKind"),
		instFlush: opts.Bool("instantFlush"),
		instLow:   opts.Bool("instantLowHand"),
		double:    opts["instantWinPayout"] == "DOUBLE",
		sweepMin:  opts.Int("sweepBonusMinPlayers"),
		sideOn:    opts.Bool("sidePot"),
		manual:    opts["sidePotClaim"] == "MANUAL",
		claimOn:   opts.Bool("claimWin"),
		ante:      opts.Int("ante"),
		sideAnte:  opts.Int("sidePotAnte"),
		rounds:    opts.Int("matchRounds"),
		start:     opts.Int("startingChips"),
	}
	s.c = core{
		n:       int8(s.n),
		elim:    !s.khmer,
		secret5: !s.khmer || opts.Bool("khmerSecretTrick5"),
		open:    opts["faceUpRule"] == "OPEN",
		foldOK:  opts.Bool("foldHand"),
		winner:  -1,
		turn:    -1,
	}
	for p := range s.n {
		s.chips[p] = s.start
		s.inMatch |= 1 << p
	}
	s.sideHolder, s.sideWinner = -1, -1
	return s, nil
}

// blank is a State under s's options holding nothing of the match.
func (s *State) blank() *State {
	b := &State{n: s.n, region: s.region, khmer: s.khmer, firstLeft: s.firstLeft, inst4: s.inst4,
		instFlush: s.instFlush, instLow: s.instLow, double: s.double, sweepMin: s.sweepMin, sideOn: s.sideOn,
		manual: s.manual, claimOn: s.claimOn, ante: s.ante, sideAnte: s.sideAnte, start: s.start, rounds: s.rounds}
	b.c = core{n: s.c.n, elim: s.c.elim, secret5: s.c.secret5, open: s.c.open, foldOK: s.c.foldOK, winner: -1, turn: -1}
	b.sideHolder, b.sideWinner = -1, -1
	return b
}

// New starts a match.
func (g Game) New(cfg games.Config) (games.State, error) {
	s, err := g.setup(cfg)
	if err != nil {
		return nil, err
	}
	s.rng = *rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)
	dealer := -1
	for i, d := range cfg.Deals {
		pd, err := s.parseDeal(i, d)
		if err != nil {
			return nil, games.Errorf("%s: deal %d: %w", ID, i+1, err)
		}
		if d.First != nil {
			dealer = *d.First
		}
		s.deals = append(s.deals, pd)
	}
	if dealer < 0 {
		dealer = rand.New(&s.rng).IntN(s.n)
	}
	s.dealer = int8(dealer)
	if err := s.startRound(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *State) parseDeal(i int, d games.Deal) (deal, error) {
	var out deal
	if err := d.Only("hands", "first", "upcard"); err != nil {
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
	var dealt cards.Dealt // the caller names the deal
	if len(d.Hands) > 0 {
		if len(d.Hands) != s.n {
			return out, games.Errorf("%d hands for %d players", len(d.Hands), s.n)
		}
		for p, h := range d.Hands {
			want := 6
			if len(h) == 0 && i > 0 { // a seat that has left the match
				want = 0
			}
			var err error
			if out.hands[p], err = dealt.Hand("hand "+strconv.Itoa(p), h, want); err != nil {
				return out, err
			}
			out.sizes[p] = int8(len(h))
		}
		out.fixed = true
	}
	seen := dealt.All()
	if d.Upcard != "" {
		if !s.sideOn {
			return out, games.Errorf("upcard needs the side pot (option sidePot)")
		}
		c, err := cards.Parse(d.Upcard)
		if err != nil {
			return out, games.Errorf("upcard: %w", err)
		}
		if seen.Has(c) {
			return out, games.Errorf("upcard %s is also in a hand", c)
		}
		if !out.fixed {
			return out, games.Errorf("upcard needs the hands")
		}
		out.upcard, out.hasUp = c, true
	}
	return out, nil
}

// startRound collects the antes, deals, turns up the side-pot card and checks
// the instant wins; rounds won at once are settled and the next dealt, until
// a round needs play or the match ends. A fixed deal that does not fit the
// seats still in is an error (RULES.md §0.1).
func (s *State) startRound() error {
	for {
		if s.round >= s.rounds {
			s.endMatch()
			return nil
		}
		need := s.ante
		if s.sideOn {
			need += s.sideAnte
		}
		for p := range s.n {
			if s.chips[p] < need {
				s.inMatch &^= 1 << p
			}
		}
		if bits.OnesCount8(s.inMatch) < 2 {
			s.endMatch()
			return nil
		}
		if s.inMatch&(1<<s.dealer) == 0 {
			s.dealer = s.nextIn(s.dealer)
		}
		r := s.round
		s.round++
		s.dealtIn = s.inMatch
		for p := range s.n {
			if s.dealtIn&(1<<p) != 0 {
				s.chips[p] -= s.ante
				s.pot += s.ante
				if s.sideOn {
					s.chips[p] -= s.sideAnte
					s.sidePot += s.sideAnte
				}
			}
		}
		if err := s.deal(r); err != nil {
			return err
		}
		if w, ok := s.instantWinner(); ok {
			s.c.win(w, howInstant)
			s.finishRound()
			continue
		}
		s.c.begin(s.firstDue())
		return nil
	}
}

// firstDue is the seat due to lead trick 1: the dealer, or the next seat in
// with firstLead LEFT_OF_DEALER.
func (s *State) firstDue() int8 {
	if s.firstLeft {
		return s.nextIn(s.dealer)
	}
	return s.dealer
}

// matchOver tells whether the match ends before the next deal: the last
// round was played, or fewer than two players can pay the ante.
func (s *State) matchOver() bool {
	if s.round >= s.rounds {
		return true
	}
	need := s.ante
	if s.sideOn {
		need += s.sideAnte
	}
	can := 0
	for p := range s.n {
		if s.inMatch&(1<<p) != 0 && s.chips[p] >= need {
			can++
		}
	}
	return can < 2
}

func (s *State) nextIn(from int8) int8 {
	for i := 1; i <= s.n; i++ {
		p := (int(from) + i) % s.n
		if s.inMatch&(1<<p) != 0 {
			return int8(p)
		}
	}
	return from
}

func (s *State) deal(r int) error {
	var d deal
	if r < len(s.deals) {
		d = s.deals[r]
	}
	if d.fixed {
		for p := range s.n {
			switch in := s.dealtIn&(1<<p) != 0; {
			case in && d.sizes[p] != 6:
				return games.Errorf("%s: round %d: deal %d lists no cards for seat %d, who is still in the match", ID, r+1, r+1, p)
			case !in && d.sizes[p] != 0:
				return games.Errorf("%s: round %d: deal %d lists cards for seat %d, who has left the match (list [] for it)", ID, r+1, r+1, p)
			}
		}
	}
	rng := rand.New(&s.rng)
	var hands [6]cards.Set
	var rest []cards.Card
	if d.fixed {
		hands = d.hands
		var all cards.Set
		for _, h := range hands {
			all |= h
		}
		rest = (cards.Deck52 &^ all).Cards()
		cards.Shuffle(rng, rest)
	} else {
		rest = cards.Shuffled(rng, cards.Deck52)
		for i := 1; i <= s.n; i++ {
			p := (int(s.dealer) + i) % s.n
			if s.dealtIn&(1<<p) != 0 {
				hands[p], rest = cards.Split(rest, 6)
			}
		}
	}
	c := &s.c
	c.hands = hands
	c.active, c.folded = s.dealtIn, 0
	c.won = [6]int8{}
	c.trick, c.np, c.acted, c.best = 1, 0, 0, -1
	c.winner, c.how, c.turn = -1, howNone, -1
	c.finished = 0
	c.hist = [6]trickRec{}
	s.dealt = hands
	s.shown = [6]cards.Set{}
	s.nev = 0
	s.sideHolder, s.sideWinner, s.hasUp = -1, -1, false
	if !s.sideOn {
		return nil
	}
	s.upcard, s.hasUp = rest[0], true
	if d.hasUp && d.fixed {
		s.upcard = d.upcard
	}
	s.sideCard = sideCardFor(s.upcard)
	for p := range s.n {
		if hands[p].Has(s.sideCard) {
			s.sideHolder = int8(p)
		}
	}
	if s.sideHolder >= 0 && !s.manual {
		s.takeSidePot(s.sideHolder)
	}
	return nil
}

// sideCardFor is the card next above the upcard in its suit, the ace
// followed by the two.
func sideCardFor(up cards.Card) cards.Card {
	if up.Rank() == cards.Ace {
		return cards.Make(cards.Two, up.Suit())
	}
	return cards.Make(up.Rank()+1, up.Suit())
}

func (s *State) takeSidePot(p int8) {
	s.chips[p] += s.sidePot
	s.sidePot = 0
	s.sideWinner = p
}

// instant ranks an instant-win hand: class 4 four aces, 3 four of a kind, 2
// flush, 1 low hand, 0 none; key orders hands of one class.
func (s *State) instant(h cards.Set) (class, key int) {
	var rankCount [15]int
	for t := h; t != 0; t &= t - 1 {
		rankCount[t.Lowest().Rank()]++
	}
	if rankCount[cards.Ace] == 4 {
		return 4, 0
	}
	if s.inst4 {
		for r := cards.King; r >= cards.Two; r-- {
			if rankCount[r] == 4 {
				return 3, int(r)
			}
		}
	}
	if s.instFlush {
		for _, su := range cards.Suits {
			if f := h.Of(su); f.Len() == 6 {
				return 2, int(f >> (13 * uint(su)))
			}
		}
	}
	if s.instLow {
		total := 0
		for r := cards.Two; r <= cards.Ace; r++ {
			if rankCount[r] == 0 {
				continue
			}
			switch {
			case r == cards.Ace:
				total += rankCount[r]
			case r <= 5:
				total += rankCount[r] * int(r)
			default:
				return 0, 0
			}
		}
		return 1, 100 - total
	}
	return 0, 0
}

// instantWinner finds the best instant hand, ties going to the seat nearest
// the first leader.
func (s *State) instantWinner() (int8, bool) {
	first := s.dealer
	if s.firstLeft {
		first = s.nextIn(s.dealer)
	}
	best, bestClass, bestKey := int8(-1), 0, 0
	for i := range s.n {
		p := (int(first) + i) % s.n
		if s.dealtIn&(1<<p) == 0 {
			continue
		}
		cl, key := s.instant(s.dealt[p])
		if cl > bestClass || cl == bestClass && cl > 0 && key > bestKey {
			best, bestClass, bestKey = int8(p), cl, key
		}
	}
	return best, best >= 0
}

// pay moves up to amount chips from p to the winner w and returns the amount.
func (s *State) pay(p, w int8, amount int) int {
	amount = min(amount, s.chips[p])
	s.chips[p] -= amount
	s.chips[w] += amount
	return amount
}

// finishRound pays the round's winner and moves the deal to them.
func (s *State) finishRound() {
	c := &s.c
	w := c.winner
	o := outcome{round: s.round, winner: w, how: c.how, pot: s.pot, hist: c.hist, finished: c.finished, sideWinner: s.sideWinner}
	s.chips[w] += s.pot
	s.pot = 0
	dealtCount := bits.OnesCount8(s.dealtIn)
	if c.how == howSweep && dealtCount >= s.sweepMin || c.how == howInstant && s.double {
		for p := range int8(s.n) {
			if p != w && s.dealtIn&bit(p) != 0 {
				o.bonus += s.pay(p, w, s.ante)
			}
		}
	}
	if c.how == howInstant {
		o.hand = s.dealt[w]
	}
	s.last, s.hasLast = o, true
	s.dealer = w
	c.turn = -1
}

func (s *State) endMatch() {
	s.done = true
	s.c.turn = -1
}

// Actors appends the player to act. The side-pot holder may also claim out
// of turn under MANUAL; it is not listed, so as not to tell who holds the card.
func (s *State) Actors(dst []games.Seat) []games.Seat {
	if s.done || s.c.turn < 0 {
		return dst
	}
	return append(dst, games.Seat(s.c.turn))
}

func (s *State) canSidePot(seat games.Seat) bool {
	return s.sideOn && s.manual && !s.done && s.sideWinner < 0 && s.sideHolder >= 0 && int(seat) == int(s.sideHolder)
}

// Legal appends the actions seat may take now.
func (s *State) Legal(seat games.Seat, dst []games.Action) []games.Action {
	if s.done {
		return dst
	}
	if int(seat) == int(s.c.turn) && s.c.turn >= 0 {
		dst = s.c.legal(dst)
		if s.claimOn {
			dst = append(dst, actClaim)
		}
	}
	if s.canSidePot(seat) {
		dst = append(dst, actSidePot)
	}
	return dst
}

// Apply plays one action. While a later round's deal is fixed, the action
// is played on a copy first: a deal that does not fit the seats still in
// when its round starts refuses the action that ends the round before it.
func (s *State) Apply(seat games.Seat, a games.Action) error {
	if s.round < len(s.deals) {
		n := *s
		if err := n.apply(seat, a); err != nil {
			return err
		}
		*s = n
		return nil
	}
	return s.apply(seat, a)
}

func (s *State) apply(seat games.Seat, a games.Action) error {
	if s.done {
		return games.ErrDone
	}
	if a == games.Timeout {
		return games.ErrNoWindow
	}
	if a == actSidePot {
		switch {
		case !s.sideOn:
			return games.Errorf("there is no side pot (option sidePot)")
		case !s.manual:
			return games.Errorf("the side pot is paid automatically (sidePotClaim AUTO)")
		case s.sideWinner >= 0:
			return games.Refuse("the side pot is already taken this round")
		case !s.canSidePot(seat):
			return games.Refuse("you were not dealt %s, the card that wins the side pot", s.sideCard)
		}
		s.takeSidePot(int8(seat))
		return nil
	}
	if int(seat) != int(s.c.turn) {
		return games.ErrNotYourTurn
	}
	if a == actClaim {
		if !s.claimOn {
			return games.Errorf("claiming the round is off (option claimWin)")
		}
		s.note(true)
		s.claim()
	} else {
		if err := s.c.check(a); err != nil {
			return err
		}
		if a == actFoldHand {
			s.note(false)
		}
		s.c.do(a)
	}
	if s.c.winner >= 0 {
		s.finishRound()
		return s.startRound()
	}
	return nil
}

// note records a claim or a throw-in of the player to act.
func (s *State) note(claim bool) {
	if int(s.nev) < len(s.events) {
		s.events[s.nev] = event{seat: s.c.turn, claim: claim, trick: s.c.trick, at: s.c.np}
		s.nev++
	}
}

// claim settles the claim of the player to act.
func (s *State) claim() {
	p := s.c.turn
	s.claimed(p, claimHolds(&s.c, p))
}

// claimed settles p's claim, valid or not: the hand is shown; a valid claim
// wins the round, an invalid one eliminates p for one more ante.
func (s *State) claimed(p int8, valid bool) {
	s.shown[p] = s.c.hands[p]
	if valid {
		s.c.win(p, howClaim)
		return
	}
	// Eliminated, and one more ante into the pot.
	paid := min(s.ante, s.chips[p])
	s.chips[p] -= paid
	s.pot += paid
	s.c.remove(p)
}

// Deadline: Cat Te has no timed windows.
func (s *State) Deadline() time.Duration { return 0 }

// Done tells whether the match is over.
func (s *State) Done() bool { return s.done }

// Result: each seat's score is its chips; once the match is over the seats
// with the most chips win.
func (s *State) Result() games.Result {
	r := games.Result{Scores: make([]int, s.n), Winners: []games.Seat{}}
	best := 0
	for p := range s.n {
		r.Scores[p] = s.chips[p]
		best = max(best, s.chips[p])
	}
	if s.done {
		for p := range s.n {
			if s.chips[p] == best {
				r.Winners = append(r.Winners, games.Seat(p))
			}
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
	case a < cards.NumCards:
		return "play " + cards.Card(a).String()
	case a >= actFold && a < actFold+cards.NumCards:
		return "fold " + cards.Card(a-actFold).String()
	case a >= actSecret && a < actSecret+cards.NumCards:
		return "secret " + cards.Card(a-actSecret).String()
	case a == actFoldHand:
		return "foldhand"
	case a == actClaim:
		return "claim"
	case a == actSidePot:
		return "sidepot"
	case a == games.Timeout:
		return "timeout"
	}
	return fmt.Sprintf("action#%d", uint32(a))
}

var verbs = []string{"play", "fold", "secret", "foldhand", "claim", "sidepot", "timeout"}

// ParseAction reads the text notation.
func (s *State) ParseAction(text string) (games.Action, error) {
	verb, arg, _ := strings.Cut(text, " ")
	switch verb {
	case "play", "fold", "secret":
		c, err := cards.Parse(arg)
		if err != nil {
			return 0, games.Errorf("%s: %w", verb, err)
		}
		return games.Action([]int{actPlay, actFold, actSecret}[slices.Index(verbs, verb)] + int(c)), nil
	case "foldhand", "claim", "sidepot", "timeout":
		if arg != "" {
			return 0, games.Errorf("%q takes no argument", verb)
		}
		return []games.Action{actFoldHand, actClaim, actSidePot, games.Timeout}[slices.Index(verbs, verb)-3], nil
	}
	return 0, games.Errorf("unknown action %q (actions: play QH, fold 7C, secret 8C, foldhand, claim, sidepot)", text)
}
