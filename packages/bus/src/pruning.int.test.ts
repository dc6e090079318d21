import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newEvent } from "./envelope";
import { pruneBusTables } from "./pruning";
import { type BusFixture, busFixture } from "./test-fixture";

let fx: BusFixture;

beforeAll(async () => {
  fx = await busFixture("bus_pruning");
});
afterAll(async () => {
  await fx?.cleanup();
});

const DAY_MS = 86_400_000;

async function outboxRow(label: string, ageDays: number, state: "sent" | "unsent" | "parked") {
  const event = newEvent("prune.row.v1", "prune", { label });
  const at = `now() - interval '${ageDays} days'`;
  await fx.pool.query(
    `INSERT INTO outbox (event_id, event_type, payload, created_at, sent_at, parked_at)
     VALUES ($1, $2, $3, ${at}, ${state === "sent" ? at : "NULL"}, ${state === "parked" ? at : "NULL"})`,
    [event.id, event.type, JSON.stringify(event)],
  );
}

async function labels(sql: string): Promise<string[]> {
  const { rows } = await fx.pool.query<{ label: string }>(sql);
  return rows.map((r) => r.label).sort();
}

describe("pruneBusTables", () => {
  it("deletes only rows past their window, a bounded batch per statement", async () => {
    for (let i = 0; i < 5; i++) await outboxRow(`old-sent-${i}`, 10, "sent");
    await outboxRow("new-sent", 1, "sent");
    await outboxRow("old-unsent", 10, "unsent");
    await outboxRow("old-parked", 10, "parked");
    for (let i = 0; i < 5; i++) {
      await fx.pool.query(
        `INSERT INTO inbox (consumer, event_id, handled_at) VALUES ('c', $1, now() - interval '40 days')`,
        [newEvent("x.y.z.v1", "x", {}).id],
      );
    }
    const recentInbox = newEvent("x.y.z.v1", "x", {}).id;
    await fx.pool.query(
      `INSERT INTO inbox (consumer, event_id, handled_at) VALUES ('c', $1, now() - interval '20 days')`,
      [recentInbox],
    );
    for (const [label, days] of [
      ["old-1", 40],
      ["old-2", 40],
      ["old-3", 40],
      ["new", 1],
    ] as const) {
      await fx.pool.query(
        `INSERT INTO dead_letters (consumer, subject, payload, error, attempts, created_at)
         VALUES ('c', $1, '{}', 'e', 1, now() - make_interval(days => $2))`,
        [label, days],
      );
    }

    const result = await pruneBusTables(
      fx.pool,
      { outboxMs: 7 * DAY_MS, inboxMs: 31 * DAY_MS, deadLettersMs: 30 * DAY_MS },
      2,
    );
    expect(result).toEqual({ outbox: 5, inbox: 5, deadLetters: 3, statements: 3 + 3 + 2, skipped: false });
    expect(await labels("SELECT payload->'data'->>'label' AS label FROM outbox")).toEqual([
      "new-sent",
      "old-parked",
      "old-unsent",
    ]);
    const { rows: inbox } = await fx.pool.query<{ event_id: string }>("SELECT event_id FROM inbox");
    expect(inbox.map((r) => r.event_id)).toEqual([recentInbox]);
    expect(await labels("SELECT subject AS label FROM dead_letters")).toEqual(["new"]);

    // Nothing left past its window: one short statement per table.
    expect(
      await pruneBusTables(
        fx.pool,
        { outboxMs: 7 * DAY_MS, inboxMs: 31 * DAY_MS, deadLettersMs: 30 * DAY_MS },
        2,
      ),
    ).toEqual({ outbox: 0, inbox: 0, deadLetters: 0, statements: 3, skipped: false });
  });
});
