package games

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
)

// View is what one seat may know of a match, as State.View makes it: each
// game's own named type (king.View, …), ready for encoding/json. The
// game's Entry carries its one decoder (Entry.DecodeView), so a view that
// crossed the wire is the same type again.
type View interface {
	// Viewer is the seat the view was made for: a seat, Observer or God.
	Viewer() Seat
}

// DecodeJSON decodes data strictly as a V, the view type of one game: an
// unknown field, a wrong type, trailing data or no view at all (null) is an
// error. It is the decoder games' entries carry (Entry.DecodeView).
func DecodeJSON[V View](data []byte) (View, error) {
	var v V
	if err := noView(data); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return nil, Errorf("the view: %w", err)
	}
	if len(bytes.TrimSpace(data[dec.InputOffset():])) != 0 {
		return nil, Errorf("the view: data after its end")
	}
	if rv := reflect.ValueOf(&v).Elem(); rv.Kind() == reflect.Pointer && rv.IsNil() {
		return nil, Errorf("the view: none")
	}
	return v, nil
}

// noView is the error of data that is no view at all: null, which a view
// of a value type would take as its zero value. Out of line, so that it is
// compiled once, not once per game.
//
//go:noinline
func noView(data []byte) error {
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return Errorf("the view: none")
	}
	return nil
}

// ViewAs is view as a *V: a sampler takes the view its game's State.View
// returns, a V or a *V. ok is false for anything else.
func ViewAs[V any](view any) (v *V, ok bool) {
	switch x := view.(type) {
	case *V:
		return x, x != nil
	case V:
		return &x, true
	}
	return nil, false
}

// SameView is nil when rebuilt, the view a sampled state shows, is the view
// a sampler was given, and otherwise names the first top-level field (in
// JSON) where they differ: what the view says that no table would write.
// Samplers end with it, so a view that does not follow from its own cards
// and the rules is refused with a reason.
func SameView(given, rebuilt any) error {
	a, err := json.Marshal(given)
	if err != nil {
		return err
	}
	b, err := json.Marshal(rebuilt)
	if err != nil {
		return err
	}
	if bytes.Equal(a, b) {
		return nil
	}
	var x, y map[string]json.RawMessage
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return Errorf("the view is not one a table shows")
	}
	keys := make([]string, 0, len(x)+len(y))
	for k := range x {
		keys = append(keys, k)
	}
	for k := range y {
		if _, ok := x[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !bytes.Equal(x[k], y[k]) {
			return Errorf("the view's %s is %s where a table shows %s", k, shown(x[k]), shown(y[k]))
		}
	}
	return Errorf("the view is not one a table shows")
}

func shown(b json.RawMessage) string {
	switch {
	case len(b) == 0:
		return "absent"
	case len(b) > 80:
		return string(b[:80]) + "…"
	}
	return string(b)
}
