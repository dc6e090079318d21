export * from "./exit-code";
export * from "./fresh";
export * from "./mesh";
export * from "./nats";
export * from "./node-child";
export * from "./postgres";
export * from "./probe";
export * from "./s3";
