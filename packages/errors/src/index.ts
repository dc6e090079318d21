export * from "./app-error";
export * from "./codes";
export * from "./grpc-status";
export * from "./problem";
