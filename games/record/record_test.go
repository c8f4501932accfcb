package record

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// endless is a reader that never ends; it counts what was taken from it.
type endless struct{ read int64 }

func (e *endless) Read(p []byte) (int, error) {
	clear(p)
	e.read += int64(len(p))
	return len(p), nil
}

// failing hands over some bytes, then an error.
type failing struct{ sent bool }

func (f *failing) Read(p []byte) (int, error) {
	if f.sent {
		return 0, errors.New("disk gone")
	}
	f.sent = true
	return copy(p, `{"game":`), nil
}

func TestReadAllTakesAtMostTheLimitAndOneByte(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      func() io.Reader
		want    int
		wantErr error
	}{
		{"an empty input is read (Parse refuses it)", func() io.Reader { return bytes.NewReader(nil) }, 0, nil},
		{"a record at the limit is read whole", func() io.Reader { return bytes.NewReader(make([]byte, MaxSize)) }, MaxSize, nil},
		{"one byte over the limit is refused", func() io.Reader { return bytes.NewReader(make([]byte, MaxSize+1)) }, 0, ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := ReadAll(tc.in())
			if tc.wantErr != nil {
				assert.ErrorIs(t, err, tc.wantErr)
				assert.Nil(t, data)
				return
			}
			require.NoError(t, err)
			assert.Len(t, data, tc.want)
		})
	}
}

func TestReadAllStopsReadingAnEndlessInput(t *testing.T) {
	in := &endless{}
	_, err := ReadAll(in)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Equal(t, "record: over the 4194304-byte limit", err.Error())
	assert.LessOrEqual(t, in.read, int64(MaxSize+1), "no more than the limit and one byte is taken")
}

func TestReadAllPassesOnAReadError(t *testing.T) {
	_, err := ReadAll(&failing{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "disk gone")
}
