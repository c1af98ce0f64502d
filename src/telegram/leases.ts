/**
 * How long an instance's hold on work lasts. Work (a chat's updates, a job) is held under a lease that its instance
 * renews while it is alive; when an instance dies its leases run out and the others, looking every `sweepEveryMs`,
 * take the work over. So a dead instance's work resumes within `leaseMs + sweepEveryMs` (40 s by default).
 */
export interface LeaseTimings {
  leaseMs: number;
  renewEveryMs: number;
  sweepEveryMs: number;
}

export const DEFAULT_LEASE_MS = 30_000;

/** Renewed every third of the lease, so two missed renewals in a row still keep it; swept as often. */
export function leaseTimings(leaseMs: number = DEFAULT_LEASE_MS): LeaseTimings {
  const third = Math.max(1, Math.round(leaseMs / 3));
  return { leaseMs, renewEveryMs: third, sweepEveryMs: third };
}
