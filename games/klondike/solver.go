package klondike

import (
	"slices"

	"cardtable/games"
	"cardtable/games/cards"
)

// DefaultBudget is the search nodes Solve spends when given a budget of 0 or
// less.
const DefaultBudget = 20000

// Solve chooses the player's action in s within budget search nodes
// (games.Solver) and tells whether s, its cards as they lie, can be won.
//
// won is the depth-first search of s itself (every card where s has it)
// finding a win within budget nodes; false may also mean the search gave
// up. On the true deal it answers the explicit question "can this deal
// still be won?", which the session asks separately (the answer reads the
// hidden cards). The hard bot hands Solve only samples of the player's view
// (NewSampler), and votes over them.
//
// The action does not lean on the face-down cards and the unseen stock of
// s, a guess in a sample: Solve weighs each candidate move by hindsight
// optimisation, applying it and searching hopSamples deals in which the
// cards the player has not seen are dealt again (an equal share of the
// budget each), and answers the move that wins most of them, then the one
// reaching the best positions. Dealing again only moves what the player has
// not seen, so the answer depends on nothing else. A card no other card can
// need goes up at once. It answers `end` only when no candidate makes
// progress in any deal searched to the end and the stock holds no card the
// player has not seen (then it answers `draw`): the bots never give up a
// game that can still move on.
//
// The search itself is a depth-first search with a transposition table over
// positions (columns in any order count as the same position). Moves are pruned the way Klondike solvers
// usually do: a card that no other card can need (both foundations of the
// other colour at least one rank below it) goes up at once and alone; a run
// moves whole, to turn a face-down card or to empty a column for a king, or
// in part only when the card it uncovers goes up next; a king already at the
// bottom of a column stays; cards do not come back from the foundations. The
// stock and waste are one macro move per card that some number of draws
// (recycles included, within the redeal limit) brings to the top of the
// waste, whose first action is `draw` while the card is still below. Moves
// are tried in this order: a column's last face-up card to its foundation
// (it turns the card below), runs that turn a face-down card (the column with
// most face-down cards first), other cards to the foundations, part of a run
// to free a foundation card, waste cards to the columns, and runs that empty
// a column; a waste card comes the later the more draws it needs. Without a
// win the search answers the first action towards the best position it saw:
// most cards turned face up, then on the foundations, then out of the stock.
func (Game) Solve(gs games.State, seat games.Seat, budget int) (games.Action, bool) {
	s, ok := gs.(*State)
	switch {
	case !ok || seat != 0 || s.phase == phaseDone:
		return actEnd, false
	case s.phase == phaseOver:
		return actEnd, true // the game is won: cash out
	case s.canAuto():
		return actAuto, true
	}
	if budget <= 0 {
		budget = DefaultBudget
	}
	_, won := newSolver(s, budget).solve(rootOf(s))
	a := hop(s, budget)
	if a == actEnd && s.unseenStock() {
		// Nothing helps in this sample, but the stock still hides cards the
		// player has not seen: in the real game they may help.
		a = actDraw
	}
	return a, won
}

// hopSamples is how many deals hop draws per candidate move.
const hopSamples = 4

// hop is hindsight optimisation: every candidate first move is tried on
// hopSamples deals redealt after it (redeal), each searched with an equal
// share of the budget; the move that wins most of them is chosen, then the
// one reaching the best positions. s itself may be a sample: dealing again
// from it only redeals what the player has not seen.
func hop(s *State, budget int) games.Action {
	root := rootOf(s)
	if m, ok := root.safeMove(); ok { // no choice to weigh
		return m.action()
	}
	sv := newSolver(s, 1)
	var buf [96]smove
	ms := sv.moves(root, buf[:0])
	var cands []games.Action
	for i := range ms {
		if a := ms[i].action(); !slices.Contains(cands, a) {
			cands = append(cands, a)
		}
	}
	if len(cands) == 0 {
		return actEnd
	}
	// Every candidate meets the same deals (the same draws of the unseen
	// cards), so that chance does not decide between them.
	seed := sv.hash(root)
	per := max(100, budget/(hopSamples*len(cands)))
	rootEval := root.eval()
	best, bestWins, bestScore := games.Action(actEnd), -1, 0
	cut, progress := false, false
	for _, a := range cands {
		if a == actDraw && s.recycles >= recycleGuard {
			continue
		}
		c := *s
		if c.Apply(0, a) != nil {
			continue
		}
		rng := games.NewRand(seed)
		wins, score := 0, 0
		for range hopSamples {
			d := c
			d.redeal(rng)
			r := rootOf(&d)
			e, sc := r.eval(), r.eval()*64
			switch {
			case d.phase != phasePlay || d.canAuto():
				wins++
			default:
				sub := newSolver(&d, per)
				if _, won := sub.solve(r); won {
					wins++
				}
				e, sc = max(e, sub.bestEval), max(sc, sub.bestScore)
				cut = cut || sub.cut
			}
			score += sc
			progress = progress || e > rootEval
		}
		if wins > bestWins || (wins == bestWins && score > bestScore) {
			best, bestWins, bestScore = a, wins, score
		}
	}
	if bestWins <= 0 && !progress && !cut {
		return actEnd
	}
	return best
}

