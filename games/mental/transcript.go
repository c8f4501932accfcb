package mental

import (
	"errors"
	"fmt"

	"cardtable/games"
	"cardtable/games/cards"

	"go.dedis.ch/kyber/v4"
)

// Stock marks a position of the final deck dealt to no page: it stays face
// down until the rules open it.
const Stock = -1

// Transcript is a whole deal as every page sees it: what a record keeps so
// that the deal can be checked afterwards.
type Transcript struct {
	// Context names the deal (a room and a round); every proof is bound to it.
	Context []byte
	// Deck is the game's card list in the order of the starting deck.
	Deck []cards.Card
	// Keys holds page i's public key and its proof at i.
	Keys []PublicKey
	// Shuffles holds page i's shuffle at i; each shuffles the deck before it
	// (page 0 the starting deck), and the last one's deck is the final deck.
	Shuffles []Shuffle
	// Holder is, for each position of the final deck, the page it is dealt
	// to, or Stock.
	Holder []int
	// Shares holds, for each dealt position in order, one share from every
	// page but its holder, in page order.
	Shares []Share
}

// Fault is a wrong or missing part of a deal, and the page it comes from.
type Fault struct {
	Page int    // the page at fault, from 0; -1 when the transcript's shape is wrong
	Part string // what is wrong, in words
}

func (f *Fault) Error() string {
	if f.Page < 0 {
		return "the deal's record is malformed: " + f.Part
	}
	return fmt.Sprintf("page %d: %s", f.Page+1, f.Part)
}

func fault(page int, format string, a ...any) *Fault {
	return &Fault{Page: page, Part: fmt.Sprintf(format, a...)}
}

// Pages is the number of pages in the deal.
func (t *Transcript) Pages() int { return len(t.Keys) }

// Final is the deck after the last shuffle.
func (t *Transcript) Final() []Ciphertext {
	if len(t.Shuffles) == 0 {
		return nil
	}
	return t.Shuffles[len(t.Shuffles)-1].Deck
}

// JointKey is the deal's joint public key.
func (t *Transcript) JointKey() kyber.Point { return JointKey(t.Keys) }

// checkSetup checks what a deal starts from: the context, the card list, the
// number of pages and the holder of each position.
func checkSetup(context []byte, deck []cards.Card, pages int, holder []int) error {
	if len(context) > MaxContext {
		return fault(-1, "its context is longer than %d bytes", MaxContext)
	}
	if err := checkDeck(deck); err != nil {
		return fault(-1, "%v", err)
	}
	if pages < 2 || pages > MaxPages {
		return fault(-1, "a deal has 2 to %d pages, not %d", MaxPages, pages)
	}
	if len(holder) != len(deck) {
		return fault(-1, "it names the holders of %d positions, not %d", len(holder), len(deck))
	}
	for pos, h := range holder {
		if h != Stock && (h < 0 || h >= pages) {
			return fault(-1, "position %d goes to page %d, which is not in the deal", pos+1, h+1)
		}
	}
	return nil
}

// shape checks everything but the proofs: sizes, ranges and the order of the
// shares, so that Verify never reads past an end.
func (t *Transcript) shape() error {
	n := len(t.Keys)
	if err := checkSetup(t.Context, t.Deck, n, t.Holder); err != nil {
		return err
	}
	for i, k := range t.Keys {
		if k.X == nil || k.Proof.C == nil || k.Proof.S == nil {
			return fault(i, "its key is missing")
		}
	}
	if len(t.Shuffles) < n {
		return fault(len(t.Shuffles), "its shuffle is missing")
	}
	if len(t.Shuffles) > n {
		return fault(-1, "it has %d shuffles for %d pages", len(t.Shuffles), n)
	}
	for i, s := range t.Shuffles {
		if len(s.Deck) != len(t.Deck) {
			return fault(i, "its shuffled deck has %d cards, not %d", len(s.Deck), len(t.Deck))
		}
		for _, c := range s.Deck {
			if c.A == nil || c.B == nil {
				return fault(i, "a card of its shuffled deck is missing")
			}
		}
	}
	// Shares in order: for each dealt position, each page but the holder.
	i, want := 0, 0
	for pos, h := range t.Holder {
		if h == Stock {
			continue
		}
		want += n - 1
		for p := range n {
			if p == h {
				continue
			}
			if i >= len(t.Shares) || t.Shares[i].Pos != pos || t.Shares[i].Page != p {
				return fault(p, "withheld its share of position %d, dealt to page %d", pos+1, h+1)
			}
			if t.Shares[i].D == nil || t.Shares[i].Proof.C == nil || t.Shares[i].Proof.S == nil {
				return fault(p, "its share of position %d is missing", pos+1)
			}
			i++
		}
	}
	if len(t.Shares) != want {
		return fault(-1, "it has %d shares where the deal sends %d", len(t.Shares), want)
	}
	return nil
}

// Verify checks a whole deal: every page's key proof, every shuffle proof in
// page order from the starting deck, and every share sent with the deal. A
// *Fault says which page's part is wrong.
func Verify(t *Transcript) error {
	if t == nil {
		return fault(-1, "there is no deal")
	}
	if err := t.shape(); err != nil {
		return err
	}
	for i, k := range t.Keys {
		if err := VerifyKey(t.Context, i, k); err != nil {
			return fault(i, "its key does not hold (%v)", err)
		}
	}
	h := t.JointKey()
	in, err := StartingDeck(t.Deck)
	if err != nil {
		return fault(-1, "%v", err)
	}
	for i, s := range t.Shuffles {
		if err := VerifyShuffle(t.Context, i, h, in, s); err != nil {
			return fault(i, "its shuffle is wrong (%v)", err)
		}
		in = s.Deck
	}
	final := t.Final()
	for _, sh := range t.Shares {
		if err := VerifyShare(t.Context, t.Keys[sh.Page].X, final[sh.Pos], sh); err != nil {
			return fault(sh.Page, "its share of position %d is wrong (%v)", sh.Pos+1, err)
		}
	}
	return nil
}

