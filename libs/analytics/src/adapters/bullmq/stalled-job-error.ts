/** a try cut short because the worker holding the job stopped (a crash, a kill, a lost lock) */
export class StalledJobError extends Error {
  constructor(stalls: number) {
    super(`the worker holding it stopped in the middle of it (${stalls} time(s) so far)`);
    this.name = 'StalledJobError';
  }
}
