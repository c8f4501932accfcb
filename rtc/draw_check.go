package rtc

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"slices"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc/wire"
)

// A page's part in the joint seed (draw.go is the host's): it commits to a
// share of its own and reveals it when asked, and it remembers what the
// lobby showed it during the draw, so that its check of the finished
// match holds the record to that and not only to itself. A page vouches
// for a deal only when its own share is in it, every share the lobby
// showed as revealed is in it, and the shares the host's page draws itself
// (its own seat's and the bots') are in it: the host cannot be late with
// those. A page that promised its share and was never asked to reveal it
// cannot vouch for the deal either: the host could have drawn its own
// shares after the fact.

// DrawMemory is what a page saw of one draw, kept across a reload of the
// page (PeerConfig.Draws, Peer.Draws).
type DrawMemory struct {
	Draw   int        `json:"draw"`
	Seat   games.Seat `json:"seat"`
	Share  []byte     `json:"share"`  // this page's share
	Commit string     `json:"commit"` // its commitment, in hexadecimal
	// Relayed is every seat's commitment as the lobby showed it when it
	// asked this page for its share; nil while it has not asked.
	Relayed []string `json:"relayed,omitempty"`
	// Shown: this page's share went out.
	Shown bool `json:"shown,omitempty"`
	// Revealed marks the seats whose shares the lobby ever showed as
	// revealed in this draw; HostDrawn those it showed as the host's seat
	// or a bot's, whose shares the host's page draws.
	Revealed  []bool `json:"revealed"`
	HostDrawn []bool `json:"hostDrawn"`
}

// peerDraw is the local seat's part in one draw: what it remembers, and
// what went out on the current link.
type peerDraw struct {
	DrawMemory
	sent     bool // the commitment went out on this link
	revealed bool // the share went out on this link
}

// restoreDraws takes back what a page remembered of the room's draws
// before a reload; an entry that does not hold together (its commitment
// is not its share's) is dropped, so the check of a deal it belonged to
// fails as for a page that never saw it.
func restoreDraws(room string, mem []DrawMemory) map[int]*peerDraw {
	out := map[int]*peerDraw{}
	for _, m := range mem {
		if m.Draw < 1 || m.Draw > wire.MaxDraw || m.Seat < 0 || len(m.Share) != record.ShareLen ||
			len(m.Revealed) != len(m.HostDrawn) ||
			(m.Relayed != nil && len(m.Relayed) != len(m.Revealed)) || int(m.Seat) >= len(m.Revealed) {
			continue
		}
		c := record.Commitment(m.Share, room, m.Seat)
		if m.Commit != hex.EncodeToString(c[:]) {
			continue
		}
		m.Share = bytes.Clone(m.Share)
		m.Relayed = slices.Clone(m.Relayed)
		m.Revealed, m.HostDrawn = slices.Clone(m.Revealed), slices.Clone(m.HostDrawn)
		out[m.Draw] = &peerDraw{DrawMemory: m}
	}
	forgetOldDraws(out)
	return out
}

// maxRemembered bounds the draws a page remembers (and keeps in its
// storage): a host that starts the shuffle again and again does not fill
// it. The check needs the last draw; older ones only confirm their
// commitments.
const maxRemembered = 16

// forgetOldDraws drops the oldest draws past maxRemembered.
func forgetOldDraws(draws map[int]*peerDraw) {
	for len(draws) > maxRemembered {
		oldest := -1
		for n := range draws {
			if oldest < 0 || n < oldest {
				oldest = n
			}
		}
		delete(draws, oldest)
	}
}

