export * from "./access-token";
export * from "./api-key";
export * from "./jwks";
