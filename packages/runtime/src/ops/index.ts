export * from "./checks";
export * from "./ops-config";
export * from "./ops-server";
export * from "./readiness";
