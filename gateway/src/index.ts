/**
 * The gateway package's face: what other workspaces may import from `@mp/gateway`. The app (`app.ts`) and
 * its start-up (`server.ts`) import each other no more; both are handed on from here.
 */
export { buildApp, type GatewayDeps } from "./app";
export { type GatewayConfig, loadGatewayConfig } from "./config";
export { type RunningGateway, startGateway } from "./server";
