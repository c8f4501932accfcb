package stats

import (
	"cmp"
	"slices"
)

// Count is the figures of the tallies, in any order (they are counted in
// the order they ended), starting from the run of wins before.
func Count(ts []Tally, before Run) Figures {
	ts = oldestFirst(ts)
	f := Figures{Streak: before.Current, BestStreak: max(before.Best, before.Current)}
	sum := 0
	for _, t := range ts {
		f.Played++
		switch t.Outcome {
		case Won:
			f.Won++
			f.Streak++
			f.BestStreak = max(f.BestStreak, f.Streak)
			// A game that counts time and moves (Klondike) keeps them.
			if t.Secs > 0 && (f.BestSecs == 0 || t.Secs < f.BestSecs) {
				f.BestSecs = t.Secs
			}
			if t.Moves > 0 && (f.FewestMoves == 0 || t.Moves < f.FewestMoves) {
				f.FewestMoves = t.Moves
			}
		case Lost:
			f.Lost++
			f.Streak = 0
		case Drawn:
			f.Drawn++
			f.Streak = 0
		default:
			f.Abandoned++
			f.Streak = 0
		}
		if t.Scored {
			if f.Scored == 0 || t.Score > f.BestScore {
				f.BestScore = t.Score
			}
			f.Scored++
			sum += t.Score
		}
	}
	if f.Scored > 0 {
		f.AvgScore = float64(sum) / float64(f.Scored)
	}
	return f
}

// WinRate is the share of matches won, 0 to 1; 0 when none was played.
func (f Figures) WinRate() float64 {
	if f.Played == 0 {
		return 0
	}
	return float64(f.Won) / float64(f.Played)
}

// Games lists the games played, in the order of their first appearance in
// the tallies (the most recently played first).
func (s Store) Games() []string {
	var out []string
	for _, t := range s.Tallies {
		if !slices.Contains(out, t.Game) {
			out = append(out, t.Game)
		}
	}
	return out
}

// Overall is a game's figures over every match, solo and in rooms, every
// variant, starting from its run of wins before the store.
func (s Store) Overall(game string) Figures {
	return Count(s.of(game), s.Before[game])
}

// Lines is a game's figures split by variant and by solo or room, ordered
// by variant, solo first.
func (s Store) Lines(game string) []Line {
	groups := map[Key][]Tally{}
	for _, t := range s.of(game) {
		k := Key{Game: game, Variant: t.Variant, Room: t.Room}
		groups[k] = append(groups[k], t)
	}
	out := make([]Line, 0, len(groups))
	for k, ts := range groups {
		out = append(out, Line{Key: k, Figures: Count(ts, Run{})})
	}
	sorted := make([]Line, 0, len(out))
	for _, i := range order(len(out), func(i, j int) int {
		if c := cmp.Compare(out[i].Variant, out[j].Variant); c != 0 {
			return c
		}
		return cmp.Compare(b2i(out[i].Room), b2i(out[j].Room))
	}) {
		sorted = append(sorted, out[i])
	}
	return sorted
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// of is a game's tallies.
func (s Store) of(game string) []Tally {
	var out []Tally
	for _, t := range s.Tallies {
		if t.Game == game {
			out = append(out, t)
		}
	}
	return out
}

// Series is a game's results over time, one point per match in the order
// they ended: the running win rate and each match's score.
func (s Store) Series(game string) []Point {
	ts := oldestFirst(s.of(game))
	out := make([]Point, 0, len(ts))
	won := 0
	for i, t := range ts {
		if t.Outcome == Won {
			won++
		}
		out = append(out, Point{Ended: t.Ended, Played: i + 1, WinRate: float64(won) / float64(i+1), Score: t.Score, Scored: t.Scored})
	}
	return out
}

// oldestFirst is a copy of the tallies in the order they ended.
func oldestFirst(ts []Tally) []Tally {
	out := make([]Tally, 0, len(ts))
	for _, i := range order(len(ts), func(i, j int) int { return newestFirst(ts[j], ts[i]) }) {
		out = append(out, ts[i])
	}
	return out
}