// Draws is what this page saw of the room's draws, to keep across a
// reload.
func (p *Peer) Draws() []DrawMemory {
	p.mu.Lock()
	defer p.mu.Unlock()
	// In the order of the draws: their numbers sorted, not the memories
	// (a sort of a struct type is a copy of the whole sort in app.wasm).
	ns := make([]int, 0, len(p.draws))
	for n := range p.draws {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	out := make([]DrawMemory, 0, len(ns))
	for _, n := range ns {
		out = append(out, p.draws[n].clone())
	}
	return out
}

func (d *peerDraw) clone() DrawMemory {
	m := d.DrawMemory
	m.Share, m.Relayed = bytes.Clone(m.Share), slices.Clone(m.Relayed)
	m.Revealed, m.HostDrawn = slices.Clone(m.Revealed), slices.Clone(m.HostDrawn)
	return m
}

// drawLocked answers the host's draw: the local seat commits to a share of
// its own, then reveals it once the host shows every commitment in. It
// notes what the lobby shows on the way.
func (p *Peer) drawLocked(conn Conn, d *wire.DrawStatus) {
	p.drawSt = d
	if p.draws == nil {
		p.draws = map[int]*peerDraw{}
	}
	seat := p.seat
	pd := p.draws[d.Draw]
	if seat < 0 || int(seat) >= len(d.Commits) {
		return
	}
	if pd == nil && d.Phase == wire.PhaseCommit {
		share := make([]byte, record.ShareLen)
		rand.Read(share)
		c := record.Commitment(share, p.cfg.Room, seat)
		n := len(d.Commits)
		pd = &peerDraw{DrawMemory: DrawMemory{Draw: d.Draw, Seat: seat, Share: share, Commit: hex.EncodeToString(c[:]),
			Revealed: make([]bool, n), HostDrawn: make([]bool, n)}}
		p.draws[d.Draw] = pd
		forgetOldDraws(p.draws)
	}
	if pd == nil || pd.Seat != seat || len(pd.Revealed) != len(d.Commits) {
		return
	}
	for i, r := range d.Revealed {
		pd.Revealed[i] = pd.Revealed[i] || r
	}
	if d.Phase == wire.PhaseCommit || d.Phase == wire.PhaseReveal {
		for _, s := range p.seats {
			if int(s.Seat) >= 0 && int(s.Seat) < len(pd.HostDrawn) && (s.Kind == KindHost || s.Kind == KindBot) {
				pd.HostDrawn[s.Seat] = true
			}
		}
	}
	switch d.Phase {
	case wire.PhaseCommit:
		if d.Commits[seat] == "" && !pd.sent {
			pd.sent = true
			send(conn, wire.ToHost{V: wire.Version, T: wire.MsgCommit, Draw: d.Draw, Commit: pd.Commit})
		}
	case wire.PhaseReveal:
		if d.Commits[seat] != pd.Commit {
			return // the host does not hold this page's commitment: its share stays here
		}
		if pd.Relayed == nil {
			pd.Relayed = slices.Clone(d.Commits)
		}
		if !d.Revealed[seat] && !pd.revealed {
			pd.revealed, pd.Shown = true, true
			send(conn, wire.ToHost{V: wire.Version, T: wire.MsgReveal, Draw: d.Draw, Share: hex.EncodeToString(pd.Share)})
		}
	}
}

// Draw is the joint seed's draw as the host's lobby last showed it, nil
// before the first.
func (p *Peer) Draw() *wire.DrawStatus {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawSt == nil {
		return nil
	}
	d := *p.drawSt
	return &d
}

// Verdict is what a page's own check of a finished room match found: Err
// is nil when the deal verified, else a *record.FairError naming what
// failed (or the match is not over).
type Verdict struct {
	Err   error
	Draws int            // how many draws the record holds
	Left  []wire.LeftOut // the seats the deal was drawn without
}

// Verify checks, on this page alone, the finished match's record: its
// joint seed (record.Verify: the shares against their commitments, the
// seed against the shares, the replay from it to the same scores), then
// the record against what this page saw (checkDraw), and that every view
// the host sent this seat is the one the seed deals.
func (p *Peer) Verify(g games.Game) Verdict {
	p.mu.Lock()
	rec := p.rec
	rec.Actions = slices.Clone(p.rec.Actions)
	final, result, seat := p.final, p.result, p.seat
	draws := make(map[int]DrawMemory, len(p.draws))
	for n, d := range p.draws {
		draws[n] = d.clone()
	}
	var left []wire.LeftOut
	if p.drawSt != nil {
		left = slices.Clone(p.drawSt.Left)
	}
	seen := make(map[int]string, len(p.seen))
	for k, v := range p.seen {
		seen[k] = v
	}
	p.mu.Unlock()
	v := Verdict{Left: left}
	if !final {
		v.Err = errors.New("the match is not over")
		return v
	}
	if rec.Fair != nil {
		v.Draws = len(rec.Fair.Draws)
	}
	if _, err := record.Verify(g, &rec, &result); err != nil {
		v.Err = err
		return v
	}
	if err := checkDraw(rec.Fair, seat, draws, left); err != nil {
		v.Err = err
		return v
	}
	if seat == games.Observer || len(seen) == 0 {
		return v
	}
	// Every view the host sent is the one the seed deals.
	views := make([]string, 0, len(rec.Actions)+1)
	end, err := record.Replay(g, &rec, func(i int, s games.State, _ record.Step) {
		views = append(views, wire.ViewHash(mustJSON(s.View(seat))))
	})
	if err == nil {
		views = append(views, wire.ViewHash(mustJSON(end.View(seat))))
	}
	steps := make([]int, 0, len(seen))
	for k := range seen {
		steps = append(steps, k)
	}
	slices.Sort(steps)
	for _, step := range steps {
		if step >= len(views) || views[step] != seen[step] {
			v.Err = &record.FairError{Kind: record.FairView, Seat: seat, Step: step}
			return v
		}
	}
	return v
}

// checkDraw holds a record's draws (already checked on their own) to what
// the page in seat saw of them: no draw it took part in is missing, the
// commitments are those the lobby relayed, the page had a share in the
// draw that dealt and that share is in the deal as it revealed it, and
// no share is missing that the host's page draws itself, that the lobby
// showed as revealed, or that the lobby never said was left out (left is
// its last word on the draw).
func checkDraw(f *record.Fair, seat games.Seat, draws map[int]DrawMemory, left []wire.LeftOut) error {
	fail := func(kind string, seat games.Seat, draw int) error {
		return &record.FairError{Kind: kind, Seat: seat, Draw: draw, Step: -1}
	}
	ns := make([]int, 0, len(draws))
	for n := range draws {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	if len(ns) > 0 && ns[len(ns)-1] > len(f.Draws) {
		return fail(record.FairMissedDraw, -1, ns[len(ns)-1])
	}
	for _, n := range ns {
		rd := f.Draws[n-1]
		for i, c := range draws[n].Relayed {
			if i >= len(rd.Commits) || c != rd.Commits[i] {
				return fail(record.FairCommits, games.Seat(i), n)
			}
		}
	}
	last := len(f.Draws)
	rd := f.Draws[last-1]
	d, ok := draws[last]
	if seat < 0 || !ok || int(d.Seat) >= len(rd.Reveals) || len(d.Revealed) != len(rd.Reveals) {
		return fail(record.FairNoShare, seat, last)
	}
	if rd.Reveals[d.Seat] != hex.EncodeToString(d.Share) {
		if d.Relayed == nil && !d.Shown {
			return fail(record.FairNotAsked, d.Seat, last)
		}
		return fail(record.FairOwnShare, d.Seat, last)
	}
	for i, r := range rd.Reveals {
		s := games.Seat(i)
		switch {
		case r != "":
		case d.HostDrawn[i]:
			return fail(record.FairHostShare, s, last)
		case d.Revealed[i]:
			return fail(record.FairShown, s, last)
		case !slices.ContainsFunc(left, func(l wire.LeftOut) bool { return l.Seat == s }):
			return fail(record.FairUnsaid, s, last)
		}
	}
	return nil
}
