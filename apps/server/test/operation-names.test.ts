/**
 * Every operation the server writes to the operation log has a name the screens know
 * (OPERATION_NAMES, shown in words from the translation files): read from the source, so a new
 * operation without its words fails here rather than as a raw name on the operation-log screen.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '@sagano/domain/audit/operation-log-schemas';

const SRC = join(import.meta.dirname, '..', 'src');
const WEB_LOCALES = join(import.meta.dirname, '..', '..', 'web', 'src', 'locales');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** `operation: 'area.step'` as the server writes it. */
const OPERATION = /operation: '([a-z_]+\.[a-z_]+)'/g;

const written = new Map<string, string>();
for (const file of sourceFiles(SRC)) {
  for (const m of readFileSync(file, 'utf8').matchAll(OPERATION)) written.set(m[1]!, relative(SRC, file));
}

describe('operation names', () => {
  it('finds the operations the server writes', () => {
    expect(written.size).toBeGreaterThan(50);
  });

  it('every operation written is one the screens name', () => {
    const known = new Set<string>(OPERATION_NAMES);
    expect([...written].filter(([op]) => !known.has(op)).map(([op, file]) => `${op} (${file})`)).toEqual([]);
  });

  it('every named operation has its words in Japanese and English', () => {
    for (const lang of ['ja', 'en']) {
      const words = JSON.parse(readFileSync(join(WEB_LOCALES, lang, 'operationLogs.json'), 'utf8')) as { operations: Record<string, Record<string, string>> };
      const missing = OPERATION_NAMES.filter((name) => {
        const [area, step] = name.split('.') as [string, string];
        return !words.operations[area]?.[step];
      });
      expect(missing, lang).toEqual([]);
    }
  });
});
