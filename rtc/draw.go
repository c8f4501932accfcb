package rtc

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"time"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc/wire"
)

// The joint seed (record/fair.go). Start opens a draw: the host's page
// draws a share for its own seat and one for each bot seat, every player's
// page draws its own and sends its commitment; the lobby relays every
// commitment to every page as it comes in. Once every commitment is in
// (or DrawTimeout passed: the seats still silent are left out), the lobby
// says so and each page reveals its share to the host, which checks it
// against its commitment. Once every share is in (or DrawTimeout passed
// again), the seed is the hash of the shares in seat order and the match
// starts. The shares go to the peers only in the record at the end: they
// give the seed, hence every hand. A page's part in the draw, and its
// check of the deal against what it saw, are in draw_check.go.
//
// A draw given up (a seat changed under it, or the host's page reloaded)
// stays in the record and is shown in the lobby as an earlier draw, with
// how many shares had been revealed: a host that draws again once it has
// seen the shares shows.

// drawing is the draw under way on the host.
type drawing struct {
	n        int
	phase    string
	shares   [][]byte // the host's own shares: its seat's and the bots'
	deadline time.Time
	timer    *time.Timer
	left     []wire.LeftOut
}

// ErrDrawing refuses a lobby change the draw under way would not survive.
var ErrDrawing = errors.New("the deal is being drawn")

func (h *Host) fairLocked() *record.Fair {
	if h.t.rec.Fair == nil {
		h.t.rec.Fair = &record.Fair{Room: h.room}
	}
	return h.t.rec.Fair
}

// SetRoom names the room the draw binds the commitments to (its code, once
// the signaling server gave it).
func (h *Host) SetRoom(code string) {
	h.mu.Lock()
	defer h.unlock()
	h.room = code
}

// beginDrawLocked opens a new draw for the seats as they are.
func (h *Host) beginDrawLocked() {
	f := h.fairLocked()
	if len(f.Draws) == 0 {
		f.Room = h.room
	}
	// Every draw of a match names one room: the earlier ones stay in the
	// record as they were, so a later code does not rename them.
	n := len(h.seats)
	d := &drawing{n: len(f.Draws) + 1, phase: wire.PhaseCommit, shares: make([][]byte, n)}
	rd := record.Draw{Commits: make([]string, n), Reveals: make([]string, n)}
	for i, s := range h.seats {
		if s.Kind == KindHost || s.Kind == KindBot {
			share := make([]byte, record.ShareLen)
			rand.Read(share)
			c := record.Commitment(share, f.Room, games.Seat(i))
			d.shares[i] = share
			rd.Commits[i] = hex.EncodeToString(c[:])
		}
	}
	f.Draws = append(f.Draws, rd)
	h.draw = d
	h.armDrawLocked()
	h.drawProgressLocked()
}

// armDrawLocked starts the wait for the current phase.
func (h *Host) armDrawLocked() {
	d := h.draw
	if d.timer != nil {
		d.timer.Stop()
	}
	d.deadline = time.Now().Add(h.cfg.DrawTimeout)
	phase := d.phase
	d.timer = time.AfterFunc(h.cfg.DrawTimeout, func() {
		h.mu.Lock()
		defer h.unlock()
		if h.closed || h.draw != d || d.phase != phase {
			return
		}
		h.drawTimeoutLocked()
	})
}

func (h *Host) curDrawLocked() *record.Draw {
	f := h.t.rec.Fair
	return &f.Draws[len(f.Draws)-1]
}

// drawProgressLocked moves the draw on when every seat it waits for is in.
func (h *Host) drawProgressLocked() {
	d, rd := h.draw, h.curDrawLocked()
	if d.phase == wire.PhaseCommit {
		for _, c := range rd.Commits {
			if c == "" {
				h.lobbyChangedLocked()
				return
			}
		}
		h.revealPhaseLocked()
		return
	}
	for i, c := range rd.Commits {
		if c != "" && rd.Reveals[i] == "" && !slices.ContainsFunc(d.left, func(l wire.LeftOut) bool { return l.Seat == games.Seat(i) }) {
			h.lobbyChangedLocked()
			return
		}
	}
	h.finishDrawLocked()
}

