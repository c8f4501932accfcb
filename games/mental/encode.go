package mental

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"cardtable/games"
	"cardtable/games/cards"
)

// MaxTranscriptSize bounds an encoded transcript: 16 pages shuffling 52
// cards, with every share, is well under it.
const MaxTranscriptSize = 1 << 21

// The transcript's JSON form: points, scalars and proofs as base64 bytes.
type wireTranscript struct {
	Context  []byte        `json:"context"`
	Deck     []string      `json:"deck"`
	Keys     []wireKey     `json:"keys"`
	Shuffles []wireShuffle `json:"shuffles"`
	Holder   []int         `json:"holder"`
	Shares   []wireShare   `json:"shares"`
}

type wireKey struct {
	X     []byte `json:"x"`
	Proof []byte `json:"proof"`
}

type wireShuffle struct {
	Deck  []byte `json:"deck"`
	Proof []byte `json:"proof"`
}

type wireShare struct {
	Page  int    `json:"page"`
	Pos   int    `json:"pos"`
	D     []byte `json:"d"`
	Proof []byte `json:"proof"`
}

// MarshalJSON writes the transcript's JSON form.
func (t *Transcript) MarshalJSON() ([]byte, error) {
	if err := t.shape(); err != nil {
		return nil, err
	}
	w := wireTranscript{Context: t.Context, Holder: t.Holder}
	for _, c := range t.Deck {
		w.Deck = append(w.Deck, c.String())
	}
	if w.Context == nil {
		w.Context = []byte{}
	}
	for _, k := range t.Keys {
		w.Keys = append(w.Keys, wireKey{X: appendPoint(nil, k.X), Proof: k.Proof.encode(nil)})
	}
	for _, s := range t.Shuffles {
		d := make([]byte, 0, len(s.Deck)*CiphertextLen)
		for _, c := range s.Deck {
			d = c.encode(d)
		}
		w.Shuffles = append(w.Shuffles, wireShuffle{Deck: d, Proof: s.Proof})
	}
	w.Shares = make([]wireShare, 0, len(t.Shares))
	for _, sh := range t.Shares {
		w.Shares = append(w.Shares, wireShare{Page: sh.Page, Pos: sh.Pos, D: appendPoint(nil, sh.D), Proof: sh.Proof.encode(nil)})
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads a transcript strictly: at most MaxTranscriptSize bytes,
// no unknown or missing field, nothing after it, every point canonical, every
// size the deal's. It checks the shape, not the proofs nor the group of the
// points: that is Verify's.
func (t *Transcript) UnmarshalJSON(b []byte) error {
	nt, err := DecodeTranscript(bytes.NewReader(b))
	if err != nil {
		return err
	}
	*t = *nt
	return nil
}

// DecodeTranscript reads one transcript from r as UnmarshalJSON does.
func DecodeTranscript(r io.Reader) (*Transcript, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxTranscriptSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxTranscriptSize {
		return nil, games.Errorf("a deal's record is longer than %d bytes", MaxTranscriptSize)
	}
	var w wireTranscript
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return nil, games.Errorf("a deal's record does not read: %v", err)
	}
	if dec.More() {
		return nil, errors.New("a deal's record has something after it")
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("a deal's record has something after it")
	}
	if w.Context == nil || w.Deck == nil || w.Keys == nil || w.Shuffles == nil || w.Holder == nil || w.Shares == nil {
		return nil, errors.New("a deal's record lacks a part")
	}
	t := &Transcript{Context: w.Context, Holder: w.Holder}
	if len(w.Deck) > cards.NumCards {
		return nil, fault(-1, "its deck has more than %d cards", cards.NumCards)
	}
	for _, s := range w.Deck {
		c, err := cards.Parse(s)
		if err != nil || c.String() != s {
			return nil, fault(-1, "its deck lists %q, which is not a card", s)
		}
		t.Deck = append(t.Deck, c)
	}
	if err := checkSetup(t.Context, t.Deck, len(w.Keys), t.Holder); err != nil {
		return nil, err
	}
	for i, k := range w.Keys {
		x, err := readPoint(k.X)
		if err != nil {
			return nil, fault(i, "its key does not read: %v", err)
		}
		p, err := readProof(k.Proof)
		if err != nil {
			return nil, fault(i, "its key's proof does not read: %v", err)
		}
		t.Keys = append(t.Keys, PublicKey{X: x, Proof: p})
	}
	if len(w.Shuffles) != len(w.Keys) {
		return nil, fault(-1, "it has %d shuffles for %d pages", len(w.Shuffles), len(w.Keys))
	}
	n := len(t.Deck)
	for i, s := range w.Shuffles {
		if len(s.Deck) != n*CiphertextLen {
			return nil, fault(i, "its shuffled deck is not %d cards", n)
		}
		if len(s.Proof) != ShuffleProofSize(n) {
			return nil, fault(i, "its shuffle proof is not %d bytes", ShuffleProofSize(n))
		}
		d := make([]Ciphertext, n)
		for j := range d {
			if d[j], err = readCiphertext(s.Deck[j*CiphertextLen : (j+1)*CiphertextLen]); err != nil {
				return nil, fault(i, "card %d of its shuffled deck does not read: %v", j+1, err)
			}
		}
		t.Shuffles = append(t.Shuffles, Shuffle{Deck: d, Proof: s.Proof})
	}
	if len(w.Shares) > n*(len(w.Keys)-1) {
		return nil, fault(-1, "it has more shares than a deal sends")
	}
	for _, s := range w.Shares {
		if s.Page < 0 || s.Page >= len(w.Keys) || s.Pos < 0 || s.Pos >= n {
			return nil, fault(-1, "a share names page %d, position %d", s.Page+1, s.Pos+1)
		}
		d, err := readPoint(s.D)
		if err != nil {
			return nil, fault(s.Page, "its share of position %d does not read: %v", s.Pos+1, err)
		}
		p, err := readProof(s.Proof)
		if err != nil {
			return nil, fault(s.Page, "the proof of its share of position %d does not read: %v", s.Pos+1, err)
		}
		t.Shares = append(t.Shares, Share{Page: s.Page, Pos: s.Pos, D: d, Proof: p})
	}
	if err := t.shape(); err != nil {
		return nil, err
	}
	return t, nil
}

// Bytes is the share's point and proof as a record keeps them.
func (sh Share) Bytes() (d, proof []byte) {
	return appendPoint(nil, sh.D), sh.Proof.encode(nil)
}

// ReadShare reads page's share of position pos from its point's and its
// proof's bytes (Bytes): each canonical. Whether the point is in the
// prime-order group and the proof holds is VerifyShare's.
func ReadShare(page, pos int, d, proof []byte) (Share, error) {
	if page < 0 || page >= MaxPages || pos < 0 || pos >= cards.NumCards {
		return Share{}, games.Errorf("a share names page %d, position %d", page+1, pos+1)
	}
	p, err := readPoint(d)
	if err != nil {
		return Share{}, err
	}
	pr, err := readProof(proof)
	if err != nil {
		return Share{}, err
	}
	return Share{Page: page, Pos: pos, D: p, Proof: pr}, nil
}
