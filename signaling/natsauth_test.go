//go:build !js

package signaling

import (
	"context"
	"crypto/x509"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// connectOnce connects to url once, without retrying.
func connectOnce(url string, opts ...nats.Option) (*nats.Conn, error) {
	return nats.Connect(url, append(opts, nats.Timeout(10*time.Second), nats.NoReconnect())...)
}

// TestEmbeddedNATSRefusesWhoLacksTheInstancesPassword: a plain client, a
// wrong password, another key's password, the password given as a token
// or for another user: all are refused; the instances' user with its
// key's password is let in.
func TestEmbeddedNATSRefusesWhoLacksTheInstancesPassword(t *testing.T) {
	n := startNATS(t)
	host := strings.TrimPrefix(n.URL(), "nats://")
	cases := []struct {
		name string
		url  string
		opts []nats.Option
		ok   bool
	}{
		{"no credentials", n.URL(), nil, false},
		{"a wrong password", n.URL(), []nats.Option{nats.UserInfo(NATSUser, "guess")}, false},
		{"another key's password", n.URL(), []nats.Option{nats.UserInfo(NATSUser, NATSPassword([]byte("another key")))}, false},
		{"the password as a token", n.URL(), []nats.Option{nats.Token(NATSPassword(testKey))}, false},
		{"the password for another user", "nats://admin:" + NATSPassword(testKey) + "@" + host, nil, false},
		{"the instances' user and password", n.URL(), []nats.Option{nats.UserInfo(NATSUser, NATSPassword(testKey))}, true},
		{"the same in the URL", "nats://" + NATSUser + ":" + NATSPassword(testKey) + "@" + host, nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			nc, err := connectOnce(tc.url, tc.opts...)
			if !tc.ok {
				require.Error(t, err)
				assert.ErrorIs(t, err, nats.ErrAuthorization)
				return
			}
			require.NoError(t, err)
			nc.Close()
		})
	}
}

