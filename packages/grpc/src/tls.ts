import { readFileSync } from "node:fs";
import * as grpc from "@grpc/grpc-js";
import { ConfigError } from "@mp/config";
import { z } from "zod";

/**
 * Configuration keys of gRPC over TLS between processes: PEM files, all three or none (off, the default:
 * local runs and tests use plaintext on 127.0.0.1). With them every server asks for and checks a client
 * certificate and every client checks the server's, both against the one CA (mutual TLS).
 */
export const grpcTlsEnv = {
  /** This process's certificate chain (PEM): served by its gRPC server, presented by its clients. */
  GRPC_TLS_CERT_FILE: z.string().min(1).optional(),
  /** The private key of that certificate (PEM). */
  GRPC_TLS_KEY_FILE: z.string().min(1).optional(),
  /** The CA (PEM) that signed every process's certificate: peers are checked against it. */
  GRPC_TLS_CA_FILE: z.string().min(1).optional(),
};

export type GrpcTlsEnv = { [K in keyof typeof grpcTlsEnv]?: string | undefined };

/** The PEM material of a process's TLS identity. */
export interface GrpcTls {
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

let processTls: GrpcTls | undefined;

const KEYS = ["GRPC_TLS_CERT_FILE", "GRPC_TLS_KEY_FILE", "GRPC_TLS_CA_FILE"] as const;

/** The TLS material the configuration names, undefined when TLS is off, or the issues naming each key. */
function readTls(env: GrpcTlsEnv): { tls?: GrpcTls; issues: { key: string; message: string }[] } {
  const set = KEYS.filter((key) => env[key] !== undefined);
  if (set.length === 0) return { issues: [] };
  if (set.length < KEYS.length)
    return {
      issues: KEYS.filter((key) => env[key] === undefined).map((key) => ({
        key,
        message: `required when ${set.join(", ")} ${set.length === 1 ? "is" : "are"} set (gRPC TLS takes all three)`,
      })),
    };
  const issues: { key: string; message: string }[] = [];
  const read = (key: (typeof KEYS)[number]) => {
    try {
      const pem = readFileSync(env[key]!);
      if (!pem.includes("-----BEGIN ")) issues.push({ key, message: `${env[key]} holds no PEM block` });
      return pem;
    } catch (error) {
      issues.push({ key, message: `cannot read ${env[key]} (${(error as NodeJS.ErrnoException).code})` });
      return Buffer.alloc(0);
    }
  };
  const tls = {
    cert: read("GRPC_TLS_CERT_FILE"),
    key: read("GRPC_TLS_KEY_FILE"),
    ca: read("GRPC_TLS_CA_FILE"),
  };
  return issues.length > 0 ? { issues } : { tls, issues };
}

/** A zod refinement reporting gRPC TLS problems under their keys, with the rest of the configuration's. */
export function refineGrpcTls(env: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const { key, message } of readTls(env as GrpcTlsEnv).issues)
    ctx.addIssue({ code: "custom", path: [key], message });
}

/** The TLS material of a configuration, undefined when TLS is off (a ConfigError names each problem). */
export function grpcTlsFrom(env: GrpcTlsEnv): GrpcTls | undefined {
  const { tls, issues } = readTls(env);
  if (issues.length > 0) throw new ConfigError(issues);
  return tls;
}

/**
 * How a client or server is told its transport: TLS material, `false` for plaintext whatever the process
 * uses, or undefined for the process's own (`useGrpcTls`; plaintext when it set none).
 */
export type GrpcTlsChoice = GrpcTls | false | undefined;

/** The material a choice comes to: undefined means plaintext. */
function resolve(choice: GrpcTlsChoice): GrpcTls | undefined {
  return choice === false ? undefined : (choice ?? processTls);
}

/** Server credentials: TLS that requires a client certificate signed by the CA, or plaintext without TLS. */
export function serverCredentials(choice: GrpcTlsChoice): grpc.ServerCredentials {
  const tls = resolve(choice);
  if (!tls) return grpc.ServerCredentials.createInsecure();
  return grpc.ServerCredentials.createSsl(tls.ca, [{ cert_chain: tls.cert, private_key: tls.key }], true);
}

/** Channel credentials: TLS checking the server against the CA and presenting this process's certificate. */
export function channelCredentials(choice: GrpcTlsChoice): grpc.ChannelCredentials {
  const tls = resolve(choice);
  if (!tls) return grpc.credentials.createInsecure();
  return grpc.credentials.createSsl(tls.ca, tls.key, tls.cert);
}

/**
 * The TLS identity of this process, set once at boot from its configuration: every client and server made
 * afterwards without a `tls` option of its own uses it, so no call site has to carry it.
 */
export function useGrpcTls(tls: GrpcTls | undefined): void {
  processTls = tls;
}

/** Whether a choice comes to TLS. */
export function usesTls(choice: GrpcTlsChoice): boolean {
  return resolve(choice) !== undefined;
}
