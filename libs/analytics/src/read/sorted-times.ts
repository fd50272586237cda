/** how many of the ascending times are below `ms`: the first index whose time is at least `ms` */
export function countBelow(times: ArrayLike<number>, ms: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
