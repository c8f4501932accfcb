//go:build !js

package signaling

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testCA is a certificate authority made for one test.
type testCA struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	file string // its certificate, PEM
}

func newTestCA(t *testing.T, name string) *testCA {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: name},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IsCA:                  true,
		KeyUsage:              x509.KeyUsageCertSign,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	cert, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	ca := &testCA{cert: cert, key: key, file: filepath.Join(t.TempDir(), name+".pem")}
	writePEM(t, ca.file, "CERTIFICATE", der)
	return ca
}

// issue makes a certificate for 127.0.0.1 signed by ca, for a server or a
// client, and returns its file and its key's file.
func (ca *testCA) issue(t *testing.T, name string, usage x509.ExtKeyUsage) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()),
		Subject:      pkix.Name{CommonName: name},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{usage},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.cert, &key.PublicKey, ca.key)
	require.NoError(t, err)
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, name+".pem"), filepath.Join(dir, name+"-key.pem")
	writePEM(t, certFile, "CERTIFICATE", der)
	kder, err := x509.MarshalECPrivateKey(key)
	require.NoError(t, err)
	writePEM(t, keyFile, "EC PRIVATE KEY", kder)
	return certFile, keyFile
}

func writePEM(t *testing.T, file, typ string, der []byte) {
	t.Helper()
	require.NoError(t, os.WriteFile(file, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600))
}

// runNATS runs a NATS server with JetStream made by opts (on a free
// loopback port) for one test, as an operator runs one for production.
func runNATS(t *testing.T, opts *server.Options) *server.Server {
	t.Helper()
	opts.Host, opts.Port = "127.0.0.1", server.RANDOM_PORT
	opts.NoLog, opts.NoSigs = true, true
	opts.JetStream, opts.StoreDir = true, t.TempDir()
	srv, err := server.NewServer(opts)
	require.NoError(t, err)
	srv.Start()
	require.True(t, srv.ReadyForConnections(10*time.Second))
	t.Cleanup(srv.Shutdown)
	return srv
}

