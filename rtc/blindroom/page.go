package blindroom

import (
	"fmt"
	"slices"

	"cardtable/games"
	"cardtable/games/blind"
	"cardtable/games/bots"
	"cardtable/games/cards"
	"cardtable/games/mental"
)

// Page is one page of a blind room: one seat, its key share of each round's
// deal and its blind table. It reads the room's messages in the host's
// order (Handle) and says what it sends (its out function); every page
// reaches the same state from the same messages, but only its own hand.
type Page struct {
	Seat  int
	room  Room
	entry games.Entry
	deck  []cards.Card
	bot   bots.Bot
	out   func(Message)

	round    int // 1-based
	ctx      []byte
	key      mental.Key
	tr       *mental.Transcript
	keys     int
	shares   []bool // per page: its shares of this round arrived
	ends     []bool // per page: its end shares arrived
	endOf    map[int]mental.Share
	hand     map[int]cards.Card // own positions
	shown    map[int]cards.Card // positions opened to all
	truth    games.Deal         // the finished round's deal, until the next is dealt
	table    *blind.Table
	sentAct  int // the action index the page last sent, -1 none
	sentEnd  bool
	finished bool

	// Tamper, when set, may change a message the page sends (tests of a
	// page that cheats).
	Tamper func(*Message)
	// Dealt, when set, is told each round once the page has opened its
	// hand (figures: the time from Start to every table).
	Dealt func(round int)

	// What the match's record keeps (record.go): every action, and each
	// round's true deal and the parts that prove it.
	steps  []step
	rounds []roundLog
}

// step is one action of the match as the record keeps it.
type step struct {
	seat int
	act  string
}

// roundLog is one round's deal as the record keeps it: the transcript, the
// shares that opened the cards actions showed, the round's end shares, and
// the deal they read.
type roundLog struct {
	transcript []byte
	opens      []opened
	end        []opened // Action unused
	deal       games.Deal
}

// opened is a page's share of a position, and the action that showed it.
type opened struct {
	action, page int
	share        WireShare
}

// Room is what every page of a blind room agrees on before the first deal:
// the game, its config (players = pages, options, the jointly drawn seed).
type Room struct {
	Game string
	Cfg  games.Config
}

// NewPage is seat's page of room; bot chooses its moves from its own table
// only; out sends a message to the host.
func NewPage(room Room, seat int, bot bots.Bot, out func(Message)) (*Page, error) {
	e, deck, err := Supported(room.Game, room.Cfg)
	if err != nil {
		return nil, err
	}
	if seat < 0 || seat >= room.Cfg.Players {
		return nil, fmt.Errorf("blind room: seat %d is not one of %d", seat+1, room.Cfg.Players)
	}
	return &Page{Seat: seat, room: room, entry: e, deck: deck, bot: bot, out: out, sentAct: -1}, nil
}

// Done says the match is over and every round's deal was checked.
func (p *Page) Done() bool { return p.finished }

// Table is the page's blind table (nil before the first deal).
func (p *Page) Table() *blind.Table { return p.table }

// Transcript is the current round's deal as this page holds it.
func (p *Page) Transcript() *mental.Transcript { return p.tr }

// Start begins the first round: the page sends its key.
func (p *Page) Start() { p.startRound(1) }

func (p *Page) send(m Message) {
	m.Page, m.Round = p.Seat, p.round
	if p.Tamper != nil {
		p.Tamper(&m)
	}
	p.out(m)
}

func (p *Page) pages() int { return p.room.Cfg.Players }

func (p *Page) startRound(r int) {
	n := p.pages()
	holder, _ := mental.RoundRobin(n, len(p.deck), len(p.deck)/n)
	p.round = r
	p.ctx = mental.RoundContext(p.room.Game, p.room.Cfg.Seed, r)
	p.key = mental.NewKey(p.ctx, p.Seat)
	p.tr = &mental.Transcript{Context: p.ctx, Deck: slices.Clone(p.deck), Keys: make([]mental.PublicKey, n),
		Shuffles: make([]mental.Shuffle, 0, n), Holder: holder}
	p.keys, p.shares, p.ends = 0, make([]bool, n), make([]bool, n)
	p.endOf, p.hand, p.shown = map[int]mental.Share{}, map[int]cards.Card{}, map[int]cards.Card{}
	p.sentEnd = false
	p.send(Message{Kind: KindKey, Key: p.key.Public.Bytes()})
}

