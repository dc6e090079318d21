export * from "./main";
export * from "./service";
export * from "./unit-of-work";
