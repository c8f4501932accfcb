package sortcoop

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"time"

	"cardtable/games"
)

// ID names the game in records and on the command line.
const ID = "sortcoop"

// Board and deal sizes.
const (
	Slots     = 15
	HandSize  = 7
	NumCards  = 40
	maxRepick = 5
)

// Card is one of the 40 cards, numbered in the global order: 0 is 1H, 9 is
// 10H, 10 is 1S, 39 is 10C. A card is lower than another iff it comes first
// in the winning order.
type Card uint8

const suitLetters = "HSDC"

// Value is 1-10.
func (c Card) Value() int { return int(c)%10 + 1 }

// Suit is the suit letter: H, S, D or C.
func (c Card) Suit() byte { return suitLetters[c/10] }

func (c Card) String() string {
	if c >= NumCards {
		return "??"
	}
	return strconv.Itoa(c.Value()) + string(c.Suit())
}

// ParseCard reads a card written as value then suit letter: 1H, 10C, 7d.
func ParseCard(s string) (Card, error) {
	if len(s) < 2 || len(s) > 3 {
		return 0, games.Errorf("unknown card %q (write value and suit: 1H, 7S, 10C)", s)
	}
	su := s[len(s)-1]
	if su >= 'a' && su <= 'z' {
		su -= 'a' - 'A'
	}
	si := -1
	for i := range 4 {
		if suitLetters[i] == su {
			si = i
		}
	}
	if si < 0 {
		return 0, games.Errorf("unknown card %q: unknown suit %q (suits: H S D C)", s, s[len(s)-1:])
	}
	v, err := strconv.Atoi(s[:len(s)-1])
	if err != nil || v < 1 || v > 10 || s[0] == '0' || s[0] == '+' {
		return 0, games.Errorf("unknown card %q: unknown value %q (values: 1-10)", s, s[:len(s)-1])
	}
	return Card(si*10 + v - 1), nil
}

// hand is a set of cards, bit c for card c.
type hand uint64

const fullDeck hand = 1<<NumCards - 1

func (h hand) has(c Card) bool { return h&(1<<c) != 0 }
func (h hand) len() int        { return bits.OnesCount64(uint64(h)) }

func (h hand) strings() []string {
	out := make([]string, 0, h.len())
	for t := h; t != 0; t &= t - 1 {
		out = append(out, Card(bits.TrailingZeros64(uint64(t))).String())
	}
	return out
}

// Pref is a player's answer to "do you want to go first?".
type Pref int8

const (
	NoPref Pref = iota - 1
	Want
	Neutral
	Dont
)

var prefNames = [...]string{"want", "neutral", "dont"}

func (p Pref) String() string {
	if p < Want || p > Dont {
		return ""
	}
	return prefNames[p]
}

type phase uint8

const (
	phasePrefer phase = iota
	phasePlace
	phaseSwap
	phaseDone
)

var phaseNames = [...]string{"prefer", "place", "swap", "done"}

// Game is Co-op Sort.
type Game struct{}

func (Game) Info() games.Info {
	rej := []string{"unlimited"}
	for i := range 11 {
		rej = append(rej, strconv.Itoa(i))
	}
	return games.Info{
		ID:         ID,
		Title:      "Co-op Sort",
		Pitch:      "Two players, no talking: lay your cards face down so the whole row comes out sorted.",
		MinPlayers: 2,
		MaxPlayers: 2,
		Teams:      "cooperative: both seats are one team",
		Options: []games.Option{
			{Name: "tieBreak", Values: []string{"COIN_FLIP", "REPICK_THEN_COIN"}, Default: "COIN_FLIP", Help: "Equal preferences: flip a coin, or pick again (up to maxRepicks times) before the coin."},
			{Name: "maxRepicks", Values: []string{"0", "1", "2", "3", "4", "5"}, Default: "2", Help: "How many re-picks REPICK_THEN_COIN allows before the coin flip."},
			{Name: "maxRejectedProposals", Values: rej, Default: "unlimited", Help: "Rejected swap proposals a player may have; a player at the cap may not propose (0: no swaps)."},
			games.Switch("showOwners", "on", "Show who placed each face-down card."),
		},
	}
}

type rules struct {
	repick      bool
	maxRepicks  uint8
	maxRejected int8 // -1: unlimited
	showOwners  bool
}

// proposal is a swap proposal; slots a < b are 0-based.
type proposal struct {
	by   int8
	a, b uint8
}