// Handle reads the next message of the room, in the host's order, and sends
// what it calls for. An error is a fault: a wrong or missing proof, a move
// out of turn, a revoke; it names the page at fault, and the page stops.
func (p *Page) Handle(m Message) error {
	if p.finished {
		return nil
	}
	if m.Page < 0 || m.Page >= p.pages() {
		return fmt.Errorf("blind room: a message from page %d, which is not in the room", m.Page+1)
	}
	if m.Round != p.round {
		return fault(m.Page, "its %s is for round %d; the room is in round %d", m.Kind, m.Round, p.round)
	}
	switch m.Kind {
	case KindKey:
		return p.onKey(m)
	case KindShuffle:
		return p.onShuffle(m)
	case KindShares:
		return p.onShares(m)
	case KindAct:
		return p.onAct(m)
	case KindEnd:
		return p.onEnd(m)
	}
	return fault(m.Page, "it sent a message of no kind the room knows (%q)", m.Kind)
}

func (p *Page) onKey(m Message) error {
	if p.tr.Keys[m.Page].X != nil {
		return fault(m.Page, "it sent its key twice")
	}
	k, err := mental.ReadPublicKey(m.Key)
	if err == nil {
		err = mental.VerifyKey(p.ctx, m.Page, k)
	}
	if err != nil {
		return fault(m.Page, "its key does not hold (%v)", err)
	}
	p.tr.Keys[m.Page] = k
	if p.keys++; p.keys == p.pages() {
		in, err := mental.StartingDeck(p.deck)
		if err != nil {
			return err
		}
		return p.shuffleIfDue(0, in)
	}
	return nil
}

// shuffleIfDue shuffles in, the deck the page before it passed on, when it
// is this page's turn.
func (p *Page) shuffleIfDue(next int, in []mental.Ciphertext) error {
	if next != p.Seat {
		return nil
	}
	s, err := mental.ShuffleDeck(p.ctx, p.Seat, p.tr.JointKey(), in)
	if err != nil {
		return err
	}
	p.send(Message{Kind: KindShuffle, Deck: s.DeckBytes(), Proof: s.Proof})
	return nil
}

func (p *Page) lastDeck() ([]mental.Ciphertext, error) {
	if len(p.tr.Shuffles) == 0 {
		return mental.StartingDeck(p.deck)
	}
	return p.tr.Shuffles[len(p.tr.Shuffles)-1].Deck, nil
}

func (p *Page) onShuffle(m Message) error {
	if p.keys < p.pages() || m.Page != len(p.tr.Shuffles) {
		return fault(m.Page, "it shuffled out of turn")
	}
	s, err := mental.ReadShuffle(len(p.deck), m.Deck, m.Proof)
	if err != nil {
		return fault(m.Page, "its shuffle does not read (%v)", err)
	}
	// The next page shuffles first and checks after: a wrong shuffle still
	// stops the deal, and the pages' proofs are made one after another
	// without waiting on each other's checks.
	if err := p.shuffleIfDue(m.Page+1, s.Deck); err != nil {
		return err
	}
	in, err := p.lastDeck()
	if err != nil {
		return err
	}
	if err := mental.VerifyShuffle(p.ctx, m.Page, p.tr.JointKey(), in, s); err != nil {
		return fault(m.Page, "its shuffle is wrong (%v)", err)
	}
	p.tr.Shuffles = append(p.tr.Shuffles, s)
	if len(p.tr.Shuffles) < p.pages() {
		return nil
	}
	// The deck is dealt: the page's shares of every card it does not hold.
	final := p.tr.Final()
	var out []WireShare
	for pos, h := range p.tr.Holder {
		if h != p.Seat && h != mental.Stock {
			out = append(out, wireShare(mental.NewShare(p.ctx, p.Seat, pos, p.key, final[pos])))
		}
	}
	p.send(Message{Kind: KindShares, Shares: out})
	return nil
}

