// Package blind is one page's table in a dealer-less match (issue #27): the
// state the page plays on holds its own hand and everything the rules have
// shown, and no card of another hand. The other hands in it are a sample:
// the game's own sampler (games.ViewSampler), the one the search bots use,
// deals them from the page's view, uniformly among the deals that fit what
// the page has seen.
//
// A Table is told every action of the match in order:
//
//   - with the cards the action shows to everyone (a played card, opened by
//     every page's decryption share; Mindikot's hidden trump when it is
//     asked for): Shown;
//   - its own seat's move is checked by the engine against the true hand,
//     as at any table;
//   - when the sample does not give another seat the card it played, or the
//     move is not legal in it, or a card turned over is not the one the
//     sample hid, the Table draws new samples from its view until one shows
//     the action exactly as it was shown (the same cards, legal for that
//     seat) and applies it there. Only a revoke can leave no such sample:
//     after MaxTries the action is refused as a *Revoke naming the seat.
//
// A page cannot check another seat's move against a hand it never saw. At a
// round's end every page learns the round's whole deal (the shares every
// page publishes); EndRound replays the round from it through the engine, so
// a revoke stops the match naming the seat and the action, then deals the
// next round: the page's own new hand and a sample of the others'.
//
// Rulings of this package (RULES.md leaves a deal's mechanics to the table):
// a round's deck is dealt out whole, the same number of cards to every seat
// (The King, Mindikot); another seat's move that is a secret choice
// (Mindikot's `hide` with hiddenCardSelection CHOSEN) cannot be told with
// Apply, whose notation would name the card, and is refused there: it is
// told with ApplySecret, which stands in a move the sample allows, and its
// true notation with Disclose once the round's deal is read. A Table is deterministic:
// the same deals, seed and actions give the same state.
package blind

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/record"
)

// MaxTries bounds the samples drawn to place another seat's action. A legal
// action is placed in a few dozen draws in The King and Mindikot; only a
// move that no hand fitting the page's view allows (a revoke already shown
// by the cards) exhausts it.
const MaxTries = 50_000

// Table is one page's state of a dealer-less match.
type Table struct {
	entry   games.Entry
	cfg     games.Config // Deals: the true deal of every finished round, then the current round's (own hand true)
	seat    games.Seat
	deck    []cards.Card
	actions []record.Step
	state   games.State
	rng     *rand.Rand
	between bool // the round ended: EndRound is due
	over    bool
	secret  map[int]bool // actions stood in for another seat's secret choice, until disclosed
	told    games.Description
	// Tries is how many samples placing the last action of another seat
	// took: 0 when the state already showed it.
	Tries int
}

// New is seat's table at the start of a match under cfg (players, options
// and the jointly drawn seed, which orders what the rules draw; any Deals
// are ignored), dealt hand from deck in its first round. seed orders the
// page's own samples.
func New(e games.Entry, cfg games.Config, seat games.Seat, deck, hand []cards.Card, seed uint64) (*Table, error) {
	if e.Sampler == nil {
		return nil, games.Errorf("blind: %s rebuilds no state from a view", e.ID())
	}
	if cfg.Players < 1 || seat < 0 || int(seat) >= cfg.Players {
		return nil, games.Errorf("blind: seat %d is not one of %d", seat, cfg.Players)
	}
	cfg.Deals = nil
	t := &Table{entry: e, cfg: cfg, seat: seat, deck: slices.Clone(deck), rng: games.NewRand(seed)}
	if err := t.deal(hand); err != nil {
		return nil, err
	}
	if err := t.rebuild(); err != nil {
		return nil, err
	}
	return t, nil
}

// Resume is seat's table joining a match after its finished rounds: their
// true deals (every card of them is public once they end) and every action
// of the match so far, the last round ended; hand is the seat's hand of the
// next round. A seat whose page left passes to a page that holds no table
// for it yet.
func Resume(e games.Entry, cfg games.Config, seat games.Seat, deck []cards.Card, finished []games.Deal, actions []record.Step, hand []cards.Card, seed uint64) (*Table, error) {
	t, err := New(e, cfg, seat, deck, hand, seed)
	if err != nil {
		return nil, err
	}
	if len(finished) == 0 {
		return t, nil
	}
	t.cfg.Deals = append(slices.Clone(finished), t.cfg.Deals[0])
	t.actions = slices.Clone(actions)
	if err := t.rebuild(); err != nil {
		return nil, err
	}
	if t.state.Done() {
		return nil, games.Errorf("blind: the match is over after its %d rounds", len(finished))
	}
	return t, nil
}

