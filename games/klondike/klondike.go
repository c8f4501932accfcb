// Package klondike is Klondike solitaire, RULES.md B4: one player, seven
// tableau columns, a stock turned one or three cards at a time, and four
// foundations built up by suit from the ace.
//
// Column i (1-7) is dealt i cards, only the top one face up; the other 24
// cards are the stock. Any face-up card may move with the cards above it onto
// a column whose top card is one rank higher and of the other colour; only a
// king (or a king-headed run) goes to an empty column. The top card of the
// waste, of a column or (foundationToTableau) of a foundation may move too. A
// face-down card left on top of a column turns face up at once. The game is
// won when the 52 cards are on the foundations; it never ends by itself
// otherwise: the player ends it.
//
// # Actions
//
//	draw           turn drawCount cards (fewer when fewer remain) from the stock to the
//	               waste; with the stock empty, turn the waste over as the new stock
//	               (a recycle, limited by redeals) without drawing
//	move w t5      the top waste card to column 5
//	move w f       the top waste card to its foundation
//	move t2 f      the top card of column 2 to its foundation
//	move t2 t6     the top card of column 2 to column 6
//	move t2 t6 3   the top 3 cards of column 2 (a run) to column 6; a count is written
//	               only when more than one card moves
//	move fH t4     the top card of the hearts foundation to column 4
//	auto           auto-complete: every remaining card to the foundations, offered once
//	               the stock and waste are empty and no card is face down
//	end            end the game (give up or cash out); the match is over
//	deal           vegasCumulative only: leave this game (won or not) and deal the next,
//	               carrying the balance
//	time 125       timed only, applied by the session as games.System: 125 seconds
//	               have passed since this game was dealt
//
// `timeout` is refused: the game has no timed window.
//
// # Time
//
// The engine reads no clock. With timed=on the session applies `time N`
// (seconds since the deal, never decreasing) as games.System, at least every
// 10 seconds and before each of the player's actions so a win sees the right
// time. Under STANDARD scoring each 10-second boundary passed costs 2 points,
// and a win in N ≥ 30 seconds adds 700000/N. The time actions are in the
// record, so a replay reaches the same score; undo (the session replaying the
// record without the player's last action) keeps them.
//
// # Options
//
//	drawCount            1|3                         cards turned per draw
//	redeals              UNLIMITED|VEGAS_LIMITS|0|1|2|3
//	                                                 recycles allowed; VEGAS_LIMITS: none in
//	                                                 draw-1, two (three passes) in draw-3
//	scoring              STANDARD|VEGAS|NONE         VEGAS plays with VEGAS_LIMITS
//	timed                off|on                      the session supplies the time (see Time)
//	foundationToTableau  on|off                      cards may come back from the foundations
//	vegasCumulative      off|on                      VEGAS only: the match is a series of games
//	                                                 (`deal`), the balance carried over
//	undo                 on|off                      the session may undo (not an engine action;
//	                                                 the view reports it)
//
// # Scoring
//
// STANDARD: waste→tableau +5, waste or tableau→foundation +10, a card turned
// face up in the tableau +5, foundation→tableau −15, a recycle −100 in draw-1
// and, in draw-3, −20 from the third on; the score never goes below 0. VEGAS:
// −52 at each deal, +5 per card reaching a foundation, −5 per card leaving one.
// NONE: always 0. Result.Scores holds the one seat's score (the balance of
// every game with vegasCumulative); the seat is the winner when it won the
// game, or with vegasCumulative when it ends the match above zero.
//
// # Deals
//
// A record's `deals` fixes games in order. Fields: `tableau` (7 columns left
// to right, each listed bottom to top: column i holds i cards, its last face
// up) and `stock` (24 cards, top first). Every card appears exactly once.
//
// # Bots and hints
//
// Game.Advise (advise.go) is a rule-based player (foundation moves, turning
// face-down cards, kings to empty columns, the waste, then drawing) for the
// easy and normal bots. Game.Solve (solver.go) is the games.Solver behind
// the hard bot, which hands it only states sampled from the player's view
// (NewSampler) and votes over them; the table's hint is that bot's choice,
// so a hint knows no more than the player. Solve weighs each candidate move
// over deals redrawn again, each searched depth first with a transposition
// table, and reports whether the state it is given can be won: on the true
// deal that answers "can this deal still be won?", a separate question the
// session asks (it reads the hidden cards). None of them ends a game that
// can still move on. STRENGTH.md has the measured figures.
//
// # What the player knows (descriptions and samples)
//
// The player sees the face-up cards, the waste, the foundations and the
// counts; not the face-down cards nor the order of a stock never turned
// over. Turning the waste over keeps its order, which the player has seen:
// from the first recycle of a game on, the view shows the stock's order
// (stockCards). NewSampler (games.ViewSampler) deals the cards the player
// has never seen (face down, and the stock before its first recycle) among
// their places uniformly at random: the rules reveal nothing about where any
// of them lies, so every order is equally likely. Everything else comes
// from the view, which is refused when no deal fits it (a card shown twice,
// counts that do not add up to 52, a column that is not a run, a score the
// rules cannot give...). Later games of a vegasCumulative match are dealt
// from the sample's own generator.
//
// Describe (games.State) tells an action as the viewer may know it,
// asked before the action is applied. It never names a card the viewer has
// not seen before the action: the cards a draw turns up from a stock never
// turned over, and the card a move uncovers, are shown by the next view
// (god's descriptions name them). Kinds and outcomes:
//
//	draw     Cards: the cards turned, when the stock's order is known (after a
//	         recycle); otherwise Hidden counts them. Outcome "recycle": the
//	         stock was empty and the waste turned over as the new stock.
//	move     Cards: the cards that move, bottom first; Targets: the source and
//	         the destination ("t2", "w", "fH"; a foundation as "f" and its
//	         suit). Outcome "flip" when a face-down card is uncovered (god:
//	         Reveals names it, Kind "flip").
//	auto     Cards: every card going up, in order.
//	end      Outcome "match"; Winners as Result says.
//	deal     Outcome "round" when it gives up a game still being played.
//	time     by games.System: Choice is the seconds since the deal.
//
// An action that wins the game has Outcome "match" (Winners [0]), or
// "round" with vegasCumulative, where the match goes on with deal or end.
//
// # View
//
// View(seat) (seat 0; the observer sees the same) encodes as JSON with these fields:
//
//	seat          the viewer: 0, -2 observer, -3 god
//	game          0-based number of the game in the match
//	columns       7 columns left to right: {"down": face-down cards, "up": the face-up
//	              cards bottom to top, "hidden": god view only, the face-down cards
//	              bottom to top}
//	stock         cards in the stock
//	stockCards    the stock, top first, once the player knows its order: after a
//	              recycle (the waste turned over unshuffled), and always for god
//	waste         the waste bottom to top; the last card is the playable one
//	foundations   C D H S in order: {"suit", "count", "top": the top card or ""}
//	score         this game's score
//	balance       vegasCumulative: the total of the games before this one
//	total         balance + score: what Result reports
//	scoring       STANDARD, VEGAS or NONE
//	drawCount     1 or 3
//	recycles      recycles used this game
//	recyclesLeft  recycles still allowed, -1 when unlimited
//	timed         the timed option
//	elapsed       seconds since the deal, as last given by `time`
//	undo          the undo option
//	canAuto       auto-complete is offered
//	won           this game is won
//	gamesWon      games won in the match
//	phase         "play", "over" (vegasCumulative: the game is won, deal or end), "done"
//	done          the match is over
//	winners       [0] when done and won (see Scoring), else absent
package klondike

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"cardtable/games"
	"cardtable/games/cards"
)

