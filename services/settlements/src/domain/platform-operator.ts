/**
 * The platform operator: an `admin` of the organisation that runs the marketplace (settlements'
 * `PLATFORM_ORGANISATION_ID`). Only the operator has platform-wide powers over settlement documents:
 * reading and exporting other organisations' statements, closing periods, paying statements and the
 * platform-fee view. An `admin` of any other organisation owns instances, nothing more: in settlements
 * it sees its own organisation's statements only. With no operator organisation configured (allowed
 * outside production) no caller is the operator.
 */
export function isPlatformOperator(
  caller: { organisationId: string; roles: readonly string[] },
  operatorOrganisationId: string | undefined,
): boolean {
  return (
    operatorOrganisationId !== undefined &&
    caller.roles.includes("admin") &&
    caller.organisationId.toLowerCase() === operatorOrganisationId.toLowerCase()
  );
}
