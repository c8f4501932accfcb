//go:build !js

package signaling

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	mathrand "math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// A cluster is a server's link to the other instances through NATS: the
// room records (who hosts, who waits, which peer ids are taken, whose rooms
// an address holds) live in JetStream key-value buckets and change only by
// compare-and-set, so every instance sees and enforces the same limits; what
// the clients say crosses instances on one NATS subject per room and role.
type cluster struct {
	s  *Server
	nc *nats.Conn
	id string // this instance in the records
	ch chan *nats.Msg

	stop     chan struct{}
	stopOnce sync.Once
	closed   chan struct{} // the NATS connection closed
	done     sync.WaitGroup

	mu     sync.Mutex
	kvErr  error
	rooms  jetstream.KeyValue
	insts  jetstream.KeyValue
	alive  map[string]time.Time // instances seen alive lately, until when
	subs   map[string]*subRef
	halted bool

	healNow chan struct{} // asks the healer for a check now
	owed    []owed        // record changes NATS was away for
	made    time.Time     // when the rooms bucket was made, as last seen
	young   time.Time     // until then, the rooms bucket is too new to tell a room is unknown

	dialErr error // why the last try to reach NATS failed (a refused login); under mu
}

type subRef struct {
	sub *nats.Subscription
	n   int
}

// Cluster settings: how long one operation on the records may take, the
// subjects, the buckets, and how an instance shows it is alive.
const (
	clusterOp      = 3 * time.Second
	subjectPrefix  = "cardtable.signal."
	roomsBucket    = "cardtable_signal_rooms"
	instsBucket    = "cardtable_signal_instances"
	heartbeatEvery = 3 * time.Second
	instanceTTL    = 10 * time.Second // an instance silent this long is dead
	roomTTL        = 24 * time.Hour   // a record untouched this long is forgotten
	touchEvery     = time.Hour        // hosted rooms are touched this often
	casTries       = 32
	clientQueue    = 8192
)

// Reasons the cluster gives a client it cannot serve now.
var (
	errUnavailable = errors.New("signaling unavailable (its message service is down): retrying")
	errUnknownRoom = errors.New("unknown room (it may have ended)")
	errBusy        = &refusal{CloseUnavailable, "signaling busy (the room changed too often at once): retrying"}
)

// refusal is a limit the records enforce: the close code and reason.
type refusal struct {
	code   websocket.StatusCode
	reason string
}

func (r *refusal) Error() string { return r.reason }

func newCluster(s *Server, url string) (*cluster, error) {
	idb := make([]byte, 6)
	rand.Read(idb)
	cl := &cluster{
		s: s, id: base64.RawURLEncoding.EncodeToString(idb),
		ch:     make(chan *nats.Msg, clientQueue),
		stop:   make(chan struct{}),
		closed: make(chan struct{}),
		alive:  map[string]time.Time{}, subs: map[string]*subRef{},
	}
	cl.healNow = make(chan struct{}, 1)
	auth, err := natsAuthOptions(url, s.cfg.NATSAuth, s.cfg.Key)
	if err != nil {
		return nil, fmt.Errorf("signaling: %w", err)
	}
	auth = append(auth, nats.ReconnectErrHandler(cl.dialFailed))
	nc, err := nats.Connect(url, append(auth,
		nats.Name("cardtable-signal-"+cl.id),
		nats.RetryOnFailedConnect(true),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond),
		nats.PingInterval(5*time.Second),
		nats.MaxPingsOutstanding(2),
		// A NATS server that restarted may have lost the buckets and the
		// records: they are made and written again (heal.go).
		nats.ReconnectHandler(cl.reconnected),
		nats.ClosedHandler(func(*nats.Conn) { close(cl.closed) }),
	)...)
	if err != nil {
		return nil, fmt.Errorf("signaling: nats %s: %w", RedactNATS(url), err)
	}
	cl.nc = nc
	cl.done.Add(3)
	go cl.dispatch()
	go cl.heartbeat()
	go cl.healer()
	return cl, nil
}