// ID names the game in records and on the command line.
const ID = "klondike"

const (
	numCols   = 7
	stockSize = 24
	maxColumn = 6 + 13 // six face-down cards under a king-to-ace run
	unlimited = -1
)

// Scoring schemes.
const (
	scoreStandard uint8 = iota
	scoreVegas
	scoreNone
)

var scoringNames = [...]string{"STANDARD", "VEGAS", "NONE"}

// Game is Klondike.
type Game struct{}

func (Game) Info() games.Info {
	return games.Info{
		ID:         ID,
		Title:      "Klondike",
		Pitch:      "The classic patience: build the four suits up from the aces.",
		MinPlayers: 1,
		MaxPlayers: 1,
		Options: []games.Option{
			{Name: "drawCount", Values: []string{"1", "3"}, Default: "1", Help: "Cards turned from the stock at a time."},
			{Name: "redeals", Values: []string{"UNLIMITED", "VEGAS_LIMITS", "0", "1", "2", "3"}, Default: "UNLIMITED",
				Help: "How often the waste may be turned over as a new stock. Vegas limits: never in draw-1, twice in draw-3."},
			{Name: "scoring", Values: []string{"STANDARD", "VEGAS", "NONE"}, Default: "STANDARD",
				Help: "Standard points, Vegas dollars (pay 52, win 5 a card; plays with Vegas limits), or no score."},
			games.Switch("timed", "off", "Standard scoring: -2 every 10 seconds and a bonus for a fast win."),
			games.Switch("foundationToTableau", "on", "Cards may be taken back from the foundations."),
			games.Switch("vegasCumulative", "off", "Vegas: play game after game, carrying the balance."),
			games.Switch("undo", "on", "Moves may be taken back (the score is restored)."),
		},
	}
}

