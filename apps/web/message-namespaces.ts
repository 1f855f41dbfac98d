import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { dynamicImportsIn } from './dynamic-imports.ts';

/**
 * The namespaces every page starts with (src/lib/i18n-bundle-{ja,en}.ts load them at the app's
 * start; Korean and Chinese have only `common` of them). Every other namespace is a download of
 * its own, fetched with the code that uses it.
 */
export const CORE_NAMESPACES = ['common', 'errors', 'auth', 'shell'] as const;

/** What one source module says of itself: the modules it imports, statically and on demand, and the namespaces it names. */
interface ModuleFacts {
  imports: string[];
  dynamicImports: string[];
  namespaces: Set<string>;
}

/**
 * The message namespaces the app's source names, module by module, read without running it: the
 * arguments of `useTranslation(…)` (none: `common`, the default namespace) and every string that
 * starts with a namespace and a colon (`t('bookings:filters.groupName')`, `'notifications:kinds.…'`).
 * A module's namespaces are its own and those of every module it imports statically: what is
 * loaded with its code. Imports are followed within the source folder (relative paths); the
 * packages (`@sagano/domain`, libraries) name no namespace of the app.
 */
export class MessageNamespaces {
  readonly #modules = new Map<string, ModuleFacts>();
  readonly #closures = new Map<string, Set<string>>();
  readonly names: ReadonlySet<string>;

  constructor(srcDir: string) {
    this.names = new Set(readdirSync(join(srcDir, 'locales', 'ja')).map((file) => file.replace(/\.json$/, '')));
    for (const file of sourceFiles(srcDir)) this.#modules.set(file, this.#read(file));
  }

  #read(file: string): ModuleFacts {
    const code = readFileSync(file, 'utf8');
    const facts: ModuleFacts = { imports: [], dynamicImports: [], namespaces: new Set() };
    const at = (specifier: string) => resolve(dirname(file), specifier);
    for (const m of code.matchAll(/(?:^|[\n;])\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g)) {
      const specifier = m[1] ?? m[2]!;
      if (specifier.startsWith('.')) facts.imports.push(at(specifier));
    }
    for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) if (m[1]!.startsWith('.')) facts.dynamicImports.push(at(m[1]!));
    for (const m of code.matchAll(/\buseTranslation\(([^)]*)\)/g)) {
      const args = m[1]!.trim();
      if (args === '') facts.namespaces.add('common');
      else if (!/^(\[\s*)?['"]/.test(args)) throw new Error(`${file}: useTranslation(${args}) names its namespaces by a value; the build reads them only as written ('bookings' or ['bookings', 'common'])`);
      for (const q of args.matchAll(/['"]([A-Za-z]+)['"]/g)) facts.namespaces.add(q[1]!);
    }
    for (const m of code.matchAll(/['"`]([A-Za-z]+):/g)) if (this.names.has(m[1]!)) facts.namespaces.add(m[1]!);
    return facts;
  }

  /** Whether `file` is a module of the app's source (not a test, not a package's). */
  has(file: string): boolean {
    return this.#modules.has(file);
  }

  /** The namespaces `file` and its static imports name, sorted. */
  of(file: string): string[] {
    let found = this.#closures.get(file);
    if (!found) {
      found = new Set();
      const seen = new Set<string>();
      const visit = (module: string) => {
        if (seen.has(module)) return;
        seen.add(module);
        const facts = this.#modules.get(module);
        if (!facts) return;
        for (const namespace of facts.namespaces) found!.add(namespace);
        for (const next of facts.imports) visit(next);
      };
      visit(file);
      this.#closures.set(file, found);
    }
    return [...found].sort();
  }

  /** What `file` loads beyond the namespaces every page starts with: what its download must fetch with it. */
  beyondCore(file: string): string[] {
    return this.of(file).filter((namespace) => !(CORE_NAMESPACES as readonly string[]).includes(namespace));
  }

  /** Every module imported on demand somewhere in the source. */
  dynamicImports(): string[] {
    return [...new Set([...this.#modules.values()].flatMap((facts) => facts.dynamicImports))].filter((file) => this.#modules.has(file)).sort();
  }
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'test' && entry !== 'locales') out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry) && !/\.(test|d)\.tsx?$/.test(entry)) out.push(path);
  }
  return out;
}

/**
 * Rewrites each `import('./screen.tsx')` of `code` whose module names namespaces beyond the first
 * part into `withMessages([…], import('./screen.tsx'))`: the screen's messages are fetched beside its
 * code, and its module is handed over once both are in. Null when nothing is to change.
 */
export function wrapDynamicImports(code: string, file: string, namespaces: MessageNamespaces, i18nModule: string): string | null {
  if (!code.includes('import(')) return null;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const { call, target } of dynamicImportsIn(source, file)) {
    const wanted = namespaces.has(target) ? namespaces.beyondCore(target) : [];
    if (wanted.length > 0) {
      const start = call.getStart(source);
      edits.push({ start, end: call.getEnd(), text: `__withMessages(${JSON.stringify(wanted)}, ${code.slice(start, call.getEnd())})` });
    }
  }
  if (edits.length === 0) return null;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  // At the end: imports are hoisted, and the lines above keep their numbers.
  return `${out}\nimport { withMessages as __withMessages } from ${JSON.stringify(i18nModule)};\n`;
}

/**
 * Each screen's messages come with its code (ADR 034, eighth pass): every on-demand import of the
 * app's source fetches the namespaces its module names beside it (wrapDynamicImports), so a screen
 * downloads its own namespaces, not every screen's. The build stops when the page's first download
 * (the entry and what it imports) names a namespace beyond the first part: nothing would fetch it.
 */
export function messageNamespaces(srcDir: string, entry: string): Plugin & { api: { beyondCore(file: string): string[] } } {
  let scan: MessageNamespaces | null = null;
  const current = () => (scan ??= new MessageNamespaces(srcDir));
  const i18nModule = join(srcDir, 'lib', 'i18n.ts');
  return {
    name: 'message-namespaces',
    // What a module loaded on demand fetches beside it (route-preloads.ts announces those files too).
    api: { beyondCore: (file: string) => current().beyondCore(file) },
    buildStart() {
      scan = null;
      const missing = current().beyondCore(entry);
      if (missing.length > 0) this.error(`the first download (${entry} and its imports) names the namespaces ${missing.join(', ')}, which only come with a screen: import that code on demand, or add the namespace to the first part (CORE_NAMESPACES and lib/i18n-bundle-*.ts)`);
    },
    // The dev server reads the source again after an edit.
    watchChange() {
      scan = null;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!current().has(file) || file === i18nModule) return null;
      const out = wrapDynamicImports(code, file, current(), i18nModule);
      return out === null ? null : { code: out, map: null };
    },
  };
}
