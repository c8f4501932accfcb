package mental

import (
	"errors"
	"fmt"

	"go.dedis.ch/kyber/v4"
	"go.dedis.ch/kyber/v4/proof"
	"go.dedis.ch/kyber/v4/shuffle"
)

// Shuffle is one page's shuffle: the deck it passed on and the proof that the
// deck is the one it received, re-encrypted and permuted.
type Shuffle struct {
	Deck  []Ciphertext
	Proof []byte
}

// ShuffleProofSize is the length of a shuffle proof for a deck of n cards:
// 12n+3 points and scalars of 32 bytes (20 064 bytes for 52 cards).
func ShuffleProofSize(n int) int { return 32 * (12*n + 3) }

// shuffleName binds a shuffle proof to the deal, the page and the statement:
// kyber's Fiat–Shamir hash takes only the prover's messages and this name.
func shuffleName(context []byte, page int, h kyber.Point, in, out []Ciphertext) string {
	parts := [][]byte{[]byte(domainShuffle), context, u32(page), appendPoint(nil, h), u32(len(in))}
	for _, d := range [][]Ciphertext{in, out} {
		b := make([]byte, 0, len(d)*CiphertextLen)
		for _, c := range d {
			b = c.encode(b)
		}
		parts = append(parts, b)
	}
	return fmt.Sprintf("%s/%x", domainShuffle, digest(parts...))
}

func split(d []Ciphertext) (x, y []kyber.Point) {
	x = make([]kyber.Point, len(d))
	y = make([]kyber.Point, len(d))
	for i, c := range d {
		x[i], y[i] = c.A, c.B
	}
	return x, y
}

// ShuffleDeck is page's shuffle of deck under the joint key h: a random
// permutation, fresh randomness for every card, and the proof.
func ShuffleDeck(context []byte, page int, h kyber.Point, deck []Ciphertext) (Shuffle, error) {
	if len(deck) < 2 {
		return Shuffle{}, errors.New("a deck to shuffle has at least two cards")
	}
	x, y := split(deck)
	xx, yy, prover := shuffle.Shuffle(suite, nil, h, x, y, suite.RandomStream())
	out := make([]Ciphertext, len(deck))
	for i := range out {
		out[i] = Ciphertext{xx[i], yy[i]}
	}
	prf, err := proof.HashProve(suite, shuffleName(context, page, h, deck, out), prover)
	if err != nil {
		return Shuffle{}, err
	}
	return Shuffle{Deck: out, Proof: prf}, nil
}

// VerifyShuffle checks that s.Deck is the deck in, re-encrypted and permuted by page,
// under the joint key h (of keys checked by VerifyKey). The deck in is the
// starting deck or one checked by VerifyShuffle.
func VerifyShuffle(context []byte, page int, h kyber.Point, in []Ciphertext, s Shuffle) (err error) {
	if len(in) < 2 || len(s.Deck) != len(in) {
		return errors.New("the shuffled deck has a different number of cards")
	}
	if len(s.Proof) != ShuffleProofSize(len(in)) {
		return errors.New("the shuffle proof is not of its length")
	}
	for i, c := range s.Deck {
		if c.A == nil || c.B == nil {
			return errors.New("a card of the shuffled deck is missing")
		}
		if !inPrimeOrderGroup(c.A) || !inPrimeOrderGroup(c.B) {
			return fmt.Errorf("card %d of the shuffled deck has a small-order part", i+1)
		}
	}
	// The library reads the proof's bytes by reflection; whatever it makes of
	// bytes that are not a proof is a proof that does not hold.
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("the shuffle proof does not read")
		}
	}()
	x, y := split(in)
	xx, yy := split(s.Deck)
	v := shuffle.Verifier(suite, nil, h, x, y, xx, yy)
	if proof.HashVerify(suite, shuffleName(context, page, h, in, s.Deck), v, s.Proof) != nil {
		return errors.New("the shuffle proof does not hold")
	}
	return nil
}
