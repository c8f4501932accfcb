package mental

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"cardtable/games/cards"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.dedis.ch/kyber/v4"
	"go.dedis.ch/kyber/v4/proof/dleq"
)

var ctx = []byte("room 7, round 1")

func fullDeck() []cards.Card {
	d := make([]cards.Card, cards.NumCards)
	for i := range d {
		d[i] = cards.Card(i)
	}
	return d
}

// smallDeal is three pages dealt two cards each from eight, two in the stock.
func smallDeal(t testing.TB) ([]View, *Transcript) {
	t.Helper()
	deck := []cards.Card{0, 5, 12, 13, 25, 26, 40, 51}
	holder, err := RoundRobin(3, len(deck), 2)
	require.NoError(t, err)
	views, tr, err := Deal(ctx, deck, holder)
	require.NoError(t, err)
	return views, tr
}

// faultPage is the page an error names, or fails the test when it names none.
func faultPage(t *testing.T, err error) int {
	t.Helper()
	var f *Fault
	require.ErrorAs(t, err, &f)
	return f.Page
}

func TestKeyProofBindsContextAndPage(t *testing.T) {
	k := NewKey(ctx, 2)
	require.NoError(t, VerifyKey(ctx, 2, k.Public))
	assert.Error(t, VerifyKey(ctx, 1, k.Public), "a key proof for page 3 is not page 2's")
	assert.Error(t, VerifyKey([]byte("room 8"), 2, k.Public), "nor another deal's")

	// A rogue key made from another page's key, so the joint key is one it
	// chose: it cannot carry a proof, and a copied proof does not hold.
	other := NewKey(ctx, 0)
	mine := suite.Scalar().Pick(suite.RandomStream())
	rogue := suite.Point().Mul(mine, nil)
	rogue.Sub(rogue, other.Public.X)
	assert.Error(t, VerifyKey(ctx, 1, PublicKey{X: rogue, Proof: other.Public.Proof}))
	assert.Error(t, VerifyKey(ctx, 1, PublicKey{X: rogue, Proof: k.Public.Proof}))
	assert.Error(t, VerifyKey(ctx, 0, PublicKey{X: suite.Point().Null(), Proof: other.Public.Proof}))
}

