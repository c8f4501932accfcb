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

// jointDraw is a room's joint seed as the host draws it: the draw under
// way, its wait, and who the finished draw left out. The draws themselves
// are the record's (record.Fair), which every method is handed. It is the
// host's: the host's lock guards it, and the host tells the pages how it
// stands after every change.
type jointDraw struct {
	room    string // the room the commitments name
	timeout time.Duration
	// expired is called, outside any lock, when the wait of draw d's
	// phase is over; the host then takes its lock and calls expire.
	expired func(d *drawing, phase string)
	cur     *drawing       // the draw under way, nil between draws
	left    []wire.LeftOut // the seats the finished draw left out, and why (nil after a reload: the record says)
}

// drawing is one draw under way.
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

// busy reports whether a draw is under way.
func (j *jointDraw) busy() bool { return j.cur != nil }

// fair is the record's joint seed, made on the first draw.
func (j *jointDraw) fair(rec *record.Record) *record.Fair {
	if rec.Fair == nil {
		rec.Fair = &record.Fair{Room: j.room}
	}
	return rec.Fair
}

// begin opens a new draw for the seats as they are: own[i] says the host's
// page draws seat i's share (its own seat's, a bot's).
func (j *jointDraw) begin(f *record.Fair, own []bool) {
	if len(f.Draws) == 0 {
		f.Room = j.room
	}
	// Every draw of a match names one room: the earlier ones stay in the
	// record as they were, so a later code does not rename them.
	n := len(own)
	d := &drawing{n: len(f.Draws) + 1, phase: wire.PhaseCommit, shares: make([][]byte, n)}
	rd := record.Draw{Commits: make([]string, n), Reveals: make([]string, n)}
	for i, mine := range own {
		if mine {
			share := make([]byte, record.ShareLen)
			rand.Read(share)
			c := record.Commitment(share, f.Room, games.Seat(i))
			d.shares[i] = share
			rd.Commits[i] = hex.EncodeToString(c[:])
		}
	}
	f.Draws = append(f.Draws, rd)
	j.cur = d
	j.arm()
}

// arm starts the wait for the current phase.
func (j *jointDraw) arm() {
	d := j.cur
	if d.timer != nil {
		d.timer.Stop()
	}
	d.deadline = time.Now().Add(j.timeout)
	phase, expired := d.phase, j.expired
	d.timer = time.AfterFunc(j.timeout, func() { expired(d, phase) })
}

func current(f *record.Fair) *record.Draw { return &f.Draws[len(f.Draws)-1] }

// awaits reports whether the draw waits for seat's share: it committed,
// and it has not revealed nor been left out.
func (d *drawing) awaits(rd *record.Draw, seat int) bool {
	return rd.Commits[seat] != "" && rd.Reveals[seat] == "" &&
		!slices.ContainsFunc(d.left, func(l wire.LeftOut) bool { return l.Seat == games.Seat(seat) })
}

// settle moves the draw on as far as it goes: to the reveals once every
// commitment is in, to the seed once every share awaited is in. drawn
// reports the seed of a draw just finished.
func (j *jointDraw) settle(f *record.Fair) (seed uint64, drawn bool) {
	d, rd := j.cur, current(f)
	if d == nil {
		return 0, false
	}
	if d.phase == wire.PhaseCommit {
		if slices.Contains(rd.Commits, "") {
			return 0, false
		}
		j.reveal(f)
	}
	for i := range rd.Commits {
		if d.awaits(rd, i) {
			return 0, false
		}
	}
	return j.finish(f), true
}

// reveal: every commitment is in, or the wait for them is over; the host
// reveals its own shares and asks for the others.
func (j *jointDraw) reveal(f *record.Fair) {
	d, rd := j.cur, current(f)
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
	j.arm()
}

// expire ends the wait of draw d's phase, when that is the draw and the
// phase still under way: the seats still silent are left out. It reports
// whether the draw moved.
func (j *jointDraw) expire(f *record.Fair, d *drawing, phase string) bool {
	if j.cur != d || d.phase != phase {
		return false
	}
	if d.phase == wire.PhaseCommit {
		j.reveal(f)
		return true
	}
	rd := current(f)
	for i := range rd.Commits {
		if d.awaits(rd, i) {
			d.left = append(d.left, wire.LeftOut{Seat: games.Seat(i), Why: wire.LeftNoReveal})
		}
	}
	return true
}

// finish seeds the match with the hash of the shares revealed.
func (j *jointDraw) finish(f *record.Fair) uint64 {
	d, rd := j.cur, current(f)
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
	j.left = append([]wire.LeftOut{}, d.left...)
	j.cur = nil
	return record.SeedOf(js)
}

// abandon gives up the draw under way: it stays in the record. It reports
// whether there was one.
func (j *jointDraw) abandon() bool {
	if j.cur == nil {
		return false
	}
	if j.cur.timer != nil {
		j.cur.timer.Stop()
	}
	j.cur = nil
	return true
}

// under reports whether seat's message for draw n belongs to the draw under
// way in phase; the error says why not (notNow, a format of the draw's
// number: the wrong phase).
func (j *jointDraw) under(n int, phase, notNow string) error {
	switch d := j.cur; {
	case d == nil || d.n != n:
		return fmt.Errorf("draw %d is not under way", n)
	case d.phase != phase:
		return fmt.Errorf(notNow, n)
	}
	return nil
}

