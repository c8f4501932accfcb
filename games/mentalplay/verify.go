//go:build !(js && wasm)

package mentalplay

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/mental"
	"cardtable/games/record"
)

// checked is one round's deal as Verify read it: every position's card and
// holder, and the opens by action.
type checked struct {
	n      int // the round, from 1
	card   []cards.Card
	holder []int            // the page of each position
	seat   []int            // the seat of each position
	opens  map[int]int      // action index → position
	used   map[int]bool     // the actions whose open was checked
	kinds  map[string][]int // the positions each kind of action opened
	pages  int              // seats
}

// Verify checks a record dealt with no dealer, round by round as its replay
// reaches it: the deal's transcript (its context this match's round, every
// key, shuffle and share proved), every open (the holder's share, bound to
// its action, opens the card the action shows from that seat's hand) and the
// round's end shares, the whole deal against the record's deals (hands and
// hidden card), and every action's legality. It returns the state the record
// reaches, or what failed.
func Verify(g games.Game, rec *record.Record) (games.State, error) {
	info := g.Info()
	r, ok := supported[info.ID]
	if !ok {
		return nil, games.Errorf("%s is not dealt with no dealer (only %v)", info.ID, Games())
	}
	if rec.Game != info.ID {
		return nil, games.Errorf("the record is for game %q, not %q", rec.Game, info.ID)
	}
	if len(rec.Mental) == 0 {
		return nil, errors.New("the record has no deal made with no dealer")
	}
	if len(rec.Deals) != len(rec.Mental) {
		return nil, games.Errorf("the record has %d deals for %d rounds dealt with no dealer", len(rec.Deals), len(rec.Mental))
	}
	opts, err := info.Resolve(rec.Config())
	if err != nil {
		return nil, err
	}
	s, err := g.New(rec.Config())
	if err != nil {
		return nil, err
	}
	var cur *checked
	start := func() error {
		n, first, err := r.read(s.View(games.God))
		if err != nil {
			return err
		}
		want := 1
		if cur != nil {
			want = cur.n + 1
		}
		if n != want {
			return games.Errorf("round %d follows round %d", n, want-1)
		}
		if n > len(rec.Mental) {
			return games.Errorf("round %d is played, but the record deals %d rounds", n, len(rec.Mental))
		}
		cur, err = checkRound(rec, r, opts, n, first)
		return err
	}
	finish := func() error {
		for _, i := range sortedKeys(cur.opens) {
			if !cur.used[i] {
				return games.Errorf("round %d: action %d has an open but is not an action of the round that shows a card", cur.n, i)
			}
		}
		return nil
	}
	if err := start(); err != nil {
		return nil, err
	}
	for i, st := range rec.Actions {
		a, err := s.ParseAction(st.Act)
		if err != nil {
			return nil, fmt.Errorf("round %d: %s: %w", cur.n, describeAction(i, st.Seat, st.Act), err)
		}
		d := s.Describe(games.God, st.Seat, a)
		secret := s.Describe(games.Observer, st.Seat, a).Secret
		if err := s.Apply(st.Seat, a); err != nil {
			return nil, fmt.Errorf("round %d: %s: %w", cur.n, describeAction(i, st.Seat, st.Act), err)
		}
		if err := cur.action(i, st, d, secret); err != nil {
			return nil, err
		}
		if s.Done() {
			continue // an action after the end is refused by the engine
		}
		n, _, err := r.read(s.View(games.God))
		if err != nil {
			return nil, err
		}
		if n > cur.n {
			if err := finish(); err != nil {
				return nil, err
			}
			if err := start(); err != nil {
				return nil, err
			}
		}
	}
	if !s.Done() {
		return nil, games.Errorf("the match is not over after the record's %d actions", len(rec.Actions))
	}
	if err := finish(); err != nil {
		return nil, err
	}
	if cur.n != len(rec.Mental) {
		return nil, games.Errorf("the record deals %d rounds, the match played %d", len(rec.Mental), cur.n)
	}
	return s, nil
}

