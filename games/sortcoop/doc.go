// Package sortcoop is Co-op Sort, the cooperative two-player game of RULES.md
// B5: 40 cards (1-10 in hearts, spades, diamonds, clubs), seven dealt to each
// player, and a row of 15 slots. Without talking, the two players place their
// cards face down so that the 14 cards, read left to right with the one empty
// slot skipped, come out in the global order H1 < … < H10 < S1 < … < C10.
// Both players win together or lose together.
//
// # Phases
//
//	prefer  both players choose a preference at the same time; neither sees the
//	        other's pick until both chose. The more eager one goes first
//	        (want > neutral > dont); equal picks go to the tie-break option.
//	place   turns alternate from the first player: place a card or, once per
//	        game, pass (illegal while the partner holds no cards). A player with
//	        an empty hand is skipped. Either player may propose a swap at any
//	        moment once two cards are down; while a proposal is pending nothing
//	        else happens until the partner answers or the proposer withdraws.
//	swap    the first player, then the second, may propose swaps until one is
//	        accepted, or say done; only the seat whose opportunity it is
//	        proposes. A player who already had a swap accepted is skipped, and
//	        the phase is skipped when both have.
//	done    the board is revealed: a win iff the 14 cards are in strictly
//	        increasing global order.
//
// # Actions
//
//	prefer want       (also prefer neutral, prefer dont) the secret preference
//	place 7H 4        put a hand card on an empty slot (slots 1-15, left to right)
//	pass              the once-per-game pass
//	propose 3 9       propose swapping the cards in two occupied slots (any owners);
//	                  printed with the smaller slot first
//	accept            the partner accepts the pending proposal: the cards swap
//	reject            the partner rejects it
//	withdraw          the proposer takes the pending proposal back
//	done              swap phase: end one's swap opportunity
//
// Cards are value then suit letter: 1H … 10H, 1S … 10C. The game has no timed
// window: Deadline is always 0 and `timeout` is refused.
//
// Actors are the seats the game waits on: both seats while they pick, the seat
// to place, the partner who must answer a pending proposal, the seat whose
// swap opportunity it is. Proposing (and withdrawing one's proposal) is
// legal at other moments too, listed by Legal, but never required, so a bot
// asked to move only because it is an actor is never pushed into a proposal.
//
// # Options
//
//	tieBreak              COIN_FLIP|REPICK_THEN_COIN  equal picks: a coin flip, or
//	                      re-pick up to maxRepicks times and then a coin flip
//	maxRepicks            0-5 (default 2)   re-picks allowed by REPICK_THEN_COIN
//	maxRejectedProposals  unlimited|0-10    per player: a proposal may be made only
//	                      while the player has fewer rejected ones than this
//	                      (0 turns swaps off)
//	showOwners            on|off            off: views tell a filled slot's owner
//	                      only for the viewer's own cards (spectators see none
//	                      until the reveal)
//
// # Deals
//
// A record's `deals` holds at most one deal, with `hands` only: two lists of
// seven cards, seat 0 first. Every other field is refused.
//
// # View
//
// View(seat) encodes as JSON with these fields:
//
//	seat        the viewer: 0-1, -2 observer, -3 god
//	phase       prefer, place, swap or done
//	hand        the viewer's own cards in global order (absent when empty, and
//	            for observer and god)
//	hands       god only: both hands in global order
//	handCounts  cards left in each hand
//	picked      which seats have chosen in the current pick round
//	picks       the current round's picks: the viewer's own, and both once a
//	            round is complete; "" when hidden or not chosen
//	pickRounds  every completed pick round in order, both picks shown
//	coinFlip    true when the first player was decided by a coin flip
//	first       the first player, -1 until decided
//	turn        place: the seat to place; swap: the seat whose swap
//	            opportunity it is; -1 otherwise
//	passUsed    whether each seat has used its pass
//	slots       15 entries, left to right: {"filled", "owner", "card"}: owner is
//	            -1 when empty or hidden (showOwners off), card is shown to its
//	            owner, to god and to everyone once done, "" otherwise
//	pending     the pending proposal {"by", "a", "b"} (slots 1-15), or null
//	swaps       the accepted swaps in order, {"by", "a", "b"}: the cards that were
//	            in slots a and b changed places
//	accepted    accepted proposals per seat (0 or 1)
//	rejected    rejected proposals per seat
//	maxRejected the rejected-proposal cap, -1 when unlimited
//	done        the match is over
//	won         the players won (only meaningful once done)
//
// # Descriptions
//
// Describe (games.State) tells an action as a viewer may know it. It is
// asked before the action is applied (it also labels a seat's own legal
// moves), so it names only what the viewer knows before the action or the
// action itself shows; what an action reveals that the viewer did not know
// is shown by the view that follows. Seat is the actor. Kinds:
//
//	prefer    Choice: the pick, to its maker and god; to the others Secret, until
//	          the pick that completes the round, which is named to everyone
//	          with Outcome "reveal" (both picks are shown; the view tells who goes
//	          first or that they pick again). Its Reveals name the earlier pick of
//	          the round to whoever knew it (its maker, god): telling the second
//	          picker would tell it the partner's pick before it chose.
//	place     Cards: the card, to its owner and god; Hidden 1 to the others.
//	          Targets: the slot ("7").
//	pass      nothing more.
//	propose   Targets: the two slots.
//	accept    Targets: the two slots; Cards: those of the two cards the viewer
//	          knows (its own, all to god), Hidden: the others.
//	reject, withdraw
//	          Targets: the two slots of the proposal.
//	done      nothing more.
//
// The action that ends the match (a done, an accept or the last placement
// when the swap phase is skipped) has Outcome "match": the board is turned
// up. Its Reveals (Kind "board", a seat's cards left to right) are those the
// viewer knew: its own, both to god. Winners are told to god only: the
// players learn the result from the revealed board in the view.
//
// # Samples
//
// NewSampler (games.ViewSampler) rebuilds states from the view of seat 0, 1
// or a spectator. The seat's hand and the cards it owns on the board (its
// own cards follow them through swaps) stay; the partner's hand, the
// partner's face-down cards and the 26 unused cards are dealt uniformly, as
// nothing in the rules tells them apart until the reveal; a partner's pick
// not yet shown is one of the three, equally likely. A spectator sees no
// card before the reveal: both hands and every slot are dealt, and with
// showOwners off the owners too (uniformly among the ways that leave each
// seat seven cards). A view no deal fits (a card shown twice, counts that do
// not add up to seven a seat, pick rounds that do not give the first player
// shown, a swap of an empty slot...) is refused with an error saying what.
//
// Game implements games.Advisor (Advise), the heuristic partner of the
// easy and normal bots.
//
// Result: both seats score 1 and both win when the board is sorted; both score 0
// and nobody wins otherwise. TeamScores holds the one team's score.
package sortcoop
