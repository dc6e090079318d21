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
