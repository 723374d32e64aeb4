/** The largest delivery a hook reads: GitHub caps its payloads at 25 MB (docs/api.md, "Incoming hooks"). */
export const MAX_FORGE_DELIVERY_BYTES = 25 * 1024 * 1024;

/** Deliveries one hook takes per minute, signed or not. */
export const FORGE_DELIVERIES_PER_MINUTE = 120;

/** The most commits a push may carry: GitHub's own most (GitLab sends 20); a delivery of more is refused whole. */
export const MAX_FORGE_DELIVERY_COMMITS = 2048;
