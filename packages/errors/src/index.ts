export * from "./app-error";
export * from "./codes";
export * from "./control-characters";
export * from "./grpc-status";
export * from "./infrastructure-errors";
export * from "./problem";
