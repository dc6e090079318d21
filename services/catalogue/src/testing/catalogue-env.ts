import { infraEnv, s3EnvOf, type TestInfra, type TestMesh } from "@mp/testing";

/** The environment of a catalogue started in-process on the file's infra: any free port, quiet logs. */
export function catalogueEnv(infra: TestInfra, mesh: TestMesh): Record<string, string> {
  return {
    ...infraEnv(infra),
    CATALOGUE_GRPC_PORT: "0",
    LOG_LEVEL: "silent",
    ...s3EnvOf(infra.s3),
    ...mesh.env("catalogue"),
  };
}