// sharesOf is the deal's shares of position pos.
func (t *Transcript) sharesOf(pos int) []Share {
	var out []Share
	for _, sh := range t.Shares {
		if sh.Pos == pos {
			out = append(out, sh)
		}
	}
	return out
}

// open subtracts the shares from the ciphertext and names the card.
func (t *Transcript) open(ct Ciphertext, ds []kyber.Point) (cards.Card, error) {
	m := ct.B.Clone()
	for _, d := range ds {
		m.Sub(m, d)
	}
	c, ok := cardOf(t.Deck, m)
	if !ok {
		return 0, errors.New("the shares do not open a card of the deck")
	}
	return c, nil
}

// OpenOwn is the card at position pos for its holder, who adds its own share
// (from its secret) to the others' shares in the transcript. It checks the
// others' shares it uses.
func (t *Transcript) OpenOwn(key Key, page, pos int) (cards.Card, error) {
	if pos < 0 || pos >= len(t.Holder) || pos >= len(t.Final()) {
		return 0, games.Errorf("there is no position %d", pos+1)
	}
	if t.Holder[pos] != page {
		return 0, games.Errorf("position %d is not dealt to page %d", pos+1, page+1)
	}
	ct := t.Final()[pos]
	ds := []kyber.Point{suite.Point().Mul(key.Secret, ct.A)}
	for _, sh := range t.sharesOf(pos) {
		if sh.Page < 0 || sh.Page >= len(t.Keys) {
			return 0, fault(-1, "a share names page %d, which is not in the deal", sh.Page+1)
		}
		if err := VerifyShare(t.Context, t.Keys[sh.Page].X, ct, sh); err != nil {
			return 0, fault(sh.Page, "its share of position %d is wrong (%v)", pos+1, err)
		}
		ds = append(ds, sh.D)
	}
	return t.open(ct, ds)
}

// ShareFor is page's share of position pos, to open that card for everyone.
func (t *Transcript) ShareFor(key Key, page, pos int) (Share, error) {
	if pos < 0 || pos >= len(t.Holder) || pos >= len(t.Final()) {
		return Share{}, games.Errorf("there is no position %d", pos+1)
	}
	return NewShare(t.Context, page, pos, key, t.Final()[pos]), nil
}

// OpenForAll is the card at position pos opened by one share from every page
// (a played card, a turned trump): each share is checked, and a page whose
// share is missing or wrong is named.
func (t *Transcript) OpenForAll(pos int, shares []Share) (cards.Card, error) {
	if pos < 0 || pos >= len(t.Holder) || pos >= len(t.Final()) {
		return 0, games.Errorf("there is no position %d", pos+1)
	}
	ct := t.Final()[pos]
	by := make([]*Share, len(t.Keys))
	for i := range shares {
		sh := &shares[i]
		if sh.Page < 0 || sh.Page >= len(t.Keys) || sh.Pos != pos || by[sh.Page] != nil {
			return 0, fault(-1, "a share to open position %d is not one of one per page", pos+1)
		}
		by[sh.Page] = sh
	}
	ds := make([]kyber.Point, 0, len(by))
	for p, sh := range by {
		if sh == nil {
			return 0, fault(p, "withheld its share of position %d", pos+1)
		}
		if err := VerifyShare(t.Context, t.Keys[p].X, ct, *sh); err != nil {
			return 0, fault(p, "its share of position %d is wrong (%v)", pos+1, err)
		}
		ds = append(ds, sh.D)
	}
	return t.open(ct, ds)
}

// Missing is the pages whose share of position pos the deal did not send:
// its holder for a dealt position, every page for one left in the stock.
// Opening the card to all needs their shares.
func (t *Transcript) Missing(pos int) []int {
	if pos < 0 || pos >= len(t.Holder) {
		return nil
	}
	if h := t.Holder[pos]; h != Stock {
		return []int{h}
	}
	out := make([]int, len(t.Keys))
	for i := range out {
		out[i] = i
	}
	return out
}

// OpenWith names the card at position pos of a verified deal (Verify) from
// the deal's shares of it and extra, the shares of the pages Missing names,
// one each, which the caller has checked with VerifyShare against the context
// they were made for (a share that opens a played card is bound to that
// play).
func (t *Transcript) OpenWith(pos int, extra []Share) (cards.Card, error) {
	if pos < 0 || pos >= len(t.Holder) || pos >= len(t.Final()) {
		return 0, games.Errorf("there is no position %d", pos+1)
	}
	ds := make([]kyber.Point, 0, len(t.Keys))
	seen := make([]bool, len(t.Keys))
	for _, sh := range t.sharesOf(pos) {
		seen[sh.Page] = true
		ds = append(ds, sh.D)
	}
	for _, sh := range extra {
		if sh.Pos != pos || sh.Page < 0 || sh.Page >= len(t.Keys) || seen[sh.Page] || sh.D == nil {
			return 0, fault(-1, "a share to open position %d is not one of one per page", pos+1)
		}
		seen[sh.Page] = true
		ds = append(ds, sh.D)
	}
	for p, ok := range seen {
		if !ok {
			return 0, fault(p, "withheld its share of position %d", pos+1)
		}
	}
	return t.open(t.Final()[pos], ds)
}