// TestEmbeddedNATSKeepsTheInstancesToTheirSubjects: with the instances'
// own credentials a client still cannot publish or subscribe outside a
// room's subjects and the two buckets: it cannot list the rooms, read
// every subject, delete or purge a bucket, or list the streams. What the
// instances do is allowed.
func TestEmbeddedNATSKeepsTheInstancesToTheirSubjects(t *testing.T) {
	n := startNATS(t)
	startInstances(t, n.URL(), 1, Config{}) // makes the buckets
	errs := make(chan error, 64)
	nc, err := connectOnce(n.URL(), nats.UserInfo(NATSUser, NATSPassword(testKey)),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { errs <- err }))
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	ctx := ctxT(t)
	rooms, err := js.KeyValue(ctx, roomsBucket)
	require.NoError(t, err, "the instances may read their bucket")

	// violation waits for the server's word that a subject starting with
	// subject was refused.
	violation := func(t *testing.T, op, subject string) {
		t.Helper()
		ctx := ctxT(t)
		for {
			select {
			case err := <-errs:
				if strings.Contains(err.Error(), "Permissions Violation for "+op) && strings.Contains(err.Error(), `"`+subject) {
					return
				}
			case <-ctx.Done():
				t.Fatalf("no permission violation for %s to %q", op, subject)
			}
		}
	}
	request := func(subject string) {
		msg, err := nc.Request(subject, nil, 500*time.Millisecond)
		assert.Error(t, err, "an answer to %s: %v", subject, msg)
	}
	refused := []struct {
		name, op, subject string
		do                func()
	}{
		{"publish elsewhere", "Publish", "chat.all", func() { nc.Publish("chat.all", []byte("hi")) }},
		{"read every subject", "Subscription", ">", func() { nc.Subscribe(">", func(*nats.Msg) {}) }},
		{"read the bucket's changes", "Subscription", "$KV." + roomsBucket + ".>", func() { nc.Subscribe("$KV."+roomsBucket+".>", func(*nats.Msg) {}) }},
		{"list the streams", "Publish", "$JS.API.STREAM.LIST", func() { request("$JS.API.STREAM.LIST") }},
		{"delete the rooms' bucket", "Publish", "$JS.API.STREAM.DELETE.KV_" + roomsBucket, func() { request("$JS.API.STREAM.DELETE.KV_" + roomsBucket) }},
		{"purge the rooms' bucket", "Publish", "$JS.API.STREAM.PURGE.KV_" + roomsBucket, func() { request("$JS.API.STREAM.PURGE.KV_" + roomsBucket) }},
		{"list the rooms", "Publish", "$JS.API.CONSUMER.CREATE.KV_" + roomsBucket, func() {
			lctx, cancel := context.WithTimeout(ctx, time.Second)
			defer cancel()
			_, err := rooms.ListKeys(lctx)
			assert.Error(t, err)
		}},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			tc.do()
			violation(t, tc.op, tc.subject)
		})
	}

	t.Run("what the instances do", func(t *testing.T) {
		ctx := ctxT(t)
		subj := hostSubject("AAAAAAAAAAAAAAAA")
		sub, err := nc.SubscribeSync(subj)
		require.NoError(t, err)
		require.NoError(t, nc.Publish(subj, []byte(`{"t":"join","p":"p1"}`)))
		m, err := sub.NextMsg(10 * time.Second)
		require.NoError(t, err)
		assert.JSONEq(t, `{"t":"join","p":"p1"}`, string(m.Data))
		_, err = rooms.Create(ctx, "r.AAAAAAAAAAAAAAAA", []byte(`{}`))
		require.NoError(t, err)
		e, err := rooms.Get(ctx, "r.AAAAAAAAAAAAAAAA")
		require.NoError(t, err)
		assert.Equal(t, `{}`, string(e.Value()))
		require.NoError(t, rooms.Delete(ctx, "r.AAAAAAAAAAAAAAAA", jetstream.LastRevision(e.Revision())))
		require.NoError(t, nc.Flush())
		for {
			select {
			case err := <-errs: // earlier refusals may still be here
				for _, mine := range []string{`"` + subj, `"$KV.` + roomsBucket + `.r.`, "DIRECT.GET", "STREAM.INFO", "STREAM.MSG.GET"} {
					assert.NotContains(t, err.Error(), mine, "an instance's own work refused")
				}
			default:
				return
			}
		}
	})
}

// TestAnInstanceLogsInWithItsKey: an instance given only the URL of an
// embedded server logs in with its key; one whose key differs is never
// let in, and says NATS is unavailable.
func TestAnInstanceLogsInWithItsKey(t *testing.T) {
	n := startNATS(t)
	startInstances(t, n.URL(), 1, Config{})
	other, base := start(t, Config{NATS: n.URL(), Key: []byte("another key")})
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	err := other.WaitCluster(ctx)
	require.Error(t, err)
	assert.Contains(t, strings.ToLower(err.Error()), "authorization violation", "WaitCluster says why")
	_, err = Dial(ctxT(t), base, "", "")
	var ce *CloseError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, int(CloseUnavailable), ce.Code, ce.Reason)
}

