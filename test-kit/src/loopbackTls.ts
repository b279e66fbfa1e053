// A certificate for https on 127.0.0.1, so stand-ins can serve what the production rules ask for
// (an https OpenID issuer, an https Stripe API) to processes that trust it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import tls from "node:tls";

export interface LoopbackTls {
  key: string;
  cert: string;
  /** The certificate's file: NODE_EXTRA_CA_CERTS of a child process that must trust it. */
  certFile: string;
  /** The key's file (a child process serving https with the certificate). */
  keyFile: string;
  close(): void;
}

/**
 * A fresh self-signed certificate for IP 127.0.0.1 (openssl, one day), trusted from now on by this
 * process's TLS clients (fetch included) besides the usual roots.
 */
export function loopbackTls(): LoopbackTls {
  const dir = mkdtempSync(path.join(tmpdir(), "pixlings-tls-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "pipe" },
  );
  const cert = readFileSync(certFile, "utf8");
  tls.setDefaultCACertificates([...tls.getCACertificates("default"), cert]);
  return { key: readFileSync(keyFile, "utf8"), cert, certFile, keyFile, close: () => rmSync(dir, { recursive: true, force: true }) };
}