// revealPhaseLocked: every commitment is in, or the wait for them is
// over; the host reveals its own shares and asks for the others.
func (h *Host) revealPhaseLocked() {
	d, rd := h.draw, h.curDrawLocked()
	for i, c := range rd.Commits {
		if c == "" {
			d.left = append(d.left, wire.LeftOut{Seat: games.Seat(i), Why: wire.LeftNoCommit})
		}
	}
	for i, share := range d.shares {
		if share != nil {
			rd.Reveals[i] = hex.EncodeToString(share)
		}
	}
	d.phase = wire.PhaseReveal
	h.armDrawLocked()
	h.journal = true
	h.drawProgressLocked()
}

func (h *Host) drawTimeoutLocked() {
	d, rd := h.draw, h.curDrawLocked()
	if d.phase == wire.PhaseCommit {
		h.revealPhaseLocked()
		return
	}
	for i, c := range rd.Commits {
		if c != "" && rd.Reveals[i] == "" && !slices.ContainsFunc(d.left, func(l wire.LeftOut) bool { return l.Seat == games.Seat(i) }) {
			d.left = append(d.left, wire.LeftOut{Seat: games.Seat(i), Why: wire.LeftNoReveal})
		}
	}
	h.finishDrawLocked()
}

// finishDrawLocked seeds the match with the hash of the shares revealed
// and starts it.
func (h *Host) finishDrawLocked() {
	d, rd := h.draw, h.curDrawLocked()
	d.timer.Stop()
	var shares [][]byte
	for _, r := range rd.Reveals {
		if r != "" {
			b, _ := hex.DecodeString(r)
			shares = append(shares, b)
		}
	}
	js := record.JointSeed(shares)
	rd.Seed = hex.EncodeToString(js[:])
	d.phase = wire.PhaseDone
	h.left = append([]wire.LeftOut{}, d.left...)
	h.draw = nil
	h.seedLocked(record.SeedOf(js))
}

// seedLocked deals the match from seed and starts it.
func (h *Host) seedLocked(seed uint64) {
	rec := h.t.record()
	rec.Seed = seed
	rec.Deals = nil
	fair := *rec.Fair
	fair.Draws = slices.Clone(fair.Draws)
	rec.Fair = &fair
	if err := h.t.replace(rec); err != nil {
		h.noticeLocked(Notice{Kind: NoticeError, Err: fmt.Sprintf("the drawn seed does not deal: %v", err)})
		return
	}
	h.trackLegal()
	h.startLocked()
}

// abandonDrawLocked gives up the draw under way: it stays in the record.
func (h *Host) abandonDrawLocked() {
	if h.draw == nil {
		return
	}
	if h.draw.timer != nil {
		h.draw.timer.Stop()
	}
	h.draw = nil
	h.journal = true
}

// inDrawLocked reports whether c's draw message m belongs to the draw under
// way in phase, and refuses it otherwise: a seatless link, another draw, or
// the wrong phase (notNow, a format of the draw's number).
func (h *Host) inDrawLocked(c *hostConn, m wire.ToHost, phase, notNow string) bool {
	d := h.draw
	switch {
	case c.seat < 0:
		h.refuseLocked(c, 0, errors.New("you have no seat at this table"))
	case d == nil || d.n != m.Draw:
		h.refuseLocked(c, 0, fmt.Errorf("draw %d is not under way", m.Draw))
	case d.phase != phase:
		h.refuseLocked(c, 0, fmt.Errorf(notNow, m.Draw))
	default:
		return true
	}
	return false
}

// commitLocked takes a peer's commitment.
func (h *Host) commitLocked(c *hostConn, m wire.ToHost) {
	if !h.inDrawLocked(c, m, wire.PhaseCommit, "draw %d takes no more commitments") {
		return
	}
	rd := h.curDrawLocked()
	switch old := rd.Commits[c.seat]; {
	case old == m.Commit:
		return // sent again after a reconnect
	case old != "":
		h.refuseLocked(c, 0, fmt.Errorf("seat %d has committed already in draw %d", c.seat, m.Draw))
		return
	}
	rd.Commits[c.seat] = m.Commit
	h.journal = true
	h.drawProgressLocked()
}