// TestCheckNATSRefusesBadSettingsInWords: every wrong URL, file or pair
// of files is refused with a sentence naming what is wrong, and a URL's
// password never appears in it.
func TestCheckNATSRefusesBadSettingsInWords(t *testing.T) {
	dir := t.TempDir()
	file := func(name, text string) string {
		f := dir + "/" + name
		require.NoError(t, os.WriteFile(f, []byte(text), 0o600))
		return f
	}
	junk := file("junk.txt", "not a certificate\n")
	seedOnly := file("seed.creds", "-----BEGIN USER NKEY SEED-----\nSUAIBDPBAUTWCWBKIO6XHQNINK5FWJW4OHLXC3HQ2KFE4PEJUA44CNHTC4\n------END USER NKEY SEED------\n")
	ca := newTestCA(t, "ca")
	cert, key := ca.issue(t, "signal", x509.ExtKeyUsageClientAuth)
	_, otherKey := ca.issue(t, "other", x509.ExtKeyUsageClientAuth)
	k := []byte("k")
	cases := []struct {
		name string
		cfg  Config
		want string // "" when the settings are fine
	}{
		{"no NATS", Config{}, ""},
		{"the key's password", Config{NATS: "nats://127.0.0.1:4222", Key: k}, ""},
		{"a password in the URL", Config{NATS: "nats://u:p@10.0.0.5:4222"}, ""},
		{"a token in the URL", Config{NATS: "nats://tok@10.0.0.5:4222"}, ""},
		{"several servers", Config{NATS: "nats://u:p@a:4222, nats://u:p@b:4222", Key: k}, ""},
		{"TLS with a CA and a certificate", Config{NATS: "tls://nats.example.org:4222", Key: k, NATSAuth: NATSAuth{CA: ca.file, Cert: cert, CertKey: key}}, ""},

		{"no scheme", Config{NATS: "127.0.0.1:4222", Key: k}, "does not read as nats://host:port"},
		{"another scheme", Config{NATS: "http://127.0.0.1:4222", Key: k}, "the scheme must be nats, tls, ws or wss"},
		{"no host", Config{NATS: "nats://:4222", Key: k}, "does not read as nats://host:port"},
		{"a path", Config{NATS: "nats://u:hunter2@127.0.0.1:4222/x", Key: k}, "has a path or a query"},
		{"credentials in one URL only", Config{NATS: "nats://u:p@a:4222,nats://b:4222"}, "in every URL or in none"},
		{"no key and no credentials", Config{NATS: "nats://127.0.0.1:4222"}, "give the signing key"},
		{"credentials without NATS", Config{NATSAuth: NATSAuth{Creds: junk}}, "without a NATS URL"},
		{"a missing credentials file", Config{NATS: "nats://a:4222", NATSAuth: NATSAuth{Creds: dir + "/none.creds"}}, "NATS credentials file: open"},
		{"a credentials file without a JWT", Config{NATS: "nats://a:4222", NATSAuth: NATSAuth{Creds: seedOnly}}, "holds no user JWT"},
		{"junk for credentials", Config{NATS: "nats://a:4222", NATSAuth: NATSAuth{Creds: junk}}, "holds no user JWT"},
		{"a missing CA file", Config{NATS: "tls://a:4222", Key: k, NATSAuth: NATSAuth{CA: dir + "/none.pem"}}, "NATS CA file: open"},
		{"junk for a CA", Config{NATS: "tls://a:4222", Key: k, NATSAuth: NATSAuth{CA: junk}}, "holds no PEM certificate"},
		{"a certificate without its key", Config{NATS: "tls://a:4222", NATSAuth: NATSAuth{Cert: cert}}, "without its key file"},
		{"a key without its certificate", Config{NATS: "tls://a:4222", NATSAuth: NATSAuth{CertKey: key}}, "without its certificate file"},
		{"a certificate with another's key", Config{NATS: "tls://a:4222", NATSAuth: NATSAuth{Cert: cert, CertKey: otherKey}}, "NATS client certificate"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.cfg.CheckNATS()
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.NotContains(t, err.Error(), "hunter2")
			s := New(tc.cfg)
			defer s.Close()
			if tc.cfg.NATS != "" {
				assert.Error(t, s.WaitCluster(ctxT(t)), "a server made from refused settings never reaches NATS")
			}
		})
	}
}

// TestRedactNATSHidesPasswordsAndTokens: what is printed of a NATS URL
// shows where it goes and no secret.
func TestRedactNATSHidesPasswordsAndTokens(t *testing.T) {
	cases := []struct{ url, want string }{
		{"nats://127.0.0.1:4222", "nats://127.0.0.1:4222"},
		{"nats://u:hunter2@a:4222", "nats://u:xxxxx@a:4222"},
		{"tls://hunter2@a:4222", "tls://xxxxx@a:4222"},
		{"nats://u:hunter2@a:4222,nats://hunter2@b:4222", "nats://u:xxxxx@a:4222,nats://xxxxx@b:4222"},
		{"nats://u:hunter2@a:4222/%zz", "…@a:4222/%zz"},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, RedactNATS(tc.url), tc.url)
	}
}
