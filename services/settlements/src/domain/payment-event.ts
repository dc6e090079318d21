import { CONTROL_CHARACTER_MESSAGES, hasControlCharacter, ValidationError } from "@mp/errors";

/** A verified notification as settlements stores it: the envelope fields it can read, and the raw bytes. */
export interface ReceivedPaymentEvent {
  id: string;
  type: string;
  /** Null when the event does not say (a malformed event is stored all the same). */
  livemode: boolean | null;
  created: Date | null;
  payload: Buffer;
}

const MAX_TEXT = 255;

function requiredText(value: unknown, field: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_TEXT)
    throw new ValidationError({ [field]: [`must be a string of 1 to ${MAX_TEXT} characters`] });
  if (hasControlCharacter(value))
    throw new ValidationError({ [field]: [CONTROL_CHARACTER_MESSAGES["single-line"]] });
  return value;
}

/**
 * Read the envelope of a verified event. Only `id` (the key that makes repeats no-ops) and `type` are
 * required; anything else missing or odd is the processor's concern, never a refusal, since the event
 * is authentic and Stripe would keep retrying it.
 */
export function envelopeOf(event: unknown, payload: Buffer): ReceivedPaymentEvent {
  if (typeof event !== "object" || event === null || Array.isArray(event))
    throw new ValidationError({ body: ["must be a JSON object"] });
  const fields = event as Record<string, unknown>;
  const created = fields.created;
  return {
    id: requiredText(fields.id, "body.id"),
    type: requiredText(fields.type, "body.type"),
    livemode: typeof fields.livemode === "boolean" ? fields.livemode : null,
    created:
      typeof created === "number" && Number.isSafeInteger(created) && created >= 0 && created < 2 ** 33
        ? new Date(created * 1000)
        : null,
    payload,
  };
}
