import type { Role } from "./dev-keys";

export interface DemoOrganisation {
  /** The organisation's id on the Infuse-IoT platform (the `org` claim). */
  id: string;
  name: string;
  roles: readonly Role[];
}

/**
 * The demo organisations. The ids are fixed, not generated: the Infuse-IoT simulator is seeded with
 * the developer's and the provider's ids, and tokens printed by one launcher run stay valid against data
 * kept in `.local/` from an earlier run. UUIDv7-shaped, lowercase, like every id the API emits. `admin`
 * owns instances; `operator` is the platform operator (settlements' `PLATFORM_ORGANISATION_ID`, see
 * {@link PLATFORM_OPERATOR}): its admin closes periods, pays statements and reads every organisation's.
 */
export const DEMO_ORGANISATIONS = {
  developer: { id: "0193a5d0-de00-7000-8000-000000000001", name: "Demo Developer", roles: ["developer"] },
  provider: { id: "0193a5d0-9a00-7000-8000-000000000002", name: "Demo Provider", roles: ["provider"] },
  admin: { id: "0193a5d0-ad00-7000-8000-000000000003", name: "Demo Admin", roles: ["admin"] },
  operator: { id: "0193a5d0-0e00-7000-8000-000000000004", name: "Demo Platform Operator", roles: ["admin"] },
} as const satisfies Record<string, DemoOrganisation>;

/** The organisation the launcher names as the platform operator (`PLATFORM_ORGANISATION_ID`). */
export const PLATFORM_OPERATOR = DEMO_ORGANISATIONS.operator;

export type DemoKind = keyof typeof DEMO_ORGANISATIONS;
