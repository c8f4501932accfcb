// Package cards holds the French-suited playing cards most of our games share:
// cards, suits, ranks, 64-bit card sets, the decks of 52, 48, 40 and 32 cards,
// the text notation (`QH`, `10S`, `7C`) and the seeded shuffle.
//
// A Card is a small integer (suit*13 + rank-2), so a hand, a trick or a pile of
// played cards is one uint64 and the hot paths of the engines never allocate.
package cards

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Suit is one of the four suits, in the order C D H S.
type Suit uint8

const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// Suits lists the four suits in their fixed order.
var Suits = [4]Suit{Clubs, Diamonds, Hearts, Spades}

const suitLetters = "CDHS"

// String is the suit's letter: C, D, H or S.
func (s Suit) String() string {
	if s > Spades {
		return "?"
	}
	return suitLetters[s : s+1]
}

// Symbol is the suit's sign for people: ♣ ♦ ♥ ♠.
func (s Suit) Symbol() string {
	return [...]string{"♣", "♦", "♥", "♠", "?"}[min(int(s), 4)]
}

// Red tells hearts and diamonds.
func (s Suit) Red() bool { return s == Diamonds || s == Hearts }

// ParseSuit reads one suit letter.
func ParseSuit(s string) (Suit, error) {
	if len(s) == 1 {
		if i := strings.IndexByte(suitLetters, upper(s[0])); i >= 0 {
			return Suit(i), nil
		}
	}
	return 0, fmt.Errorf("unknown suit %q (suits: C D H S)", s)
}

// Rank is 2..14, the ace high at 14.
type Rank uint8

const (
	Two   Rank = 2
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Ace   Rank = 14
)

var rankNames = [...]string{2: "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}

func (r Rank) String() string {
	if r < Two || r > Ace {
		return "?"
	}
	return rankNames[r]
}

// Card is suit*13 + rank-2: 0 is 2♣, 51 is A♠.
type Card uint8

// NumCards is the size of the full deck; every Card is below it.
const NumCards = 52

// Make builds the card of rank r in suit s.
func Make(r Rank, s Suit) Card { return Card(uint8(s)*13 + uint8(r) - 2) }

func (c Card) Suit() Suit { return Suit(c / 13) }
func (c Card) Rank() Rank { return Rank(c%13) + 2 }

// Valid tells a real card from an out-of-range value.
func (c Card) Valid() bool { return c < NumCards }

// String is the card in our notation: rank then suit letter, `10H`, `QS`.
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().String()
}

// Pretty is the card for people: `Q♠`.
func (c Card) Pretty() string { return c.Rank().String() + c.Suit().Symbol() }

// ErrEmpty is returned by Parse for an empty string.
var ErrEmpty = errors.New("empty card")

// Parse reads a card written as rank + suit letter: `AS`, `10H`, `7c`.
func Parse(s string) (Card, error) {
	if s == "" {
		return 0, ErrEmpty
	}
	if len(s) < 2 || len(s) > 3 {
		return 0, fmt.Errorf("unknown card %q (write rank and suit: 7C, 10H, QS)", s)
	}
	su, err := ParseSuit(s[len(s)-1:])
	if err != nil {
		return 0, fmt.Errorf("unknown card %q: %w", s, err)
	}
	rs := strings.ToUpper(s[:len(s)-1])
	for r := Two; r <= Ace; r++ {
		if rankNames[r] == rs {
			return Make(r, su), nil
		}
	}
	return 0, fmt.Errorf("unknown card %q: unknown rank %q (ranks: 2-10 J Q K A)", s, s[:len(s)-1])
}