type fixedDeal struct {
	cols  [numCols]column
	stock [stockSize]cards.Card // bottom first: the top is the last
}

func (g Game) New(cfg games.Config) (games.State, error) {
	opts, err := g.Info().Resolve(cfg)
	if err != nil {
		return nil, err
	}
	s := &State{
		drawCount:  int8(opts.Int("drawCount")),
		timed:      opts.Bool("timed"),
		f2t:        opts.Bool("foundationToTableau"),
		cumulative: opts.Bool("vegasCumulative"),
		undo:       opts.Bool("undo"),
		pcg:        *rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15),
	}
	for i, name := range scoringNames {
		if opts["scoring"] == name {
			s.scoring = uint8(i)
		}
	}
	redeals := opts["redeals"]
	if s.scoring == scoreVegas {
		if v, set := cfg.Options["redeals"]; set && v != "VEGAS_LIMITS" {
			return nil, games.Errorf("%s: option redeals: VEGAS scoring plays with VEGAS_LIMITS, not %s", ID, v)
		}
		redeals = "VEGAS_LIMITS"
	}
	if s.cumulative && s.scoring != scoreVegas {
		return nil, games.Errorf("%s: option vegasCumulative needs scoring VEGAS", ID)
	}
	switch redeals {
	case "UNLIMITED":
		s.recycleLimit = unlimited
	case "VEGAS_LIMITS":
		s.recycleLimit = 0
		if s.drawCount == 3 {
			s.recycleLimit = 2
		}
	default:
		s.recycleLimit = int8(opts.Int("redeals"))
	}
	for i, d := range cfg.Deals {
		fd, err := parseDeal(d, i)
		if err != nil {
			return nil, err
		}
		s.deals = append(s.deals, fd)
	}
	s.startGame()
	return s, nil
}

func parseDeal(d games.Deal, i int) (fixedDeal, error) {
	var fd fixedDeal
	dealt := cards.Dealt{Game: ID, Index: i}
	if err := d.Only("tableau", "stock"); err != nil {
		return fd, dealt.Errorf("%v", err)
	}
	if len(d.Tableau) != numCols {
		return fd, dealt.Errorf("tableau has %d columns, want 7", len(d.Tableau))
	}
	for k, col := range d.Tableau {
		cs, err := dealt.Pile("column t"+strconv.Itoa(k+1), col, k+1)
		if err != nil {
			return fd, err
		}
		copy(fd.cols[k].cards[:], cs)
		fd.cols[k].n, fd.cols[k].down = int8(k+1), int8(k)
	}
	stock, err := dealt.Pile("stock", d.Stock, stockSize)
	if err != nil {
		return fd, err
	}
	for k, c := range stock { // listed from the top
		fd.stock[stockSize-1-k] = c
	}
	return fd, nil
}

type column struct {
	cards [maxColumn]cards.Card // bottom first
	n     int8
	down  int8 // the first down cards are face down
}

func (c *column) top() cards.Card { return c.cards[c.n-1] }

type phase uint8

const (
	phasePlay phase = iota
	phaseOver       // vegasCumulative: the game is won; deal or end
	phaseDone
)

// State is one match of Klondike: one game, or with vegasCumulative a series.
// Every field is a value, so Clone is a copy; deals is shared between clones
// and never written after New.
type State struct {
	drawCount    int8
	recycleLimit int8
	scoring      uint8
	timed        bool
	f2t          bool
	cumulative   bool
	undo         bool
	deals        []fixedDeal
	pcg          rand.PCG

	game     int
	phase    phase
	cols     [numCols]column
	stock    [stockSize]cards.Card // bottom first
	nStock   int8
	waste    [stockSize]cards.Card // bottom first
	nWaste   int8
	found    [4]int8 // cards on each suit's foundation
	seen     cards.Set
	recycles int8
	score    int
	balance  int
	elapsed  int
	won      bool
	gamesWon int
}

