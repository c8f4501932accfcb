package blindroom

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"slices"
	"strconv"
)

// Digest is a hash of the match as this page saw it: the room, every
// action, and each finished round's transcript, the shares that opened the
// cards actions showed, its end shares and the deal they read — what the
// page's record holds (Record, natively). Every page of a room that played
// to the end has the same digest; it is for the browser, whose build has no
// record of a deal's proofs, to show that its pages agree.
func (p *Page) Digest() [32]byte {
	h := sha256.New()
	str := func(s string) { field(h, []byte(s)) }
	num := func(n int) { str(strconv.Itoa(n)) }
	str(p.room.Game)
	num(p.room.Cfg.Players)
	str(strconv.FormatUint(p.room.Cfg.Seed, 10))
	keys := make([]string, 0, len(p.room.Cfg.Options))
	for k := range p.room.Cfg.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	num(len(keys))
	for _, k := range keys {
		str(k)
		str(p.room.Cfg.Options[k])
	}
	num(len(p.steps))
	for _, s := range p.steps {
		num(s.seat)
		str(s.act)
	}
	share := func(o opened) {
		num(o.page)
		num(o.share.Pos)
		field(h, o.share.D)
		field(h, o.share.Proof)
	}
	for _, rl := range p.rounds {
		if rl.deal.Hands == nil {
			break // the round was not finished
		}
		field(h, rl.transcript)
		num(len(rl.opens))
		for _, o := range rl.opens {
			num(o.action)
			share(o)
		}
		num(len(rl.end))
		for _, o := range rl.end {
			share(o)
		}
		num(len(rl.deal.Hands))
		for _, hand := range rl.deal.Hands {
			num(len(hand))
			for _, c := range hand {
				str(c)
			}
		}
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// field writes b to h after its length, so no two sequences of fields
// write the same bytes.
func field(h hash.Hash, b []byte) {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}