// State is one match of Co-op Sort. It is a plain value: Clone copies it.
type State struct {
	rules
	pcg rand.PCG

	phase phase
	hands [2]hand

	picks      [2]Pref
	pickRounds [maxRepick + 1][2]Pref // completed rounds
	nRounds    uint8
	coin       bool
	first      int8 // -1 until decided
	turn       int8 // place: seat to place; swap: seat whose opportunity it is; else -1

	passUsed [2]bool
	board    [Slots]int8 // card, -1 when empty
	owner    [Slots]int8 // seat, -1 when empty
	placed   uint8

	pending  proposal
	hasPend  bool
	swaps    [2]proposal
	nSwaps   uint8
	accepted [2]uint8
	rejected [2]uint8

	won bool
}

func (g Game) New(cfg games.Config) (games.State, error) {
	opts, err := g.Info().Resolve(cfg)
	if err != nil {
		return nil, err
	}
	s := &State{pcg: *rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)}
	s.repick = opts["tieBreak"] == "REPICK_THEN_COIN"
	s.maxRepicks = uint8(opts.Int("maxRepicks"))
	s.maxRejected = -1
	if v := opts["maxRejectedProposals"]; v != "unlimited" {
		s.maxRejected = int8(opts.Int("maxRejectedProposals"))
	}
	s.showOwners = opts.Bool("showOwners")
	s.picks = [2]Pref{NoPref, NoPref}
	s.first, s.turn = -1, -1
	for i := range s.board {
		s.board[i], s.owner[i] = -1, -1
	}
	switch len(cfg.Deals) {
	case 0:
		deck := [NumCards]Card{}
		for i := range deck {
			deck[i] = Card(i)
		}
		s.shuffle(deck[:])
		for i := range 2 * HandSize {
			s.hands[i/HandSize] |= 1 << deck[i]
		}
	case 1:
		if s.hands, err = parseDeal(cfg.Deals[0]); err != nil {
			return nil, err
		}
	default:
		return nil, games.Errorf("sortcoop: %d deals given: the game has one deal", len(cfg.Deals))
	}
	return s, nil
}

func parseDeal(d games.Deal) ([2]hand, error) {
	var hs [2]hand
	if err := d.Only("hands"); err != nil {
		return hs, games.Errorf("sortcoop: deal 0: %w", err)
	}
	if len(d.Hands) != 2 {
		return hs, games.Errorf("sortcoop: deal 0: %d hands: want 2 of %d cards", len(d.Hands), HandSize)
	}
	for p, h := range d.Hands {
		if len(h) != HandSize {
			return hs, games.Errorf("sortcoop: deal 0: hand %d has %d cards: want %d", p, len(h), HandSize)
		}
		for _, txt := range h {
			c, err := ParseCard(txt)
			if err != nil {
				return hs, games.Errorf("sortcoop: deal 0: hand %d: %w", p, err)
			}
			if (hs[0] | hs[1]).has(c) {
				return hs, games.Errorf("sortcoop: deal 0: card %s is dealt twice", c)
			}
			hs[p] |= 1 << c
		}
	}
	return hs, nil
}

// intn is a uniform number in [0, n) from the state's generator.
func (s *State) intn(n int) int { return intn(&s.pcg, n) }

func intn(src *rand.PCG, n int) int {
	// Lemire's multiply-and-reject, as math/rand/v2 does.
	hi, lo := bits.Mul64(src.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), uint64(n))
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

// Action encoding: verb<<16 | x<<8 | y.
const (
	verbPrefer = iota + 1
	verbPlace
	verbPass
	verbPropose
	verbAccept
	verbReject
	verbWithdraw
	verbDone
)

func act(verb, x, y int) games.Action { return games.Action(verb<<16 | x<<8 | y) }

func decode(a games.Action) (verb, x, y int) {
	return int(a >> 16), int(a>>8) & 0xff, int(a) & 0xff
}

// Actors appends the seats the game waits on: those still to pick a
// preference, the seat to place, the partner who must answer a pending
// proposal, or the seat whose swap opportunity it is. Making or withdrawing
// a proposal is legal at other moments too (see Legal) but nobody has to.
func (s *State) Actors(dst []games.Seat) []games.Seat {
	switch {
	case s.phase == phasePrefer:
		for seat := range games.Seat(2) {
			if s.picks[seat] == NoPref {
				dst = append(dst, seat)
			}
		}
	case s.phase == phaseDone:
	case s.hasPend:
		dst = append(dst, games.Seat(1-s.pending.by))
	default:
		dst = append(dst, games.Seat(s.turn))
	}
	return dst
}

