// Package mental deals cards with no dealer: no page of a room, the host's
// included, sees a card of another page's hand, and every page can check
// afterwards that the deal was fair. It is the cryptographic core only: keys,
// the encrypted deck, shuffles with proofs, decryption shares with proofs, the
// deal's transcript and its check. The rooms and records that carry it are
// above it.
//
// The protocol, over the prime-order group of edwards25519 with ElGamal
// encryption (go.dedis.ch/kyber/v4):
//
//  1. Keys. Page i draws a secret scalar x_i and publishes X_i = x_i·G with a
//     Schnorr proof that it knows x_i, bound to the deal's context and to i.
//     A page cannot publish a key made from the others' (a rogue key such as
//     x·G − ΣX_j): it would not know its discrete logarithm. The joint key is
//     H = ΣX_i; decrypting under it needs every page's share.
//  2. The deck. Card c is the point (c+1)·G; the starting deck is each card of
//     the game's list encrypted with randomness 0, (0, M_c), which anyone
//     rebuilds from the list.
//  3. Shuffles. Page 0, then 1, … re-encrypts every ciphertext with fresh
//     randomness and permutes the deck, proving it with Neff's verifiable
//     shuffle (a zero-knowledge proof that the output is a permutation of the
//     re-encrypted input). The proof is bound to the context, the page, the
//     joint key and both decks. If one page shuffles honestly, no one knows
//     the final order.
//  4. The deal. Each position of the final deck goes to a holder page (or
//     stays face down). Every other page sends its decryption share D_j = x_j·A
//     of that ciphertext (A, B) with a Chaum–Pedersen proof that log_G X_j =
//     log_A D_j. The holder alone adds its own share: M = B − ΣD_j names the
//     card. A card shown to all (a played card, a turned trump) is opened by
//     every page's share at that moment.
//  5. The transcript holds the keys with proofs, every shuffle with its proof in
//     page order, the holder of each position and the shares sent with the
//     deal. Verify checks every proof and names the page whose proof or share
//     is wrong or missing.
//
// Every point read from outside must be canonical, and every key, shuffled
// card and share in the prime-order group: a small-order part could mark a card
// through later shuffles, or let a made-up share pass one challenge in eight.
package mental

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"sync"

	"cardtable/games"
	"cardtable/games/cards"

	"go.dedis.ch/kyber/v4"
	"go.dedis.ch/kyber/v4/group/edwards25519"
)

// Limits of a deal, which the decoder enforces.
const (
	MaxPages      = 16
	MaxContext    = 256
	PointSize     = 32
	ScalarSize    = 32
	CiphertextLen = 2 * PointSize
)

var suite = edwards25519.NewBlakeSHA256Ed25519()

// Domain strings keep one proof from being taken for another.
const (
	domainKey     = "cardtable/mental/v1/key"
	domainShuffle = "cardtable/mental/v1/shuffle"
	domainShare   = "cardtable/mental/v1/share"
)

// Ciphertext is an ElGamal pair (A, B) = (r·G, M + r·H) under the joint key H.
type Ciphertext struct {
	A, B kyber.Point
}

// encode writes the ciphertext's 64 bytes.
func (c Ciphertext) encode(dst []byte) []byte {
	dst = appendPoint(dst, c.A)
	return appendPoint(dst, c.B)
}

// Equal tells whether two ciphertexts are the same pair.
func (c Ciphertext) Equal(d Ciphertext) bool { return c.A.Equal(d.A) && c.B.Equal(d.B) }

func appendPoint(dst []byte, p kyber.Point) []byte {
	b, err := p.MarshalBinary()
	if err != nil { // edwards25519 points always marshal
		panic(err)
	}
	return append(dst, b...)
}

func appendScalar(dst []byte, s kyber.Scalar) []byte {
	b, err := s.MarshalBinary()
	if err != nil {
		panic(err)
	}
	return append(dst, b...)
}

var minusOne = suite.Scalar().Neg(suite.Scalar().One())

// publicMul is s·P in variable time, for checks of public values only (never
// with a secret scalar): about twice as fast as the constant-time product.
func publicMul(s kyber.Scalar, p kyber.Point) kyber.Point {
	q := suite.Point()
	q.(kyber.AllowsVarTime).AllowVarTime(true)
	return q.Mul(s, p)
}

