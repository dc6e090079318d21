import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { ConfigError } from "@mp/config";
import type { CatalogueProto } from "@mp/contracts";
import type { CatalogueServiceHandlers } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueService";
import { AppError } from "@mp/errors";
import { testLogger } from "@mp/logger";
import { ephemeralMesh, makeTestPki, type TestMesh } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnaryClient } from "./client";
import { unaryHandlers } from "./handlers";
import { loadProto } from "./loader";
import { adminPrincipal as principal } from "./principal.fixture";
import { type GrpcServer, startGrpcServer } from "./server";
import { type GrpcTls, grpcTlsFrom } from "./tls";

/**
 * gRPC over mutual TLS with certificates made by the openssl CLI: a client holding a certificate of the
 * mesh's CA is served; a plaintext client, a TLS client without a certificate and one whose certificate
 * another CA signed are refused before any handler runs.
 */
const proto = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue.v1;
const logger = testLogger();
const dir = mkdtempSync(join(tmpdir(), "grpc-tls-"));
let mesh: TestMesh;
let server: GrpcServer;
let tls: GrpcTls;
let foreign: GrpcTls;
let handled = 0;

beforeAll(async () => {
  mesh = await ephemeralMesh();
  const files = makeTestPki(dir, "mesh");
  tls = grpcTlsFrom({
    GRPC_TLS_CERT_FILE: files.cert,
    GRPC_TLS_KEY_FILE: files.key,
    GRPC_TLS_CA_FILE: files.ca,
  })!;
  const other = makeTestPki(dir, "other");
  foreign = {
    ca: tls.ca,
    cert: readFileSync(other.cert),
    key: readFileSync(other.key),
  };
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: {
      "marketplace.catalogue.v1.CatalogueService": {
        definition: proto.CatalogueService.service,
        implementation: unaryHandlers<CatalogueServiceHandlers>(
          "catalogue",
          {
            async GetInstance(request) {
              handled += 1;
              return {
                id: request.id,
                name: "over tls",
                ownerOrganisationId: principal.organisationId,
                defaultCurrency: "EUR",
                platformFeeBps: 1000,
                createdAt: new Date(0).toISOString(),
              };
            },
            CreateInstance: async () => {
              throw new AppError("not-implemented", "x");
            },
            ListInstances: async () => {
              throw new AppError("not-implemented", "x");
            },
          },
          logger,
        ),
      },
    },
    logger,
    verifier: mesh.verifier("catalogue"),
    tls,
  });
});

afterAll(async () => {
  await server?.shutdown(1_000);
  rmSync(dir, { recursive: true, force: true });
});

/** One call of getInstance through a client with `tls` (undefined: plaintext); the error code or "ok". */
async function callWith(clientTls: GrpcTls | undefined): Promise<string> {
  const client = createUnaryClient(proto.CatalogueService, `127.0.0.1:${server.port}`, {
    upstream: "catalogue",
    identity: mesh.gateway,
    logger,
    tls: clientTls ?? false,
    deadlineMs: 2_000,
  });
  try {
    const answer = await client.call("getInstance", { id: "x" }, { principal, requestId: "tls" });
    return answer.name;
  } catch (error) {
    return (error as AppError).code;
  } finally {
    client.close();
  }
}

describe("gRPC over mutual TLS", () => {
  it("serves a client holding a certificate of the mesh's CA", async () => {
    handled = 0;
    expect(await callWith(tls)).toBe("over tls");
    expect(handled).toBe(1);
  });

  it("refuses a plaintext client, a client without a certificate, and one of another CA", async () => {
    handled = 0;
    expect(await callWith(undefined)).toBe("upstream-unavailable");
    // Checks the server, presents no certificate of its own.
    const noCertificate = new grpc.Client(`127.0.0.1:${server.port}`, grpc.credentials.createSsl(tls.ca));
    const status = await new Promise<grpc.status>((resolve) =>
      noCertificate.makeUnaryRequest(
        proto.CatalogueService.service.GetInstance.path,
        proto.CatalogueService.service.GetInstance.requestSerialize,
        proto.CatalogueService.service.GetInstance.responseDeserialize,
        { id: "x" },
        new grpc.Metadata(),
        { deadline: Date.now() + 2_000 },
        (error) => resolve(error ? error.code : grpc.status.OK),
      ),
    );
    noCertificate.close();
    expect(status).toBe(grpc.status.UNAVAILABLE);
    expect(await callWith(foreign)).toBe("upstream-unavailable");
    expect(handled).toBe(0);
  });
});

describe("gRPC TLS configuration", () => {
  it("is off without its keys, and takes all three or names the missing ones", () => {
    expect(grpcTlsFrom({})).toBeUndefined();
    const error = (() => {
      try {
        grpcTlsFrom({ GRPC_TLS_CERT_FILE: join(dir, "mesh.pem") });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.issues.map((i) => i.key).sort()).toEqual(["GRPC_TLS_CA_FILE", "GRPC_TLS_KEY_FILE"]);
    expect(() =>
      grpcTlsFrom({ GRPC_TLS_CERT_FILE: "/nope", GRPC_TLS_KEY_FILE: "/nope", GRPC_TLS_CA_FILE: "/nope" }),
    ).toThrow(/GRPC_TLS_CERT_FILE: cannot read \/nope \(ENOENT\)/);
  });
});
