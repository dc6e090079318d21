export * from "./client";
export * from "./handlers";
export * from "./health";
export * from "./loader";
export * from "./metadata";
export * from "./server";
