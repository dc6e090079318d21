import type { Principal } from "@mp/contracts";

/** Organisation ids that read as their number in the last byte: `org(0xc1)`. */
export const org = (n: number) => `0193a1b2-0000-7000-8000-0000000000${n.toString(16).padStart(2, "0")}`;
export const provider: Principal = {
  subject: "prov-1",
  organisationId: org(0xc1),
  roles: ["provider"],
  via: "jwt",
};
export const otherProvider: Principal = { ...provider, subject: "prov-2", organisationId: org(0xc2) };
/** The two boards of the platform double: an item's release is for one of them. */
export const TRACKER = "0193a1b2-0000-7000-8000-0000000000b1";
export const SENSOR = "0193a1b2-0000-7000-8000-0000000000b2";
export const boardName = (boardId: string) => (boardId === TRACKER ? "tracker" : "sensor");
/** The IoT application the items are linked to. */
export const APP = 4097;
