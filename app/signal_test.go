//go:build !(js && wasm)

package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/signaling"
)

// parseSignal reads args as `app signal` does, up to the checks made
// before the server starts, and starts the embedded NATS server if asked.
func parseSignal(t *testing.T, args ...string) (signaling.Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("signal", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	config := signalFlags(fs)
	embedded := embeddedNATSFlags(fs)
	if err := fs.Parse(args); err != nil {
		return signaling.Config{}, err
	}
	cfg := config()
	stop, _, err := embedded(&cfg)
	if err != nil {
		return cfg, err
	}
	t.Cleanup(stop)
	return cfg, checkSignal(cfg)
}

// TestSignalNATSFlags: the NATS credentials and certificates are read
// from their flags, and settings that cannot work are refused in words
// before the server starts.
func TestSignalNATSFlags(t *testing.T) {
	t.Setenv("CARDTABLE_NATS", "")
	t.Setenv("CARDTABLE_NATS_CREDS", "")
	t.Setenv("CARDTABLE_SIGNAL_KEY", "")
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.pem")
	require.NoError(t, os.WriteFile(junk, []byte("not a certificate\n"), 0o600))
	cases := []struct {
		name string
		args []string
		want string // part of the refusal; "" when accepted
		auth signaling.NATSAuth
	}{
		{"no NATS", nil, "", signaling.NATSAuth{}},
		{"a NATS URL with the key", []string{"-key", "k", "-nats", "nats://127.0.0.1:4222"}, "", signaling.NATSAuth{}},
		{"an embedded server", []string{"-key", "k", "-embedded-nats", "-embedded-nats-addr", "127.0.0.1:0"}, "", signaling.NATSAuth{}},
		{"a password in the URL", []string{"-key", "k", "-nats", "nats://signal:pw@10.0.0.5:4222"}, "", signaling.NATSAuth{}},

		{"a NATS URL without the key", []string{"-nats", "nats://127.0.0.1:4222"}, "give -key", signaling.NATSAuth{}},
		{"a URL that is not NATS's", []string{"-key", "k", "-nats", "https://nats.example.org"}, "the scheme must be nats, tls, ws or wss", signaling.NATSAuth{}},
		{"a missing credentials file", []string{"-key", "k", "-nats", "nats://a:4222", "-nats-creds", filepath.Join(dir, "none.creds")},
			"NATS credentials file: open", signaling.NATSAuth{Creds: filepath.Join(dir, "none.creds")}},
		{"junk for a CA", []string{"-key", "k", "-nats", "tls://a:4222", "-nats-ca", junk}, "holds no PEM certificate", signaling.NATSAuth{CA: junk}},
		{"a certificate without its key", []string{"-key", "k", "-nats", "tls://a:4222", "-nats-cert", junk}, "without its key file", signaling.NATSAuth{Cert: junk}},
		{"a key without its certificate", []string{"-key", "k", "-nats", "tls://a:4222", "-nats-cert-key", junk}, "without its certificate file", signaling.NATSAuth{CertKey: junk}},
		{"certificates without NATS", []string{"-key", "k", "-nats-ca", junk}, "without a NATS URL", signaling.NATSAuth{CA: junk}},
		{"certificates for the embedded server", []string{"-key", "k", "-embedded-nats", "-embedded-nats-addr", "127.0.0.1:0", "-nats-ca", junk},
			"for a NATS server of your own", signaling.NATSAuth{CA: junk}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parseSignal(t, tc.args...)
			assert.Equal(t, tc.auth, cfg.NATSAuth)
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