func TestPointsMustBeCanonicalInThePrimeOrderGroup(t *testing.T) {
	g := appendPoint(nil, suite.Point().Base())
	_, err := readPoint(g)
	require.NoError(t, err)

	// (0, −1) has order 2: G plus it is on the curve but not in the group.
	order2, _ := hex.DecodeString("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
	t2 := suite.Point()
	require.NoError(t, t2.UnmarshalBinary(order2))
	mixed := suite.Point().Add(suite.Point().Base(), t2)
	assert.True(t, inPrimeOrderGroup(suite.Point().Base()))
	assert.False(t, inPrimeOrderGroup(mixed))
	assert.False(t, inPrimeOrderGroup(t2))

	// The identity's y = 1 written as y = 1 + p: not canonical.
	nonCanon, _ := hex.DecodeString("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
	_, err = readPoint(nonCanon)
	assert.Error(t, err)
	_, err = readPoint(g[:31])
	assert.Error(t, err)

	// The group order itself is no canonical scalar.
	l, _ := hex.DecodeString("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
	_, err = readScalar(l)
	assert.Error(t, err)
	_, err = readScalar(make([]byte, 32))
	assert.NoError(t, err)
}

// decryptAll opens a deck with every secret: the test's view from above.
func decryptAll(t *testing.T, deck []cards.Card, keys []Key, d []Ciphertext) []cards.Card {
	t.Helper()
	var out []cards.Card
	for _, ct := range d {
		m := ct.B.Clone()
		for _, k := range keys {
			m.Sub(m, suite.Point().Mul(k.Secret, ct.A))
		}
		c, ok := cardOf(deck, m)
		require.True(t, ok, "every ciphertext opens to a card of the deck")
		out = append(out, c)
	}
	return out
}

func TestShuffleIsAProvenPermutation(t *testing.T) {
	deck := []cards.Card{3, 14, 27, 40, 51}
	keys := []Key{NewKey(ctx, 0), NewKey(ctx, 1)}
	h := JointKey([]PublicKey{keys[0].Public, keys[1].Public})
	in, err := StartingDeck(deck)
	require.NoError(t, err)
	s, err := ShuffleDeck(ctx, 0, h, in)
	require.NoError(t, err)
	require.NoError(t, VerifyShuffle(ctx, 0, h, in, s))
	require.Len(t, s.Proof, ShuffleProofSize(len(deck)))
	got := decryptAll(t, deck, keys, s.Deck)
	slices.Sort(got)
	assert.Equal(t, deck, got, "the shuffled deck holds the same cards")
	for _, ct := range s.Deck {
		assert.False(t, ct.A.Equal(suite.Point().Null()), "every card is re-encrypted")
	}

	assert.Error(t, VerifyShuffle(ctx, 1, h, in, s), "the proof is page 1's, not page 2's")
	assert.Error(t, VerifyShuffle([]byte("another room"), 0, h, in, s))
	assert.Error(t, VerifyShuffle(ctx, 0, suite.Point().Base(), in, s), "nor under another key")

	cases := map[string]func(d []Ciphertext){
		"two cards swapped after the proof":    func(d []Ciphertext) { d[0], d[1] = d[1], d[0] },
		"a card replaced by a copy of another": func(d []Ciphertext) { d[2] = d[3] },
		"a card replaced by a fresh encryption of the ace of spades": func(d []Ciphertext) {
			r := suite.Scalar().Pick(suite.RandomStream())
			d[4] = Ciphertext{suite.Point().Mul(r, nil), suite.Point().Add(cardPoint(51), suite.Point().Mul(r, h))}
		},
	}
	for name, change := range cases {
		t.Run(name, func(t *testing.T) {
			d := slices.Clone(s.Deck)
			change(d)
			assert.Error(t, VerifyShuffle(ctx, 0, h, in, Shuffle{Deck: d, Proof: s.Proof}))
		})
	}
	short := Shuffle{Deck: s.Deck, Proof: s.Proof[:len(s.Proof)-1]}
	assert.Error(t, VerifyShuffle(ctx, 0, h, in, short))
	assert.Error(t, VerifyShuffle(ctx, 0, h, in, Shuffle{Deck: s.Deck, Proof: make([]byte, len(s.Proof))}))
	assert.Error(t, VerifyShuffle(ctx, 0, h, in[:4], s))
}

func TestShareProof(t *testing.T) {
	k := NewKey(ctx, 1)
	r := suite.Scalar().Pick(suite.RandomStream())
	ct := Ciphertext{suite.Point().Mul(r, nil), suite.Point().Mul(r, suite.Point().Base())}
	sh := NewShare(ctx, 1, 4, k, ct)
	require.NoError(t, VerifyShare(ctx, k.Public.X, ct, sh))
	assert.True(t, sh.D.Equal(suite.Point().Mul(k.Secret, ct.A)))

	wrong := sh
	wrong.D = suite.Point().Add(sh.D, suite.Point().Base())
	assert.Error(t, VerifyShare(ctx, k.Public.X, ct, wrong), "a share that is not x·A")
	moved := sh
	moved.Pos = 5
	assert.Error(t, VerifyShare(ctx, k.Public.X, ct, moved), "a share moved to another position")
	other := NewKey(ctx, 1)
	assert.Error(t, VerifyShare(ctx, other.Public.X, ct, sh), "a share under another key")
	forged := sh
	forged.D = suite.Point().Pick(suite.RandomStream())
	forged.Proof.S = suite.Scalar().Pick(suite.RandomStream())
	assert.Error(t, VerifyShare(ctx, k.Public.X, ct, forged), "a proof made up without the secret")
}

// TestLibraryDLEQIsNotUsed shows why shares carry this package's own
// Chaum–Pedersen proof: the library's dleq.Proof.Verify takes the challenge
// from the proof and never recomputes it, so a proof made up for any share
// passes it.
func TestLibraryDLEQIsNotUsed(t *testing.T) {
	k := NewKey(ctx, 0)
	a := suite.Point().Pick(suite.RandomStream())
	wrongD := suite.Point().Pick(suite.RandomStream()) // not x·A
	c := suite.Scalar().Pick(suite.RandomStream())
	r := suite.Scalar().Pick(suite.RandomStream())
	vg := suite.Point().Add(suite.Point().Mul(r, nil), suite.Point().Mul(c, k.Public.X))
	vh := suite.Point().Add(suite.Point().Mul(r, a), suite.Point().Mul(c, wrongD))
	made := &dleq.Proof{C: c, R: r, VG: vg, VH: vh}
	assert.NoError(t, made.Verify(suite, suite.Point().Base(), a, k.Public.X, wrongD),
		"the library accepts a made-up proof; if this fails, it was fixed")
	ct := Ciphertext{A: a, B: suite.Point().Base()}
	assert.Error(t, VerifyShare(ctx, k.Public.X, ct, Share{Page: 0, D: wrongD, Proof: Proof{C: c, S: r}}))
}

func TestDealFourPagesKing(t *testing.T) {
	deck := fullDeck()
	holder, err := RoundRobin(4, 52, 13)
	require.NoError(t, err)
	views, tr, err := Deal(ctx, deck, holder)
	require.NoError(t, err)
	require.NoError(t, Verify(tr))
	require.Len(t, views, 4)
	require.Len(t, tr.Shares, 52*3, "three shares for each dealt card, sent with the deal")

	var all []cards.Card
	for i, v := range views {
		require.Len(t, v.Hand, 13)
		for _, h := range v.Hand {
			assert.Equal(t, i, tr.Holder[h.Pos], "page %d's view holds only cards dealt to it", i+1)
			c, err := tr.OpenOwn(v.Key, i, h.Pos)
			require.NoError(t, err)
			assert.Equal(t, h.Card, c, "page %d's hand is the cards opened for it", i+1)
		}
		all = append(all, v.Cards()...)
	}
	slices.Sort(all)
	assert.Equal(t, deck, all, "the cards dealt are the deck, each once")

	// No page opens another's card: the holder's share is missing from
	// what the others have.
	for pos, h := range tr.Holder {
		for p, v := range views {
			if p == h {
				continue
			}
			_, err := tr.OpenOwn(v.Key, p, pos)
			assert.Error(t, err)
			ct := tr.Final()[pos]
			ds := []kyber.Point{suite.Point().Mul(v.Key.Secret, ct.A)}
			for _, sh := range tr.sharesOf(pos) {
				if sh.Page != p {
					ds = append(ds, sh.D)
				}
			}
			_, err = tr.open(ct, ds)
			assert.Error(t, err, "page %d cannot read position %d of page %d", p+1, pos+1, h+1)
		}
	}

	b, err := json.Marshal(tr)
	require.NoError(t, err)
	t.Logf("4-page 52-card transcript: %d bytes of JSON", len(b))
	back, err := DecodeTranscript(bytes.NewReader(b))
	require.NoError(t, err)
	require.NoError(t, Verify(back))
	again, err := json.Marshal(back)
	require.NoError(t, err)
	assert.Equal(t, b, again)
}

func TestDealRefusesBadSetups(t *testing.T) {
	deck := []cards.Card{1, 2, 3, 4}
	cases := map[string]struct {
		deck   []cards.Card
		pages  int
		holder []int
	}{
		"one page":               {deck, 1, []int{0, 0, Stock, Stock}},
		"too many pages":         {deck, MaxPages + 1, []int{0, 1, 2, 3}},
		"a card twice":           {[]cards.Card{1, 1, 2, 3}, 2, []int{0, 1, 0, 1}},
		"not a card":             {[]cards.Card{1, 2, 3, 60}, 2, []int{0, 1, 0, 1}},
		"one card":               {[]cards.Card{1}, 2, []int{0}},
		"holders not one a card": {deck, 2, []int{0, 1}},
		"holder not a page":      {deck, 2, []int{0, 1, 2, Stock}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, _, err := DealPages(ctx, c.deck, c.pages, c.holder)
			assert.Error(t, err)
		})
	}
	_, err := RoundRobin(4, 52, 14)
	assert.Error(t, err)
}

// mutateBytes changes one byte in each 32-byte element of b in turn and
// hands over the changed copy.
func mutateBytes(b []byte, f func(i int, changed []byte)) {
	for i := 0; i < len(b); i += 32 {
		j := i + (i/32)%32
		if j >= len(b) {
			j = len(b) - 1
		}
		c := slices.Clone(b)
		c[j] ^= 0x01 << (i / 32 % 8)
		f(j, c)
	}
}

func TestVerifyNamesThePageOfAChangedShuffleProof(t *testing.T) {
	_, tr := smallDeal(t)
	require.NoError(t, Verify(tr))
	for p := range tr.Shuffles {
		mutateBytes(tr.Shuffles[p].Proof, func(i int, changed []byte) {
			c := *tr
			c.Shuffles = slices.Clone(tr.Shuffles)
			c.Shuffles[p].Proof = changed
			err := Verify(&c)
			require.Error(t, err, "byte %d of page %d's shuffle proof", i, p+1)
			assert.Equal(t, p, faultPage(t, err), "byte %d of page %d's shuffle proof: %v", i, p+1, err)
		})
	}
}

// TestChangedByteOfTheRecordNamesThePage changes the encoded record: a byte
// of a shuffled deck or of a share is refused when read or by Verify, and
// either names the page.
func TestChangedByteOfTheRecordNamesThePage(t *testing.T) {
	_, tr := smallDeal(t)
	check := func(t *testing.T, what string, page int, mutate func(w *wireTranscript) bool) {
		b, err := json.Marshal(tr)
		require.NoError(t, err)
		for k := 0; ; k++ {
			var w wireTranscript
			require.NoError(t, json.Unmarshal(b, &w))
			if !mutate(&w) {
				return
			}
			nb, err := json.Marshal(w)
			require.NoError(t, err)
			back, err := DecodeTranscript(bytes.NewReader(nb))
			if err == nil {
				err = Verify(back)
			}
			require.Error(t, err, "%s, change %d", what, k)
			assert.Equal(t, page, faultPage(t, err), "%s, change %d: %v", what, k, err)
		}
	}
	for p := range tr.Shuffles {
		i := 0
		check(t, "a card of a shuffled deck", p, func(w *wireTranscript) bool {
			d := w.Shuffles[p].Deck
			if i >= len(d) {
				return false
			}
			d[i] ^= 0x04
			i += 29
			return true
		})
	}
	for s, sh := range tr.Shares {
		i := 0
		check(t, "a share", sh.Page, func(w *wireTranscript) bool {
			all := append(slices.Clone(w.Shares[s].D), w.Shares[s].Proof...)
			if i >= len(all) {
				return false
			}
			all[i] ^= 0x10
			w.Shares[s].D, w.Shares[s].Proof = all[:32], all[32:]
			i += 13
			return true
		})
	}
}

func TestVerifyNamesAWithheldShareOrShuffle(t *testing.T) {
	_, tr := smallDeal(t)
	for s, sh := range tr.Shares {
		c := *tr
		c.Shares = slices.Delete(slices.Clone(tr.Shares), s, s+1)
		err := Verify(&c)
		require.Error(t, err)
		assert.Equal(t, sh.Page, faultPage(t, err), "%v", err)
		assert.Contains(t, err.Error(), "withheld")
	}
	c := *tr
	c.Shuffles = tr.Shuffles[:2]
	err := Verify(&c)
	assert.Equal(t, 2, faultPage(t, err), "%v", err)
	assert.Equal(t, "page 3: its shuffle is missing", err.Error())

	c = *tr
	c.Keys = slices.Clone(tr.Keys)
	c.Keys[1] = NewKey(ctx, 1).Public
	err = Verify(&c)
	assert.Equal(t, 0, faultPage(t, err), "a new key breaks the first shuffle, which was under the old joint key: %v", err)
	c.Keys[1].Proof = tr.Keys[1].Proof
	err = Verify(&c)
	assert.Equal(t, 1, faultPage(t, err), "%v", err)
}

func TestOpenForAllNeedsEveryPagesShare(t *testing.T) {
	views, tr := smallDeal(t)
	pos := slices.Index(tr.Holder, Stock)
	require.GreaterOrEqual(t, pos, 0)
	var shares []Share
	for p, v := range views {
		sh, err := tr.ShareFor(v.Key, p, pos)
		require.NoError(t, err)
		shares = append(shares, sh)
	}
	c, err := tr.OpenForAll(pos, shares)
	require.NoError(t, err)
	assert.Contains(t, tr.Deck, c)
	for _, v := range views {
		for _, h := range v.Hand {
			assert.NotEqual(t, h.Card, c, "a stock card is no page's")
		}
	}

	_, err = tr.OpenForAll(pos, shares[:2])
	assert.Equal(t, 2, faultPage(t, err))
	assert.Contains(t, err.Error(), "withheld")
	bad := slices.Clone(shares)
	bad[1].D = suite.Point().Add(bad[1].D, suite.Point().Base())
	_, err = tr.OpenForAll(pos, bad)
	assert.Equal(t, 1, faultPage(t, err))
	_, err = tr.OpenForAll(pos, append(slices.Clone(shares), shares[0]))
	assert.Error(t, err)

	// A dealt card is opened the same way when it is played.
	played := views[1].Hand[0]
	shares = shares[:0]
	for p, v := range views {
		sh, err := tr.ShareFor(v.Key, p, played.Pos)
		require.NoError(t, err)
		shares = append(shares, sh)
	}
	c, err = tr.OpenForAll(played.Pos, shares)
	require.NoError(t, err)
	assert.Equal(t, played.Card, c)
}

func TestDecodeRefusesMalformedRecords(t *testing.T) {
	_, tr := smallDeal(t)
	good, err := json.Marshal(tr)
	require.NoError(t, err)
	edit := func(f func(w *wireTranscript)) []byte {
		var w wireTranscript
		require.NoError(t, json.Unmarshal(good, &w))
		f(&w)
		b, err := json.Marshal(w)
		require.NoError(t, err)
		return b
	}
	l, _ := hex.DecodeString("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
	cases := map[string][]byte{
		"empty":             nil,
		"not JSON":          []byte("{"),
		"something after":   append(slices.Clone(good), []byte(" {}")...),
		"unknown field":     append([]byte(`{"extra":1,`), good[1:]...),
		"too long":          append(append([]byte("{"), bytes.Repeat([]byte(" "), MaxTranscriptSize)...), good[1:]...),
		"missing shares":    edit(func(w *wireTranscript) { w.Shares = nil }),
		"a card twice":      edit(func(w *wireTranscript) { w.Deck[1] = w.Deck[0] }),
		"not a card":        edit(func(w *wireTranscript) { w.Deck[1] = "1Z" }),
		"lower-case card":   edit(func(w *wireTranscript) { w.Deck[1] = "qh" }),
		"a key too short":   edit(func(w *wireTranscript) { w.Keys[0].X = w.Keys[0].X[:31] }),
		"scalar not below":  edit(func(w *wireTranscript) { copy(w.Keys[1].Proof[32:], l) }),
		"a shuffle missing": edit(func(w *wireTranscript) { w.Shuffles = w.Shuffles[:2] }),
		"a shuffle more":    edit(func(w *wireTranscript) { w.Shuffles = append(w.Shuffles, w.Shuffles[0]) }),
		"a deck short":      edit(func(w *wireTranscript) { w.Shuffles[1].Deck = w.Shuffles[1].Deck[:64*7] }),
		"a proof short":     edit(func(w *wireTranscript) { w.Shuffles[1].Proof = w.Shuffles[1].Proof[1:] }),
		"holder off":        edit(func(w *wireTranscript) { w.Holder[0] = 3 }),
		"holders short":     edit(func(w *wireTranscript) { w.Holder = w.Holder[1:] }),
		"share of nobody":   edit(func(w *wireTranscript) { w.Shares[0].Page = 9 }),
		"shares swapped":    edit(func(w *wireTranscript) { w.Shares[0], w.Shares[1] = w.Shares[1], w.Shares[0] }),
		"a share more":      edit(func(w *wireTranscript) { w.Shares = append(w.Shares, w.Shares[0]) }),
		"context too long":  edit(func(w *wireTranscript) { w.Context = make([]byte, MaxContext+1) }),
		"one page":          edit(func(w *wireTranscript) { w.Keys = w.Keys[:1]; w.Shuffles = w.Shuffles[:1] }),
	}
	for name, b := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := DecodeTranscript(bytes.NewReader(b))
			assert.Error(t, err)
			var tr Transcript
			assert.Error(t, json.Unmarshal(b, &tr))
		})
	}
}

