import type { Queryable } from "@mp/db";

/** A message given up on: kept with its payload and last error so it can be inspected and replayed. */
export interface DeadLetter {
  consumer: string;
  /** Absent when the message was too malformed to carry an id. */
  eventId: string | undefined;
  subject: string;
  /** The raw message body. Stored as JSON when it parses, else as a JSON string. */
  body: string;
  error: string;
  attempts: number;
}

export async function recordDeadLetter(db: Queryable, letter: DeadLetter): Promise<void> {
  await db.query(
    `INSERT INTO dead_letters (consumer, event_id, subject, payload, error, attempts)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6)`,
    [
      letter.consumer,
      letter.eventId ?? null,
      letter.subject,
      asJson(letter.body),
      letter.error,
      letter.attempts,
    ],
  );
}

function asJson(body: string): string {
  try {
    JSON.parse(body);
    return body;
  } catch {
    return JSON.stringify(body);
  }
}

/**
 * Dead letters recorded in this schema, for one consumer or all. Health and metrics endpoints report it:
 * any value above zero means events were not applied and need a human.
 */
export async function countDeadLetters(db: Queryable, consumer?: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM dead_letters WHERE $1::text IS NULL OR consumer = $1",
    [consumer ?? null],
  );
  return rows[0]?.n ?? 0;
}

export interface DeadLetterRow {
  id: string;
  consumer: string;
  eventId: string | null;
  subject: string;
  error: string;
  attempts: number;
  createdAt: Date;
  replayedAt: Date | null;
}

/** Dead letters, newest first, for one consumer or all; replayed ones only when asked. */
export async function listDeadLetters(
  db: Queryable,
  options: { consumer?: string; includeReplayed?: boolean; limit?: number } = {},
): Promise<DeadLetterRow[]> {
  const { rows } = await db.query<{
    id: string;
    consumer: string;
    event_id: string | null;
    subject: string;
    error: string;
    attempts: number;
    created_at: Date;
    replayed_at: Date | null;
  }>(
    `SELECT id, consumer, event_id, subject, error, attempts, created_at, replayed_at FROM dead_letters
     WHERE ($1::text IS NULL OR consumer = $1) AND ($2 OR replayed_at IS NULL)
     ORDER BY id DESC LIMIT $3`,
    [options.consumer ?? null, options.includeReplayed ?? false, options.limit ?? 100],
  );
  return rows.map((r) => ({
    id: r.id,
    consumer: r.consumer,
    eventId: r.event_id,
    subject: r.subject,
    error: r.error,
    attempts: r.attempts,
    createdAt: r.created_at,
    replayedAt: r.replayed_at,
  }));
}

/**
 * Publish a dead letter's event again on its subject, with a fresh `Nats-Msg-Id` so the stream's dedup
 * window does not drop it, and record when. Every consumer of the subject receives it: those that already
 * applied it skip it through their inbox, the one that gave up handles it anew. Fix the cause first.
 * A message that never parsed (no event id) cannot be replayed.
 */
export async function replayDeadLetter(
  db: Queryable,
  js: { publish(subject: string, payload: string, options: { msgID: string }): Promise<unknown> },
  id: string,
): Promise<{ eventId: string; subject: string }> {
  const { rows } = await db.query<{ event_id: string | null; subject: string; payload: string }>(
    "SELECT event_id, subject, payload::text AS payload FROM dead_letters WHERE id = $1",
    [id],
  );
  const letter = rows[0];
  if (!letter) throw new Error(`No dead letter ${id}`);
  if (!letter.event_id) throw new Error(`Dead letter ${id} never parsed as an event; it cannot be replayed`);
  await js.publish(letter.subject, letter.payload, {
    msgID: `${letter.event_id}.replay.${id}.${Date.now()}`,
  });
  await db.query("UPDATE dead_letters SET replayed_at = now() WHERE id = $1", [id]);
  return { eventId: letter.event_id, subject: letter.subject };
}