func (p *Page) onShares(m Message) error {
	if len(p.tr.Shuffles) < p.pages() || p.shares[m.Page] {
		return fault(m.Page, "it sent its shares out of turn")
	}
	final := p.tr.Final()
	want := 0
	for _, h := range p.tr.Holder {
		if h != m.Page && h != mental.Stock {
			want++
		}
	}
	if len(m.Shares) != want {
		return fault(m.Page, "it sent %d shares of the deal, not %d", len(m.Shares), want)
	}
	got := make([]mental.Share, 0, want)
	for _, w := range m.Shares {
		if w.Pos < 0 || w.Pos >= len(final) || p.tr.Holder[w.Pos] == m.Page || slices.ContainsFunc(got, func(s mental.Share) bool { return s.Pos == w.Pos }) {
			return fault(m.Page, "it sent a share of position %d that the deal does not ask of it", w.Pos+1)
		}
		sh, err := mental.ReadShare(m.Page, w.Pos, w.D, w.Proof)
		if err == nil {
			err = mental.VerifyShare(p.ctx, p.tr.Keys[m.Page].X, final[w.Pos], sh)
		}
		if err != nil {
			return fault(m.Page, "its share of position %d is wrong (%v)", w.Pos+1, err)
		}
		got = append(got, sh)
	}
	p.tr.Shares = append(p.tr.Shares, got...)
	p.shares[m.Page] = true
	if slices.Contains(p.shares, false) {
		return nil
	}
	// Every share is in: the transcript's order, and the page's own hand.
	slices.SortFunc(p.tr.Shares, func(a, b mental.Share) int {
		if a.Pos != b.Pos {
			return a.Pos - b.Pos
		}
		return a.Page - b.Page
	})
	raw, err := p.tr.MarshalJSON()
	if err != nil {
		return err
	}
	p.rounds = append(p.rounds, roundLog{transcript: raw})
	var hand []cards.Card
	for pos, h := range p.tr.Holder {
		if h != p.Seat {
			continue
		}
		c, err := p.tr.OpenOwn(p.key, p.Seat, pos)
		if err != nil {
			return err
		}
		p.hand[pos] = c
		hand = append(hand, c)
	}
	if p.table == nil {
		t, err := blind.New(p.entry, p.room.Cfg, games.Seat(p.Seat), p.deck, hand, p.room.Cfg.Seed^uint64(p.Seat+1)*0x9e3779b97f4a7c15)
		if err != nil {
			return err
		}
		p.table = t
	} else if err := p.table.EndRound(p.truth, hand); err != nil {
		return p.revoke(err)
	}
	if p.Dealt != nil {
		p.Dealt(p.round)
	}
	return p.actIfDue()
}

// actIfDue makes the page's move when the table waits on its seat.
func (p *Page) actIfDue() error {
	if p.table == nil || p.table.Between() || p.sentAct == p.table.Actions() {
		return nil
	}
	st := p.table.State()
	if st.Done() || !slices.Contains(st.Actors(nil), games.Seat(p.Seat)) {
		return nil
	}
	turn := bots.TurnOf(p.entry, p.room.Cfg, st, games.Seat(p.Seat))
	a, err := p.bot.Choose(turn)
	if err != nil {
		return err
	}
	m := Message{Kind: KindAct, Index: p.table.Actions(), Act: st.FormatAction(a)}
	shown := blind.Shown(st, games.Seat(p.Seat), a)
	switch {
	case len(shown) > 1:
		return fmt.Errorf("blind room: %s shows %d cards at once; the room opens one", m.Act, len(shown))
	case len(shown) == 1:
		pos := -1
		for q, c := range p.hand {
			if c.String() == shown[0] {
				pos = q
			}
		}
		if pos < 0 {
			return fmt.Errorf("blind room: %s shows %s, which is not in the page's hand", m.Act, shown[0])
		}
		sh := mental.NewShare(mental.OpenContext(p.ctx, m.Index), p.Seat, pos, p.key, p.tr.Final()[pos])
		w := wireShare(sh)
		m.Share = &w
	}
	p.sentAct = m.Index
	p.send(m)
	return nil
}