// ParseList reads cards separated by spaces or commas.
func ParseList(s string) ([]Card, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' })
	out := make([]Card, 0, len(fields))
	for _, f := range fields {
		c, err := Parse(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

// Set is a set of cards, one bit per card.
type Set uint64

// SetOf collects cards into a set.
func SetOf(cs ...Card) Set {
	var s Set
	for _, c := range cs {
		s |= 1 << c
	}
	return s
}

// SuitSet is every card of one suit.
func SuitSet(s Suit) Set { return Set(0x1fff) << (13 * uint(s)) }

func (s Set) Has(c Card) bool      { return s&(1<<c) != 0 }
func (s Set) With(c Card) Set      { return s | 1<<c }
func (s Set) Without(c Card) Set   { return s &^ (1 << c) }
func (s Set) Len() int             { return bits.OnesCount64(uint64(s)) }
func (s Set) Empty() bool          { return s == 0 }
func (s Set) Of(su Suit) Set       { return s & SuitSet(su) }
func (s Set) HasSuit(su Suit) bool { return s&SuitSet(su) != 0 }

// Lowest is the set's lowest card (lowest suit, then rank); the set must not be empty.
func (s Set) Lowest() Card { return Card(bits.TrailingZeros64(uint64(s))) }

// Highest is the set's highest card (highest suit, then rank); the set must not be empty.
func (s Set) Highest() Card { return Card(63 - bits.LeadingZeros64(uint64(s))) }

// Nth is the set's n-th card in ascending order, n < Len.
func (s Set) Nth(n int) Card {
	for ; n > 0; n-- {
		s &= s - 1
	}
	return s.Lowest()
}

// Cards lists the set in ascending order (by suit, then rank).
func (s Set) Cards() []Card { return s.AppendTo(make([]Card, 0, s.Len())) }

// AppendTo appends the set's cards in ascending order to dst.
func (s Set) AppendTo(dst []Card) []Card {
	for s != 0 {
		c := s.Lowest()
		dst = append(dst, c)
		s &= s - 1
	}
	return dst
}

// Strings lists the set's cards in notation, ascending.
func (s Set) Strings() []string {
	out := make([]string, 0, s.Len())
	for t := s; t != 0; t &= t - 1 {
		out = append(out, t.Lowest().String())
	}
	return out
}

func (s Set) String() string { return strings.Join(s.Strings(), " ") }

// Decks. Each is a Set; Deck(n) lists one in ascending order.
const (
	// Deck52 is the full deck.
	Deck52 Set = 1<<52 - 1
	// Deck48 is the full deck without the twos.
	Deck48 Set = Deck52 &^ (1 | 1<<13 | 1<<26 | 1<<39)
	// Deck32 is 7 to A in each suit.
	Deck32 Set = (0x1fff &^ 0x1f) * (1 | 1<<13 | 1<<26 | 1<<39)
	// Deck40 is A and 2 to 10 in each suit (no faces): the co-op game's 1-10.
	Deck40 Set = (0x1fff &^ (0x7 << 9)) * (1 | 1<<13 | 1<<26 | 1<<39)
)

// Shuffle shuffles cs in place with the game's seeded generator.
func Shuffle(rng *rand.Rand, cs []Card) {
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}

// Shuffled lists deck in ascending order, then shuffles it.
func Shuffled(rng *rand.Rand, deck Set) []Card {
	cs := deck.Cards()
	Shuffle(rng, cs)
	return cs
}

// ChanceNone is the chance that a hand of h cards, drawn at random from
// unseen cards, holds none of k given ones among them (k ≤ unseen).
func ChanceNone(unseen, k, h int) float64 {
	p := 1.0
	for i := range h {
		if unseen-i <= 0 {
			break
		}
		p *= float64(max(0, unseen-k-i)) / float64(unseen-i)
	}
	return p
}

// Places records where each card of a view lies, so that a sampler refuses
// a view that shows one card in two places. Game, when set, begins every
// error (the game's ID).
type Places struct {
	Game  string
	where [64]string
	set   Set
}

// Add parses the cards listed at where and returns them as a set; a card
// that does not parse, or that another place already holds, is an error
// naming both places.
func (p *Places) Add(where string, list []string) (Set, error) {
	var m Set
	for _, t := range list {
		c, err := Parse(t)
		if err != nil {
			return 0, p.errorf("view: %s: %w", where, err)
		}
		if p.set.Has(c) {
			return 0, p.errorf("view: %s is in %s and in %s", c, p.where[c], where)
		}
		p.set = p.set.With(c)
		p.where[c] = where
		m = m.With(c)
	}
	return m, nil
}

func (p *Places) errorf(format string, args ...any) error {
	if p.Game != "" {
		return fmt.Errorf("%s: "+format, append([]any{p.Game}, args...)...)
	}
	return fmt.Errorf(format, args...)
}

// All is every card placed so far.
func (p *Places) All() Set { return p.set }

// Dealt checks the cards of one fixed deal as a record gives them: each
// card parses, comes from the deck and is dealt once. Its errors begin with
// the game (its ID) and the deal's index in the record; with no Game they
// begin with what was dealt (a caller that says which deal itself).
type Dealt struct {
	Game  string
	Index int
	// Deck is the deck every card must come from; zero is the full deck.
	Deck Set
	set  Set
}

// Add parses txt, a card dealt at where (a hand, the stock); a card that does
// not parse, is not in the deck, or that the deal already holds, is an error.
func (d *Dealt) Add(where, txt string) (Card, error) {
	c, err := Parse(txt)
	if err != nil {
		return 0, d.Errorf("%s: %w", where, err)
	}
	if d.Deck != 0 && !d.Deck.Has(c) {
		return 0, d.Errorf("%s: %s is not in the %d-card deck", where, c, d.Deck.Len())
	}
	if d.set.Has(c) {
		return 0, d.Errorf("%s is dealt twice", c)
	}
	d.set = d.set.With(c)
	return c, nil
}

// Hand reads the cards dealt to one place (a hand, the layout) as a set:
// exactly want of them, or any number when want is negative.
func (d *Dealt) Hand(where string, list []string, want int) (Set, error) {
	var m Set
	if want >= 0 && len(list) != want {
		return 0, d.Errorf("%s has %d cards, want %d", where, len(list), want)
	}
	for _, txt := range list {
		c, err := d.Add(where, txt)
		if err != nil {
			return 0, err
		}
		m = m.With(c)
	}
	return m, nil
}

// Hands reads one hand per seat, each of want cards (any number when want is
// negative), hand i named "<name> i" in errors ("seat 0", "hand 0").
func (d *Dealt) Hands(name string, hands [][]string, want int) ([]Set, error) {
	out := make([]Set, len(hands))
	for i, h := range hands {
		var err error
		if out[i], err = d.Hand(name+" "+strconv.Itoa(i), h, want); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Pile reads the cards dealt to a pile (the stock, a column) in the order
// listed: exactly want of them, or any number when want is negative.
func (d *Dealt) Pile(where string, list []string, want int) ([]Card, error) {
	if want >= 0 && len(list) != want {
		return nil, d.Errorf("%s has %d cards, want %d", where, len(list), want)
	}
	out := make([]Card, len(list))
	for i, txt := range list {
		var err error
		if out[i], err = d.Add(where, txt); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// All is every card dealt so far.
func (d *Dealt) All() Set { return d.set }

// Errorf is an error about the deal: the game, the deal's index and the
// message (%w wraps as in fmt.Errorf).
func (d *Dealt) Errorf(format string, args ...any) error {
	if d.Game == "" {
		return fmt.Errorf(format, args...)
	}
	return fmt.Errorf("%s: deal %d: "+format, append([]any{d.Game, d.Index}, args...)...)
}

// Split is the first n cards of cs as a set, and the cards after them:
// a shuffled deck dealt out hand by hand. cs must hold at least n cards.
func Split(cs []Card, n int) (Set, []Card) {
	return SetOf(cs[:n]...), cs[n:]
}
