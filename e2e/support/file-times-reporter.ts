import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * After the list reporter's summary: how long the tests of each file took (retries included), the
 * slowest first, and the run's wall time, so a run that grows past the CI budget shows where.
 */
export default class FileTimesReporter implements Reporter {
  private readonly files = new Map<string, number>();
  private readonly started = Date.now();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.split('/e2e/').pop() ?? test.location.file;
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration);
  }

  onEnd(result: FullResult): void {
    const rows = [...this.files].sort((a, b) => b[1] - a[1]);
    if (rows.length === 0) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\nTime per file (its tests, retries included), ${rows.length} files:`);
    for (const [file, ms] of rows) console.log(`  ${seconds(ms).padStart(8)}  ${file}`);
    console.log(`Wall time: ${seconds(Date.now() - this.started)} (${result.status})`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