// recycleGuard is the number of recycles after which Solve stops drawing:
// a game needs far fewer, so only a search going round in circles gets
// there, and the other moves (or the end) break the circle.
const recycleGuard = 60

// unseenStock tells whether the stock holds a card never turned up.
func (s *State) unseenStock() bool {
	for _, c := range s.stock[:s.nStock] {
		if !s.seen.Has(c) {
			return true
		}
	}
	return false
}

// spos is a position of the search: the columns, the talon (waste then
// stock, in the order the cards are drawn) and the foundations.
type spos struct {
	cols     [numCols]column
	talon    [stockSize]cards.Card
	nTalon   int8
	wpos     int8 // the waste is talon[:wpos], its top talon[wpos-1]
	found    [4]int8
	recycles int8
	down     int8 // face-down cards in the tableau

	colHash   [numCols]uint64 // hashes of the columns and of the talon's cards,
	talonHash uint64          // kept up to date by apply
}

func rootOf(s *State) *spos {
	p := &spos{cols: s.cols, found: s.found, recycles: s.recycles}
	p.nTalon = int8(copy(p.talon[:], s.waste[:s.nWaste]))
	p.wpos = p.nTalon
	for k := s.nStock - 1; k >= 0; k-- {
		p.talon[p.nTalon] = s.stock[k]
		p.nTalon++
	}
	for i := range p.cols {
		p.down += p.cols[i].down
		p.colHash[i] = p.cols[i].hash()
	}
	p.talonHash = p.hashTalon()
	return p
}

func (p *spos) fitsFoundation(c cards.Card) bool { return p.found[c.Suit()] == rank(c)-1 }

func (p *spos) fitsColumn(c cards.Card, j int) bool {
	col := &p.cols[j]
	if col.n == 0 {
		return rank(c) == 13
	}
	t := col.top()
	return rankOf[t] == rankOf[c]+1 && redOf[t] != redOf[c]
}

// safe tells that no card can ever need c in the tableau: both foundations
// of the other colour hold its rank minus one (aces and twos always).
func (p *spos) safe(c cards.Card) bool {
	r := rank(c)
	if r <= 2 {
		return true
	}
	if redOf[c] {
		return p.found[cards.Clubs] >= r-1 && p.found[cards.Spades] >= r-1
	}
	return p.found[cards.Diamonds] >= r-1 && p.found[cards.Hearts] >= r-1
}

func (p *spos) won() bool {
	return p.found == [4]int8{13, 13, 13, 13} || (p.down == 0 && p.nTalon == 0)
}

// eval orders positions by progress: cards turned, then cards on the
// foundations, then cards out of the talon.
func (p *spos) eval() int {
	f := 0
	for _, n := range p.found {
		f += int(n)
	}
	return -64*int(p.down) + 4*f - int(p.nTalon)
}

// smove is a search move. A waste move first sets the talon position and
// recycles to wpos and recycles (the draws it takes).
type smove struct {
	src, dst, count int8
	draws           int8
	wpos, recycles  int8
	prio            int16
}

func (m *smove) action() games.Action {
	if m.src == srcWaste && m.draws > 0 {
		return actDraw
	}
	return move(int(m.src), int(m.dst), int(m.count))
}

func (p *spos) apply(m *smove) {
	var c cards.Card
	if m.src == srcWaste {
		p.wpos, p.recycles = m.wpos, m.recycles
		c = p.talon[p.wpos-1]
		copy(p.talon[p.wpos-1:], p.talon[p.wpos:p.nTalon])
		p.nTalon--
		p.wpos--
		p.talonHash = p.hashTalon()
		if m.dst == dstFound {
			p.found[c.Suit()]++
		} else {
			to := &p.cols[m.dst]
			to.cards[to.n] = c
			to.n++
			p.colHash[m.dst] = to.hash()
		}
		return
	}
	col := &p.cols[m.src]
	if m.dst == dstFound {
		p.found[col.top().Suit()]++
		col.n--
	} else {
		to := &p.cols[m.dst]
		copy(to.cards[to.n:], col.cards[col.n-m.count:col.n])
		to.n += m.count
		col.n -= m.count
		p.colHash[m.dst] = to.hash()
	}
	if col.n > 0 && col.n == col.down {
		col.down--
		p.down--
	}
	p.colHash[m.src] = col.hash()
}

