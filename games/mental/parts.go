package mental

// The parts of a deal as pages send them to each other one at a time (a
// room's messages): a key, a shuffle. Each reads strictly: the exact length,
// canonical points; whether a point is in the prime-order group and a proof
// holds is VerifyKey's and VerifyShuffle's.

// Bytes is the public key's point and proof.
func (k PublicKey) Bytes() []byte {
	return k.Proof.encode(appendPoint(nil, k.X))
}

// ReadPublicKey reads a public key from its bytes (Bytes).
func ReadPublicKey(b []byte) (PublicKey, error) {
	if len(b) != PointSize+ProofSize {
		return PublicKey{}, fault(-1, "a key is %d bytes, not %d", len(b), PointSize+ProofSize)
	}
	x, err := readPoint(b[:PointSize])
	if err != nil {
		return PublicKey{}, err
	}
	p, err := readProof(b[PointSize:])
	if err != nil {
		return PublicKey{}, err
	}
	return PublicKey{X: x, Proof: p}, nil
}

// DeckBytes is a shuffled deck's ciphertexts, one after another.
func (s Shuffle) DeckBytes() []byte {
	d := make([]byte, 0, len(s.Deck)*CiphertextLen)
	for _, c := range s.Deck {
		d = c.encode(d)
	}
	return d
}

// ReadShuffle reads a shuffle of an n-card deck from its deck's bytes
// (DeckBytes) and its proof.
func ReadShuffle(n int, deck, proof []byte) (Shuffle, error) {
	if n < 1 || n > 52 || len(deck) != n*CiphertextLen {
		return Shuffle{}, fault(-1, "a shuffled deck of %d bytes is not %d cards", len(deck), n)
	}
	if len(proof) != ShuffleProofSize(n) {
		return Shuffle{}, fault(-1, "a shuffle proof of %d bytes is not %d", len(proof), ShuffleProofSize(n))
	}
	d := make([]Ciphertext, n)
	for j := range d {
		var err error
		if d[j], err = readCiphertext(deck[j*CiphertextLen : (j+1)*CiphertextLen]); err != nil {
			return Shuffle{}, fault(-1, "card %d of a shuffled deck does not read: %v", j+1, err)
		}
	}
	return Shuffle{Deck: d, Proof: append([]byte(nil), proof...)}, nil
}