// ready makes the buckets once NATS answers; false when it cannot now.
func (cl *cluster) ready(ctx context.Context) bool {
	if !cl.nc.IsConnected() {
		return false
	}
	cl.mu.Lock()
	ok := cl.rooms != nil && cl.insts != nil
	cl.mu.Unlock()
	if ok {
		return true
	}
	js, err := jetstream.New(cl.nc)
	if err != nil {
		return cl.fail(err)
	}
	rooms, err := cl.openBucket(ctx, js, roomsBucket, roomTTL)
	if err != nil {
		return cl.fail(err)
	}
	insts, err := cl.openBucket(ctx, js, instsBucket, instanceTTL)
	if err != nil {
		return cl.fail(err)
	}
	cl.noteAge(ctx, rooms) // before the handles are used
	cl.mu.Lock()
	cl.rooms, cl.insts, cl.kvErr = rooms, insts, nil
	cl.mu.Unlock()
	cl.beat(ctx)
	return true
}

// openBucket makes the bucket name with this instance's settings, or
// updates it to them. A bucket another instance of the cluster made with
// settings NATS cannot change in place (another storage) is used as it is:
// the instances share it whichever made it.
func (cl *cluster) openBucket(ctx context.Context, js jetstream.JetStream, name string, ttl time.Duration) (jetstream.KeyValue, error) {
	kv, err := js.CreateOrUpdateKeyValue(ctx, cl.bucket(name, ttl))
	if err == nil {
		return kv, nil
	}
	if kv, berr := js.KeyValue(ctx, name); berr == nil {
		return kv, nil
	}
	return nil, bucketErr(name, err)
}

// bucket is the settings of one of the cluster's buckets: the storage and
// replicas of the Config.
func (cl *cluster) bucket(name string, ttl time.Duration) jetstream.KeyValueConfig {
	st := jetstream.FileStorage
	if cl.s.cfg.NATSStorage == StorageMemory {
		st = jetstream.MemoryStorage
	}
	return jetstream.KeyValueConfig{Bucket: name, History: 1, TTL: ttl, Storage: st, Replicas: cl.s.cfg.NATSReplicas}
}

// bucketErr says which bucket could not be made, and why that may be.
func bucketErr(name string, err error) error {
	return fmt.Errorf("bucket %s: %w (a bucket keeps the storage it was made with: remove it or give that storage; replicas need as many NATS servers with JetStream)", name, err)
}

// dialFailed keeps why a try to reach NATS failed, for WaitCluster to
// tell (a wrong password or certificate shows there).
func (cl *cluster) dialFailed(_ *nats.Conn, err error) {
	cl.mu.Lock()
	cl.dialErr = err
	cl.mu.Unlock()
}

// forget drops the buckets' handles: the next operation makes them again.
func (cl *cluster) forget() {
	cl.mu.Lock()
	cl.rooms, cl.insts = nil, nil
	cl.mu.Unlock()
}

// unavailable is an operation on the records that failed: the buckets are
// made again before the next.
func (cl *cluster) unavailable() error {
	cl.forget()
	return errUnavailable
}

func (cl *cluster) fail(err error) bool {
	cl.mu.Lock()
	cl.kvErr = err
	cl.mu.Unlock()
	return false
}