// TestNATSOverTLSChecksBothSides: against a NATS server that asks for a
// password, TLS and a client certificate, two instances with the CA, their
// certificate and the password in the URL relay a room; a client that
// does not trust the server's CA, or has no certificate, or the wrong
// password, is refused.
func TestNATSOverTLSChecksBothSides(t *testing.T) {
	ca := newTestCA(t, "nats-ca")
	srvCert, srvKey := ca.issue(t, "nats", x509.ExtKeyUsageServerAuth)
	cliCert, cliKey := ca.issue(t, "signal", x509.ExtKeyUsageClientAuth)
	tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: srvCert, KeyFile: srvKey, CaFile: ca.file, Verify: true})
	require.NoError(t, err)
	pub, sub := NATSPermissions()
	srv := runNATS(t, &server.Options{
		TLS: true, TLSVerify: true, TLSConfig: tc, TLSTimeout: 5,
		Users: []*server.User{{Username: "signal", Password: "s3cret", Permissions: &server.Permissions{
			Publish: &server.SubjectPermission{Allow: pub}, Subscribe: &server.SubjectPermission{Allow: sub},
		}}},
	})
	u, err := url.Parse(srv.ClientURL())
	require.NoError(t, err)
	hostPort := u.Host
	good := "tls://signal:s3cret@" + hostPort
	certs := NATSAuth{CA: ca.file, Cert: cliCert, CertKey: cliKey}

	t.Run("instances with the CA, a certificate and the password", func(t *testing.T) {
		_, bases := startInstances(t, good, 2, Config{NATSAuth: certs})
		ctx := ctxT(t)
		host, err := dial(t, ctx, bases[0], "", "")
		require.NoError(t, err)
		j, err := dial(t, ctx, bases[1], host.Room, "")
		require.NoError(t, err)
		assert.Equal(t, j.Peer, recvType(t, ctx, host, TypeJoin).Peer)
	})

	other := newTestCA(t, "another-ca")
	strangerCert, strangerKey := other.issue(t, "stranger", x509.ExtKeyUsageClientAuth)
	refused := []struct {
		name string
		url  string
		auth NATSAuth
		want string
	}{
		{"no CA: the server is not trusted", good, NATSAuth{Cert: cliCert, CertKey: cliKey}, "certificate"},
		{"another CA", good, NATSAuth{CA: other.file, Cert: cliCert, CertKey: cliKey}, "certificate"},
		{"no client certificate", good, NATSAuth{CA: ca.file}, ""},
		{"a client certificate another CA signed", good, NATSAuth{CA: ca.file, Cert: strangerCert, CertKey: strangerKey}, ""},
		{"a wrong password", "tls://signal:guess@" + hostPort, certs, "Authorization Violation"},
		{"no password", "tls://" + hostPort, certs, "Authorization Violation"},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			opts, err := natsAuthOptions(tc.url, tc.auth, testKey)
			require.NoError(t, err)
			nc, err := connectOnce(tc.url, opts...)
			if err == nil {
				// A missing client certificate may be told only after
				// the handshake: the connection never works.
				defer nc.Close()
				err = nc.Flush()
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestNATSWithACredentialsFile: against a NATS server run with accounts
// by an operator, an instance given the user's credentials file relays a
// room; a client with another account's user's file is refused.
func TestNATSWithACredentialsFile(t *testing.T) {
	okp, err := nkeys.CreateOperator()
	require.NoError(t, err)
	opub, _ := okp.PublicKey()
	oc := jwt.NewOperatorClaims(opub)
	account := func(js bool) (nkeys.KeyPair, string) {
		akp, err := nkeys.CreateAccount()
		require.NoError(t, err)
		apub, _ := akp.PublicKey()
		ac := jwt.NewAccountClaims(apub)
		if js {
			ac.Limits.JetStreamLimits = jwt.JetStreamLimits{MemoryStorage: -1, DiskStorage: -1, Streams: -1, Consumer: -1}
		}
		ajwt, err := ac.Encode(okp)
		require.NoError(t, err)
		return akp, ajwt
	}
	// JetStream under an operator needs the system account.
	sys, sysJWT := account(false)
	oc.SystemAccount, _ = sys.PublicKey()
	_, err = oc.Encode(okp)
	require.NoError(t, err)
	credsOf := func(akp nkeys.KeyPair) string {
		ukp, err := nkeys.CreateUser()
		require.NoError(t, err)
		upub, _ := ukp.PublicKey()
		uc := jwt.NewUserClaims(upub)
		pub, sub := NATSPermissions()
		uc.Pub.Allow.Add(pub...)
		uc.Sub.Allow.Add(sub...)
		ujwt, err := uc.Encode(akp)
		require.NoError(t, err)
		seed, _ := ukp.Seed()
		b, err := jwt.FormatUserConfig(ujwt, seed)
		require.NoError(t, err)
		file := filepath.Join(t.TempDir(), "signal.creds")
		require.NoError(t, os.WriteFile(file, b, 0o600))
		return file
	}
	akp, ajwt := account(true)
	resolver := &server.MemAccResolver{}
	apub, _ := akp.PublicKey()
	require.NoError(t, resolver.Store(apub, ajwt))
	require.NoError(t, resolver.Store(oc.SystemAccount, sysJWT))
	srv := runNATS(t, &server.Options{TrustedOperators: []*jwt.OperatorClaims{oc}, AccountResolver: resolver, SystemAccount: oc.SystemAccount})

	t.Run("the instances' file", func(t *testing.T) {
		_, bases := startInstances(t, srv.ClientURL(), 2, Config{NATSAuth: NATSAuth{Creds: credsOf(akp)}})
		ctx := ctxT(t)
		host, err := dial(t, ctx, bases[0], "", "")
		require.NoError(t, err)
		j, err := dial(t, ctx, bases[1], host.Room, "")
		require.NoError(t, err)
		assert.Equal(t, j.Peer, recvType(t, ctx, host, TypeJoin).Peer)
	})
	t.Run("a file of an account the server does not know", func(t *testing.T) {
		stranger, _ := account(true)
		opts, err := natsAuthOptions(srv.ClientURL(), NATSAuth{Creds: credsOf(stranger)}, testKey)
		require.NoError(t, err)
		_, err = connectOnce(srv.ClientURL(), opts...)
		require.Error(t, err)
		assert.ErrorIs(t, err, nats.ErrAuthorization)
	})
	t.Run("the key's password", func(t *testing.T) {
		opts, err := natsAuthOptions(srv.ClientURL(), NATSAuth{}, testKey)
		require.NoError(t, err)
		_, err = connectOnce(srv.ClientURL(), opts...)
		require.Error(t, err)
		assert.ErrorIs(t, err, nats.ErrAuthorization)
	})
}
