import type { Principal } from "@mp/contracts";
import { ForbiddenError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { isPlatformOperator } from "../domain/platform-operator";

/** The caller, when it is the platform operator (see `isPlatformOperator`); `forbidden` otherwise. */
export function requirePlatformOperator(
  ctx: CallContext,
  operatorOrganisationId: string | undefined,
): Principal {
  const caller = requirePrincipal(ctx, "admin");
  if (!isPlatformOperator(caller, operatorOrganisationId))
    throw new ForbiddenError(
      "Only the platform operator (an admin of the platform's organisation) may do this.",
    );
  return caller;
}