// Tables for the hot paths: a card's Klondike rank (A 1 … K 13) and colour.
var rankOf, redOf = func() (r [cards.NumCards]int8, red [cards.NumCards]bool) {
	for c := range cards.Card(cards.NumCards) {
		r[c] = int8(c.Rank())
		if c.Rank() == cards.Ace {
			r[c] = 1
		}
		red[c] = c.Suit().Red()
	}
	return
}()

// rank is the card's Klondike rank: A 1 … K 13.
func rank(c cards.Card) int8 { return rankOf[c] }

// cardOf is the card of Klondike rank r in suit su.
func cardOf(r int8, su cards.Suit) cards.Card {
	if r == 1 {
		return cards.Make(cards.Ace, su)
	}
	return cards.Make(cards.Rank(r), su)
}

func (s *State) startGame() {
	if s.game < len(s.deals) {
		d := &s.deals[s.game]
		s.cols = d.cols
		s.stock = d.stock
	} else {
		deck := cards.Shuffled(rand.New(&s.pcg), cards.Deck52)
		s.cols = [numCols]column{}
		k := 0
		for row := range numCols { // deal row by row, as at the table
			for col := row; col < numCols; col++ {
				s.cols[col].cards[row] = deck[k]
				k++
			}
		}
		for col := range numCols {
			s.cols[col].n, s.cols[col].down = int8(col+1), int8(col)
		}
		copy(s.stock[:], deck[k:])
	}
	s.nStock = stockSize
	s.nWaste = 0
	s.found = [4]int8{}
	s.seen = 0
	for i := range s.cols {
		s.seen = s.seen.With(s.cols[i].top())
	}
	s.recycles = 0
	s.elapsed = 0
	s.won = false
	s.phase = phasePlay
	s.score = 0
	if s.scoring == scoreVegas {
		s.score = -52
	}
}

// add changes the score; STANDARD never goes below zero.
func (s *State) add(delta int) {
	if s.scoring == scoreNone {
		return
	}
	s.score += delta
	if s.scoring == scoreStandard && s.score < 0 {
		s.score = 0
	}
}

func (s *State) total() int { return s.balance + s.score }

func (s *State) Actors(dst []games.Seat) []games.Seat {
	if s.phase == phaseDone {
		return dst
	}
	return append(dst, 0)
}

// Action encoding. A move is actMove | src<<16 | dst<<8 | count with src 0-6
// the columns, srcWaste, or srcFound+suit, and dst 0-6 the columns or
// dstFound; `time N` is actTime + N.
const (
	actMove games.Action = 1 << 24
	actDraw games.Action = 2 << 24
	actEnd  games.Action = 3 << 24
	actAuto games.Action = 4 << 24
	actDeal games.Action = 5 << 24
	actTime games.Action = 6 << 24
	maxTime              = 1<<24 - 1

	srcWaste = 7
	srcFound = 8
	dstFound = 7
)

func move(src, dst, count int) games.Action {
	return actMove | games.Action(src)<<16 | games.Action(dst)<<8 | games.Action(count)
}

func (s *State) canRecycle() bool {
	return s.nWaste > 0 && (s.recycleLimit == unlimited || s.recycles < s.recycleLimit)
}

func (s *State) faceDown() bool {
	for i := range s.cols {
		if s.cols[i].down > 0 {
			return true
		}
	}
	return false
}

func (s *State) canAuto() bool {
	return s.phase == phasePlay && s.nStock == 0 && s.nWaste == 0 && !s.faceDown()
}

// fitsFoundation tells whether c can go onto its foundation now.
func (s *State) fitsFoundation(c cards.Card) bool { return s.found[c.Suit()] == rank(c)-1 }

// fitsColumn tells whether c can go onto column j.
func (s *State) fitsColumn(c cards.Card, j int) bool {
	col := &s.cols[j]
	if col.n == 0 {
		return rank(c) == 13
	}
	t := col.top()
	return rankOf[t] == rankOf[c]+1 && redOf[t] != redOf[c]
}

