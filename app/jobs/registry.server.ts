export type JobContext = {
  /** The `job_runs` id: stable across retries, and the caller's jobId when one was given. */
  jobId: string;
  /** 1 on the first try, 2 on the first retry, and so on. */
  attempt: number;
  log(message: string): void;
};

export type JobHandler<P, R> = (payload: P, ctx: JobContext) => Promise<R>;

export type JobDefinition<P = unknown, R = unknown> = {
  readonly name: string;
  readonly handler: JobHandler<P, R>;
};

// The map forgets payload types; `defineJob` keeps them for callers that hold the definition.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJobDefinition = JobDefinition<any, any>;

const jobs = new Map<string, AnyJobDefinition>();

export function defineJob<P, R>(name: string, handler: JobHandler<P, R>): JobDefinition<P, R> {
  return { name, handler };
}

/** The last registration of a name wins, so a module reloaded by the dev server replaces its jobs. */
export function registerJob(job: AnyJobDefinition): void {
  jobs.set(job.name, job);
}

export function getJob(name: string): AnyJobDefinition | undefined {
  return jobs.get(name);
}

export function registeredJobNames(): string[] {
  return [...jobs.keys()];
}
