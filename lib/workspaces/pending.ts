/** The condition of an invitation that still works: neither accepted nor revoked, and not expired. */
export const pending = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });
