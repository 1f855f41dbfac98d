/**
 * The CPU slowdown that makes this host a mid-tier phone, from its benchmarkIndex, as Lighthouse's
 * own calculator computes it (its docs/throttling.md, "Calibrating the CPU slowdown", links
 * lighthouse-cpu-throttling-calculator): the fixed 4× fits a host of about 1,533; a host of 1,100
 * is slowed 2.6×, one of 2,000 six times.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}
