package main

import (
	"crypto/x509"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestCARootsWithoutCertificateFiles runs this test binary again with
// every certificate file and folder pointing nowhere, as in the image
// (FROM scratch), and verifies a public root there: the roots compiled in
// (main.go's import of x509roots/fallback) must stand in for the system's.
func TestCARootsWithoutCertificateFiles(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "isrg-root-x1.pem"))
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode(data)
	if block == nil {
		t.Fatal("testdata/isrg-root-x1.pem: no PEM block")
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("SITE_TEST_NO_CERT_FILES") == "1" {
		if _, err := cert.Verify(x509.VerifyOptions{}); err != nil {
			t.Fatalf("a public root does not verify without certificate files: %v", err)
		}
		return
	}
	nowhere := filepath.Join(t.TempDir(), "none")
	cmd := exec.Command(os.Args[0], "-test.run=^TestCARootsWithoutCertificateFiles$", "-test.v")
	cmd.Env = append(os.Environ(), "SITE_TEST_NO_CERT_FILES=1", "SSL_CERT_FILE="+nowhere, "SSL_CERT_DIR="+nowhere)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
