import { createPool, type Pool } from "@mp/db";
import { migrateService } from "@mp/runtime";
import { type ReplicaPools, useReplicaPools } from "@mp/testing/replica-pools";

/** The adapter's schema, as its replicas' pools are pinned to it. */
const ADAPTER_SCHEMA = "iot_adapter";

/**
 * Replica pools (see `useReplicaPools`) on a fresh database holding the adapter's migrated schema, each
 * test's pools ended when it ends. Call once, at the top of the file.
 */
export function useAdapterReplicaPools(label: string, max: number): ReplicaPools<Pool> {
  return useReplicaPools({
    label,
    schema: ADAPTER_SCHEMA,
    createPool,
    max,
    endAfter: "test",
    prepare: (admin) => migrateService(admin, ADAPTER_SCHEMA, new URL("../../migrations", import.meta.url)),
  });
}
