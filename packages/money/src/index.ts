export * from "./allocate";
export * from "./currency";
export { divideHalfEven } from "./rounding";
export * from "./split";
