/** A device of an organisation with its state, as the marketplace shows it. */
export interface IotDevice {
  deviceId: string;
  organisationId: string;
  board: { id: string; name: string };
  metadata: Record<string, string>;
  /** The last packet over any route; null when the device never made contact. */
  lastSeenAt: string | null;
  /** The application and version the device reports running; null when it never reported one. */
  application: { applicationId: number; version: string } | null;
  /** The interface of the last uplink route; null when unknown. */
  lastRoute: string | null;
}

export const DEVICE_ID = /^[0-9a-f]{16}$/i;