func (s *State) Legal(seat games.Seat, dst []games.Action) []games.Action {
	if s.phase == phaseDone || seat != 0 {
		return dst
	}
	if s.phase == phaseOver {
		return append(dst, actDeal, actEnd)
	}
	if s.nStock > 0 || s.canRecycle() {
		dst = append(dst, actDraw)
	}
	if s.nWaste > 0 {
		w := s.waste[s.nWaste-1]
		if s.fitsFoundation(w) {
			dst = append(dst, move(srcWaste, dstFound, 1))
		}
		for j := range numCols {
			if s.fitsColumn(w, j) {
				dst = append(dst, move(srcWaste, j, 1))
			}
		}
	}
	for i := range numCols {
		col := &s.cols[i]
		if col.n == 0 {
			continue
		}
		if s.fitsFoundation(col.top()) {
			dst = append(dst, move(i, dstFound, 1))
		}
		base := col.cards[col.down] // the bottom face-up card heads the longest run
		for j := range numCols {
			if j == i {
				continue
			}
			// The one card of the run that fits column j, if any.
			var want int8 = 13
			if to := &s.cols[j]; to.n > 0 {
				want = rank(to.top()) - 1
			}
			k := int(col.down) + int(rank(base)-want)
			if k >= int(col.down) && k < int(col.n) && s.fitsColumn(col.cards[k], j) {
				dst = append(dst, move(i, j, int(col.n)-k))
			}
		}
	}
	if s.f2t {
		for su := range 4 {
			if s.found[su] == 0 {
				continue
			}
			c := cardOf(s.found[su], cards.Suit(su))
			for j := range numCols {
				if s.fitsColumn(c, j) {
					dst = append(dst, move(srcFound+su, j, 1))
				}
			}
		}
	}
	if s.canAuto() {
		dst = append(dst, actAuto)
	}
	if s.cumulative {
		dst = append(dst, actDeal)
	}
	return append(dst, actEnd)
}

func (s *State) Apply(seat games.Seat, a games.Action) error {
	if s.phase == phaseDone {
		return games.ErrDone
	}
	if a == games.Timeout {
		return games.ErrNoWindow
	}
	if a&^maxTime == actTime {
		if seat != games.System {
			return games.Errorf("time is given by the session's clock (as the system)")
		}
		return s.applyTime(int(a - actTime))
	}
	if seat != 0 {
		return games.ErrNotYourTurn
	}
	switch a {
	case actEnd:
		s.phase = phaseDone
		return nil
	case actDeal:
		if !s.cumulative {
			return games.Errorf("deal is for vegasCumulative matches: end this game instead")
		}
		s.balance += s.score
		s.game++
		s.startGame()
		return nil
	}
	if s.phase == phaseOver {
		return games.Errorf("the game is won: deal the next one or end")
	}
	switch {
	case a == actDraw:
		return s.draw()
	case a == actAuto:
		if !s.canAuto() {
			return games.Errorf("auto-complete needs the stock and waste empty and every card face up")
		}
		for s.phase == phasePlay {
			s.autoStep()
		}
		return nil
	case a&^(1<<24-1) == actMove:
		src, dst, count := int(a>>16&0xff), int(a>>8&0xff), int(a&0xff)
		if src > srcFound+3 || dst > dstFound || count < 1 || count > maxColumn {
			return games.Errorf("unknown action %d", a)
		}
		return s.move(src, dst, count)
	}
	return games.Errorf("unknown action %d", a)
}

func (s *State) applyTime(t int) error {
	switch {
	case !s.timed:
		return games.Errorf("the game is not timed")
	case s.phase != phasePlay:
		return games.Errorf("no game is running: the clock is stopped")
	case t < s.elapsed:
		return games.Errorf("time cannot go back: %d s have passed already", s.elapsed)
	}
	if s.scoring == scoreStandard {
		s.add(-2 * (t/10 - s.elapsed/10))
	}
	s.elapsed = t
	return nil
}

func (s *State) draw() error {
	if s.nStock == 0 {
		switch {
		case s.nWaste == 0:
			return games.Refuse("the stock and the waste are empty")
		case !s.canRecycle():
			return games.Refuse("no redeals left: the waste cannot be turned over again")
		}
		for i := range s.nWaste {
			s.stock[i] = s.waste[s.nWaste-1-i]
		}
		s.nStock, s.nWaste = s.nWaste, 0
		s.recycles++
		if s.scoring == scoreStandard {
			switch {
			case s.drawCount == 1:
				s.add(-100)
			case s.recycles > 2:
				s.add(-20)
			}
		}
		return nil
	}
	for range min(s.drawCount, s.nStock) {
		s.nStock--
		c := s.stock[s.nStock]
		s.waste[s.nWaste] = c
		s.nWaste++
		s.seen = s.seen.With(c)
	}
	return nil
}

