package klondike

import (
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games/klondike"
)

// Finish, as a solitaire app shows it: once the engine offers the
// auto-complete, the cards go up to their foundations one at a time, each a
// legal move of its own, the lowest card first, one every animation step;
// with animations off the auto-complete is one action.

// klondikeFinishPace is the time between two cards going up, by the
// animation setting; 0 for none.
func klondikeFinishPace(animation string) time.Duration {
	switch animation {
	case "off":
		return 0
	case "fast":
		return 140 * time.Millisecond
	case "slow":
		return 520 * time.Millisecond
	}
	return 260 * time.Millisecond
}

// klondikeUpRank is a card's rank going up a foundation: the ace 1, the
// king 13; 99 for a code it does not read.
func klondikeUpRank(code string) int {
	if len(code) < 2 {
		return 99
	}
	switch r := code[:len(code)-1]; r {
	case "A":
		return 1
	case "J":
		return 11
	case "Q":
		return 12
	case "K":
		return 13
	default:
		if n, err := strconv.Atoi(r); err == nil && n >= 2 && n <= 10 {
			return n
		}
	}
	return 99
}

// klondikeNextUp is the move that sends the lowest card up to its
// foundation, if any.
func klondikeNextUp(moves []klondikeMove) (klondikeMove, bool) {
	best, found := klondikeMove{}, false
	for _, mv := range moves {
		if mv.place() != "f" || len(mv.move.Desc.Cards) != 1 {
			continue
		}
		if !found || klondikeUpRank(mv.move.Desc.Cards[0]) < klondikeUpRank(best.move.Desc.Cards[0]) {
			best, found = mv, true
		}
	}
	return best, found
}

// finish starts the auto-complete: auto is the engine's one action for it.
func (b *klondikeBoard) finish(ctx app.Context, auto string) {
	pace := klondikeFinishPace(b.Animation)
	if pace == 0 {
		b.play(ctx, auto)
		return
	}
	b.finishing = true
	b.finishStep(ctx, pace, nil)
}

// finishStep sends the next card up once the view after the last one has
// arrived (played is the view the last card went up from).
func (b *klondikeBoard) finishStep(ctx app.Context, pace time.Duration, played *klondike.View) {
	if !b.finishing {
		return
	}
	if played == nil || b.V != played {
		mv, ok := klondikeNextUp(klondikeMoves(b.Legal))
		if !ok {
			b.finishing = false
			return
		}
		played = b.V
		b.play(ctx, mv.move.Text)
	}
	ctx.After(pace, func(ctx app.Context) { b.finishStep(ctx, pace, played) })
}
