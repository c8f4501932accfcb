//go:build !js

package signaling

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Healing: NATS may come back from a restart without the records (a server
// keeping them in memory, a lost disk), or a record may be lost alone. Each
// instance writes again what its own clients need: its hosts' rooms, its
// joiners, the rooms counted against its hosts' addresses, its heartbeat
// and the buckets themselves. It does so at once when its NATS connection
// comes back and then every healEvery, writing only what is missing, so a
// joiner is welcomed within moments of NATS's return. The record changes
// of clients that left while NATS could not be reached are written then
// too. (The connection itself subscribes again to its subjects.)

// How often the records are checked, and the first pause after a check
// that could not finish (it doubles up to healEvery).
var healEvery = 15 * time.Second // a variable: tests shorten it

const (
	healRetry = 200 * time.Millisecond
	maxOwed   = 4096 // record changes kept for when NATS is back
)

// reconnected is the NATS connection's reconnect handler: the server it
// reached may have lost the buckets and the records.
func (cl *cluster) reconnected(*nats.Conn) {
	cl.forget()
	cl.wake()
}

// wake asks the healer for a check now.
func (cl *cluster) wake() {
	select {
	case cl.healNow <- struct{}{}:
	default:
	}
}

// healer checks the records now and then, and when woken.
func (cl *cluster) healer() {
	defer cl.done.Done()
	t := time.NewTimer(healEvery)
	defer t.Stop()
	retry := healRetry
	for {
		select {
		case <-cl.stop:
			return
		case <-cl.healNow:
		case <-t.C:
		}
		next := healEvery
		if cl.heal() {
			retry = healRetry
		} else {
			next, retry = retry, min(2*retry, healEvery)
		}
		t.Reset(next)
	}
}

// heal makes the buckets if they are missing, beats, writes the record
// changes owed since NATS was away, and puts back what the local clients
// need in their rooms' records; false when some of it could not be done.
func (cl *cluster) heal() bool {
	ctx, cancel := context.WithTimeout(context.Background(), clusterOp)
	ok := cl.ready(ctx)
	if ok {
		cl.beat(ctx) // a lost heartbeats bucket shows here
	}
	cancel()
	if !ok {
		return false
	}
	ok = cl.payOwed()
	for _, lr := range cl.localRooms() {
		select {
		case <-cl.stop:
			return true
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), clusterOp)
		if cl.reregister(ctx, lr) != nil {
			ok = false
		}
		cancel()
	}
	return ok
}

// healGrace is how long a rooms bucket made anew cannot tell that a room
// is unknown: the instances may not all have written theirs back yet.
const healGrace = 20 * time.Second

// errRestoring refuses a joiner whose room is not in a bucket made anew.
var errRestoring = &refusal{CloseUnavailable, "signaling unavailable (its records are being restored): retrying"}

// noteAge notes until when the rooms bucket is too new to tell a room is
// unknown: a bucket made anew while this instance ran, by its age on the
// NATS server's own clock.
func (cl *cluster) noteAge(ctx context.Context, rooms jetstream.KeyValue) {
	st, err := rooms.Status(ctx)
	if err != nil {
		return
	}
	bs, ok := st.(*jetstream.KeyValueBucketStatus)
	if !ok || bs.StreamInfo() == nil {
		return
	}
	info := bs.StreamInfo()
	cl.mu.Lock()
	defer cl.mu.Unlock()
	anew := !cl.made.IsZero() && !info.Created.Equal(cl.made)
	cl.made = info.Created
	if age := info.TimeStamp.Sub(info.Created); anew && !info.TimeStamp.IsZero() && age < healGrace {
		cl.young = time.Now().Add(healGrace - age)
	}
}

// recovering turns an unknown room into a passing refusal while the
// rooms bucket is new (looked at again: another instance may have made it
// anew before this one's connection said it was back).
func (cl *cluster) recovering(ctx context.Context, err error) error {
	if !errors.Is(err, errUnknownRoom) {
		return err
	}
	if rooms, _ := cl.kv(); rooms != nil || cl.ready(ctx) {
		if rooms, _ = cl.kv(); rooms != nil {
			cl.noteAge(ctx, rooms)
		}
	}
	cl.mu.Lock()
	young := time.Now().Before(cl.young)
	cl.mu.Unlock()
	if young {
		return errRestoring
	}
	return err
}

// localRoom is what the clients of one room on this instance need from
// its record.
type localRoom struct {
	r       *room
	code    string
	host    *client // nil: no host here
	gen     uint64
	ip      string
	joiners []*client
	recs    []joinerRecord // the joiners' entries, in the same order
	next    int            // the highest joiner id this instance saw in the room
}

func (cl *cluster) localRooms() []localRoom {
	s := cl.s
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]localRoom, 0, len(s.rooms))
	for code, r := range s.rooms {
		lr := localRoom{r: r, code: code, host: r.host, next: r.next}
		if h := r.host; h != nil {
			lr.gen, lr.ip = h.gen, h.ip
		}
		for _, j := range r.joiners {
			lr.joiners = append(lr.joiners, j)
			lr.recs = append(lr.recs, joinerRecord{Peer: j.peer, IP: j.ip, Inst: cl.id})
			lr.next = max(lr.next, peerNum(j.peer))
		}
		out = append(out, lr)
	}
	return out
}