// Why a seat may not propose now.
const (
	proposeOK uint8 = iota
	proposePhase
	proposeNotYours
	proposePending
	proposeUsed
	proposeCap
	proposeFewCards
)

// mayPropose tells whether seat may make a proposal now.
func (s *State) mayPropose(seat games.Seat) bool { return s.proposeFault(seat) == proposeOK }

func (s *State) proposeFault(seat games.Seat) uint8 {
	switch {
	case s.phase != phasePlace && s.phase != phaseSwap:
		return proposePhase
	case s.phase == phaseSwap && int8(seat) != s.turn:
		return proposeNotYours
	case s.hasPend:
		return proposePending
	case s.accepted[seat] > 0:
		return proposeUsed
	case s.maxRejected >= 0 && int8(s.rejected[seat]) >= s.maxRejected:
		return proposeCap
	case s.placed < 2:
		return proposeFewCards
	}
	return proposeOK
}

func (s *State) proposeErr(why uint8) error {
	switch why {
	case proposePhase:
		return games.Errorf("proposals are made during placement and in the swap phase")
	case proposeNotYours:
		return games.Errorf("%w: it is seat %d's swap opportunity", games.ErrNotYourTurn, s.turn)
	case proposePending:
		return games.Errorf("a proposal is already pending")
	case proposeUsed:
		return games.Errorf("you already had a swap accepted: one per player per game")
	case proposeCap:
		return games.Errorf("you reached the limit of %d rejected proposals", s.maxRejected)
	}
	return games.Errorf("a swap needs two cards on the board")
}

// Legal appends the actions seat may take now.
func (s *State) Legal(seat games.Seat, dst []games.Action) []games.Action {
	if seat < 0 || seat > 1 {
		return dst
	}
	me := int8(seat)
	switch s.phase {
	case phasePrefer:
		if s.picks[seat] == NoPref {
			dst = append(dst, act(verbPrefer, int(Want), 0), act(verbPrefer, int(Neutral), 0), act(verbPrefer, int(Dont), 0))
		}
		return dst
	case phaseDone:
		return dst
	}
	if s.hasPend {
		if s.pending.by == me {
			return append(dst, act(verbWithdraw, 0, 0))
		}
		return append(dst, act(verbAccept, 0, 0), act(verbReject, 0, 0))
	}
	if s.phase == phasePlace && s.turn == me {
		for h := s.hands[seat]; h != 0; h &= h - 1 {
			c := bits.TrailingZeros64(uint64(h))
			for slot := range Slots {
				if s.board[slot] < 0 {
					dst = append(dst, act(verbPlace, c, slot))
				}
			}
		}
		if s.hands[1-seat] != 0 && !s.passUsed[seat] { // see passBlock
			dst = append(dst, act(verbPass, 0, 0))
		}
	}
	if s.mayPropose(seat) {
		for a := range Slots {
			if s.board[a] < 0 {
				continue
			}
			for b := a + 1; b < Slots; b++ {
				if s.board[b] >= 0 {
					dst = append(dst, act(verbPropose, a, b))
				}
			}
		}
	}
	if s.phase == phaseSwap && s.turn == me {
		dst = append(dst, act(verbDone, 0, 0))
	}
	return dst
}

func (s *State) passBlock(seat games.Seat) error {
	switch {
	case s.hands[1-seat] == 0:
		return games.Errorf("your partner holds no cards: you must place")
	case s.passUsed[seat]:
		return games.Errorf("you already used your pass")
	}
	return nil
}

// placeBlock tells why seat may not place or pass now.
func (s *State) placeBlock(seat games.Seat) error {
	switch {
	case s.phase != phasePlace:
		return games.Refuse("placing cards is over")
	case s.hasPend:
		return games.Refuse("a swap proposal is pending: it must be answered first")
	case int8(seat) != s.turn:
		return games.Errorf("%w: seat %d is to place", games.ErrNotYourTurn, s.turn)
	}
	return nil
}