func colName(i int) string { return "t" + strconv.Itoa(i+1) }

var suitNames = [...]string{"clubs", "diamonds", "hearts", "spades"}

// move checks and makes one move; the reasons name the rule that forbids it.
func (s *State) move(src, dst, count int) error {
	var c cards.Card // the bottom card of what moves
	switch {
	case src < numCols:
		col := &s.cols[src]
		if col.n == 0 {
			return games.Refuse("column %d is empty", src+1)
		}
		if up := int(col.n - col.down); count > up {
			return games.Refuse("column %d has only %d face-up cards", src+1, up)
		}
		if dst == src {
			return games.Refuse("cards cannot move onto their own column")
		}
		c = col.cards[int(col.n)-count]
	case src == srcWaste:
		if s.nWaste == 0 {
			return games.Refuse("the waste is empty")
		}
		if count > 1 {
			return games.Refuse("only the top waste card can move")
		}
		c = s.waste[s.nWaste-1]
	default:
		su := src - srcFound
		if !s.f2t {
			return games.Refuse("moving cards back from the foundations is off in this game")
		}
		if s.found[su] == 0 {
			return games.Refuse("the %s foundation is empty", cards.Suit(su))
		}
		if count > 1 {
			return games.Refuse("only the top foundation card can move")
		}
		if dst == dstFound {
			return games.Refuse("a foundation card can only go to a column")
		}
		c = cardOf(s.found[su], cards.Suit(su))
	}
	if dst == dstFound {
		if count > 1 {
			return games.Refuse("one card at a time goes to a foundation")
		}
		if !s.fitsFoundation(c) {
			return games.Refuse("%s can go to its foundation only onto %s", c, cardOf(rank(c)-1, c.Suit()))
		}
	} else if !s.fitsColumn(c, dst) {
		to := &s.cols[dst]
		switch {
		case to.n == 0:
			return games.Refuse("only a king can go to the empty column %d", dst+1)
		case rank(to.top()) != rank(c)+1:
			return games.Refuse("%s cannot go on %s: it needs a card one rank higher", c, to.top())
		default:
			return games.Refuse("%s cannot go on %s: same colour", c, to.top())
		}
	}

	// Take the cards off the source.
	switch {
	case src < numCols:
		s.cols[src].n -= int8(count)
	case src == srcWaste:
		s.nWaste--
	default:
		s.found[src-srcFound]--
	}
	// Put them on the destination.
	if dst == dstFound {
		s.found[c.Suit()]++
	} else {
		to := &s.cols[dst]
		if src < numCols {
			from := &s.cols[src]
			copy(to.cards[to.n:], from.cards[from.n:from.n+int8(count)])
		} else {
			to.cards[to.n] = c
		}
		to.n += int8(count)
	}
	// Score the move.
	switch {
	case s.scoring == scoreVegas:
		if dst == dstFound {
			s.add(5)
		} else if src >= srcFound {
			s.add(-5)
		}
	case dst == dstFound:
		s.add(10)
	case src == srcWaste:
		s.add(5)
	case src >= srcFound:
		s.add(-15)
	}
	if src < numCols {
		s.flip(src)
	}
	if dst == dstFound && s.found == [4]int8{13, 13, 13, 13} {
		s.win()
	}
	return nil
}

// flip turns a face-down card left on top of column i face up.
func (s *State) flip(i int) {
	col := &s.cols[i]
	if col.n > 0 && col.n == col.down {
		col.down--
		s.seen = s.seen.With(col.top())
		if s.scoring == scoreStandard {
			s.add(5)
		}
	}
}

// autoStep moves the lowest column top that fits to its foundation. With no
// card face down and the stock and waste empty, every column descends, so the
// lowest top always fits.
func (s *State) autoStep() {
	best := -1
	for i := range numCols {
		col := &s.cols[i]
		if col.n > 0 && s.fitsFoundation(col.top()) && (best < 0 || rank(col.top()) < rank(s.cols[best].top())) {
			best = i
		}
	}
	if best < 0 { // unreachable while canAuto held; never loop
		s.phase = phaseDone
		return
	}
	_ = s.move(best, dstFound, 1)
}

