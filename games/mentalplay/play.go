//go:build !(js && wasm)

package mentalplay

import (
	"encoding/json"
	"math/rand/v2"
	"slices"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/cards"
	"cardtable/games/mental"
	"cardtable/games/record"
)

// round is one round's deal as every page holds it in one process.
type round struct {
	ctx   []byte
	views []mental.View
	tr    *mental.Transcript
	pos   map[cards.Card]int // each card's position in the final deck
	seat  []int              // each position's seat
	owner []int              // each seat's page
	rec   record.MentalRound
}

// dealRound deals round n (from 1), first leading it: every page's part,
// owner[s] the page holding seat s (given is what the record says of it:
// nil when page i is seat i).
func dealRound(game string, r rules, opts games.Options, seed uint64, n, players, first int, owner, given []int) (games.Deal, *round, error) {
	ctx := Context(game, seed, n)
	seat := r.holder(players, first)
	views, tr, err := mental.DealPages(ctx, r.deck(players), slices.Max(owner)+1, holders(seat, owner))
	if err != nil {
		return games.Deal{}, nil, games.Errorf("round %d: %w", n, err)
	}
	raw, err := json.Marshal(tr)
	if err != nil {
		return games.Deal{}, nil, err
	}
	rd := &round{ctx: ctx, views: views, tr: tr, pos: map[cards.Card]int{}, seat: seat, owner: owner,
		rec: record.MentalRound{Transcript: raw, Opens: []record.MentalOpen{}, End: []record.MentalShare{}, Owner: slices.Clone(given)}}
	hands := make([]cards.Set, players)
	hidden := ""
	for _, v := range views {
		for _, h := range v.Hand { // in position order
			s := seat[h.Pos]
			hands[s] = hands[s].With(h.Card)
			rd.pos[h.Card] = h.Pos
		}
	}
	for pos, s := range seat {
		if s == first {
			for _, h := range views[owner[s]].Hand {
				if h.Pos == pos {
					hidden = h.Card.String()
				}
			}
			break
		}
	}
	d := games.Deal{Hands: make([][]string, players)}
	for s, hand := range hands {
		d.Hands[s] = hand.Strings()
	}
	if r.hidden(opts) {
		d.Hidden = hidden // the first leader's card at its lowest position
	}
	return d, rd, nil
}

func recordShare(sh mental.Share) record.MentalShare {
	d, proof := sh.Bytes()
	return record.MentalShare{Page: sh.Page, Pos: sh.Pos, D: d, Proof: proof}
}

// open is the holder's share that opens card c, shown by action i.
func (rd *round) open(i int, holder games.Seat, c cards.Card) error {
	pos, ok := rd.pos[c]
	if !ok || rd.seat[pos] != int(holder) {
		return games.Errorf("action %d shows %s, which is not in seat %d's hand", i, c, int(holder)+1)
	}
	page := rd.owner[holder]
	sh := mental.NewShare(mental.OpenContext(rd.ctx, i), page, pos, rd.views[page].Key, rd.tr.Final()[pos])
	rd.rec.Opens = append(rd.rec.Opens, record.MentalOpen{Action: i, MentalShare: recordShare(sh)})
	return nil
}

// end publishes the shares of every position no action opened.
func (rd *round) end() record.MentalRound {
	opened := make([]bool, len(rd.tr.Holder))
	for _, o := range rd.rec.Opens {
		opened[o.Pos] = true
	}
	ctx := mental.EndContext(rd.ctx)
	for pos := range rd.tr.Holder {
		if opened[pos] {
			continue
		}
		for _, p := range rd.tr.Missing(pos) {
			rd.rec.End = append(rd.rec.End, recordShare(mental.NewShare(ctx, p, pos, rd.views[p].Key, rd.tr.Final()[pos])))
		}
	}
	return rd.rec
}

