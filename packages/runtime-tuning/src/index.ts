export * from "./install";
export * from "./start-flags";
export * from "./switch";
export { V8_FLAGS } from "./v8";