func sortedKeys(m map[int]int) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// action checks the open of action i, whose description for God (made
// before it) is d; secret says it is a secret choice (its description for
// a spectator is Secret), which opens nothing.
func (c *checked) action(i int, st record.Step, d games.Description, secret bool) error {
	what := describeAction(i, st.Seat, st.Act)
	card, holder, shows, err := shown(d)
	if secret {
		shows = false
	}
	if err != nil {
		return games.Errorf("round %d: %s: %v", c.n, what, err)
	}
	pos, has := c.opens[i]
	switch {
	case shows && !has:
		return games.Errorf("round %d: %s shows %s but opens no card", c.n, what, card)
	case !shows && has:
		return games.Errorf("round %d: %s shows no card but opens position %d", c.n, what, pos+1)
	case !shows:
		return nil
	}
	c.used[i] = true
	if c.seat[pos] != int(holder) {
		return games.Errorf("round %d: %s: position %d is seat %d's, not seat %d's", c.n, what, pos+1, c.seat[pos]+1, int(holder)+1)
	}
	if c.card[pos] != card {
		return games.Errorf("round %d: %s: the card opened at position %d is %s", c.n, what, pos+1, c.card[pos])
	}
	if slices.Contains(c.kinds[d.Kind], pos) {
		return games.Errorf("round %d: %s: position %d was opened by a %s already", c.n, what, pos+1, d.Kind)
	}
	c.kinds[d.Kind] = append(c.kinds[d.Kind], pos)
	return nil
}

// checkRound checks round n's deal, first leading it, before its actions:
// the transcript, the opens' and end's shares, and the whole deal against
// the record's deal of the round.
func checkRound(rec *record.Record, r rules, opts games.Options, n, first int) (*checked, error) {
	m := rec.Mental[n-1]
	fail := func(format string, a ...any) error {
		return fmt.Errorf("round %d: %s", n, fmt.Sprintf(format, a...))
	}
	tr, err := mental.DecodeTranscript(bytes.NewReader(m.Transcript))
	if err != nil {
		return nil, fail("the deal does not read: %v", err)
	}
	for _, p := range m.Abandoned {
		if p < 1 || p >= rec.Players {
			return nil, fail("an abandoned deal names page %d as the one that left, which no deal of %d seats has (the host's page 1 never leaves)", p+1, rec.Players)
		}
	}
	ctx := mental.AttemptContext(Context(rec.Game, rec.Seed, n), len(m.Abandoned)+1)
	if !bytes.Equal(tr.Context, ctx) {
		return nil, fail("the deal was made for %q, not for this match's round %d, attempt %d (%q)", tr.Context, n, len(m.Abandoned)+1, ctx)
	}
	owner, pages, err := Owners(m.Owner, rec.Players)
	if err != nil {
		return nil, fail("%v", err)
	}
	if tr.Pages() != pages {
		return nil, fail("the deal has %d pages for %d seats held by %d pages", tr.Pages(), rec.Players, pages)
	}
	if !slices.Equal(tr.Deck, r.deck(rec.Players)) {
		return nil, fail("the deal does not start from the game's deck in order")
	}
	seat := r.holder(rec.Players, first)
	if !slices.Equal(tr.Holder, holders(seat, owner)) {
		if len(m.Owner) > 0 {
			return nil, fail("the deal gives the positions to other pages than the record's owners of the seats %v in the game's deal from seat %d", pagesFrom1(owner), first+1)
		}
		return nil, fail("the deal gives the positions to other pages than the game's deal from seat %d", first+1)
	}
	if err := mental.Verify(tr); err != nil {
		return nil, fail("%v", err)
	}
	c := &checked{n: n, card: make([]cards.Card, len(tr.Holder)), holder: tr.Holder, seat: seat, opens: map[int]int{},
		used: map[int]bool{}, kinds: map[string][]int{}, pages: rec.Players}
	known := make([]bool, len(tr.Holder))
	final := tr.Final()
	last := -1
	for _, o := range m.Opens {
		if o.Action <= last || o.Action >= len(rec.Actions) {
			return nil, fail("an open names action %d, not one after action %d in the record", o.Action, last)
		}
		last = o.Action
		st := rec.Actions[o.Action]
		what := describeAction(o.Action, st.Seat, st.Act)
		sh, err := mental.ReadShare(o.Page, o.Pos, o.D, o.Proof)
		if err != nil || o.Pos >= len(tr.Holder) || o.Page >= tr.Pages() {
			return nil, fail("%s: its open (page %d, position %d) does not read: %v", what, o.Page+1, o.Pos+1, err)
		}
		if tr.Holder[o.Pos] != o.Page {
			return nil, fail("%s: page %d opens position %d, which is page %d's", what, o.Page+1, o.Pos+1, tr.Holder[o.Pos]+1)
		}
		if err := mental.VerifyShare(mental.OpenContext(tr.Context, o.Action), tr.Keys[o.Page].X, final[o.Pos], sh); err != nil {
			return nil, fail("%s: page %d's share opening position %d does not verify (%v)", what, o.Page+1, o.Pos+1, err)
		}
		card, err := tr.OpenWith(o.Pos, []mental.Share{sh})
		if err != nil {
			return nil, fail("%s: %v", what, err)
		}
		c.card[o.Pos], known[o.Pos] = card, true
		c.opens[o.Action] = o.Pos
	}
	end := mental.EndContext(tr.Context)
	next := 0
	for pos := range tr.Holder {
		if known[pos] {
			continue
		}
		var shares []mental.Share
		for _, p := range tr.Missing(pos) {
			if next >= len(m.End) || m.End[next].Page != p || m.End[next].Pos != pos {
				return nil, fail("page %d withheld its share of position %d at the round's end", p+1, pos+1)
			}
			e := m.End[next]
			next++
			sh, err := mental.ReadShare(e.Page, e.Pos, e.D, e.Proof)
			if err != nil {
				return nil, fail("page %d's end share of position %d does not read: %v", p+1, pos+1, err)
			}
			if err := mental.VerifyShare(end, tr.Keys[p].X, final[pos], sh); err != nil {
				return nil, fail("page %d's end share of position %d does not verify (%v)", p+1, pos+1, err)
			}
			shares = append(shares, sh)
		}
		card, err := tr.OpenWith(pos, shares)
		if err != nil {
			return nil, fail("%v", err)
		}
		c.card[pos] = card
	}
	if next != len(m.End) {
		return nil, fail("the round's end has %d shares more than the positions no action opened need", len(m.End)-next)
	}
	return c, c.matches(rec.Deals[n-1], r.hidden(opts), first)
}