// deal adds the next round's deal: the page's own hand, and the rest of the
// deck split at random among the other seats.
func (t *Table) deal(hand []cards.Card) error {
	n := t.cfg.Players
	if len(t.deck)%n != 0 || len(hand) != len(t.deck)/n {
		return games.Errorf("blind: a hand of %d cards is not a %d-card deck's share among %d seats", len(hand), len(t.deck), n)
	}
	own := cards.SetOf(hand...)
	if own.Len() != len(hand) {
		return games.Errorf("blind: the hand holds a card twice")
	}
	var rest []cards.Card
	for _, c := range t.deck {
		if !own.Has(c) {
			rest = append(rest, c)
		}
	}
	if len(rest) != len(t.deck)-len(hand) {
		return games.Errorf("blind: the hand holds a card that is not in the deck")
	}
	t.rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	d := games.Deal{Hands: make([][]string, n)}
	for s := range n {
		part := hand
		if games.Seat(s) != t.seat {
			part, rest = rest[:len(hand)], rest[len(hand):]
		}
		d.Hands[s] = names(part)
	}
	t.cfg.Deals = append(t.cfg.Deals, d)
	return nil
}

func names(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// rebuild replays the match from its deals and actions.
func (t *Table) rebuild() error {
	s, err := record.Replay(t.entry.Game, &record.Record{Game: t.entry.ID(), Players: t.cfg.Players, Options: t.cfg.Options,
		Seed: t.cfg.Seed, Deals: t.cfg.Deals, Actions: t.actions}, nil)
	if err != nil {
		return err
	}
	t.state = s
	return nil
}

// State is a copy of the page's state: the page's own view, legal moves and
// bots read it. Its other hands are a sample, never the truth.
func (t *Table) State() games.State { return t.state.Clone() }

// View is the page's own view, as the engine makes it for its seat.
func (t *Table) View() games.View { return t.state.View(t.seat) }

// Told is the last action the table was told as its seat is told it: the
// engine's description for the seat, made on the table's state before the
// action (a stand-in's for another seat's secret choice, which names no
// card to the seat). A page shows it; the action's notation may name a
// card the seat did not see.
func (t *Table) Told() games.Description { return t.told }

// Between says the round has ended and EndRound is due.
func (t *Table) Between() bool { return t.between }

// Actions is how many actions the table has been told.
func (t *Table) Actions() int { return len(t.actions) }

// Apply tells the table an action of actor (its own seat's or another's)
// and the cards it shows to everyone, in notation (Shown). The page's own
// move is checked against its true hand: an illegal one is refused with the
// engine's reason and changes nothing.
func (t *Table) Apply(actor games.Seat, act string, shown []string) error {
	return t.apply(actor, act, shown)
}

// ErrBetween is an action told after a round's end and before EndRound.
var ErrBetween = errors.New("blind: the round is over: its deal is due before the next action")

func (t *Table) apply(actor games.Seat, act string, shown []string) error {
	switch {
	case t.over:
		return games.Errorf("blind: the match is over")
	case t.between:
		return ErrBetween
	}
	t.Tries = 0
	s := t.state
	a, err := s.ParseAction(act)
	if err != nil {
		return err
	}
	if actor == t.seat && !slices.Contains(s.Legal(actor, nil), a) {
		return s.Apply(actor, a) // the engine's reason; the state stays as it was
	}
	if actor != games.System && !t.shows(s, actor, act, shown) {
		// Another seat's card, or one the page's own move turns over, is not
		// where the sample put it.
		if s, err = t.place(actor, act, shown); err != nil {
			return err
		}
		if a, err = s.ParseAction(act); err != nil {
			return err
		}
	}
	d := s.Describe(t.seat, actor, a)
	if d.Secret && actor != t.seat {
		return games.Errorf("blind: seat %d's %s is a secret choice, which a table that does not see its hand cannot be told", actor, d.Kind)
	}
	if err := s.Apply(actor, a); err != nil {
		return err
	}
	t.state, t.told = s, d
	t.actions = append(t.actions, record.Step{Seat: actor, Act: act})
	switch d.Outcome {
	case games.OutcomeMatch:
		t.over = true
	case games.OutcomeRound:
		t.between = true
	}
	return nil
}

// shows says whether act is legal for actor in s and shows exactly shown.
func (t *Table) shows(s games.State, actor games.Seat, act string, shown []string) bool {
	a, err := s.ParseAction(act)
	if err != nil || !slices.Contains(s.Legal(actor, nil), a) {
		return false
	}
	return sameCards(Shown(s, actor, a), shown)
}

// Shown is every card action a of actor shows to everyone in s: the cards
// a spectator is told it plays face up, and the face-down cards it turns
// over (Mindikot's hidden trump, which the description made before the
// reveal names to no one who did not know it, so it is read as God reads
// it). These are the cards a dealer-less table opens for all when the
// action is made.
//
// A card both played face up and turned over (Mindikot's hidden card that
// joined its owner's hand unrevealed, played as the last card) is shown
// once.
func Shown(s games.State, actor games.Seat, a games.Action) []string {
	out := slices.Clone(s.Describe(games.Observer, actor, a).Cards)
	for _, r := range s.Describe(games.God, actor, a).Reveals {
		for _, c := range r.Cards {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// Secret says whether action a of actor is a secret choice in s: its
// description for a spectator is Secret (Mindikot's hide with CHOSEN
// selection). Another seat's is told with ApplySecret.
func Secret(s games.State, actor games.Seat, a games.Action) bool {
	return s.Describe(games.Observer, actor, a).Secret
}

// ApplySecret tells the table another seat's secret choice (Mindikot's
// hide, CHOSEN), which names a card the page does not see: the table makes
// one of the seat's secret moves its sample allows, as a stand-in, and
// returns the action's index. The true action is told at the round's end,
// once the whole deal is read (Disclose), before EndRound replays it.
func (t *Table) ApplySecret(actor games.Seat) (int, error) {
	switch {
	case t.over:
		return 0, games.Errorf("blind: the match is over")
	case t.between:
		return 0, ErrBetween
	case actor == t.seat:
		return 0, games.Errorf("blind: the table's own seat's secret choice is told with Apply")
	}
	t.Tries = 0
	s := t.state
	var secret []games.Action
	for _, a := range s.Legal(actor, nil) {
		if Secret(s, actor, a) {
			secret = append(secret, a)
		}
	}
	if len(secret) == 0 {
		return 0, &Revoke{Round: len(t.cfg.Deals), Seat: actor, Act: "a secret choice", Why: "the rules ask no secret choice of the seat now"}
	}
	a := secret[t.rng.IntN(len(secret))]
	act := s.FormatAction(a)
	d := s.Describe(t.seat, actor, a)
	if err := s.Apply(actor, a); err != nil {
		return 0, err
	}
	i := len(t.actions)
	t.actions = append(t.actions, record.Step{Seat: actor, Act: act})
	t.told = d
	if t.secret == nil {
		t.secret = map[int]bool{}
	}
	t.secret[i] = true
	return i, nil
}

// Disclose tells the table the true action of another seat's secret choice
// told with ApplySecret (action index i of the match), once the round's
// deal is read: EndRound replays the round with it.
func (t *Table) Disclose(i int, act string) error {
	if !t.secret[i] {
		return games.Errorf("blind: action %d is not a secret choice the table stood in for", i)
	}
	t.actions[i].Act = act
	delete(t.secret, i)
	return nil
}

// SetHidden names the round's hidden card in the table's deal (Mindikot
// HIDDEN with RANDOM selection, the table's own seat setting it aside),
// before the round's first action.
func (t *Table) SetHidden(card string) error {
	d := &t.cfg.Deals[len(t.cfg.Deals)-1]
	old := d.Hidden
	d.Hidden = card
	if err := t.rebuild(); err != nil {
		d.Hidden = old
		return err
	}
	return nil
}

// sameCards says whether two lists in notation hold the same cards, in any
// order.
func sameCards(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// place draws states fitting the page's view until one shows the action as
// it was shown.
func (t *Table) place(actor games.Seat, act string, shown []string) (games.State, error) {
	cfg := t.cfg
	cfg.Seed, cfg.Deals = 0, nil
	sm, err := t.entry.Sampler.NewSampler(cfg, t.seat, t.state.View(t.seat))
	if err != nil {
		return nil, fmt.Errorf("blind: the page's own view: %w", err)
	}
	for t.Tries = 1; t.Tries <= MaxTries; t.Tries++ {
		if s := sm.Sample(t.rng); t.shows(s, actor, act, shown) {
			return s, nil
		}
	}
	return nil, &Revoke{Round: len(t.cfg.Deals), Seat: actor, Act: act,
		Why: fmt.Sprintf("no hand that fits what this page has seen allows it (%d deals tried)", MaxTries)}
}

// Revoke is a move the rules did not allow the seat that made it, found by
// a page: at once, when no hand fitting what the page saw allows it, or at
// the round's end, when the round's true deal is replayed.
type Revoke struct {
	Round int        // 1-based
	Seat  games.Seat // who made the move
	Index int        // the action's 0-based index in the match, when known
	Act   string
	Why   string
}

func (r *Revoke) Error() string {
	return fmt.Sprintf("round %d: seat %d's %q was not legal: %s", r.Round, r.Seat+1, r.Act, r.Why)
}

// EndRound takes the finished round's true deal (every hand, as the
// round's published shares open them) and the page's hand for the next
// round (nil when the match is over). It replays the round from the true
// deal: a move the rules did not allow is a *Revoke naming its seat, and
// the table is left as it was.
func (t *Table) EndRound(truth games.Deal, next []cards.Card) error {
	if !t.between && !t.over {
		return games.Errorf("blind: the round is not over")
	}
	if len(t.secret) > 0 {
		return games.Errorf("blind: %d secret choices of the round are not disclosed", len(t.secret))
	}
	if len(truth.Hands) != t.cfg.Players || !sameCards(truth.Hands[t.seat], t.cfg.Deals[len(t.cfg.Deals)-1].Hands[t.seat]) {
		return games.Errorf("blind: the round's deal does not give this page the hand it was dealt")
	}
	old := t.cfg.Deals
	t.cfg.Deals = append(slices.Clone(old[:len(old)-1]), truth)
	if next != nil {
		if err := t.deal(next); err != nil {
			t.cfg.Deals = old
			return err
		}
	}
	if err := t.rebuild(); err != nil {
		t.cfg.Deals = old
		var step *record.StepError
		if errors.As(err, &step) {
			return &Revoke{Round: len(old), Seat: step.Step.Seat, Index: step.Index, Act: step.Step.Act, Why: step.Err.Error()}
		}
		return err
	}
	t.between = false
	return nil
}