func (p *Page) onAct(m Message) error {
	if p.table == nil || p.table.Between() {
		return fault(m.Page, "it moved before the deal was done")
	}
	st := p.table.State()
	if m.Index != p.table.Actions() || !slices.Contains(st.Actors(nil), games.Seat(m.Page)) {
		return fault(m.Page, "it moved out of turn (action %d)", m.Index+1)
	}
	var shown []string
	if w := m.Share; w != nil {
		final := p.tr.Final()
		if w.Pos < 0 || w.Pos >= len(final) || p.tr.Holder[w.Pos] != m.Page {
			return fault(m.Page, "it opened position %d, which it was not dealt", w.Pos+1)
		}
		if _, ok := p.shown[w.Pos]; ok {
			return fault(m.Page, "it opened position %d a second time", w.Pos+1)
		}
		sh, err := mental.ReadShare(m.Page, w.Pos, w.D, w.Proof)
		if err == nil {
			err = mental.VerifyShare(mental.OpenContext(p.ctx, m.Index), p.tr.Keys[m.Page].X, final[w.Pos], sh)
		}
		if err != nil {
			return fault(m.Page, "its share opening position %d is wrong (%v)", w.Pos+1, err)
		}
		c, err := p.tr.OpenWith(w.Pos, []mental.Share{sh})
		if err != nil {
			return fault(m.Page, "position %d does not open (%v)", w.Pos+1, err)
		}
		p.shown[w.Pos] = c
		shown = []string{c.String()}
	}
	if err := p.table.Apply(games.Seat(m.Page), m.Act, shown); err != nil {
		return p.revoke(err)
	}
	p.steps = append(p.steps, step{m.Page, m.Act})
	if m.Share != nil {
		rl := &p.rounds[len(p.rounds)-1]
		rl.opens = append(rl.opens, opened{action: m.Index, page: m.Page, share: *m.Share})
	}
	if p.table.Between() || p.table.State().Done() {
		return p.sendEnd()
	}
	return p.actIfDue()
}

// sendEnd publishes, at the round's end, the page's shares of its cards no
// move opened, so that every page reads the whole deal.
func (p *Page) sendEnd() error {
	if p.sentEnd {
		return nil
	}
	p.sentEnd = true
	final := p.tr.Final()
	var out []WireShare
	for pos := range p.hand {
		if _, ok := p.shown[pos]; !ok {
			out = append(out, wireShare(mental.NewShare(mental.EndContext(p.ctx), p.Seat, pos, p.key, final[pos])))
		}
	}
	slices.SortFunc(out, func(a, b WireShare) int { return a.Pos - b.Pos })
	p.send(Message{Kind: KindEnd, Shares: out})
	return nil
}

func (p *Page) onEnd(m Message) error {
	if p.table == nil || !(p.table.Between() || p.table.State().Done()) || p.ends[m.Page] {
		return fault(m.Page, "it ended the round out of turn")
	}
	final := p.tr.Final()
	for _, w := range m.Shares {
		if w.Pos < 0 || w.Pos >= len(final) || p.tr.Holder[w.Pos] != m.Page {
			return fault(m.Page, "its end share of position %d is not of a card it was dealt", w.Pos+1)
		}
		if _, ok := p.shown[w.Pos]; ok {
			return fault(m.Page, "its end share of position %d opens a card already open", w.Pos+1)
		}
		sh, err := mental.ReadShare(m.Page, w.Pos, w.D, w.Proof)
		if err == nil {
			err = mental.VerifyShare(mental.EndContext(p.ctx), p.tr.Keys[m.Page].X, final[w.Pos], sh)
		}
		if err != nil {
			return fault(m.Page, "its end share of position %d is wrong (%v)", w.Pos+1, err)
		}
		p.endOf[w.Pos] = sh
	}
	p.ends[m.Page] = true
	if slices.Contains(p.ends, false) {
		return nil
	}
	// The whole deal, read from the cards played and the end shares.
	hands := make([]cards.Set, p.pages())
	rl := &p.rounds[len(p.rounds)-1]
	for pos, h := range p.tr.Holder {
		if h == mental.Stock {
			continue
		}
		c, ok := p.shown[pos]
		if !ok {
			sh, ok := p.endOf[pos]
			if !ok {
				return fault(h, "withheld its end share of position %d", pos+1)
			}
			var err error
			if c, err = p.tr.OpenWith(pos, []mental.Share{sh}); err != nil {
				return fault(h, "position %d does not open (%v)", pos+1, err)
			}
			rl.end = append(rl.end, opened{page: h, share: wireShare(sh)})
		}
		hands[h] = hands[h].With(c)
	}
	deal := games.Deal{Hands: make([][]string, p.pages())}
	for h, set := range hands {
		deal.Hands[h] = set.Strings()
	}
	rl.deal = deal
	if p.table.State().Done() {
		if err := p.table.EndRound(deal, nil); err != nil {
			return p.revoke(err)
		}
		p.finished = true
		return nil
	}
	p.truth = deal
	p.startRound(p.round + 1)
	return nil
}

// revoke turns a table's refusal into the room's fault.
func (p *Page) revoke(err error) error {
	if rv, ok := err.(*blind.Revoke); ok {
		return &Fault{Page: int(rv.Seat), Part: rv.Error()}
	}
	return err
}
