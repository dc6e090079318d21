import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { protoPath } from "grpc-health-check";
import { channelCredentials, type GrpcTlsChoice } from "./tls";

interface HealthClient extends grpc.Client {
  check(
    request: { service: string },
    options: grpc.CallOptions,
    callback: (error: grpc.ServiceError | null, response?: { status: string }) => void,
  ): grpc.ClientUnaryCall;
}

let HealthCtor: (new (address: string, credentials: grpc.ChannelCredentials) => HealthClient) | undefined;

function healthConstructor() {
  if (!HealthCtor) {
    const definition = protoLoader.loadSync(protoPath, { enums: String, defaults: true });
    const loaded = grpc.loadPackageDefinition(definition) as unknown as {
      grpc: { health: { v1: { Health: typeof HealthCtor } } };
    };
    HealthCtor = loaded.grpc.health.v1.Health;
  }
  return HealthCtor!;
}

/**
 * A reusable health checker for one address: `check()` resolves true only for SERVING. Over TLS with `tls`,
 * plaintext with `false` (default: the process's, `useGrpcTls`).
 */
export function healthChecker(address: string, tls?: GrpcTlsChoice) {
  const Ctor = healthConstructor();
  const client = new Ctor(address, channelCredentials(tls));
  return {
    check(service = "", timeoutMs = 1_000): Promise<boolean> {
      return new Promise((resolve) => {
        client.check({ service }, { deadline: Date.now() + timeoutMs }, (error, response) =>
          resolve(!error && response?.status === "SERVING"),
        );
      });
    },
    close: () => client.close(),
  };
}
