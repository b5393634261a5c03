/**
 * Job leases: one runner of a job at a time across processes, one run per interval (docs/jobs.md,
 * 'The runner').
 */

export interface JobLease {
  name: string;
  holder: string;
  /** The lease is taken when it is free or expired; it ends at `now + leaseMs`. */
  now: Date;
  leaseMs: number;
  /**
   * One run per interval across processes: when set, the lease is taken only if the job has not
   * started at or after this moment (the start of the current interval), even if the lease is free.
   */
  notStartedSince?: Date;
}

export interface JobLeases {
  /** Takes a job's lease (single runner across processes); false when another holder's lease is live. */
  acquireJobLease(lease: JobLease): Promise<boolean>;
  /** Ends a lease held by `holder`, recording the result. */
  releaseJobLease(name: string, holder: string, finishedAt: Date, result: string): Promise<void>;
}
