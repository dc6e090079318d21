export * from "./batching-queue";
export { ensureStreamsInBackground } from "./boot/bus";
export * from "./boot/waiting";
export * from "./main";
export * from "./migrate-command";
export * from "./ops";
export * from "./service";
export * from "./service-migrations";
export * from "./unit-of-work";
