import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * After the list reporter's summary: how long each file took, from its first test's start to its
 * last test's end (its hooks included, and a retry run later too), the slowest first, and the
 * run's wall time, so a run that grows past the CI budget shows where.
 */
export default class FileTimesReporter implements Reporter {
  private readonly files = new Map<string, { start: number; end: number }>();
  private readonly started = Date.now();

  private fileOf(test: TestCase): string {
    return test.location.file.split('/e2e/').pop() ?? test.location.file;
  }

  onTestBegin(test: TestCase, result: TestResult): void {
    const file = this.fileOf(test);
    const start = result.startTime.getTime();
    const span = this.files.get(file);
    this.files.set(file, { start: Math.min(span?.start ?? start, start), end: span?.end ?? start });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = this.fileOf(test);
    const end = result.startTime.getTime() + result.duration;
    const span = this.files.get(file) ?? { start: result.startTime.getTime(), end };
    this.files.set(file, { start: span.start, end: Math.max(span.end, end, Date.now()) });
  }

  onEnd(result: FullResult): void {
    const rows = [...this.files].map(([file, span]) => [file, span.end - span.start] as const).sort((a, b) => b[1] - a[1]);
    if (rows.length === 0) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\nTime per file (first test's start to last test's end, hooks included), ${rows.length} files:`);
    for (const [file, ms] of rows) console.log(`  ${seconds(ms).padStart(8)}  ${file}`);
    console.log(`Wall time: ${seconds(Date.now() - this.started)} (${result.status})`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
