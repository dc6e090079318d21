import { type CallContext, requirePrincipal } from "@mp/grpc";

export { parseGuid } from "@mp/ids";

/**
 * The caller's organisation (lowercase): any role of it may manage its endpoints, since the events
 * concern every role (purchases and installs the provider, published items the developer, statements
 * both).
 */
export function callerOrganisation(ctx: CallContext): string {
  return requirePrincipal(ctx).organisationId.toLowerCase();
}
