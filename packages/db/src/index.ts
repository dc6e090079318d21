export * from "./config";
export * from "./migrate";
export * from "./pagination";
export * from "./pool";
export * from "./transaction";
