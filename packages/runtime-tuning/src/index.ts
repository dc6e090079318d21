export * from "./install";
export * from "./switch";
export { V8_FLAGS } from "./v8";
