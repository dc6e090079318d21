import { applyIfNewer } from "@mp/bus";
import type { KnownItemRepository } from "../application/ports";

export function makeKnownItemRepository(): KnownItemRepository {
  return {
    remember: (tx, item) =>
      applyIfNewer(tx, {
        table: "known_items",
        key: { id: item.id },
        version: item.version,
        values: { display_name: item.displayName },
      }),
    displayName: async (db, id) => {
      const { rows } = await db.query<{ display_name: string | null }>(
        "SELECT display_name FROM known_items WHERE id = $1",
        [id],
      );
      return rows[0] ? rows[0].display_name : undefined;
    },
  };
}