// commit takes seat's commitment in draw n. changed is false for one sent
// again after a reconnect.
func (j *jointDraw) commit(f *record.Fair, seat games.Seat, n int, commit string) (changed bool, err error) {
	if err := j.under(n, wire.PhaseCommit, "draw %d takes no more commitments"); err != nil {
		return false, err
	}
	rd := current(f)
	switch old := rd.Commits[seat]; {
	case old == commit:
		return false, nil // sent again after a reconnect
	case old != "":
		return false, fmt.Errorf("seat %d has committed already in draw %d", seat, n)
	}
	rd.Commits[seat] = commit
	return true, nil
}

// reveal takes seat's share in draw n and checks it against its
// commitment. A share that does not match leaves the seat out of the draw
// (changed, with the error that says so); changed is false for a share
// sent again after a reconnect.
func (j *jointDraw) revealShare(f *record.Fair, seat games.Seat, n int, hexShare string) (changed bool, err error) {
	if err := j.under(n, wire.PhaseReveal, "draw %d is not revealing: every commitment first"); err != nil {
		return false, err
	}
	d, rd := j.cur, current(f)
	switch {
	case rd.Commits[seat] == "":
		return false, fmt.Errorf("seat %d sent no commitment in draw %d", seat, n)
	case rd.Reveals[seat] == hexShare:
		return false, nil // sent again after a reconnect
	case !d.awaits(rd, int(seat)):
		return false, fmt.Errorf("seat %d's share is settled in draw %d", seat, n)
	}
	share, _ := hex.DecodeString(hexShare)
	if got := record.Commitment(share, f.Room, seat); hex.EncodeToString(got[:]) != rd.Commits[seat] {
		d.left = append(d.left, wire.LeftOut{Seat: seat, Why: wire.LeftMismatch})
		return true, fmt.Errorf("seat %d's share does not match its commitment: the deal is drawn without it", seat)
	}
	rd.Reveals[seat] = hexShare
	return true, nil
}

// status is the draw as the lobby shows it, nil before the first; started
// reports whether the last draw started the match.
func (j *jointDraw) status(f *record.Fair, started bool, seats int) *wire.DrawStatus {
	if f == nil || len(f.Draws) == 0 {
		return nil
	}
	last := len(f.Draws) - 1
	rd := f.Draws[last]
	st := &wire.DrawStatus{Draw: last + 1, Phase: wire.PhaseDone, Commits: slices.Clone(rd.Commits), Revealed: make([]bool, len(rd.Reveals))}
	for i, r := range rd.Reveals {
		st.Revealed[i] = r != ""
	}
	current := j.cur != nil || started
	switch {
	case j.cur != nil:
		st.Phase = j.cur.phase
		st.Left = slices.Clone(j.cur.left)
		if st.Phase != wire.PhaseDone {
			st.WaitMs = max(0, time.Until(j.cur.deadline).Milliseconds())
		}
	case started:
		st.Left = leftOf(rd, j.left)
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
		st.Commits, st.Revealed = make([]string, seats), make([]bool, seats)
	}
	return st
}

// The host's part: it opens a draw, hands the draw what the pages send,
// tells the pages how it stands and starts the match once it is drawn.

// SetRoom names the room the draw binds the commitments to (its code, once
// the signaling server gave it).
func (h *Host) SetRoom(code string) {
	h.mu.Lock()
	defer h.unlock()
	h.draw.room = code
}

// beginDrawLocked opens a new draw for the seats as they are.
func (h *Host) beginDrawLocked() {
	own := make([]bool, len(h.seats))
	for i, s := range h.seats {
		own[i] = s.Kind == KindHost || s.Kind == KindBot
	}
	h.draw.begin(h.draw.fair(h.t.rec), own)
	h.drawMovedLocked()
}

// drawExpired is the end of a draw phase's wait.
func (h *Host) drawExpired(d *drawing, phase string) {
	h.mu.Lock()
	defer h.unlock()
	if !h.closed && h.draw.expire(h.t.rec.Fair, d, phase) {
		h.drawMovedLocked()
	}
}

// drawMovedLocked starts the match once the draw is done, or tells the
// pages how it stands.
func (h *Host) drawMovedLocked() {
	h.journal = true
	if seed, drawn := h.draw.settle(h.t.rec.Fair); drawn {
		h.seedLocked(seed)
		return
	}
	h.lobbyChangedLocked()
}

// drawMessageLocked hands the draw a page's commitment or share.
func (h *Host) drawMessageLocked(c *hostConn, m wire.ToHost) {
	if c.seat < 0 {
		h.refuseLocked(c, 0, errors.New("you have no seat at this table"))
		return
	}
	var changed bool
	var err error
	if m.T == wire.MsgCommit {
		changed, err = h.draw.commit(h.t.rec.Fair, c.seat, m.Draw, m.Commit)
	} else {
		changed, err = h.draw.revealShare(h.t.rec.Fair, c.seat, m.Draw, m.Share)
	}
	if err != nil {
		h.refuseLocked(c, 0, err)
	}
	if changed {
		h.drawMovedLocked()
	}
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
	return h.draw.status(h.t.rec.Fair, h.started, len(h.seats))
}

// Verify checks the host's own record as every peer does (record.Verify).
func (h *Host) Verify(g games.Game) Verdict {
	h.mu.Lock()
	rec := h.journalLocked().Record
	done, result := h.t.state.Done(), h.t.state.Result()
	left := leftOf(record.Draw{}, nil)
	if f := rec.Fair; f != nil && len(f.Draws) > 0 {
		left = leftOf(f.Draws[len(f.Draws)-1], h.draw.left)
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
