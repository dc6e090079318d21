import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** Paths of a test CA and of one certificate it signed, with its key (PEM files). */
export interface TestPki {
  ca: string;
  cert: string;
  key: string;
}

/**
 * A throw-away CA (`<name>-ca.pem`) and a certificate it signed (`<name>.pem`, `<name>.key`) in `dir`, made
 * with the openssl CLI: EC P-256, valid one day, naming 127.0.0.1 and localhost, for servers and clients
 * alike (gRPC's mutual TLS).
 */
export function makeTestPki(dir: string, name: string): TestPki {
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  const newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
  openssl(
    "req",
    "-x509",
    ...newKey,
    "-days",
    "1",
    "-subj",
    `/CN=${name} test CA`,
    "-keyout",
    `${name}-ca.key`,
    "-out",
    `${name}-ca.pem`,
  );
  openssl("req", ...newKey, "-subj", `/CN=${name}`, "-keyout", `${name}.key`, "-out", `${name}.csr`);
  writeFileSync(
    join(dir, `${name}.ext`),
    "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\n",
  );
  openssl(
    "x509",
    "-req",
    "-in",
    `${name}.csr`,
    "-CA",
    `${name}-ca.pem`,
    "-CAkey",
    `${name}-ca.key`,
    "-CAcreateserial",
    "-days",
    "1",
    "-extfile",
    `${name}.ext`,
    "-out",
    `${name}.pem`,
  );
  return { ca: join(dir, `${name}-ca.pem`), cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`) };
}
