export * from "./instrumentations";
export * from "./metrics-endpoint";
export * from "./propagation";
export * from "./sdk";
