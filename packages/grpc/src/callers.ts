import type { Principal, Role, ServiceCaller } from "@mp/contracts";
import { ForbiddenError, UnauthenticatedError } from "@mp/errors";
import type { CallContext } from "./handlers";

/**
 * The user the call is for. A service calling as itself is refused (`forbidden`): user RPCs act for a
 * user and never for a service that names an organisation.
 */
export function requirePrincipal(ctx: Pick<CallContext, "principal" | "service">, role?: Role): Principal {
  if (!ctx.principal) {
    if (ctx.service)
      throw new ForbiddenError(`This call serves users; ${ctx.service.service} called as itself.`);
    throw new UnauthenticatedError("The call carries no principal.");
  }
  if (role && !ctx.principal.roles.includes(role)) throw new ForbiddenError();
  return ctx.principal;
}

/** The calling service, when it is one of `services` calling as itself; anyone else is `forbidden`. */
export function requireService(
  ctx: Pick<CallContext, "principal" | "service">,
  ...services: string[]
): ServiceCaller {
  if (ctx.service && services.includes(ctx.service.service)) return ctx.service;
  if (!ctx.principal && !ctx.service) throw new UnauthenticatedError("The call carries no principal.");
  throw new ForbiddenError(`This call serves only ${services.join(", ")}.`);
}

/**
 * The organisation the call acts for: the user's (with `role`, when given), or the one a service named in
 * `services` states when it calls as itself (the copy retry loop finishing a developer's request). A
 * handler that accepts service callers says so here, by name.
 */
export function requireOrganisation(
  ctx: Pick<CallContext, "principal" | "service">,
  options: { role?: Role; services: readonly string[] },
): string {
  if (ctx.principal) return requirePrincipal(ctx, options.role).organisationId;
  const caller = requireService(ctx, ...options.services);
  if (!caller.organisationId) throw new ForbiddenError(`${caller.service} named no organisation to act for.`);
  return caller.organisationId;
}
