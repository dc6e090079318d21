export * from "./propagation";
export * from "./sdk";
