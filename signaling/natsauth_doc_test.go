//go:build !js

package signaling

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestREADMEsNATSConfigGrantsThePermissions: the nats-server.conf the
// README gives for a NATS of one's own reads as nats-server reads it and
// grants the instances exactly NATSPermissions.
func TestREADMEsNATSConfigGrantsThePermissions(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	m := regexp.MustCompile("(?s)A `nats-server.conf` for the instances.*?\n```\n(.*?)\n```").FindSubmatch(b)
	require.NotNil(t, m, "the README's nats-server.conf")
	conf := string(m[1])
	// The certificates and the store are the operator's: leave them out.
	conf = regexp.MustCompile(`(?m)^(tls|jetstream) \{.*\}$`).ReplaceAllString(conf, "")
	file := filepath.Join(t.TempDir(), "nats-server.conf")
	require.NoError(t, os.WriteFile(file, []byte(conf), 0o600))
	t.Setenv("SIGNAL_NATS_PASSWORD", "s3cret-from-env")
	opts, err := server.ProcessConfigFile(file)
	require.NoError(t, err)
	require.Len(t, opts.Users, 1)
	u := opts.Users[0]
	assert.Equal(t, "s3cret-from-env", u.Password)
	pub, sub := NATSPermissions()
	require.NotNil(t, u.Permissions)
	assert.ElementsMatch(t, pub, u.Permissions.Publish.Allow)
	assert.ElementsMatch(t, sub, u.Permissions.Subscribe.Allow)
	assert.True(t, strings.Contains(string(m[0]), "verify: true"), "the README shows client certificates asked for")
}