// Apply applies one action of seat, or explains why it may not.
func (s *State) Apply(seat games.Seat, a games.Action) error {
	if s.phase == phaseDone {
		return games.ErrDone
	}
	if a == games.Timeout {
		if seat == games.System {
			return games.ErrNoWindow
		}
		return games.Errorf("timeout is applied by the system, not by a seat")
	}
	if seat < 0 || seat > 1 {
		return games.Errorf("seat %d does not play in this game (seats 0 and 1)", seat)
	}
	verb, x, y := decode(a)
	me := int8(seat)
	switch verb {
	case verbPrefer:
		if y != 0 || x > int(Dont) {
			break
		}
		if s.phase != phasePrefer {
			return games.Errorf("preferences were already chosen")
		}
		if s.picks[seat] != NoPref {
			return games.Refuse("you already chose your preference")
		}
		s.picks[seat] = Pref(x)
		if s.picks[1-seat] != NoPref {
			s.resolvePicks()
		}
		return nil
	case verbPlace:
		if x >= NumCards || y >= Slots {
			break
		}
		if err := s.placeBlock(seat); err != nil {
			return err
		}
		c := Card(x)
		if !s.hands[seat].has(c) {
			return games.Refuse("%s is not in your hand", c)
		}
		if s.board[y] >= 0 {
			return games.Refuse("slot %d is taken", y+1)
		}
		s.hands[seat] &^= 1 << c
		s.board[y], s.owner[y] = int8(c), me
		s.placed++
		switch {
		case s.placed == 2*HandSize:
			s.startSwapPhase()
		case s.hands[1-seat] != 0:
			s.turn = 1 - me
		}
		return nil
	case verbPass:
		if x != 0 || y != 0 {
			break
		}
		if err := s.placeBlock(seat); err != nil {
			return err
		}
		if err := s.passBlock(seat); err != nil {
			return err
		}
		s.passUsed[seat] = true
		s.turn = 1 - me
		return nil
	case verbPropose:
		if x >= y || y >= Slots {
			break
		}
		if why := s.proposeFault(seat); why != proposeOK {
			return s.proposeErr(why)
		}
		for _, sl := range [2]int{x, y} {
			if s.board[sl] < 0 {
				return games.Errorf("slot %d is empty: a swap needs two occupied slots", sl+1)
			}
		}
		s.pending, s.hasPend = proposal{by: me, a: uint8(x), b: uint8(y)}, true
		return nil
	case verbAccept, verbReject:
		if x != 0 || y != 0 {
			break
		}
		if !s.hasPend {
			return games.Errorf("no proposal is pending")
		}
		if s.pending.by == me {
			return games.Errorf("you cannot answer your own proposal")
		}
		p := s.pending
		s.hasPend = false
		if verb == verbReject {
			s.rejected[p.by]++
			return nil
		}
		s.board[p.a], s.board[p.b] = s.board[p.b], s.board[p.a]
		s.owner[p.a], s.owner[p.b] = s.owner[p.b], s.owner[p.a]
		s.accepted[p.by]++
		s.swaps[s.nSwaps] = p
		s.nSwaps++
		if s.phase == phaseSwap {
			s.nextSwapper()
		}
		return nil
	case verbWithdraw:
		if x != 0 || y != 0 {
			break
		}
		if !s.hasPend {
			return games.Errorf("no proposal is pending")
		}
		if s.pending.by != me {
			return games.Errorf("only the proposer may withdraw a proposal")
		}
		s.hasPend = false
		return nil
	case verbDone:
		if x != 0 || y != 0 {
			break
		}
		if s.phase != phaseSwap {
			return games.Errorf("done ends a swap opportunity in the swap phase")
		}
		if s.turn != me {
			return games.Errorf("%w: it is seat %d's swap opportunity", games.ErrNotYourTurn, s.turn)
		}
		if s.hasPend {
			return games.Errorf("your proposal is pending: withdraw it first")
		}
		s.nextSwapper()
		return nil
	}
	return games.Errorf("unknown action %d", a)
}

// resolvePicks decides the first player once both picked.
func (s *State) resolvePicks() {
	p := s.picks
	s.pickRounds[s.nRounds] = p
	s.nRounds++
	s.picks = [2]Pref{NoPref, NoPref}
	switch {
	case p[0] < p[1]:
		s.first = 0
	case p[1] < p[0]:
		s.first = 1
	case s.repick && s.nRounds <= s.maxRepicks:
		return // pick again
	default:
		s.coin = true
		s.first = int8(s.intn(2))
	}
	s.phase = phasePlace
	s.turn = s.first
}

func (s *State) startSwapPhase() {
	s.phase = phaseSwap
	s.turn = s.first
	if s.accepted[s.turn] > 0 {
		s.nextSwapper()
	}
}

// nextSwapper ends the current swap opportunity.
func (s *State) nextSwapper() {
	if s.turn == s.first {
		s.turn = 1 - s.first
		if s.accepted[s.turn] == 0 {
			return
		}
	}
	s.finish()
}

