package rtc

import (
	"sync"
	"time"
)

// A link's flow control, as the host keeps it: what a link is sent waits in
// its outbox for the link's own writer, capped in bytes (a peer that does
// not drain its link is cut off, never waited on); what a link may send is
// counted against its seat's budget.

// outbox is the messages queued for one link, sent in order by its writer.
type outbox struct {
	c      Conn
	mu     sync.Mutex
	queue  [][]byte      // messages for the writer
	queued int           // their bytes, and those of the one being sent
	ready  chan struct{} // the queue has grown or ended
	ended  bool          // the writer sends what is queued, then closes
}

func newOutbox(c Conn) outbox { return outbox{c: c, ready: make(chan struct{}, 1)} }

// size is how many bytes wait to be handed to the link.
func (o *outbox) size() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.queued
}

// write sends the link's queue in order, then closes the link once it has
// ended.
func (o *outbox) write() {
	defer o.c.Close()
	for {
		o.mu.Lock()
		for len(o.queue) == 0 && !o.ended {
			o.mu.Unlock()
			<-o.ready
			o.mu.Lock()
		}
		if len(o.queue) == 0 {
			o.mu.Unlock()
			return
		}
		b := o.queue[0]
		o.queue[0] = nil
		o.queue = o.queue[1:]
		o.mu.Unlock()
		err := o.c.Send(b)
		o.mu.Lock()
		o.queued -= len(b)
		if err != nil {
			o.ended, o.queue, o.queued = true, nil, 0
		}
		o.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// push queues b unless that would hold more than limit bytes (0: no limit).
func (o *outbox) push(b []byte, limit int) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.ended {
		return true
	}
	if limit > 0 && o.queued+len(b) > limit {
		return false
	}
	o.queue = append(o.queue, b)
	o.queued += len(b)
	o.wake()
	return true
}

// end lets the writer send what is queued and close the link; a peer that
// does not read it is cut off after linger.
func (o *outbox) end(linger time.Duration) {
	o.mu.Lock()
	o.ended = true
	o.wake()
	o.mu.Unlock()
	time.AfterFunc(linger, func() { o.c.Close() })
}

func (o *outbox) wake() {
	select {
	case o.ready <- struct{}{}:
	default:
	}
}

// A seat's links may send msgRate messages a second, msgBurst at once, and
// one more for each action the host tells them of (an honest peer answers
// an update with at most one intent, however fast the table plays); more
// ends the link. The budget stays with the seat, so reconnecting refills
// nothing.
const (
	msgRate  = 30
	msgBurst = 100
)

// bucket is a message budget: rate messages a second, burst at once (0:
// msgRate and msgBurst).
type bucket struct {
	tokens      float64
	at          time.Time
	rate, burst float64
}

func fullBucket() bucket { return bucket{tokens: msgBurst, at: time.Now()} }

func (b *bucket) limits() (rate, burst float64) {
	if b.burst == 0 {
		return msgRate, msgBurst
	}
	return b.rate, b.burst
}

// take refills the budget for the time passed and takes one message.
func (b *bucket) take(now time.Time) bool {
	rate, burst := b.limits()
	b.tokens = min(burst, b.tokens+now.Sub(b.at).Seconds()*rate)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// credit gives back one message for an update the link was sent.
func (b *bucket) credit() {
	_, burst := b.limits()
	b.tokens = min(burst, b.tokens+1)
}
