/**
 * Mantine's stylesheet, cut to the components the app's code uses (ADR 034). `@mantine/core/styles.css`
 * is every component's styles, some 100 of them, while the app uses about half: all of it was in
 * the entry stylesheet, which blocks a phone's first paint. The build knows exactly which
 * components made it into the bundle: each one's class names come from its own `X.module.mjs`,
 * and Mantine ships the styles of each as `styles/X.css`. After bundling, this plugin writes the
 * styles of the base (baseline, CSS variables, global) and of every such module in the order
 * `styles.css` has them, minified, as one stylesheet linked before the app's own. A component
 * whose classes are in the bundle always has its styles: there is no list to keep.
 *
 * `virtual:mantine-styles` (imported by main.tsx) is all of `styles.css` in the dev server and
 * nothing in a build.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { transform } from 'lightningcss';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:mantine-styles';
const RESOLVED = `\0${VIRTUAL}.css`;
const BASE = ['baseline', 'default-css-variables', 'global'];

/** The component named by a Mantine class-name module in the bundle (`…/Button/Button.module.mjs` → Button). */
export function componentOfModule(id: string): string | undefined {
  return /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/.exec(id)?.[1];
}

/** Each of `names`' stylesheet text in `styles/`, the base first, then in the order `styles.css` holds them. */
export function stylesheetFor(stylesDir: string, names: Iterable<string>): string {
  const all = readFileSync(join(stylesDir, '..', 'styles.css'), 'utf8');
  const texts = [...new Set(names)].map((name) => ({ name, text: readFileSync(join(stylesDir, `${name}.css`), 'utf8') }));
  // A file's place in styles.css: where its first rule starts there (the files are its parts, unchanged).
  const placed = texts.map(({ name, text }) => {
    const firstRule = text.slice(0, text.indexOf('{')).trim();
    const at = all.indexOf(firstRule);
    if (at < 0) throw new Error(`mantine-styles: ${name}.css is not part of styles.css`);
    return { name, text, at };
  });
  const base = BASE.map((name) => ({ name, text: readFileSync(join(stylesDir, `${name}.css`), 'utf8') }));
  return [...base, ...placed.filter((p) => !BASE.includes(p.name)).sort((a, b) => a.at - b.at)].map((p) => p.text).join('\n');
}

export function mantineStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const stylesDir = join(dirname(require.resolve('@mantine/core/styles.css')), 'styles');
  let build = false;
  let fileName: string | undefined;
  return {
    name: 'mantine-styles',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      if (id === VIRTUAL) return build ? RESOLVED : require.resolve('@mantine/core/styles.css');
      return null;
    },
    load(id) {
      return id === RESOLVED ? '' : null;
    },
    // Before Vite writes index.html (its own generateBundle) and the compressed copies of every file.
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const [id, info] of Object.entries(file.modules)) {
          const name = componentOfModule(id);
          if (name && info.renderedLength > 0) used.add(name);
        }
      }
      const { code } = transform({ filename: 'mantine.css', code: Buffer.from(stylesheetFor(stylesDir, used)), minify: true });
      fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'mantine.css', source: code }));
    },
    // Before the app's own stylesheet (its rules override Mantine's) and before the entry script.
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!build) return html;
        if (!fileName) throw new Error('mantine-styles: the stylesheet was not written before index.html');
        const at = [html.indexOf('<link rel="stylesheet"'), html.indexOf('<script type="module"')].filter((i) => i >= 0).sort((a, b) => a - b)[0];
        if (at === undefined) throw new Error('mantine-styles: index.html has no stylesheet or entry script to put Mantine\'s before');
        return `${html.slice(0, at)}<link rel="stylesheet" crossorigin href="/${fileName}">\n    ${html.slice(at)}`;
      },
    },
  };
}
