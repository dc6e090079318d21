export { Alarm } from "./alarm";
export {
  type BusEnv,
  type BusSettings,
  busEnv,
  busSettings,
  DEFAULT_MAX_EVENT_BYTES,
  defaultBusSettings,
  parseDuration,
  parseSize,
} from "./config";
export { type Bus, connectBus } from "./connection";
export {
  applyInTransaction,
  type Consumer,
  type ConsumerOptions,
  type ConsumerStats,
  FETCH_BATCH,
  type HandlerTransaction,
  MAX_TRANSACTION_BATCH,
  startConsumer,
} from "./consumer";
export { countDeadLetters, type DeadLetterRow, listDeadLetters, replayDeadLetter } from "./dead-letters";
export { durableName, isDurableOf } from "./durable-name";
export { type EventEnvelope, newEvent, parseEnvelope, UnparsableEventError } from "./envelope";
export { busMigrations } from "./migrations";
export { appendToOutbox, EventTooLargeError, writeWithOutbox } from "./outbox";
export { listParked, type ParkedRow, unpark } from "./outbox-admin";
export { listenForSchemaChannel, type OutboxListener } from "./outbox-listener";
export { type OutboxRelay, type OutboxRelayOptions, startOutboxRelay } from "./outbox-relay";
export { isPermissionDenied } from "./permission";
export { applyProjection, type Projection } from "./projection";
export { PRUNE_BATCH, type PruneResult, pruneBusTables, type RetentionWindows } from "./pruning";
export { resetConsumer } from "./replay";
export { isSilentPull, rebuildDurable, SILENT_PULLS_BEFORE_REBUILD } from "./silent-durable";
export { type SubjectOwner, UntrustedEventError, untrustedReason } from "./source-check";
export { DUPLICATE_WINDOW_MS, ensureStream, type StreamLimits } from "./streams";
export { captureTraceContext } from "./trace-context";
export { natsConnectOptions, redactNatsUrl } from "./url-credentials";
export { applyIfNewer, type VersionedChange } from "./version-guard";