// wait blocks until the cluster is ready or ctx ends.
func (cl *cluster) wait(ctx context.Context) error {
	for {
		octx, cancel := context.WithTimeout(ctx, clusterOp)
		ok := cl.ready(octx)
		cancel()
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			cl.mu.Lock()
			err := cl.kvErr
			if err == nil && cl.dialErr != nil {
				err = fmt.Errorf("not connected: %w", cl.dialErr)
			}
			cl.mu.Unlock()
			if err == nil {
				err = errors.New("not connected")
			}
			return fmt.Errorf("signaling: nats: %w (%v)", ctx.Err(), err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func (cl *cluster) kv() (rooms, insts jetstream.KeyValue) {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return cl.rooms, cl.insts
}

// heartbeat tells the others this instance is alive, and now and then
// touches the records of the rooms it hosts so they outlive roomTTL.
func (cl *cluster) heartbeat() {
	defer cl.done.Done()
	t := time.NewTicker(heartbeatEvery)
	defer t.Stop()
	touched := time.Now()
	for {
		select {
		case <-cl.stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), clusterOp)
		if cl.ready(ctx) {
			cl.beat(ctx)
		}
		if cl.ready(ctx) && time.Since(touched) > touchEvery {
			touched = time.Now()
			for _, code := range cl.hostedRooms() {
				cl.update(ctx, code, func(*roomRecord, bool) (casAction, error) { return casWrite, nil })
			}
		}
		cancel()
	}
}

func (cl *cluster) beat(ctx context.Context) {
	if _, insts := cl.kv(); insts != nil {
		if _, err := insts.Put(ctx, "i."+cl.id, []byte(time.Now().UTC().Format(time.RFC3339))); err != nil {
			// The bucket may be gone (deleted, or NATS lost it): made
			// again, with the records, by the healer.
			cl.forget()
			cl.wake()
		}
	}
}

func (cl *cluster) hostedRooms() []string {
	s := cl.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for code, r := range s.rooms {
		if r.host != nil {
			out = append(out, code)
		}
	}
	return out
}

// isAlive reports whether instance id still beats (a second's cache).
func (cl *cluster) isAlive(ctx context.Context, id string) bool {
	if id == "" {
		return false
	}
	if id == cl.id {
		return true
	}
	cl.mu.Lock()
	until, ok := cl.alive[id]
	cl.mu.Unlock()
	if ok && time.Now().Before(until) {
		return true
	}
	_, insts := cl.kv()
	if insts == nil {
		return true // cannot tell: keep it
	}
	_, err := insts.Get(ctx, "i."+id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		cl.mu.Lock()
		delete(cl.alive, id)
		cl.mu.Unlock()
		return false
	}
	if err == nil {
		cl.mu.Lock()
		cl.alive[id] = time.Now().Add(time.Second)
		cl.mu.Unlock()
	}
	return true // alive, or cannot tell
}

// close leaves the cluster: the records keep what the closing connections
// take out of them as they go.
func (cl *cluster) close() {
	cl.stopOnce.Do(func() { close(cl.stop) })
	if cl.nc.Drain() == nil {
		select {
		case <-cl.closed:
		case <-time.After(2 * time.Second):
			cl.nc.Close()
		}
	}
	cl.done.Wait()
}

// halt leaves at once, telling nobody, as an instance that dies does.
func (cl *cluster) halt() {
	cl.mu.Lock()
	cl.halted = true
	cl.mu.Unlock()
	cl.stopOnce.Do(func() { close(cl.stop) })
	cl.nc.Close()
	cl.done.Wait()
}

func (cl *cluster) isHalted() bool {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return cl.halted
}

// Subjects of a room: what goes to its host, the events its joiners hear,
// and what goes to one joiner.
func hostSubject(code string) string       { return subjectPrefix + code + ".h" }
func eventSubject(code string) string      { return subjectPrefix + code + ".e" }
func peerSubject(code, peer string) string { return subjectPrefix + code + ".j." + peer }
func roomKey(code string) string           { return "r." + code }
func addrKey(ip string) string             { return "a." + base64.RawURLEncoding.EncodeToString([]byte(ip)) }
func (cl *cluster) publish(subj string, w wireMsg) {
	b, err := encodeWire(w)
	if err == nil {
		cl.nc.Publish(subj, b)
	}
}

// subscribe and unsubscribe count the local clients that need a subject.
func (cl *cluster) subscribe(subj string) {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	if ref := cl.subs[subj]; ref != nil {
		ref.n++
		return
	}
	sub, err := cl.nc.ChanSubscribe(subj, cl.ch)
	if err != nil {
		return
	}
	cl.subs[subj] = &subRef{sub: sub, n: 1}
}

func (cl *cluster) unsubscribe(subj string) {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	ref := cl.subs[subj]
	if ref == nil {
		return
	}
	if ref.n--; ref.n <= 0 {
		ref.sub.Unsubscribe()
		delete(cl.subs, subj)
	}
}

// dispatch hands what arrives from NATS to the local clients it is for.
func (cl *cluster) dispatch() {
	defer cl.done.Done()
	for {
		select {
		case <-cl.stop:
			return
		case m := <-cl.ch:
			cl.deliver(m.Subject, m.Data)
		}
	}
}

// deliver checks one message from NATS and passes it on; anything that
// does not parse is dropped.
func (cl *cluster) deliver(subj string, data []byte) {
	code, kind, peer, ok := parseSubject(subj)
	if !ok {
		return
	}
	w, err := decodeWire(data, cl.s.cfg.MaxMessage)
	if err != nil {
		return
	}
	s := cl.s
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rooms[code]
	if r == nil {
		return
	}
	switch kind {
	case "h":
		h := r.host
		if h == nil || w.Peer == "" { // what goes to a host names its joiner
			return
		}
		switch w.T {
		case wireJoin:
			r.next = max(r.next, peerNum(w.Peer)) // kept for healing
			h.offer(Message{Type: TypeJoin, Peer: w.Peer})
		case wireLeave:
			h.offer(Message{Type: TypeLeave, Peer: w.Peer})
		case wireSignal:
			if h.offer(Message{Type: TypeSignal, Peer: w.Peer, Data: w.Data}) {
				hb := &h.budget
				hb.tokens = min(float64(s.hostCap()), hb.tokens+float64(s.cfg.HostCredit))
			}
		}
	case "e":
		switch w.T {
		case wireHostUp:
			if h := r.host; h != nil && h.gen < w.Gen {
				h.close(CloseReplaced, "the host connected again elsewhere")
				h.room = nil
				r.host = nil
				cl.unsubscribe(hostSubject(code))
				cl.unsubscribe(eventSubject(code))
			}
			for _, j := range r.joiners {
				j.hostUp.Store(true)
				j.send(Message{Type: TypeHostUp})
			}
		case wireNoHost:
			if r.host == nil {
				for _, j := range r.joiners {
					j.hostUp.Store(false)
					j.send(Message{Type: TypeNoHost})
				}
			}
		}
		s.forgetIfEmptyLocked(r)
	case "j":
		if w.T != wireSignal {
			return
		}
		for _, j := range r.joiners {
			if j.peer == peer {
				j.send(Message{Type: TypeSignal, Data: w.Data})
				return
			}
		}
	}
}

// parseSubject splits prefix.CODE.h, prefix.CODE.e and prefix.CODE.j.PEER.
func parseSubject(subj string) (code, kind, peer string, ok bool) {
	rest, found := strings.CutPrefix(subj, subjectPrefix)
	if !found {
		return "", "", "", false
	}
	parts := strings.Split(rest, ".")
	if len(parts) < 2 || !ValidRoom(parts[0]) {
		return "", "", "", false
	}
	switch {
	case len(parts) == 2 && (parts[1] == "h" || parts[1] == "e"):
		return parts[0], parts[1], "", true
	case len(parts) == 3 && parts[1] == "j" && validPeer(parts[2]):
		return parts[0], "j", parts[2], true
	}
	return "", "", "", false
}

// casAction is what an update does with the record its function saw.
type casAction int

const (
	casKeep   casAction = iota // nothing to write
	casWrite                   // write the changed record
	casDelete                  // the room is empty: forget it
)

// update reads the record of room code, lets fn change it, and writes it
// back only if nobody wrote it in between (else reads it again).
func (cl *cluster) update(ctx context.Context, code string, fn func(rec *roomRecord, exists bool) (casAction, error)) (roomRecord, error) {
	rooms, _ := cl.kv()
	if rooms == nil {
		return roomRecord{}, errUnavailable
	}
	for try := range casTries {
		var rec roomRecord
		var rev uint64
		exists := false
		e, err := rooms.Get(ctx, roomKey(code))
		switch {
		case err == nil:
			rev, exists = e.Revision(), true
			if rec, err = decodeRecord(e.Value()); err != nil {
				rec = roomRecord{} // a broken record is taken as empty
			}
		case errors.Is(err, jetstream.ErrKeyNotFound):
		default:
			return rec, cl.unavailable()
		}
		act, err := fn(&rec, exists)
		if err != nil || act == casKeep {
			return rec, err
		}
		switch {
		case act == casDelete && exists:
			err = rooms.Delete(ctx, roomKey(code), jetstream.LastRevision(rev))
		case act == casDelete:
			return rec, nil
		case exists:
			var b []byte
			if b, err = encodeRecord(rec); err == nil {
				_, err = rooms.Update(ctx, roomKey(code), b, rev)
			}
		default:
			var b []byte
			if b, err = encodeRecord(rec); err == nil {
				_, err = rooms.Create(ctx, roomKey(code), b)
			}
		}
		if err == nil {
			return rec, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) && !isWrongSequence(err) {
			return rec, cl.unavailable()
		}
		casPause(try)
	}
	return roomRecord{}, errBusy
}

// casPause waits a little, longer after each conflict, so that instances
// writing one record at once do not collide again.
func casPause(try int) {
	time.Sleep(time.Duration(mathrand.Int64N(int64(try+1) * int64(time.Millisecond))))
}

func isWrongSequence(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence
}

// pruneLocked drops from rec the joiners and the host whose instances died.
func (cl *cluster) prune(ctx context.Context, rec *roomRecord) {
	if rec.Host != "" && !cl.isAlive(ctx, rec.Host) {
		rec.Host = ""
	}
	kept := rec.Joiners[:0]
	for _, j := range rec.Joiners {
		if cl.isAlive(ctx, j.Inst) {
			kept = append(kept, j)
		}
	}
	rec.Joiners = kept
}

// countRoom counts room code against the rooms of address ip, across every
// instance: the address's list drops rooms that ended, moved to another
// owner or lost their host, and holds at most MaxRoomsPerIP.
func (cl *cluster) countRoom(ctx context.Context, ip, code string) error {
	rooms, _ := cl.kv()
	if rooms == nil {
		return errUnavailable
	}
	key := addrKey(ip)
	for try := range casTries {
		var list addrRecord
		var rev uint64
		exists := false
		e, err := rooms.Get(ctx, key)
		switch {
		case err == nil:
			rev, exists = e.Revision(), true
			list, _ = decodeAddr(e.Value())
		case errors.Is(err, jetstream.ErrKeyNotFound):
		default:
			return cl.unavailable()
		}
		var kept []string
		for _, c := range list.Rooms {
			if c == code {
				return nil // counted already
			}
			if cl.counts(ctx, c, ip) {
				kept = append(kept, c)
			}
		}
		if len(kept) >= cl.s.cfg.MaxRoomsPerIP {
			return &refusal{code: CloseTooMany, reason: fmt.Sprintf("too many rooms from your address (limit %d)", cl.s.cfg.MaxRoomsPerIP)}
		}
		b, err := encodeAddr(addrRecord{Rooms: append(kept, code)})
		if err != nil {
			return errUnavailable
		}
		if exists {
			_, err = rooms.Update(ctx, key, b, rev)
		} else {
			_, err = rooms.Create(ctx, key, b)
		}
		if err == nil {
			return nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) && !isWrongSequence(err) {
			return cl.unavailable()
		}
		casPause(try)
	}
	return errBusy
}

// counts reports whether room code still counts against address ip.
func (cl *cluster) counts(ctx context.Context, code, ip string) bool {
	rooms, _ := cl.kv()
	if rooms == nil {
		return true // cannot tell: keep counting it
	}
	e, err := rooms.Get(ctx, roomKey(code))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return false
	}
	if err != nil {
		return true // cannot tell: keep counting it
	}
	rec, err := decodeRecord(e.Value())
	return err == nil && rec.Counted && rec.Owner == ip && cl.isAlive(ctx, rec.Host)
}

// refuse closes c with the reason err gives.
func refuse(c *client, err error) {
	var rf *refusal
	switch {
	case errors.As(err, &rf):
		c.close(rf.code, truncate(rf.reason))
	case errors.Is(err, errUnknownRoom):
		c.close(CloseUnknownRoom, errUnknownRoom.Error())
	default:
		c.close(CloseUnavailable, errUnavailable.Error())
	}
}

// enter puts c in its room across the cluster, or closes it with the
// reason it cannot enter.
func (cl *cluster) enter(c *client, seg, secret string) bool {
	s := cl.s
	ctx, cancel := context.WithTimeout(context.Background(), clusterOp)
	defer cancel()
	if !cl.ready(ctx) {
		c.close(CloseUnavailable, errUnavailable.Error())
		return false
	}
	if seg == NewRoom || secret != "" {
		return cl.enterHost(ctx, c, seg, secret)
	}
	code := seg
	// Events first: a host that comes up while c enters is heard.
	cl.subscribe(eventSubject(code))
	var peer string
	rec, err := cl.update(ctx, code, func(rec *roomRecord, exists bool) (casAction, error) {
		if !exists {
			return casKeep, errUnknownRoom
		}
		cl.prune(ctx, rec)
		if len(rec.Joiners) >= s.cfg.MaxJoiners {
			return casKeep, &refusal{CloseRoomFull, fmt.Sprintf("room full (%d joiners are connecting): try again in a moment", s.cfg.MaxJoiners)}
		}
		mine := 0
		for _, j := range rec.Joiners {
			if j.IP == c.ip {
				mine++
			}
		}
		if mine >= s.cfg.MaxJoinersPerIP {
			return casKeep, &refusal{CloseRoomFull, fmt.Sprintf("room full for your address (%d joiners from it are connecting): try again in a moment", mine)}
		}
		rec.Next++
		peer = fmt.Sprintf("p%d", rec.Next)
		rec.Joiners = append(rec.Joiners, joinerRecord{Peer: peer, IP: c.ip, Inst: cl.id})
		return casWrite, nil
	})
	if err != nil {
		cl.unsubscribe(eventSubject(code))
		refuse(c, cl.recovering(ctx, err))
		return false
	}
	cl.subscribe(peerSubject(code, peer))
	s.mu.Lock()
	r := s.localRoomLocked(code)
	c.room, c.peer = r, peer
	r.joiners = append(r.joiners, c)
	r.next = max(r.next, rec.Next) // kept for healing
	c.hostUp.Store(rec.Host != "")
	c.send(Message{Type: TypeRoom, Room: code, Peer: peer, Host: rec.Host != "", ICE: s.ice()})
	s.mu.Unlock()
	cl.publish(hostSubject(code), wireMsg{T: wireJoin, Peer: peer})
	if rec.Host == "" {
		// A host that came up between the record and the subscription.
		now, err := cl.update(ctx, code, func(*roomRecord, bool) (casAction, error) { return casKeep, nil })
		if err == nil && now.Host != "" && !c.hostUp.Swap(true) {
			c.send(Message{Type: TypeHostUp}) // unless its event came first
		}
	}
	return true
}

// enterHost makes c the host of a new room, or of its room again.
func (cl *cluster) enterHost(ctx context.Context, c *client, seg, secret string) bool {
	s := cl.s
	s.mu.Lock()
	tooMany := len(s.rooms) >= s.cfg.MaxRooms && (seg == NewRoom || s.rooms[seg] == nil)
	s.mu.Unlock()
	if tooMany {
		c.close(CloseTooMany, fmt.Sprintf("too many rooms on this server (%d)", s.cfg.MaxRooms))
		return false
	}
	code := seg
	switch {
	case seg == NewRoom && secret != "":
		c.close(CloseBadMessage, "bad message: a new room takes no secret")
		return false
	case seg == NewRoom:
		code = newCode()
	case !hmac.Equal([]byte(secret), []byte(s.Secret(seg))):
		c.close(CloseBadSecret, "wrong host secret for this room")
		return false
	}
	cl.subscribe(hostSubject(code))
	cl.subscribe(eventSubject(code))
	fail := func(err error) bool {
		cl.unsubscribe(hostSubject(code))
		cl.unsubscribe(eventSubject(code))
		refuse(c, err)
		return false
	}
	rec, err := cl.update(ctx, code, func(rec *roomRecord, exists bool) (casAction, error) {
		if seg == NewRoom && exists {
			return casKeep, errUnavailable // a code taken: 96 random bits make it all but impossible
		}
		cl.prune(ctx, rec)
		rec.Owner, rec.Counted, rec.Host = c.ip, true, cl.id
		rec.Gen++
		return casWrite, nil
	})
	if err != nil {
		return fail(err)
	}
	if err := cl.countRoom(ctx, c.ip, code); err != nil {
		// Over the address's rooms: the room stays, hostless, for the
		// joiners waiting in it.
		cl.update(ctx, code, func(now *roomRecord, _ bool) (casAction, error) {
			if now.Gen != rec.Gen || now.Host != cl.id {
				return casKeep, nil
			}
			now.Host, now.Counted = "", false
			if len(now.Joiners) == 0 {
				return casDelete, nil
			}
			return casWrite, nil
		})
		return fail(err)
	}
	s.mu.Lock()
	r := s.localRoomLocked(code)
	if old := r.host; old != nil {
		old.close(CloseReplaced, "the host connected again elsewhere")
		old.room = nil
		cl.unsubscribe(hostSubject(code))
		cl.unsubscribe(eventSubject(code))
	}
	c.host, c.gen, c.room = true, rec.Gen, r
	r.host = c
	r.next = max(r.next, rec.Next) // kept for healing
	c.send(Message{Type: TypeRoom, Room: code, Secret: s.Secret(code), Host: true, ICE: s.ice()})
	for _, j := range rec.Joiners {
		c.offer(Message{Type: TypeJoin, Peer: j.Peer})
	}
	s.mu.Unlock()
	cl.publish(eventSubject(code), wireMsg{T: wireHostUp, Inst: cl.id, Gen: rec.Gen})
	return true
}

// relay passes a signal on to the room's host or one of its joiners,
// wherever they are connected.
func (cl *cluster) relay(c *client, m Message) {
	s := cl.s
	s.mu.Lock()
	r := c.room
	host, peer := c.host, c.peer
	s.mu.Unlock()
	if r == nil {
		return
	}
	if host {
		if m.Peer == "" {
			c.send(Message{Type: TypeError, Error: "a host's signal must name its peer"})
			return
		}
		if !validPeer(m.Peer) {
			c.send(Message{Type: TypeError, Peer: m.Peer, Error: "no peer " + m.Peer + " in the room"})
			return
		}
		cl.publish(peerSubject(r.code, m.Peer), wireMsg{T: wireSignal, Data: m.Data})
		return
	}
	if m.Peer != "" {
		c.send(Message{Type: TypeError, Error: "a joiner signals only the host"})
		return
	}
	cl.publish(hostSubject(r.code), wireMsg{T: wireSignal, Peer: peer, Data: m.Data})
}

// leave takes c out of its room here and in the records.
func (cl *cluster) leave(c *client) {
	s := cl.s
	s.mu.Lock()
	delete(s.clients, c)
	r := c.room
	if r == nil {
		s.mu.Unlock()
		return
	}
	c.room = nil
	code, host, gen, peer := r.code, c.host, c.gen, c.peer
	if host {
		if r.host == c {
			r.host = nil
		}
		cl.unsubscribe(hostSubject(code))
	} else {
		for i, j := range r.joiners {
			if j == c {
				r.joiners = append(r.joiners[:i:i], r.joiners[i+1:]...)
				break
			}
		}
		cl.unsubscribe(peerSubject(code, peer))
	}
	cl.unsubscribe(eventSubject(code))
	s.forgetIfEmptyLocked(r)
	s.mu.Unlock()
	if cl.isHalted() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), clusterOp)
	defer cancel()
	o := owed{code: code, host: host, gen: gen, peer: peer}
	if !cl.ready(ctx) || cl.leaveRecord(ctx, o) != nil {
		cl.owe(o) // written when NATS answers again
	}
}

