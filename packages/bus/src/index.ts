export { type Bus, connectBus } from "./connection";
export { type Consumer, type ConsumerOptions, type ConsumerStats, startConsumer } from "./consumer";
export { countDeadLetters } from "./dead-letters";
export { type EventEnvelope, newEvent, parseEnvelope, UnparsableEventError } from "./envelope";
export { busMigrations } from "./migrations";
export { appendToOutbox } from "./outbox";
export { type OutboxRelay, type OutboxRelayOptions, startOutboxRelay } from "./outbox-relay";
export { DUPLICATE_WINDOW_MS, ensureStream } from "./streams";
export { natsConnectOptions, redactNatsUrl } from "./url-credentials";
