/**
 * Entries and period closing share one lock per mode: an entry's transaction holds it shared from the
 * moment it picks its statement until it commits, closing a period holds it exclusively. So a close never
 * finalizes around an entry still being written, and an entry never lands in a month closed meanwhile.
 */
export const PLACEMENT_LOCK = 730_301;
export const lockMode = (livemode: boolean) => (livemode ? 1 : 0);

/**
 * SQL that takes the placement lock shared for the mode of `livemode` (a boolean SQL expression, e.g.
 * `$2`), for a caller that takes it in a statement it runs anyway, before the statement repository's
 * `placeBoth` with `lockHeld`. It must be an earlier statement of the transaction than the placement's:
 * a statement reads with the snapshot taken when it started, before any wait for the lock.
 */
export function sharePlacementLockSql(livemode: string): string {
  return `pg_advisory_xact_lock_shared(${PLACEMENT_LOCK}, CASE WHEN ${livemode} THEN ${lockMode(true)} ELSE ${lockMode(false)} END)`;
}