func (s *State) win() {
	s.won = true
	s.gamesWon++
	if s.scoring == scoreStandard && s.timed && s.elapsed >= 30 {
		s.add(700000 / s.elapsed)
	}
	if s.cumulative {
		s.phase = phaseOver
	} else {
		s.phase = phaseDone
	}
}

func (s *State) Deadline() time.Duration { return 0 }

func (s *State) Done() bool { return s.phase == phaseDone }

// Round is the 0-based number of the game in the match.
func (s *State) Round() int { return s.game }

func (s *State) winner() bool {
	if s.cumulative {
		return s.total() > 0
	}
	return s.won
}

func (s *State) Result() games.Result {
	r := games.Result{Scores: []int{s.total()}}
	if s.phase == phaseDone && s.winner() {
		r.Winners = []games.Seat{0}
	}
	return r
}

func (s *State) Clone() games.State {
	c := *s
	return &c
}

func (s *State) FormatAction(a games.Action) string {
	switch {
	case a == games.Timeout:
		return "timeout"
	case a == actDraw:
		return "draw"
	case a == actEnd:
		return "end"
	case a == actAuto:
		return "auto"
	case a == actDeal:
		return "deal"
	case a&^maxTime == actTime:
		return "time " + strconv.Itoa(int(a-actTime))
	case a&^(1<<24-1) == actMove:
		src, dst, count := int(a>>16&0xff), int(a>>8&0xff), int(a&0xff)
		if src > srcFound+3 || dst > dstFound || count < 1 || count > maxColumn {
			break
		}
		var b strings.Builder
		b.WriteString("move ")
		switch {
		case src < numCols:
			b.WriteString(colName(src))
		case src == srcWaste:
			b.WriteString("w")
		default:
			b.WriteString("f" + cards.Suit(src-srcFound).String())
		}
		if dst == dstFound {
			b.WriteString(" f")
		} else {
			b.WriteString(" " + colName(dst))
		}
		if count > 1 {
			b.WriteString(" " + strconv.Itoa(count))
		}
		return b.String()
	}
	return "unknown " + strconv.FormatUint(uint64(a), 10)
}

func (s *State) ParseAction(text string) (games.Action, error) {
	f := strings.Fields(text)
	if len(f) == 1 {
		switch f[0] {
		case "timeout":
			return games.Timeout, nil
		case "draw":
			return actDraw, nil
		case "end":
			return actEnd, nil
		case "auto":
			return actAuto, nil
		case "deal":
			return actDeal, nil
		}
	}
	if len(f) == 2 && f[0] == "time" {
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 0 || n > maxTime {
			return 0, games.Errorf("time %q: want seconds, 0 to %d", f[1], maxTime)
		}
		return actTime + games.Action(n), nil
	}
	if (len(f) == 3 || len(f) == 4) && f[0] == "move" {
		src, err := parsePlace(f[1], true)
		if err != nil {
			return 0, err
		}
		dst, err := parsePlace(f[2], false)
		if err != nil {
			return 0, err
		}
		count := 1
		if len(f) == 4 {
			count, err = strconv.Atoi(f[3])
			if err != nil || count < 1 || count > 13 {
				return 0, games.Errorf("move count %q: want 1 to 13", f[3])
			}
		}
		return move(src, dst, count), nil
	}
	return 0, games.Errorf("unknown action %q (klondike actions: draw, move FROM TO [COUNT], auto, end, deal, time SECONDS)", text)
}

// parsePlace reads t1-t7, w (source only), f (destination only) or fC fD fH
// fS (source only).
func parsePlace(p string, src bool) (int, error) {
	switch {
	case len(p) == 2 && p[0] == 't' && p[1] >= '1' && p[1] <= '7':
		return int(p[1] - '1'), nil
	case p == "w" && src:
		return srcWaste, nil
	case p == "f" && !src:
		return dstFound, nil
	case len(p) == 2 && p[0] == 'f' && src:
		su, err := cards.ParseSuit(p[1:])
		if err != nil {
			return 0, games.Errorf("foundation %q: %w", p, err)
		}
		return srcFound + int(su), nil
	}
	if src {
		return 0, games.Errorf("unknown source %q (t1-t7, w, fC fD fH fS)", p)
	}
	return 0, games.Errorf("unknown destination %q (t1-t7, f)", p)
}