// revealLocked takes a peer's share and checks it against its commitment.
func (h *Host) revealLocked(c *hostConn, m wire.ToHost) {
	if !h.inDrawLocked(c, m, wire.PhaseReveal, "draw %d is not revealing: every commitment first") {
		return
	}
	d, rd := h.draw, h.curDrawLocked()
	seat := c.seat
	switch {
	case rd.Commits[seat] == "":
		h.refuseLocked(c, 0, fmt.Errorf("seat %d sent no commitment in draw %d", seat, m.Draw))
		return
	case rd.Reveals[seat] == m.Share:
		return // sent again after a reconnect
	case rd.Reveals[seat] != "" || slices.ContainsFunc(d.left, func(l wire.LeftOut) bool { return l.Seat == seat }):
		h.refuseLocked(c, 0, fmt.Errorf("seat %d's share is settled in draw %d", seat, m.Draw))
		return
	}
	share, _ := hex.DecodeString(m.Share)
	want := rd.Commits[seat]
	if got := record.Commitment(share, h.t.rec.Fair.Room, seat); hex.EncodeToString(got[:]) != want {
		d.left = append(d.left, wire.LeftOut{Seat: seat, Why: wire.LeftMismatch})
		h.refuseLocked(c, 0, fmt.Errorf("seat %d's share does not match its commitment: the deal is drawn without it", seat))
	} else {
		rd.Reveals[seat] = m.Share
	}
	h.journal = true
	h.drawProgressLocked()
}

// drawStatusLocked is the draw as the lobby shows it, nil before the first.
func (h *Host) drawStatusLocked() *wire.DrawStatus {
	f := h.t.rec.Fair
	if f == nil || len(f.Draws) == 0 {
		return nil
	}
	last := len(f.Draws) - 1
	rd := f.Draws[last]
	st := &wire.DrawStatus{Draw: last + 1, Phase: wire.PhaseDone, Commits: slices.Clone(rd.Commits), Revealed: make([]bool, len(rd.Reveals))}
	for i, r := range rd.Reveals {
		st.Revealed[i] = r != ""
	}
	current := h.draw != nil || h.started
	switch {
	case h.draw != nil:
		st.Phase = h.draw.phase
		st.Left = slices.Clone(h.draw.left)
		if st.Phase != wire.PhaseDone {
			st.WaitMs = max(0, time.Until(h.draw.deadline).Milliseconds())
		}
	case h.started:
		st.Left = leftOf(rd, h.left)
	}
	n := len(f.Draws)
	if current {
		n--
	}
	for i := range n {
		e := wire.EarlierDraw{Draw: i + 1, Seeded: f.Draws[i].Seed != ""}
		for _, r := range f.Draws[i].Reveals {
			if r != "" {
				e.Revealed++
			}
		}
		st.Earlier = append(st.Earlier, e)
	}
	if !current {
		// Between draws: the last one was given up; the lobby shows it
		// among the earlier ones and no draw under way.
		st.Draw, st.Phase, st.Left = n+1, wire.PhaseIdle, nil
		st.Commits, st.Revealed = make([]string, len(h.seats)), make([]bool, len(h.seats))
	}
	return st
}

// leftOf is who the finished draw left out: the host's note of why when
// it has one (it does until its page reloads), else what the record shows.
func leftOf(rd record.Draw, noted []wire.LeftOut) []wire.LeftOut {
	if noted != nil {
		return slices.Clone(noted)
	}
	var out []wire.LeftOut
	for i, c := range rd.Commits {
		switch {
		case c == "":
			out = append(out, wire.LeftOut{Seat: games.Seat(i), Why: wire.LeftNoCommit})
		case rd.Reveals[i] == "":
			out = append(out, wire.LeftOut{Seat: games.Seat(i), Why: wire.LeftNoReveal})
		}
	}
	return out
}

// Draw is the joint seed's draw as the lobby shows it, nil before the first.
func (h *Host) Draw() *wire.DrawStatus {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.drawStatusLocked()
}

// Verify checks the host's own record as every peer does (record.Verify).
func (h *Host) Verify(g games.Game) Verdict {
	h.mu.Lock()
	rec := h.journalLocked().Record
	done, result := h.t.state.Done(), h.t.state.Result()
	left := leftOf(record.Draw{}, nil)
	if f := rec.Fair; f != nil && len(f.Draws) > 0 {
		left = leftOf(f.Draws[len(f.Draws)-1], h.left)
	}
	h.mu.Unlock()
	v := Verdict{Left: left}
	if rec.Fair != nil {
		v.Draws = len(rec.Fair.Draws)
	}
	if !done {
		v.Err = errors.New("the match is not over")
		return v
	}
	_, v.Err = record.Verify(g, rec, &result)
	return v
}