func (s *State) finish() {
	s.phase = phaseDone
	s.turn = -1
	s.won = s.sorted()
}

// sorted tells whether the placed cards read in strictly increasing order.
func (s *State) sorted() bool {
	last := int8(-1)
	for _, c := range s.board {
		if c < 0 {
			continue
		}
		if c <= last {
			return false
		}
		last = c
	}
	return true
}

func (s *State) Deadline() time.Duration { return 0 }

func (s *State) Done() bool { return s.phase == phaseDone }

// Result: both seats win together (1 point each) or nobody does.
func (s *State) Result() games.Result {
	r := games.Result{Scores: []int{0, 0}, Winners: []games.Seat{}, TeamScores: []int{0}}
	if s.phase == phaseDone && s.won {
		r.Scores = []int{1, 1}
		r.Winners = []games.Seat{0, 1}
		r.TeamScores = []int{1}
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
	verb, x, y := decode(a)
	switch verb {
	case verbPrefer:
		if x <= int(Dont) && y == 0 {
			return "prefer " + Pref(x).String()
		}
	case verbPlace:
		if x < NumCards && y < Slots {
			return "place " + Card(x).String() + " " + strconv.Itoa(y+1)
		}
	case verbPropose:
		if x < y && y < Slots {
			return "propose " + strconv.Itoa(x+1) + " " + strconv.Itoa(y+1)
		}
	case verbPass, verbAccept, verbReject, verbWithdraw, verbDone:
		if x == 0 && y == 0 {
			return [...]string{verbPass: "pass", verbAccept: "accept", verbReject: "reject", verbWithdraw: "withdraw", verbDone: "done"}[verb]
		}
	}
	return fmt.Sprintf("?%d", uint32(a))
}

// ParseAction reads an action in the notation of the package doc.
func (s *State) ParseAction(txt string) (games.Action, error) {
	var f [4]string
	n := 0
	for i := 0; i < len(txt); {
		for i < len(txt) && txt[i] == ' ' {
			i++
		}
		j := i
		for j < len(txt) && txt[j] != ' ' {
			j++
		}
		if j > i {
			if n == len(f) {
				return 0, games.Errorf("unknown action %q: too many words", txt)
			}
			f[n] = txt[i:j]
			n++
		}
		i = j
	}
	if n == 0 {
		return 0, games.Errorf("empty action")
	}
	args := func(want int) error {
		if n-1 != want {
			return games.Errorf("%q: %s takes %d argument(s)", txt, f[0], want)
		}
		return nil
	}
	switch f[0] {
	case "timeout":
		if err := args(0); err != nil {
			return 0, err
		}
		return games.Timeout, nil
	case "prefer":
		if err := args(1); err != nil {
			return 0, err
		}
		for p := Want; p <= Dont; p++ {
			if f[1] == p.String() {
				return act(verbPrefer, int(p), 0), nil
			}
		}
		return 0, games.Errorf("%q: preference is want, neutral or dont", txt)
	case "place":
		if err := args(2); err != nil {
			return 0, err
		}
		c, err := ParseCard(f[1])
		if err != nil {
			return 0, err
		}
		sl, err := parseSlot(f[2])
		if err != nil {
			return 0, err
		}
		return act(verbPlace, int(c), sl), nil
	case "propose":
		if err := args(2); err != nil {
			return 0, err
		}
		a, err := parseSlot(f[1])
		if err != nil {
			return 0, err
		}
		b, err := parseSlot(f[2])
		if err != nil {
			return 0, err
		}
		if a == b {
			return 0, games.Errorf("%q: a swap needs two different slots", txt)
		}
		return act(verbPropose, min(a, b), max(a, b)), nil
	case "pass", "accept", "reject", "withdraw", "done":
		if err := args(0); err != nil {
			return 0, err
		}
		verb := verbPass
		switch f[0] {
		case "accept":
			verb = verbAccept
		case "reject":
			verb = verbReject
		case "withdraw":
			verb = verbWithdraw
		case "done":
			verb = verbDone
		}
		return act(verb, 0, 0), nil
	}
	return 0, games.Errorf("unknown action %q (actions: prefer, place, pass, propose, accept, reject, withdraw, done)", txt)
}

func parseSlot(t string) (int, error) {
	n, err := strconv.Atoi(t)
	if err != nil || n < 1 || n > Slots || t[0] == '+' || t[0] == '0' {
		return 0, games.Errorf("slot %q: slots are 1-%d", t, Slots)
	}
	return n - 1, nil
}
