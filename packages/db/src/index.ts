export * from "./config";
export * from "./migrate";
export * from "./named-statement";
export * from "./pagination";
export * from "./pool";
export * from "./select-page";
export * from "./transaction";
export * from "./type-parsers";
