package mental

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func BenchmarkKeyAndProof(b *testing.B) {
	for b.Loop() {
		_ = NewKey(ctx, 1)
	}
}

func BenchmarkVerifyKey(b *testing.B) {
	k := NewKey(ctx, 1)
	for b.Loop() {
		require.NoError(b, VerifyKey(ctx, 1, k.Public))
	}
}

func benchDeck(b *testing.B) (Key, []Ciphertext, Shuffle) {
	k := NewKey(ctx, 0)
	in, err := StartingDeck(fullDeck())
	require.NoError(b, err)
	s, err := ShuffleDeck(ctx, 0, k.Public.X, in)
	require.NoError(b, err)
	return k, in, s
}

func BenchmarkShuffle52(b *testing.B) {
	k, in, _ := benchDeck(b)
	for b.Loop() {
		_, err := ShuffleDeck(ctx, 0, k.Public.X, in)
		require.NoError(b, err)
	}
}

func BenchmarkVerifyShuffle52(b *testing.B) {
	k, in, s := benchDeck(b)
	for b.Loop() {
		require.NoError(b, VerifyShuffle(ctx, 0, k.Public.X, in, s))
	}
}

func BenchmarkShareAndProof(b *testing.B) {
	k, _, s := benchDeck(b)
	for b.Loop() {
		_ = NewShare(ctx, 0, 3, k, s.Deck[3])
	}
}

func BenchmarkVerifyShare(b *testing.B) {
	k, _, s := benchDeck(b)
	sh := NewShare(ctx, 0, 3, k, s.Deck[3])
	for b.Loop() {
		require.NoError(b, VerifyShare(ctx, k.Public.X, s.Deck[3], sh))
	}
}

// BenchmarkDeal4Pages52 is a whole King deal in one process: four keys, four
// shuffles, 156 shares and each page's opening of its 13 cards (which checks
// the 39 shares it uses).
func BenchmarkDeal4Pages52(b *testing.B) {
	holder, err := RoundRobin(4, 52, 13)
	require.NoError(b, err)
	for b.Loop() {
		_, _, err := Deal(ctx, fullDeck(), holder)
		require.NoError(b, err)
	}
}

// BenchmarkVerifyDeal4Pages52 is `replay -verify`'s part: the whole
// transcript of a King deal checked.
func BenchmarkVerifyDeal4Pages52(b *testing.B) {
	holder, err := RoundRobin(4, 52, 13)
	require.NoError(b, err)
	_, tr, err := Deal(ctx, fullDeck(), holder)
	require.NoError(b, err)
	for b.Loop() {
		require.NoError(b, Verify(tr))
	}
}
