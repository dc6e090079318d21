export * from "./callers";
export * from "./client";
export * from "./config";
export * from "./handlers";
export * from "./health";
export * from "./loader";
export * from "./metadata";
export * from "./server";