// matches checks the record's deal of the round against the cards the
// mental deal gives each page.
func (c *checked) matches(d games.Deal, hidden bool, first int) error {
	dealt := make([]cards.Set, c.pages)
	for pos, h := range c.seat {
		if h != mental.Stock {
			dealt[h] = dealt[h].With(c.card[pos])
		}
	}
	if len(d.Hands) != c.pages {
		return games.Errorf("round %d: the record's deal has %d hands for %d seats", c.n, len(d.Hands), c.pages)
	}
	for p, hand := range d.Hands {
		var set cards.Set
		for _, s := range hand {
			x, err := cards.Parse(s)
			if err != nil || set.Has(x) {
				return games.Errorf("round %d: the record's hand of seat %d lists %q", c.n, p+1, s)
			}
			set = set.With(x)
		}
		if set != dealt[p] {
			return games.Errorf("round %d: the record's hand of seat %d is not the one dealt to it: it has %v where the deal gives %v",
				c.n, p+1, (set &^ dealt[p]).String(), (dealt[p] &^ set).String())
		}
	}
	want := ""
	if hidden {
		for pos, h := range c.seat {
			if h == first {
				want = c.card[pos].String()
				break
			}
		}
	}
	if d.Hidden != want {
		return games.Errorf("round %d: the record's hidden card is %q where the deal makes it %q (the first leader's card at its lowest position)", c.n, d.Hidden, want)
	}
	if len(d.Stock)+len(d.Layout)+len(d.Tableau) > 0 || d.Upcard != "" {
		return games.Errorf("round %d: the record's deal has parts the game's deal has not", c.n)
	}
	return nil
}

// Owners checks owner, the page holding each of players seats (nil: page i
// is seat i), and returns it whole with the number of pages: page 0 holds
// seat 0, every page from 0 to the last holds at least one seat, two pages
// at least.
func Owners(owner []int, players int) ([]int, int, error) {
	if len(owner) == 0 {
		o := make([]int, players)
		for i := range o {
			o[i] = i
		}
		return o, players, nil
	}
	if len(owner) != players {
		return nil, 0, games.Errorf("the record names the pages of %d seats for %d", len(owner), players)
	}
	if owner[0] != 0 {
		return nil, 0, games.Errorf("the record gives seat 1 to page %d, not to the host's page 1", owner[0]+1)
	}
	held := make([]int, players)
	pages := 0
	for s, p := range owner {
		if p < 0 || p >= players {
			return nil, 0, games.Errorf("the record gives seat %d to page %d, which is not one of the room's", s+1, p+1)
		}
		held[p]++
		pages = max(pages, p+1)
	}
	for p := range pages {
		if held[p] == 0 {
			return nil, 0, games.Errorf("the record's page %d holds no seat", p+1)
		}
	}
	if pages < 2 {
		return nil, 0, games.Errorf("the record's seats are held by one page")
	}
	return slices.Clone(owner), pages, nil
}

// holders is the page of each position: the owner of its seat.
func holders(seat, owner []int) []int {
	out := make([]int, len(seat))
	for pos, s := range seat {
		out[pos] = mental.Stock
		if s != mental.Stock {
			out[pos] = owner[s]
		}
	}
	return out
}

// pagesFrom1 is owner with pages counted from 1, for an error.
func pagesFrom1(owner []int) []int {
	out := make([]int, len(owner))
	for i, p := range owner {
		out[i] = p + 1
	}
	return out
}