type solver struct {
	draw   int8
	limit  int8
	hashW  bool // the talon position matters (draw-3 or limited redeals)
	budget int
	nodes  int
	cut    bool // the budget ran out
	table  []uint64
	mask   uint64
	filled int

	root      smove
	win       smove
	best      smove
	hasBest   bool
	bestEval  int
	bestScore int // the best eval·64 − depth: the nearest of the best positions
	firstRoot smove
	hasRoot   bool

	wantPath bool
	path     []smove // a win, last move first

	stack []*spos // the position of each depth, reused
}

func newSolver(s *State, budget int) *solver {
	return &solver{
		stack:  []*spos{nil},
		draw:   s.drawCount,
		limit:  s.recycleLimit,
		hashW:  s.drawCount != 1 || s.recycleLimit != unlimited,
		budget: budget,
	}
}

func (sv *solver) solve(root *spos) (games.Action, bool) {
	sv.bestEval = root.eval()
	sv.bestScore = 64*sv.bestEval - 1
	if sv.dfs(root, 0) {
		return sv.win.action(), true
	}
	switch {
	case sv.hasBest:
		return sv.best.action(), false
	case sv.hasRoot && sv.cut:
		return sv.firstRoot.action(), false
	}
	return actEnd, false
}

// solution returns a whole winning line for s as engine actions, when the
// search finds one within budget nodes.
func solution(s *State, budget int) ([]games.Action, bool) {
	sv := newSolver(s, budget)
	sv.wantPath = true
	if s.phase != phasePlay || !sv.dfs(rootOf(s), 0) {
		return nil, false
	}
	var out []games.Action
	for i := len(sv.path) - 1; i >= 0; i-- {
		m := &sv.path[i]
		if m.src == srcWaste {
			for range m.draws {
				out = append(out, actDraw)
			}
		}
		out = append(out, move(int(m.src), int(m.dst), int(m.count)))
	}
	return out, true
}

func (sv *solver) dfs(p *spos, depth int) bool {
	if sv.nodes >= sv.budget {
		sv.cut = true
		return false
	}
	sv.nodes++
	if p.won() {
		if depth > 0 {
			sv.win = sv.root
		}
		return depth > 0
	}
	if !sv.visit(sv.hash(p)) {
		return false
	}
	if depth > 0 {
		e := p.eval()
		if e > sv.bestEval {
			sv.bestEval, sv.best, sv.hasBest = e, sv.root, true
		}
		sv.bestScore = max(sv.bestScore, 64*e-depth)
	}
	var buf [96]smove
	ms := sv.moves(p, buf[:0])
	if depth == 0 && len(ms) > 0 {
		sv.firstRoot, sv.hasRoot = ms[0], true
	}
	if depth+1 >= len(sv.stack) {
		sv.stack = append(sv.stack, new(spos))
	}
	child := sv.stack[depth+1]
	for i := range ms {
		*child = *p
		child.apply(&ms[i])
		if depth == 0 {
			sv.root = ms[i]
		}
		if sv.dfs(child, depth+1) {
			if sv.wantPath {
				sv.path = append(sv.path, ms[i])
			}
			return true
		}
		if sv.cut {
			return false
		}
	}
	return false
}

// visit records h and reports whether it was new. The table starts small
// (most searches end in a few hundred nodes) and doubles at half full.
func (sv *solver) visit(h uint64) bool {
	if h == 0 {
		h = 1
	}
	if 2*(sv.filled+1) > len(sv.table) {
		old := sv.table
		sv.table = make([]uint64, max(1024, 2*len(old)))
		sv.mask = uint64(len(sv.table) - 1)
		sv.filled = 0
		for _, x := range old {
			if x != 0 {
				sv.insert(x)
			}
		}
	}
	return sv.insert(h)
}

func (sv *solver) insert(h uint64) bool {
	for i := h & sv.mask; ; i = (i + 1) & sv.mask {
		switch sv.table[i] {
		case h:
			return false
		case 0:
			sv.table[i] = h
			sv.filled++
			return true
		}
	}
}

func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>31
}

// hash identifies a position; columns are summed so their order does not
// matter, and the foundations follow from where the other cards are.
func (sv *solver) hash(p *spos) uint64 {
	var h uint64
	for _, c := range p.colHash {
		h += c
	}
	t := p.talonHash
	if sv.hashW {
		t = mix(t ^ uint64(p.wpos)<<8 ^ uint64(p.recycles)<<16)
	}
	return mix(h ^ t)
}

