import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_NAMESPACES, MessageNamespaces, wrapDynamicImports } from './message-namespaces.ts';
import { namespacesOf } from './src/lib/i18n-bundles.ts';

// The web app's src folder (this file is beside it).
const srcDir = join(import.meta.dirname, 'src');
const src = (path: string) => join(srcDir, path);

describe("the namespaces the app's source names, as the build reads them", () => {
  const scan = new MessageNamespaces(srcDir);

  it("gives each screen its own namespaces and those of what it imports, not every screen's", () => {
    expect(scan.beyondCore(src('features/bookings/routes/booking-create.tsx'))).toEqual(['bookings']);
    expect(scan.beyondCore(src('app/routes/booking-detail.tsx'))).toEqual(expect.arrayContaining(['bookings', 'payments', 'seats']));
    expect(scan.beyondCore(src('app/routes/booking-detail.tsx'))).not.toContain('masterData');
    expect(scan.beyondCore(src('features/master-data/routes/bank-accounts.tsx'))).toEqual(['masterData']);
    expect(scan.beyondCore(src('features/customer/routes/customer-booking.tsx'))).toEqual(['customer']);
    // The seat change dialog, downloaded when opened, brings the seat map's.
    expect(scan.beyondCore(src('features/customer/components/seat-change.tsx'))).toEqual(['customer', 'seatMap']);
  });

  it("keeps the page's first download to the first part, which i18n-bundle-ja.ts loads", () => {
    expect(scan.beyondCore(src('main.tsx'))).toEqual([]);
    expect(scan.of(src('main.tsx'))).toEqual(expect.arrayContaining(['auth', 'common']));
    // The namespaces outside the first part are each a download of their own: the first part's are not among them.
    for (const core of CORE_NAMESPACES) expect(namespacesOf('ja')).not.toContain(core);
    expect([...namespacesOf('ja'), ...CORE_NAMESPACES].sort()).toEqual([...scan.names].sort());
  });

  it('names only namespaces there are files for, for every module loaded on demand', () => {
    expect(scan.dynamicImports().length).toBeGreaterThan(60);
    for (const module of scan.dynamicImports()) for (const namespace of scan.of(module)) expect(scan.names, `${module}: ${namespace}`).toContain(namespace);
  });
});

describe('an on-demand import, rewritten to fetch its messages beside it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'namespaces-'));
  mkdirSync(join(dir, 'locales', 'ja'), { recursive: true });
  mkdirSync(join(dir, 'screens'));
  for (const namespace of ['common', 'boards', 'notes']) writeFileSync(join(dir, 'locales', 'ja', `${namespace}.json`), '{}');
  writeFileSync(join(dir, 'screens', 'board.tsx'), "import { Notes } from './notes.tsx';\nexport const t = (k: string) => k;\nexport const a = t('boards:title');\n");
  writeFileSync(join(dir, 'screens', 'notes.tsx'), "const { t } = useTranslation(['notes', 'common']);\n");
  writeFileSync(join(dir, 'screens', 'plain.tsx'), "const { t } = useTranslation();\nconst url = 'http://x';\n");
  const router = join(dir, 'router.tsx');
  const code = "const a = () => import('./screens/board.tsx');\nconst b = () => import('./screens/plain.tsx');\n// import('./screens/board.tsx') in a comment\n";
  writeFileSync(router, code);
  const scan = new MessageNamespaces(dir);

  it('wraps the imports whose modules name namespaces beyond the first part, and keeps the lines where they were', () => {
    expect(scan.of(join(dir, 'screens', 'board.tsx'))).toEqual(['boards', 'common', 'notes']);
    expect(scan.beyondCore(join(dir, 'screens', 'plain.tsx'))).toEqual([]);
    const out = wrapDynamicImports(code, router, scan, '/src/lib/i18n.ts')!;
    const lines = out.split('\n');
    expect(lines[0]).toBe(`const a = () => __withMessages(["boards","notes"], import('./screens/board.tsx'));`);
    expect(lines[1]).toBe("const b = () => import('./screens/plain.tsx');");
    expect(lines[2]).toBe("// import('./screens/board.tsx') in a comment");
    expect(out).toContain('import { withMessages as __withMessages } from "/src/lib/i18n.ts";');
    expect(wrapDynamicImports("const b = () => import('./screens/plain.tsx');", router, scan, '/src/lib/i18n.ts')).toBeNull();
  });

  it('refuses a useTranslation whose namespaces are a value: the build could not know them', () => {
    writeFileSync(join(dir, 'screens', 'dynamic.tsx'), 'const { t } = useTranslation(namespace);\n');
    try {
      expect(() => new MessageNamespaces(dir)).toThrow(/useTranslation\(namespace\) names its namespaces by a value/);
    } finally {
      rmSync(join(dir, 'screens', 'dynamic.tsx'));
    }
  });
});