// Play plays a match of cfg (no fixed deals) with one bot per seat, every
// round dealt with no dealer when the match reaches it, and returns its
// record (deals, actions and each round's mental part) and its last state.
// rng chooses among the seats that may act; maxSteps guards against a match
// that never ends. Page i is seat i.
func Play(e games.Entry, cfg games.Config, seats []bots.Bot, rng *rand.Rand, maxSteps int) (*record.Record, games.State, error) {
	return PlayPages(e, cfg, nil, seats, rng, maxSteps)
}

// PlayPages is Play with owner[s] the page holding seat s (Owners): the
// host's page, page 0, holds its bots' seats and deals for them.
func PlayPages(e games.Entry, cfg games.Config, owner []int, seats []bots.Bot, rng *rand.Rand, maxSteps int) (*record.Record, games.State, error) {
	id := e.Game.Info().ID
	whole, _, err := Owners(owner, cfg.Players)
	if err != nil {
		return nil, nil, err
	}
	r, ok := supported[id]
	if !ok {
		return nil, nil, games.Errorf("%s is not dealt with no dealer (only %v)", id, Games())
	}
	if len(cfg.Deals) > 0 {
		return nil, nil, games.Errorf("a match dealt with no dealer fixes no deal")
	}
	opts, err := e.Game.Info().Resolve(cfg)
	if err != nil {
		return nil, nil, err
	}
	rec := record.New(id, cfg)
	s, err := e.Game.New(cfg)
	if err != nil {
		return nil, nil, err
	}
	var cur *round
	// deal deals the round s has started, and rebuilds s with its hands.
	deal := func() error {
		n, first, err := r.read(s.View(games.God))
		if err != nil {
			return err
		}
		if n != len(rec.Deals)+1 {
			return games.Errorf("the match is in round %d after %d deals", n, len(rec.Deals))
		}
		d, rd, err := dealRound(id, r, opts, cfg.Seed, n, cfg.Players, first, whole, owner)
		if err != nil {
			return err
		}
		if cur != nil {
			rec.Mental = append(rec.Mental, cur.end())
		}
		cur = rd
		rec.Deals = append(rec.Deals, d)
		s, err = record.Replay(e.Game, rec, nil)
		return err
	}
	if err := deal(); err != nil {
		return nil, nil, err
	}
	var actors []games.Seat
	for step := 0; !s.Done(); step++ {
		if step >= maxSteps {
			return nil, nil, games.Errorf("no end after %d actions", maxSteps)
		}
		if s.Deadline() > 0 {
			return nil, nil, games.Errorf("a timed window is not dealt with no dealer")
		}
		actors = s.Actors(actors[:0])
		if len(actors) == 0 {
			return nil, nil, games.Errorf("no seat may act")
		}
		seat := actors[rng.IntN(len(actors))]
		if int(seat) >= len(seats) {
			return nil, nil, games.Errorf("seat %d has no bot", seat)
		}
		a, err := seats[seat].Choose(bots.TurnOf(e, cfg, s, seat))
		if err != nil {
			return nil, nil, games.Errorf("bot of seat %d: %w", seat, err)
		}
		i, act := len(rec.Actions), s.FormatAction(a)
		c, holder, shows, err := shown(s.Describe(games.God, seat, a))
		if s.Describe(games.Observer, seat, a).Secret {
			shows = false // a secret choice opens nothing: its card is read at the round's end
		}
		if err != nil {
			return nil, nil, games.Errorf("action %d: %w", i, err)
		}
		if err := s.Apply(seat, a); err != nil {
			return nil, nil, games.Errorf("seat %d %q: %w", seat, act, err)
		}
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: act})
		if shows {
			if err := cur.open(i, holder, c); err != nil {
				return nil, nil, err
			}
		}
		if s.Done() {
			break
		}
		if n, _, err := r.read(s.View(games.God)); err != nil {
			return nil, nil, err
		} else if n > len(rec.Deals) {
			if err := deal(); err != nil {
				return nil, nil, err
			}
		}
	}
	rec.Mental = append(rec.Mental, cur.end())
	return rec, s, nil
}
