package blindroom

import (
	"fmt"
	"slices"
	"time"

	"cardtable/games"
	"cardtable/games/blind"
	"cardtable/games/bots"
	"cardtable/games/cards"
	"cardtable/games/mental"
	"cardtable/games/mindikot"
	"cardtable/games/record"
)

// Page is one page of a blind room: the seats it holds (the host's page
// holds its bots' too), its key share of each round's deal and one blind
// table per seat, which knows that seat's hand only. It reads the room's
// messages in the host's order (Handle) and says what it sends (its out
// function); every page reaches the same state from the same messages, but
// only its own seats' hands.
type Page struct {
	Index int   // the page, from 0 (the host's)
	Seats []int // the seats it holds, in order
	room  Room
	owner []int // the page holding each seat
	npage int   // the pages in the room
	entry games.Entry
	deck  []cards.Card
	bot   bots.Bot
	out   func(Message)

	round    int   // 1-based
	attempt  int   // the round's deal, 1-based: a page left each before it
	left     []int // the page that left each abandoned deal of the round
	started  []int // each page's number when the match began (pages after one that left are numbered one less)
	ctx      []byte
	key      mental.Key
	tr       *mental.Transcript
	keys     int
	shares   []bool // per page: its shares of this round arrived
	ends     []bool // per page: its end shares arrived
	endOf    map[int]mental.Share
	hand     map[int]cards.Card // the positions of the page's seats
	shown    map[int]cards.Card // positions opened to all
	truth    games.Deal         // the finished round's deal, until the next is dealt
	tables   []*blind.Table     // one per seat of Seats, nil before the first deal
	sentAct  int                // the action index the page last sent, -1 none
	sentEnd  bool
	finished bool

	// Mindikot HIDDEN: the round's hidden card.
	hiddenMode bool        // the room plays mode HIDDEN
	chosen     bool        // its hidden card is chosen (CHOSEN), not drawn (RANDOM)
	hidPos     int         // the hidden card's position, -1 before it is known
	hideIndex  int         // the CHOSEN hide's action index, -1 none
	ownHide    string      // the hide the page sent, in notation (its own seat's tables are told it)
	revealed   *cards.Card // the hidden card, once a reveal opened it
	pending    *Message    // a reveal waiting on the holder's share

	// Tamper, when set, may change a message the page sends (tests of a
	// page that cheats).
	Tamper func(*Message)
	// Dealt, when set, is told each round once the page has opened its
	// hand (figures: the time from Start to every table).
	Dealt func(round int)
	// Placed, when set, is told every action once each of the page's
	// tables has placed it (index: its place in the match's actions).
	Placed func(index, seat int)
	// Person is the seat a person plays on this page (-1: none): the page
	// never chooses its moves, it waits for Move.
	Person int

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

// record.Steps of the match so far.
func (p *Page) actions() []record.Step {
	out := make([]record.Step, len(p.steps))
	for i, s := range p.steps {
		out[i] = record.Step{Seat: games.Seat(s.seat), Act: s.act}
	}
	return out
}

// roundLog is one round's deal as the record keeps it: the transcript, the
// shares that opened the cards actions showed, the round's end shares, and
// the deal they read.
type roundLog struct {
	owner      []int // the page holding each seat in the deal
	left       []int // the page that left each abandoned deal before it
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

// NewPage is page index of room; bot chooses the moves of every seat the
// page holds, each from that seat's own table only (a bot seat of the
// host's page never sees the host's hand); out sends a message to the host.
func NewPage(room Room, index int, bot bots.Bot, out func(Message)) (*Page, error) {
	e, deck, err := Supported(room.Game, room.Cfg)
	if err != nil {
		return nil, err
	}
	owner, err := room.Owners()
	if err != nil {
		return nil, err
	}
	if index < 0 || index >= room.Pages() {
		return nil, fmt.Errorf("blind room: page %d is not one of %d", index+1, room.Pages())
	}
	p := &Page{Index: index, room: room, owner: owner, npage: room.Pages(), entry: e, deck: deck, bot: bot, out: out, sentAct: -1, Person: -1}
	for i := range p.npage {
		p.started = append(p.started, i)
	}
	if opts, err := e.Game.Info().Resolve(room.Cfg); err == nil && room.Game == mindikot.ID && opts["mode"] == "HIDDEN" {
		p.hiddenMode, p.chosen = true, opts["hiddenCardSelection"] == "CHOSEN"
	}
	for s, o := range owner {
		if o == index {
			p.Seats = append(p.Seats, s)
		}
	}
	return p, nil
}

// SeatOf is the seat a position of a round's deck is dealt to: positions
// go round robin to the seats, whichever page holds them.
func (p *Page) SeatOf(pos int) int { return pos % p.room.Cfg.Players }

// Done says the match is over and every round's deal was checked.
func (p *Page) Done() bool { return p.finished }

// Table is the blind table of the page's first seat (nil before the first
// deal).
func (p *Page) Table() *blind.Table {
	if p.tables == nil {
		return nil
	}
	return p.tables[0]
}

// TableOf is the blind table of a seat the page holds (nil before the first
// deal or for another page's seat).
func (p *Page) TableOf(seat int) *blind.Table {
	if i := slices.Index(p.Seats, seat); i >= 0 && p.tables != nil {
		return p.tables[i]
	}
	return nil
}

// Transcript is the current round's deal as this page holds it.
func (p *Page) Transcript() *mental.Transcript { return p.tr }

// Start begins the first round: the page sends its key.
func (p *Page) Start() { p.startRound(1) }

func (p *Page) send(m Message) {
	m.Page, m.Round = p.Index, p.round
	if p.attempt > 1 {
		m.Attempt = p.attempt
	}
	if p.Tamper != nil {
		p.Tamper(&m)
	}
	p.out(m)
}

func (p *Page) pages() int { return p.npage }

// holders is the page holding each position: the position's seat's owner.
func holders(owner []int, deckLen int) []int {
	seats := len(owner)
	holder, _ := mental.RoundRobin(seats, deckLen, deckLen/seats)
	for pos, s := range holder {
		if s != mental.Stock {
			holder[pos] = owner[s]
		}
	}
	return holder
}

func (p *Page) startRound(r int) {
	p.round, p.attempt, p.left = r, 1, nil
	p.deal()
}

// deal starts the round's deal (its attempt): the page sends its key.
func (p *Page) deal() {
	n := p.pages()
	holder := holders(p.owner, len(p.deck))
	p.ctx = mental.AttemptContext(mental.RoundContext(p.room.Game, p.room.Cfg.Seed, p.round), p.attempt)
	p.key = mental.NewKey(p.ctx, p.Index)
	p.tr = &mental.Transcript{Context: p.ctx, Deck: slices.Clone(p.deck), Keys: make([]mental.PublicKey, n),
		Shuffles: make([]mental.Shuffle, 0, n), Holder: holder}
	p.keys, p.shares, p.ends = 0, make([]bool, n), make([]bool, n)
	p.endOf, p.hand, p.shown = map[int]mental.Share{}, map[int]cards.Card{}, map[int]cards.Card{}
	p.sentEnd = false
	p.hidPos, p.hideIndex, p.ownHide, p.revealed, p.pending = -1, -1, "", nil, nil
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
	if a := max(m.Attempt, 1); a < p.attempt {
		return nil // sent before it read that the deal was abandoned
	} else if a != p.attempt {
		return fault(m.Page, "its %s is for deal %d of the round; the room is in deal %d", m.Kind, a, p.attempt)
	}
	switch m.Kind {
	case KindLeave:
		return p.onLeave(m)
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
	case KindReveal:
		return p.onReveal(m)
	case KindStall:
		return p.onStall(m)
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
	if next != p.Index {
		return nil
	}
	s, err := mental.ShuffleDeck(p.ctx, p.Index, p.tr.JointKey(), in)
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
		if h != p.Index && h != mental.Stock {
			out = append(out, wireShare(mental.NewShare(p.ctx, p.Index, pos, p.key, final[pos])))
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
	p.rounds = append(p.rounds, roundLog{owner: slices.Clone(p.owner), left: p.left, transcript: raw})
	hands := make([][]cards.Card, len(p.Seats))
	for pos, h := range p.tr.Holder {
		if h != p.Index {
			continue
		}
		c, err := p.tr.OpenOwn(p.key, p.Index, pos)
		if err != nil {
			return err
		}
		p.hand[pos] = c
		i := slices.Index(p.Seats, p.SeatOf(pos))
		hands[i] = append(hands[i], c)
	}
	// Each seat's table is told its own seat's hand only.
	if p.tables == nil {
		p.tables = make([]*blind.Table, len(p.Seats))
		for i, seat := range p.Seats {
			t, err := blind.New(p.entry, p.room.Cfg, games.Seat(seat), p.deck, hands[i], p.room.Cfg.Seed^uint64(seat+1)*0x9e3779b97f4a7c15)
			if err != nil {
				return err
			}
			p.tables[i] = t
		}
	} else {
		for i, t := range p.tables {
			if t == nil {
				// A seat that passed to this page: its table joins the
				// match from the finished rounds, every card of which is
				// public.
				finished := make([]games.Deal, len(p.rounds)-1)
				for k := range finished {
					finished[k] = p.rounds[k].deal
				}
				seat := p.Seats[i]
				if p.tables[i], err = blind.Resume(p.entry, p.room.Cfg, games.Seat(seat), p.deck, finished, p.actions(), hands[i], p.room.Cfg.Seed^uint64(seat+1)*0x9e3779b97f4a7c15); err != nil {
					return err
				}
				continue
			}
			if err := t.EndRound(p.truth, hands[i]); err != nil {
				return p.revoke(err)
			}
		}
	}
	if err := p.drawHidden(); err != nil {
		return err
	}
	if p.Dealt != nil {
		p.Dealt(p.round)
	}
	return p.actIfDue()
}

// drawHidden places Mindikot's hidden card drawn by the deal (HIDDEN with
// RANDOM selection): the first leader's card at its lowest position, known
// to its holder's page alone, whose table of that seat sets it aside.
func (p *Page) drawHidden() error {
	if !p.hiddenMode || p.chosen {
		return nil
	}
	v, ok := p.Table().View().(*mindikot.View)
	if !ok {
		return fmt.Errorf("blind room: Mindikot's view is a %T", p.Table().View())
	}
	for pos := range p.tr.Holder {
		if p.SeatOf(pos) == v.FirstLeader {
			p.hidPos = pos
			break
		}
	}
	if t := p.TableOf(v.FirstLeader); t != nil {
		return t.SetHidden(p.hand[p.hidPos].String())
	}
	return nil
}

// hiddenSeat is the seat holding the round's hidden card.
func (p *Page) hiddenSeat() int { return p.SeatOf(p.hidPos) }

// actIfDue makes the move of a seat the page holds when the table waits on
// it: the seat's own table, which knows that seat's hand only, chooses it.
func (p *Page) actIfDue() error {
	t := p.Table()
	if t == nil || t.Between() || p.sentAct == t.Actions() {
		return nil
	}
	for i, seat := range p.Seats {
		st := p.tables[i].State()
		if st.Done() {
			return nil
		}
		if slices.Contains(st.Actors(nil), games.Seat(seat)) {
			if seat == p.Person {
				return nil // the person's move comes with Move
			}
			return p.act(seat, st)
		}
	}
	return nil
}

// posOf is the position of the one card of list dealt to seat in this
// page's hand, or -1.
func (p *Page) posOf(seat int, list []string) int {
	if len(list) != 1 {
		return -1
	}
	for q, c := range p.hand {
		if c.String() == list[0] && p.SeatOf(q) == seat {
			return q
		}
	}
	return -1
}

// revealAct is Mindikot's reveal in notation.
const revealAct = "reveal"

// act sends the move of a bot's seat, chosen on st, the seat's own
// table's state.
func (p *Page) act(seat int, st games.State) error {
	turn := bots.TurnOf(p.entry, p.room.Cfg, st, games.Seat(seat))
	a, err := p.bot.Choose(turn)
	if err != nil {
		return err
	}
	return p.sendAct(seat, st, a)
}

// Waiting says the page waits on its person's move: the person's seat is
// on turn at a table that is not between rounds, no reveal waits on a
// share and the seat's move is not on its way already.
func (p *Page) Waiting() bool {
	return p.moveRefused(p.Person) == nil
}

// moveRefused is why seat cannot move now, or nil.
func (p *Page) moveRefused(seat int) error {
	t := p.TableOf(seat)
	switch {
	case p.Person < 0 || seat != p.Person:
		return fmt.Errorf("seat %d is not played by a person on this page", seat+1)
	case p.finished:
		return games.ErrDone
	case t == nil || t.Between() || p.Dealing():
		return fmt.Errorf("the round's deal is under way")
	case p.pending != nil:
		return fmt.Errorf("the reveal waits on the hidden card's holder")
	case p.sentAct == t.Actions():
		return fmt.Errorf("seat %d's move is on its way", seat+1)
	}
	st := t.State()
	if st.Done() {
		return games.ErrDone
	}
	if !slices.Contains(st.Actors(nil), games.Seat(seat)) {
		return fmt.Errorf("it is not seat %d's turn", seat+1)
	}
	return nil
}

// Move is the person's move for seat, the page's person seat, in notation:
// read on that seat's own table, it must be one of the seat's legal moves;
// a refusal is the engine's reason and changes nothing. It is sent as a
// bot's choice is: a card it shows opened by the page's share bound to it,
// a hide naming its position only.
func (p *Page) Move(seat int, act string) error {
	if err := p.moveRefused(seat); err != nil {
		return err
	}
	st := p.TableOf(seat).State()
	a, err := st.ParseAction(act)
	if err != nil {
		return err
	}
	if !slices.Contains(st.Legal(games.Seat(seat), nil), a) {
		if err := st.Apply(games.Seat(seat), a); err != nil {
			return err // the engine's reason; st is a copy
		}
		return fmt.Errorf("%s is not a legal move of seat %d", act, seat+1)
	}
	return p.sendAct(seat, st, a)
}

// sendAct sends seat's action a, chosen on st, the seat's own table's
// state: a shown card with the page's share bound to the action, a hide
// naming its position only, a reveal with no share.
func (p *Page) sendAct(seat int, st games.State, a games.Action) error {
	m := Message{Kind: KindAct, Seat: seat, Index: p.Table().Actions(), Act: st.FormatAction(a)}
	if blind.Secret(st, games.Seat(seat), a) {
		// A hide (CHOSEN): the message names the position hid, never the
		// card, and sends no share of it.
		d := st.Describe(games.God, games.Seat(seat), a)
		pos := p.posOf(seat, d.Cards)
		if pos < 0 {
			return fmt.Errorf("blind room: %s hides no card of seat %d's hand", m.Act, seat+1)
		}
		p.ownHide, m.Act, m.Pos = m.Act, d.Kind, &pos
		p.sentAct = m.Index
		p.send(m)
		return nil
	}
	if p.hiddenMode && m.Act == revealAct {
		// The reveal: the hidden card's holder opens it (KindReveal).
		p.sentAct = m.Index
		p.send(m)
		return nil
	}
	shown := blind.Shown(st, games.Seat(seat), a)
	switch {
	case len(shown) > 1:
		return fmt.Errorf("blind room: %s shows %d cards at once; the room opens one", m.Act, len(shown))
	case len(shown) == 1:
		pos := -1
		for q, c := range p.hand {
			if c.String() == shown[0] && p.SeatOf(q) == seat {
				pos = q
			}
		}
		if pos < 0 {
			return fmt.Errorf("blind room: %s shows %s, which is not in seat %d's hand", m.Act, shown[0], seat+1)
		}
		sh := mental.NewShare(mental.OpenContext(p.ctx, m.Index), p.Index, pos, p.key, p.tr.Final()[pos])
		w := wireShare(sh)
		m.Share = &w
	}
	p.sentAct = m.Index
	p.send(m)
	return nil
}

func (p *Page) onAct(m Message) error {
	t := p.Table()
	if t == nil || t.Between() {
		return fault(m.Page, "it moved before the deal was done")
	}
	if p.pending != nil {
		holder := p.owner[p.hiddenSeat()]
		if m.Page == holder {
			return fault(holder, "withheld its share of the hidden card (position %d) for the reveal of action %d", p.hidPos+1, p.pending.Index+1)
		}
		return fault(m.Page, "it moved while the reveal of action %d waits on page %d's share", p.pending.Index+1, holder+1)
	}
	if m.Seat < 0 || m.Seat >= len(p.owner) || p.owner[m.Seat] != m.Page {
		return fault(m.Page, "it acted for seat %d, which it does not hold", m.Seat+1)
	}
	st := t.State()
	if m.Index != t.Actions() || !slices.Contains(st.Actors(nil), games.Seat(m.Seat)) {
		return fault(m.Page, "it moved out of turn (action %d, seat %d)", m.Index+1, m.Seat+1)
	}
	if m.Pos != nil {
		return p.onHide(m)
	}
	if p.hiddenMode && m.Act == revealAct {
		if m.Share != nil {
			return fault(m.Page, "its reveal carries a share; the hidden card's holder opens it")
		}
		if p.hidPos < 0 {
			return fault(m.Page, "it revealed a hidden card before one was set aside")
		}
		pending := m
		p.pending = &pending
		if holder := p.owner[p.hiddenSeat()]; holder == p.Index {
			sh := mental.NewShare(mental.OpenContext(p.ctx, m.Index), p.Index, p.hidPos, p.key, p.tr.Final()[p.hidPos])
			w := wireShare(sh)
			p.send(Message{Kind: KindReveal, Index: m.Index, Share: &w})
		}
		return nil
	}
	var shown []string
	if w := m.Share; w != nil {
		final := p.tr.Final()
		if w.Pos < 0 || w.Pos >= len(final) || p.tr.Holder[w.Pos] != m.Page || p.SeatOf(w.Pos) != m.Seat {
			return fault(m.Page, "it opened position %d, which was not dealt to seat %d", w.Pos+1, m.Seat+1)
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
	var open *opened
	if m.Share != nil {
		open = &opened{action: m.Index, page: m.Page, share: *m.Share}
	}
	return p.place(m, shown, open)
}

// place tells every table of the page action m, which shows the cards
// shown (open: the share that opened one), and goes on.
func (p *Page) place(m Message, shown []string, open *opened) error {
	for _, t := range p.tables {
		if err := t.Apply(games.Seat(m.Seat), m.Act, shown); err != nil {
			return p.revoke(err)
		}
	}
	p.steps = append(p.steps, step{m.Seat, m.Act})
	if open != nil {
		rl := &p.rounds[len(p.rounds)-1]
		rl.opens = append(rl.opens, *open)
	}
	if p.Placed != nil {
		p.Placed(len(p.steps)-1, m.Seat)
	}
	return p.next()
}

// next sends the round's end when it is over, or the page's move when due.
func (p *Page) next() error {
	if t := p.Table(); t.Between() || t.State().Done() {
		return p.sendEnd()
	}
	return p.actIfDue()
}

// onHide reads a seat's hide (Mindikot HIDDEN, CHOSEN): the position it set
// aside, one of the seat's, and no share. The seat's own tables are told the
// card; every other table stands in a card its sample allows, and learns
// the true one when the round's deal is read.
func (p *Page) onHide(m Message) error {
	pos := *m.Pos
	switch {
	case !p.chosen || m.Act != mindikot.KindHide || m.Share != nil:
		return fault(m.Page, "it sent %q with a hidden position, which only a hide (CHOSEN) names, with no share", m.Act)
	case p.hidPos >= 0:
		return fault(m.Page, "it hid a second card in round %d", p.round)
	case pos < 0 || pos >= len(p.tr.Holder) || p.tr.Holder[pos] != m.Page || p.SeatOf(pos) != m.Seat:
		return fault(m.Page, "it hid position %d, which was not dealt to seat %d", pos+1, m.Seat+1)
	}
	for i, t := range p.tables {
		if p.Seats[i] == m.Seat {
			if err := t.Apply(games.Seat(m.Seat), p.ownHide, nil); err != nil {
				return p.revoke(err)
			}
			continue
		}
		if _, err := t.ApplySecret(games.Seat(m.Seat)); err != nil {
			return p.revoke(err)
		}
	}
	p.hidPos, p.hideIndex = pos, m.Index
	p.steps = append(p.steps, step{m.Seat, m.Act}) // its card is named when the deal is read
	if p.Placed != nil {
		p.Placed(len(p.steps)-1, m.Seat)
	}
	return p.next()
}

// onReveal reads the hidden card's holder's share of it, bound to the
// reveal waiting on it, which opens the card to all; then the reveal is
// placed.
func (p *Page) onReveal(m Message) error {
	if p.pending == nil || p.hidPos < 0 {
		return fault(m.Page, "it sent a share of the hidden card with no reveal waiting on it")
	}
	holder := p.owner[p.hiddenSeat()]
	if m.Page != holder {
		return fault(m.Page, "it sent a share of the hidden card, which page %d holds", holder+1)
	}
	if m.Index != p.pending.Index {
		return fault(holder, "its share of the hidden card is for action %d, the reveal is action %d", m.Index+1, p.pending.Index+1)
	}
	w := m.Share
	if w == nil {
		return fault(holder, "withheld its share of the hidden card (position %d) for the reveal of action %d", p.hidPos+1, m.Index+1)
	}
	if w.Pos != p.hidPos {
		return fault(holder, "its share for the reveal is of position %d, not the hidden card's position %d", w.Pos+1, p.hidPos+1)
	}
	sh, err := mental.ReadShare(holder, w.Pos, w.D, w.Proof)
	if err == nil {
		err = mental.VerifyShare(mental.OpenContext(p.ctx, m.Index), p.tr.Keys[holder].X, p.tr.Final()[w.Pos], sh)
	}
	if err != nil {
		return fault(holder, "its share revealing the hidden card (position %d) is wrong (%v)", w.Pos+1, err)
	}
	c, err := p.tr.OpenWith(w.Pos, []mental.Share{sh})
	if err != nil {
		return fault(holder, "the hidden card's position %d does not open (%v)", w.Pos+1, err)
	}
	act := *p.pending
	p.pending, p.revealed = nil, &c
	return p.place(act, []string{c.String()}, &opened{action: m.Index, page: holder, share: *w})
}

// openAt is the card at pos an action opened to all (a play, or the
// reveal of the hidden card).
func (p *Page) openAt(pos int) (cards.Card, bool) {
	if c, ok := p.shown[pos]; ok {
		return c, true
	}
	if p.revealed != nil && pos == p.hidPos {
		return *p.revealed, true
	}
	return 0, false
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
		if _, ok := p.openAt(pos); !ok {
			out = append(out, wireShare(mental.NewShare(mental.EndContext(p.ctx), p.Index, pos, p.key, final[pos])))
		}
	}
	slices.SortFunc(out, func(a, b WireShare) int { return a.Pos - b.Pos })
	p.send(Message{Kind: KindEnd, Shares: out})
	return nil
}

func (p *Page) onEnd(m Message) error {
	t := p.Table()
	if t == nil || !(t.Between() || t.State().Done()) || p.ends[m.Page] {
		return fault(m.Page, "it ended the round out of turn")
	}
	final := p.tr.Final()
	for _, w := range m.Shares {
		if w.Pos < 0 || w.Pos >= len(final) || p.tr.Holder[w.Pos] != m.Page {
			return fault(m.Page, "its end share of position %d is not of a card it was dealt", w.Pos+1)
		}
		if _, ok := p.openAt(w.Pos); ok {
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
	// The whole deal, read from the cards played and the end shares: each
	// position a card of its seat's hand.
	hands := make([]cards.Set, p.room.Cfg.Players)
	rl := &p.rounds[len(p.rounds)-1]
	for pos, h := range p.tr.Holder {
		if h == mental.Stock {
			continue
		}
		c, ok := p.openAt(pos)
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
		hands[p.SeatOf(pos)] = hands[p.SeatOf(pos)].With(c)
	}
	deal := games.Deal{Hands: make([][]string, p.room.Cfg.Players)}
	for h, set := range hands {
		deal.Hands[h] = set.Strings()
	}
	if err := p.readHidden(&deal); err != nil {
		return err
	}
	rl.deal = deal
	if t.State().Done() {
		for _, t := range p.tables {
			if err := t.EndRound(deal, nil); err != nil {
				return p.revoke(err)
			}
		}
		p.finished = true
		return nil
	}
	p.truth = deal
	p.startRound(p.round + 1)
	return nil
}

// readHidden names the round's hidden card once the whole deal is read:
// RANDOM's in the deal, CHOSEN's in its hide, which every table that stood
// in for it is told before it replays the round.
func (p *Page) readHidden(deal *games.Deal) error {
	if !p.hiddenMode || p.hidPos < 0 {
		return nil
	}
	c, ok := p.openAt(p.hidPos)
	if !ok {
		sh := p.endOf[p.hidPos]
		var err error
		if c, err = p.tr.OpenWith(p.hidPos, []mental.Share{sh}); err != nil {
			return fault(p.tr.Holder[p.hidPos], "the hidden card's position %d does not open (%v)", p.hidPos+1, err)
		}
	}
	if !p.chosen {
		deal.Hidden = c.String()
		return nil
	}
	if p.hideIndex < 0 {
		return nil
	}
	act := mindikot.KindHide + " " + c.String()
	p.steps[p.hideIndex].act = act
	seat := p.hiddenSeat()
	for i, t := range p.tables {
		if p.Seats[i] != seat {
			if err := t.Disclose(p.hideIndex, act); err != nil {
				return err
			}
		}
	}
	return nil
}

// Dealing says the round's deal is under way: not every page holds its
// hands yet. A page that leaves then is dealt around.
func (p *Page) Dealing() bool { return len(p.rounds) < p.round && !p.finished }

// Pages is the number of pages in the room now.
func (p *Page) Pages() int { return p.pages() }

// onLeave abandons the round's deal: page m.Left left; its seats pass to
// the host's page, the pages after it are numbered one less, and the pages
// that remain deal the round again.
func (p *Page) onLeave(m Message) error {
	if m.Page != 0 {
		return fault(m.Page, "it said a page left; only the host does")
	}
	if !p.Dealing() {
		return fault(m.Page, "it said page %d left after the round was dealt", m.Left+1)
	}
	if m.Left < 1 || m.Left >= p.pages() || p.pages() <= 2 {
		return fault(m.Page, "it said page %d left, which cannot leave a deal of %d pages", m.Left+1, p.pages())
	}
	if m.Left == p.Index {
		return fmt.Errorf("blind room: the host says this page, page %d, left", p.Index+1)
	}
	p.dealWithout(m.Left)
	return nil
}

// dealWithout abandons the round's deal without page left: its seats pass
// to the host's page, the pages after it are numbered one less, and the
// pages that remain deal the round again.
func (p *Page) dealWithout(left int) {
	old := map[int]*blind.Table{}
	for i, s := range p.Seats {
		if p.tables != nil {
			old[s] = p.tables[i]
		}
	}
	for s, o := range p.owner {
		switch {
		case o == left:
			p.owner[s] = 0
		case o > left:
			p.owner[s]--
		}
	}
	if p.Index > left {
		p.Index--
	}
	p.npage--
	p.Seats = p.Seats[:0]
	for s, o := range p.owner {
		if o == p.Index {
			p.Seats = append(p.Seats, s)
		}
	}
	if p.tables != nil {
		p.tables = make([]*blind.Table, len(p.Seats))
		for i, s := range p.Seats {
			p.tables[i] = old[s] // nil for a seat that passed to the page
		}
	}
	p.left = append(p.left, left)
	if left < len(p.started) {
		p.started = slices.Delete(p.started, left, left+1)
	}
	p.attempt++
	p.deal()
}

// StartedAs is the number page had when the match began (the room's start,
// which the app holds): a page's number now is one less for each page
// before it that left.
func (p *Page) StartedAs(page int) int {
	if p != nil && page >= 0 && page < len(p.started) {
		return p.started[page]
	}
	return page
}

// Owed is the pages (from 0) the room waits on now for a message their
// page's program sends by itself, with no person's say: the keys not in,
// the page whose shuffle is next, the pages whose shares of the deal are
// missing, the hidden card's holder while a reveal waits on its share, the
// end shares missing at the round's end. A person's move is never owed:
// only the person's page holds their hand, and a person may take their
// time.
func (p *Page) Owed() []int {
	var out []int
	for page := range p.pages() {
		if p.owing(page) != "" {
			out = append(out, page)
		}
	}
	return out
}

// owing is what the room waits on from page now, in words ("" nothing).
func (p *Page) owing(page int) string {
	switch {
	case p.finished || p.tr == nil || page < 0 || page >= p.pages():
		return ""
	case p.keys < p.pages():
		if p.tr.Keys[page].X == nil {
			return "its key"
		}
	case len(p.tr.Shuffles) < p.pages():
		if page == len(p.tr.Shuffles) {
			return "its shuffle"
		}
	case p.Dealing():
		if !p.shares[page] {
			return "its shares of the deal"
		}
	case p.pending != nil:
		if page == p.owner[p.hiddenSeat()] {
			return fmt.Sprintf("its share of the hidden card for the reveal of action %d", p.pending.Index+1)
		}
	default:
		if t := p.Table(); t != nil && (t.Between() || t.State().Done()) && !p.ends[page] {
			return "its end shares"
		}
	}
	return ""
}

// stallTimeout is how long the room waits on a page's message now: longer
// for the first round's keys, which come once mental.wasm is loaded.
func (p *Page) stallTimeout() time.Duration {
	if p.round == 1 && p.attempt == 1 && p.keys < p.npage {
		return FirstStallTimeout
	}
	return StallTimeout
}

// onStall reads the host's word that page m.Stalled sent nothing the room
// waited on for StallTimeout: the host alone keeps the room's clock, as it
// keeps its order, but every page checks that the room did wait on that
// page. Mid-deal, with another page left to deal with the host's, the deal
// is abandoned and dealt again without it, as when a page leaves (the
// record notes it as one that left); otherwise the match ends, naming it.
func (p *Page) onStall(m Message) error {
	switch {
	case m.Page != 0:
		return fault(m.Page, "it said page %d sent nothing; only the host keeps the room's clock", m.Stalled+1)
	case m.Stalled < 1 || m.Stalled >= p.pages():
		return fault(0, "it said page %d sent nothing, which is not another page of the room", m.Stalled+1)
	}
	what := p.owing(m.Stalled)
	if what == "" {
		return fault(0, "it said page %d sent nothing, though the room waits on nothing of it", m.Stalled+1)
	}
	f := fault(m.Stalled, "it sent nothing for %v while the room waited on %s", p.stallTimeout(), what)
	f.Stall = true
	if !p.Dealing() || p.pages() <= 2 {
		return f
	}
	if m.Stalled == p.Index {
		f.Part += "; the others deal the round again without it"
		return f
	}
	p.dealWithout(m.Stalled)
	return nil
}

// revoke turns a table's refusal into the room's fault: the page holding
// the seat that revoked.
func (p *Page) revoke(err error) error {
	if rv, ok := err.(*blind.Revoke); ok && int(rv.Seat) >= 0 && int(rv.Seat) < len(p.owner) {
		return &Fault{Page: p.owner[rv.Seat], Part: rv.Error()}
	}
	return err
}