// stillIn reports whether c is still in room r here.
func (cl *cluster) stillIn(c *client, r *room) bool {
	cl.s.mu.Lock()
	defer cl.s.mu.Unlock()
	return c.room == r
}

// reregister writes into a room's record what its clients here need and
// it lacks: the host (unless a newer host connection took the room), the
// joiners, and joiner ids beyond those handed out, so no id is given twice.
func (cl *cluster) reregister(ctx context.Context, lr localRoom) error {
	var hostBack, hostWritten bool
	var added []int
	rec, err := cl.update(ctx, lr.code, func(rec *roomRecord, exists bool) (casAction, error) {
		hostBack, hostWritten, added = false, false, added[:0]
		act := casKeep
		if !exists {
			act = casWrite
		}
		if h := lr.host; h != nil && rec.Gen <= lr.gen && !(rec.Host == cl.id && rec.Gen == lr.gen) &&
			(rec.Host == "" || rec.Host == cl.id || !cl.isAlive(ctx, rec.Host)) && cl.stillIn(h, lr.r) {
			hostBack = exists && rec.Host != cl.id
			rec.Host, rec.Gen, rec.Owner, rec.Counted = cl.id, lr.gen, lr.ip, true
			hostWritten, act = true, casWrite
		}
		for i, j := range lr.recs {
			if slicesIndex(rec.Joiners, j.Peer) >= 0 || len(rec.Joiners) >= maxRecordPeers || !cl.stillIn(lr.joiners[i], lr.r) {
				continue
			}
			rec.Joiners = append(rec.Joiners, j)
			added, act = append(added, i), casWrite
		}
		if rec.Next < lr.next {
			rec.Next, act = lr.next, casWrite
		}
		return act, nil
	})
	if err != nil {
		return err
	}
	// A client that left while its entry was written back: its leaving
	// found nothing to take out, so it is taken out now.
	if hostWritten {
		if !cl.stillIn(lr.host, lr.r) {
			return cl.leaveRecord(ctx, owed{code: lr.code, host: true, gen: lr.gen})
		}
		cl.countRoom(ctx, lr.ip, lr.code) // over the address's rooms: it stays counted as it was
		if hostBack {
			// Joiners told there was no host hear it is back, and the
			// host hears of the joiners that came while NATS did not
			// reach it (again, for those it knows: a join is idempotent).
			cl.publish(eventSubject(lr.code), wireMsg{T: wireHostUp, Inst: cl.id, Gen: lr.gen})
			cl.s.mu.Lock()
			if lr.r.host == lr.host {
				for _, j := range rec.Joiners {
					lr.host.offer(Message{Type: TypeJoin, Peer: j.Peer})
				}
			}
			cl.s.mu.Unlock()
		}
	}
	// Joiners here hear what NATS did not bring them while it was away:
	// the host came or left.
	cl.s.mu.Lock()
	for _, j := range lr.joiners {
		switch {
		case j.room != lr.r:
		case rec.Host == "" && j.hostUp.Swap(false):
			j.send(Message{Type: TypeNoHost})
		case rec.Host != "" && !j.hostUp.Swap(true):
			j.send(Message{Type: TypeHostUp})
		}
	}
	cl.s.mu.Unlock()
	for _, i := range added {
		if !cl.stillIn(lr.joiners[i], lr.r) {
			if err := cl.leaveRecord(ctx, owed{code: lr.code, peer: lr.recs[i].Peer}); err != nil {
				return err
			}
		}
	}
	return nil
}

// owed is the record change of a client that left: the host of
// generation gen, or joiner peer.
type owed struct {
	code string
	host bool
	gen  uint64
	peer string
}

// owe keeps a record change that could not be written, for heal.
func (cl *cluster) owe(o owed) {
	cl.mu.Lock()
	if len(cl.owed) < maxOwed {
		cl.owed = append(cl.owed, o)
	}
	cl.mu.Unlock()
	cl.wake()
}

// payOwed writes the record changes owed; false when some are still owed.
func (cl *cluster) payOwed() bool {
	cl.mu.Lock()
	list := cl.owed
	cl.owed = nil
	cl.mu.Unlock()
	for i, o := range list {
		ctx, cancel := context.WithTimeout(context.Background(), clusterOp)
		err := cl.leaveRecord(ctx, o)
		cancel()
		if err != nil {
			cl.mu.Lock()
			cl.owed = append(list[i:], cl.owed...)
			cl.mu.Unlock()
			return false
		}
	}
	return true
}

// peerNum is the number of joiner id p ("p12": 12); 0 when it has none.
func peerNum(p string) int {
	if !validPeer(p) {
		return 0
	}
	n, _ := strconv.Atoi(p[1:])
	return n
}