// FuzzDecodeTranscript: no input makes the decoder or Verify panic, and what
// decodes encodes back to the same transcript.
func FuzzDecodeTranscript(f *testing.F) {
	_, tr := smallDeal(f)
	good, err := json.Marshal(tr)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	// A tiny deal, which the fuzzer changes and checks many times faster.
	_, tiny, err := Deal(nil, []cards.Card{7, 20}, []int{0, 1})
	if err != nil {
		f.Fatal(err)
	}
	small, err := json.Marshal(tiny)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(small)
	f.Add([]byte(`{"context":"","deck":["2C","3C"],"keys":[],"shuffles":[],"holder":[0,1],"shares":[]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := DecodeTranscript(bytes.NewReader(b))
		if err != nil {
			var f *Fault
			if errors.As(err, &f) && f.Page >= MaxPages {
				t.Fatalf("a fault names page %d", f.Page)
			}
			return
		}
		_ = Verify(got)
		again, err := json.Marshal(got)
		if err != nil {
			t.Fatalf("a decoded transcript does not encode: %v", err)
		}
		back, err := DecodeTranscript(bytes.NewReader(again))
		if err != nil {
			t.Fatalf("a decoded transcript does not decode again: %v", err)
		}
		if again2, _ := json.Marshal(back); !bytes.Equal(again, again2) {
			t.Fatal("a transcript's encoding changes when read back")
		}
	})
}

func TestCardPointIsItsNumberPlusOneTimesTheBase(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range fullDeck() {
		want := suite.Point().Mul(suite.Scalar().SetInt64(int64(c)+1), nil)
		assert.True(t, want.Equal(cardPoint(c)), "card %s", c)
		seen[want.String()] = true
		got, ok := cardOf(fullDeck(), want)
		assert.True(t, ok)
		assert.Equal(t, c, got)
	}
	assert.Len(t, seen, cards.NumCards)
	_, ok := cardOf([]cards.Card{1, 2}, cardPoint(3))
	assert.False(t, ok, "a card not in the deck names none")
	_, err := StartingDeck([]cards.Card{1, 99})
	assert.Error(t, err)
}

// TestSmallOrderPartsAreRefused: a key, a shuffled card or a share with a
// small-order part is refused by its check, and Verify names the page.
func TestSmallOrderPartsAreRefused(t *testing.T) {
	order2, _ := hex.DecodeString("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
	tor := suite.Point()
	require.NoError(t, tor.UnmarshalBinary(order2))
	_, tr := smallDeal(t)

	c := *tr
	c.Keys = slices.Clone(tr.Keys)
	c.Keys[2].X = suite.Point().Add(tr.Keys[2].X, tor)
	assert.ErrorContains(t, VerifyKey(ctx, 2, c.Keys[2]), "small-order")
	err := Verify(&c)
	assert.Equal(t, 2, faultPage(t, err), "%v", err)

	c = *tr
	c.Shuffles = slices.Clone(tr.Shuffles)
	d := slices.Clone(tr.Shuffles[1].Deck)
	d[3].B = suite.Point().Add(d[3].B, tor)
	c.Shuffles[1] = Shuffle{Deck: d, Proof: tr.Shuffles[1].Proof}
	err = Verify(&c)
	assert.Equal(t, 1, faultPage(t, err), "%v", err)
	assert.ErrorContains(t, err, "small-order")

	c = *tr
	c.Shares = slices.Clone(tr.Shares)
	c.Shares[4].D = suite.Point().Add(tr.Shares[4].D, tor)
	err = Verify(&c)
	assert.Equal(t, tr.Shares[4].Page, faultPage(t, err), "%v", err)
	assert.ErrorContains(t, err, "small-order")

	// Read from a record, the point is taken, and Verify refuses it.
	b, err := json.Marshal(&c)
	require.NoError(t, err)
	back, err := DecodeTranscript(bytes.NewReader(b))
	require.NoError(t, err)
	err = Verify(back)
	assert.Equal(t, tr.Shares[4].Page, faultPage(t, err), "%v", err)
}

// TestKingDealChangedProofOrShareNamesThePage samples the whole King deal:
// the first and last byte of each page's shuffle proof, and a byte of one of
// each page's shares.
func TestKingDealChangedProofOrShareNamesThePage(t *testing.T) {
	holder, err := RoundRobin(4, 52, 13)
	require.NoError(t, err)
	_, tr, err := Deal(ctx, fullDeck(), holder)
	require.NoError(t, err)
	for p := range tr.Shuffles {
		for _, i := range []int{0, ShuffleProofSize(52) - 1} {
			c := *tr
			c.Shuffles = slices.Clone(tr.Shuffles)
			c.Shuffles[p].Proof = slices.Clone(tr.Shuffles[p].Proof)
			c.Shuffles[p].Proof[i] ^= 0x20
			err := Verify(&c)
			assert.Equal(t, p, faultPage(t, err), "byte %d of page %d's proof: %v", i, p+1, err)
		}
		s := slices.IndexFunc(tr.Shares, func(sh Share) bool { return sh.Page == p && sh.Pos > 40 })
		require.GreaterOrEqual(t, s, 0)
		c := *tr
		c.Shares = slices.Clone(tr.Shares)
		c.Shares[s].Proof.S = suite.Scalar().Add(tr.Shares[s].Proof.S, suite.Scalar().One())
		err := Verify(&c)
		assert.Equal(t, p, faultPage(t, err), "page %d's share: %v", p+1, err)
	}

	// Opening a position of a transcript whose last deck is short is an
	// error, not a panic.
	c := *tr
	c.Shuffles = slices.Clone(tr.Shuffles)
	c.Shuffles[3].Deck = tr.Shuffles[3].Deck[:10]
	_, err = c.OpenForAll(20, nil)
	assert.Error(t, err)
	_, err = c.ShareFor(NewKey(ctx, 0), 0, 20)
	assert.Error(t, err)
}

func TestOpenWithAddsTheMissingSharesToTheDeals(t *testing.T) {
	views, tr := smallDeal(t)
	require.NoError(t, Verify(tr))
	played := views[2].Hand[1]
	assert.Equal(t, []int{2}, tr.Missing(played.Pos))
	other := []byte("room 7, round 1/open/3")
	sh := NewShare(other, 2, played.Pos, views[2].Key, tr.Final()[played.Pos])
	d, proof := sh.Bytes()
	read, err := ReadShare(2, played.Pos, d, proof)
	require.NoError(t, err)
	require.NoError(t, VerifyShare(other, tr.Keys[2].X, tr.Final()[played.Pos], read))
	assert.Error(t, VerifyShare(ctx, tr.Keys[2].X, tr.Final()[played.Pos], read), "bound to the context it was made for")
	c, err := tr.OpenWith(played.Pos, []Share{read})
	require.NoError(t, err)
	assert.Equal(t, played.Card, c)

	_, err = tr.OpenWith(played.Pos, nil)
	assert.Equal(t, 2, faultPage(t, err), "the holder's share is missing")
	wrongPage := read
	wrongPage.Page = 0
	_, err = tr.OpenWith(played.Pos, []Share{wrongPage})
	assert.Error(t, err, "page 1's share is in the deal already")

	stock := slices.Index(tr.Holder, Stock)
	assert.Equal(t, []int{0, 1, 2}, tr.Missing(stock))
	var all []Share
	for p, v := range views {
		all = append(all, NewShare(other, p, stock, v.Key, tr.Final()[stock]))
	}
	c, err = tr.OpenWith(stock, all)
	require.NoError(t, err)
	assert.Contains(t, tr.Deck, c)

	_, err = ReadShare(0, 0, d[:31], proof)
	assert.Error(t, err)
	_, err = ReadShare(0, 0, d, proof[:63])
	assert.Error(t, err)
	_, err = ReadShare(-1, 0, d, proof)
	assert.Error(t, err)
}