// inPrimeOrderGroup tells whether L·P is the identity, L the group order:
// (L−1)·P + P, as L itself is 0 as a scalar.
func inPrimeOrderGroup(p kyber.Point) bool {
	q := publicMul(minusOne, p)
	return q.Add(q, p).Equal(suite.Point().Null())
}

// readPoint reads a canonical point of the curve. Whether it is in the
// prime-order group is the check of the proof it comes with (VerifyKey,
// VerifyShuffle, VerifyShare), so that a page's messages get it wherever
// they are read.
func readPoint(b []byte) (kyber.Point, error) {
	if len(b) != PointSize {
		return nil, errors.New("a point is not 32 bytes")
	}
	p := suite.Point()
	if err := p.UnmarshalBinary(b); err != nil {
		return nil, errors.New("a point is not on the curve")
	}
	if string(appendPoint(nil, p)) != string(b) {
		return nil, errors.New("a point is not in its canonical form")
	}
	return p, nil
}

// readScalar reads a canonical scalar (below the group order).
func readScalar(b []byte) (kyber.Scalar, error) {
	if len(b) != ScalarSize {
		return nil, errors.New("a scalar is not 32 bytes")
	}
	s := suite.Scalar()
	if err := s.UnmarshalBinary(b); err != nil {
		return nil, errors.New("a scalar does not read")
	}
	if string(appendScalar(nil, s)) != string(b) {
		return nil, errors.New("a scalar is not below the group order")
	}
	return s, nil
}

func readCiphertext(b []byte) (Ciphertext, error) {
	if len(b) != CiphertextLen {
		return Ciphertext{}, errors.New("a ciphertext is not 64 bytes")
	}
	a, err := readPoint(b[:PointSize])
	if err != nil {
		return Ciphertext{}, err
	}
	bb, err := readPoint(b[PointSize:])
	if err != nil {
		return Ciphertext{}, err
	}
	return Ciphertext{a, bb}, nil
}

// cardPoints holds every card's point, encoded, made once.
var cardPoints = sync.OnceValue(func() (t [cards.NumCards][PointSize]byte) {
	p := suite.Point().Null()
	for c := range t {
		p.Add(p, suite.Point().Base())
		copy(t[c][:], appendPoint(nil, p))
	}
	return t
})

// cardPoint is card c, a valid card, as a group element: (c+1)·G.
func cardPoint(c cards.Card) kyber.Point {
	p := suite.Point()
	t := cardPoints()
	if err := p.UnmarshalBinary(t[c][:]); err != nil {
		panic(err)
	}
	return p
}

// StartingDeck is the public deck every shuffle starts from: each card of the
// list, in its order, encrypted with randomness 0.
func StartingDeck(deck []cards.Card) ([]Ciphertext, error) {
	if err := checkDeck(deck); err != nil {
		return nil, err
	}
	out := make([]Ciphertext, len(deck))
	for i, c := range deck {
		out[i] = Ciphertext{A: suite.Point().Null(), B: cardPoint(c)}
	}
	return out, nil
}

// cardOf names the card M is among the deck's, or says it is none.
func cardOf(deck []cards.Card, m kyber.Point) (cards.Card, bool) {
	b := appendPoint(nil, m)
	t := cardPoints()
	for _, c := range deck {
		if string(t[c][:]) == string(b) {
			return c, true
		}
	}
	return 0, false
}

// checkDeck checks a deck's card list: at least two cards, each a card, none
// twice.
func checkDeck(deck []cards.Card) error {
	if len(deck) < 2 || len(deck) > cards.NumCards {
		return games.Errorf("a deck has 2 to %d cards, not %d", cards.NumCards, len(deck))
	}
	var seen cards.Set
	for _, c := range deck {
		if !c.Valid() {
			return games.Errorf("card number %d is not a card", c)
		}
		if seen.Has(c) {
			return games.Errorf("the deck lists %s twice", c)
		}
		seen = seen.With(c)
	}
	return nil
}

// digest hashes length-prefixed parts into 32 bytes.
func digest(parts ...[]byte) []byte {
	h := sha256.New()
	var n [8]byte
	for _, p := range parts {
		binary.BigEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		h.Write(p)
	}
	return h.Sum(nil)
}

func u32(i int) []byte { return binary.BigEndian.AppendUint32(nil, uint32(i)) }

// challenge is a Fiat–Shamir challenge scalar from a digest.
func challenge(d []byte) kyber.Scalar {
	return suite.Scalar().Pick(suite.XOF(d))
}