func (c *column) hash() uint64 {
	h := uint64(c.down) + 0x9e3779b97f4a7c15
	for _, x := range c.cards[:c.n] {
		h = (h ^ uint64(x+1)) * 0x100000001b3
	}
	return mix(h)
}

func (p *spos) hashTalon() uint64 {
	t := uint64(0xcbf29ce484222325)
	for _, x := range p.talon[:p.nTalon] {
		t = (t ^ uint64(x+1)) * 0x100000001b3
	}
	return mix(t)
}

// safeMove finds a card on a column or the waste that goes to its
// foundation and that no other card can need.
func (p *spos) safeMove() (smove, bool) {
	for i := range p.cols {
		if col := &p.cols[i]; col.n > 0 && p.fitsFoundation(col.top()) && p.safe(col.top()) {
			return smove{src: int8(i), dst: dstFound, count: 1}, true
		}
	}
	if p.wpos > 0 {
		if c := p.talon[p.wpos-1]; p.fitsFoundation(c) && p.safe(c) {
			return smove{src: srcWaste, dst: dstFound, count: 1, wpos: p.wpos, recycles: p.recycles}, true
		}
	}
	return smove{}, false
}

// moves lists the pruned moves of p, best first.
func (sv *solver) moves(p *spos, ms []smove) []smove {
	// A safe card goes up at once, as the only move.
	if m, ok := p.safeMove(); ok {
		return append(ms, m)
	}
	firstEmpty := -1
	for j := range p.cols {
		if p.cols[j].n == 0 {
			firstEmpty = j
			break
		}
	}
	for i := range p.cols {
		col := &p.cols[i]
		if col.n == 0 {
			continue
		}
		if p.fitsFoundation(col.top()) {
			prio := int16(70)
			if col.n-1 == col.down && col.down > 0 {
				prio = 120 + int16(col.down)
			}
			ms = append(ms, smove{src: int8(i), dst: dstFound, count: 1, prio: prio})
		}
		base := col.cards[col.down]
		for j := range p.cols {
			to := &p.cols[j]
			if j == i || (to.n == 0 && j != firstEmpty) {
				continue
			}
			var want int8 = 13
			if to.n > 0 {
				want = rank(to.top()) - 1
			}
			k := int(col.down) + int(rank(base)-want)
			if k < int(col.down) || k >= int(col.n) || !p.fitsColumn(col.cards[k], j) {
				continue
			}
			var prio int16
			switch {
			case k == int(col.down) && col.down > 0:
				prio = 80 + int16(col.down) // turns a card
			case k == 0:
				if rank(col.cards[0]) == 13 {
					continue // a king already heads its column
				}
				prio = 30 // empties the column
			default:
				if !p.fitsFoundation(col.cards[k-1]) {
					continue // a part of a run moves only to free a foundation card
				}
				prio = 60
			}
			ms = append(ms, smove{src: int8(i), dst: int8(j), count: col.n - int8(k), prio: prio})
		}
	}
	ms = sv.talonMoves(p, firstEmpty, ms)
	// Insertion sort by priority, stable.
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].prio > ms[j-1].prio; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
	return ms
}

// talonMoves adds a move for every card the draws can bring to the top of
// the waste that fits somewhere, with the fewest draws.
func (sv *solver) talonMoves(p *spos, firstEmpty int, ms []smove) []smove {
	n := p.nTalon
	w, r := p.wpos, p.recycles
	visited := uint32(1) << w
	if w > 0 {
		ms = talonMove(p, firstEmpty, w, r, 0, ms)
	}
	for d := int8(1); ; d++ {
		if w == n {
			if n == 0 || (sv.limit != unlimited && r >= sv.limit) {
				return ms
			}
			w, r = 0, r+1
		} else {
			w = min(w+sv.draw, n)
		}
		if visited&(1<<w) != 0 {
			return ms
		}
		visited |= 1 << w
		if w > 0 {
			ms = talonMove(p, firstEmpty, w, r, d, ms)
		}
	}
}

// talonMove adds the moves of talon card w-1 once draws brought it up.
func talonMove(p *spos, firstEmpty int, w, r, draws int8, ms []smove) []smove {
	c := p.talon[w-1]
	penalty := int16(min(draws, 40))
	if p.fitsFoundation(c) {
		ms = append(ms, smove{src: srcWaste, dst: dstFound, count: 1, draws: draws, wpos: w, recycles: r, prio: 75 - penalty})
	}
	for j := range p.cols {
		if (p.cols[j].n == 0 && j != firstEmpty) || !p.fitsColumn(c, j) {
			continue
		}
		ms = append(ms, smove{src: srcWaste, dst: int8(j), count: 1, draws: draws, wpos: w, recycles: r, prio: 50 - penalty})
	}
	return ms
}
