export * from "./access-token";
export * from "./api-key";
export * from "./jwks";
export * from "./mesh-assertion";
export * from "./mesh-call";
export * from "./mesh-config";
export * from "./mesh-keys";