// leaveRecord takes a client that left out of its room's record, and
// tells the others in the room.
func (cl *cluster) leaveRecord(ctx context.Context, o owed) error {
	_, err := cl.update(ctx, o.code, func(rec *roomRecord, exists bool) (casAction, error) {
		if !exists {
			return casKeep, nil
		}
		if o.host {
			if rec.Host != cl.id || rec.Gen != o.gen {
				return casKeep, nil // another connection hosts it now
			}
			rec.Host, rec.Counted = "", false
		} else {
			i := slicesIndex(rec.Joiners, o.peer)
			if i < 0 {
				return casKeep, nil
			}
			rec.Joiners = append(rec.Joiners[:i:i], rec.Joiners[i+1:]...)
		}
		if rec.Host == "" && len(rec.Joiners) == 0 {
			return casDelete, nil
		}
		return casWrite, nil
	})
	if err != nil {
		return err
	}
	if o.host {
		cl.publish(eventSubject(o.code), wireMsg{T: wireNoHost, Gen: o.gen})
	} else {
		cl.publish(hostSubject(o.code), wireMsg{T: wireLeave, Peer: o.peer})
	}
	return nil
}

func slicesIndex(js []joinerRecord, peer string) int {
	for i, j := range js {
		if j.Peer == peer {
			return i
		}
	}
	return -1
}

// localRoomLocked is the local side of room code: its clients here.
func (s *Server) localRoomLocked(code string) *room {
	r := s.rooms[code]
	if r == nil {
		r = &room{code: code}
		s.rooms[code] = r
	}
	return r
}

// forgetIfEmptyLocked drops a local room no client here is in.
func (s *Server) forgetIfEmptyLocked(r *room) {
	if r.host == nil && len(r.joiners) == 0 && s.rooms[r.code] == r {
		delete(s.rooms, r.code)
	}
}
