package mental

import (
	"errors"

	"go.dedis.ch/kyber/v4"
)

// Proof is a Fiat–Shamir sigma proof: its challenge and response.
type Proof struct {
	C, S kyber.Scalar
}

// ProofSize is a Proof's encoded length.
const ProofSize = 2 * ScalarSize

func (p Proof) encode(dst []byte) []byte {
	return appendScalar(appendScalar(dst, p.C), p.S)
}

func readProof(b []byte) (Proof, error) {
	if len(b) != ProofSize {
		return Proof{}, errors.New("a proof is not 64 bytes")
	}
	c, err := readScalar(b[:ScalarSize])
	if err != nil {
		return Proof{}, err
	}
	s, err := readScalar(b[ScalarSize:])
	if err != nil {
		return Proof{}, err
	}
	return Proof{c, s}, nil
}

// Key is a page's key share: its secret, which never leaves the page until the
// round's end, and its public part.
type Key struct {
	Secret kyber.Scalar
	Public PublicKey
}

// PublicKey is a page's public key X = x·G with its proof of knowledge of x.
type PublicKey struct {
	X     kyber.Point
	Proof Proof
}

func keyChallenge(context []byte, page int, x, r kyber.Point) kyber.Scalar {
	return challenge(digest([]byte(domainKey), context, u32(page), appendPoint(nil, x), appendPoint(nil, r)))
}

// NewKey draws page's key share for the deal named by context, with its
// Schnorr proof bound to both.
func NewKey(context []byte, page int) Key {
	rnd := suite.RandomStream()
	x := suite.Scalar().Pick(rnd)
	X := suite.Point().Mul(x, nil)
	k := suite.Scalar().Pick(rnd)
	R := suite.Point().Mul(k, nil)
	c := keyChallenge(context, page, X, R)
	s := suite.Scalar().Mul(c, x)
	s.Add(s, k) // s = k + c·x
	return Key{Secret: x, Public: PublicKey{X: X, Proof: Proof{C: c, S: s}}}
}

// VerifyKey checks page's public key proof for the deal named by context.
func VerifyKey(context []byte, page int, pk PublicKey) error {
	if pk.X == nil || pk.Proof.C == nil || pk.Proof.S == nil {
		return errors.New("missing")
	}
	if pk.X.Equal(suite.Point().Null()) {
		return errors.New("the key is the neutral point")
	}
	if !inPrimeOrderGroup(pk.X) {
		return errors.New("the key has a small-order part")
	}
	// R = s·G − c·X
	R := suite.Point().Mul(pk.Proof.S, nil)
	R.Sub(R, publicMul(pk.Proof.C, pk.X))
	if !keyChallenge(context, page, pk.X, R).Equal(pk.Proof.C) {
		return errors.New("the proof of the key does not hold")
	}
	return nil
}

// JointKey is the sum of the pages' public keys.
func JointKey(keys []PublicKey) kyber.Point {
	h := suite.Point().Null()
	for _, k := range keys {
		h.Add(h, k.X)
	}
	return h
}

// Share is a page's decryption share of the ciphertext at a position of the
// final deck: D = x·A, with its Chaum–Pedersen proof that log_G X = log_A D.
type Share struct {
	Page, Pos int
	D         kyber.Point
	Proof     Proof
}

func shareChallenge(context []byte, page, pos int, x kyber.Point, ct Ciphertext, d, r1, r2 kyber.Point) kyber.Scalar {
	return challenge(digest([]byte(domainShare), context, u32(page), u32(pos), appendPoint(nil, x),
		ct.encode(nil), appendPoint(nil, d), appendPoint(nil, r1), appendPoint(nil, r2)))
}

// NewShare is page's share of ct, the ciphertext at position pos, with its proof.
func NewShare(context []byte, page, pos int, key Key, ct Ciphertext) Share {
	d := suite.Point().Mul(key.Secret, ct.A)
	k := suite.Scalar().Pick(suite.RandomStream())
	r1 := suite.Point().Mul(k, nil)
	r2 := suite.Point().Mul(k, ct.A)
	c := shareChallenge(context, page, pos, key.Public.X, ct, d, r1, r2)
	s := suite.Scalar().Mul(c, key.Secret)
	s.Add(s, k)
	return Share{Page: page, Pos: pos, D: d, Proof: Proof{C: c, S: s}}
}

// VerifyShare checks sh against the public key x of its page (checked by
// VerifyKey) and the ciphertext ct at its position (checked by VerifyShuffle).
func VerifyShare(context []byte, x kyber.Point, ct Ciphertext, sh Share) error {
	if sh.D == nil || sh.Proof.C == nil || sh.Proof.S == nil {
		return errors.New("missing")
	}
	if !inPrimeOrderGroup(sh.D) {
		return errors.New("the share has a small-order part")
	}
	// R1 = s·G − c·X, R2 = s·A − c·D
	r1 := suite.Point().Mul(sh.Proof.S, nil)
	r1.Sub(r1, publicMul(sh.Proof.C, x))
	r2 := publicMul(sh.Proof.S, ct.A)
	r2.Sub(r2, publicMul(sh.Proof.C, sh.D))
	if !shareChallenge(context, sh.Page, sh.Pos, x, ct, sh.D, r1, r2).Equal(sh.Proof.C) {
		return errors.New("the proof of the share does not hold")
	}
	return nil
}
