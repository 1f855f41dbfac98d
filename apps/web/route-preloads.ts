import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { dynamicImportsIn } from './dynamic-imports.ts';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** The staff pages' languages, the default first, and where the choice is kept (packages/domain ui-language.ts, src/lib/i18n.ts). */
const UI_LANGUAGES = ['ja', 'en'] as const;
const LANGUAGE_STORAGE_KEY = 'sagano.lang';
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/** A route of the router as written: its full path pattern and the modules its own properties import on demand. */
export interface RouteModules {
  pattern: string;
  modules: string[];
}

/**
 * Reads the route tree handed to createBrowserRouter in `routerFile` (no code is run): for every
 * route with a path or `index`, its full pattern ('/bookings/:bookingId/cancel') and the modules
 * that it and its parents load with `import('…')` (their `lazy` screens and loaders' query modules).
 */
export function routeModules(routerFile: string): RouteModules[] {
  const source = ts.createSourceFile(routerFile, readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: RouteModules[] = [];
  const walk = (list: ts.ArrayLiteralExpression, prefix: string, inherited: string[]) => {
    for (const element of list.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      let path: string | undefined;
      let index = false;
      let children: ts.ArrayLiteralExpression | undefined;
      const own: string[] = [];
      for (const property of element.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const name = property.name.getText(source);
        if (name === 'path' && ts.isStringLiteral(property.initializer)) path = property.initializer.text;
        else if (name === 'index') index = property.initializer.kind === ts.SyntaxKind.TrueKeyword;
        else if (name === 'children' && ts.isArrayLiteralExpression(property.initializer)) children = property.initializer;
        else own.push(...dynamicImportsIn(property.initializer, routerFile).map((i) => i.target));
      }
      const full = path === undefined ? prefix : path.startsWith('/') ? path : `${prefix.replace(/\/$/, '')}/${path}`;
      const modules = [...inherited, ...own];
      if (path !== undefined || index) {
        // A layout route and its index child share a pattern: the address loads both.
        const pattern = full || '/';
        const same = out.find((r) => r.pattern === pattern);
        if (same) same.modules = [...new Set([...same.modules, ...modules])];
        else out.push({ pattern, modules });
      }
      if (children) walk(children, full, modules);
    }
  };
  const find = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'createBrowserRouter') {
      const routes = node.arguments[0];
      if (routes && ts.isArrayLiteralExpression(routes)) walk(routes, '', []);
      return;
    }
    node.forEachChild(find);
  };
  find(source);
  return out;
}

/** A pattern as a regular expression over location.pathname (a trailing slash allowed). */
export function patternRegExp(pattern: string): string {
  const segments = pattern.split('/').filter(Boolean);
  const body = segments.map((s) => (s === '*' ? '.*' : s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return `^/${body}${segments.at(-1) === '*' ? '' : '/?'}$`;
}

/** How exact a pattern is: static segments before parameters before the catch-all (the router ranks them so too). */
function rank(pattern: string): number {
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((score, s) => score + (s === '*' ? -100 : s.startsWith(':') ? 3 : 10), 0);
}

/**
 * The files a chunk needs before it can run (its static imports, transitively, and their
 * stylesheets), leaving out what the page's entry already brings.
 */
function closure(chunk: OutputChunk, byName: Map<string, OutputChunk>, loaded: Set<string>, files: Set<string>): void {
  if (loaded.has(chunk.fileName) || files.has(chunk.fileName)) return;
  files.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
  for (const name of chunk.imports) {
    const next = byName.get(name);
    if (next) closure(next, byName, loaded, files);
  }
}

/** How many preload links the script adds in one task (see routePreloadScript). */
export const PRELOAD_SLICE = 4;

/**
 * The script index.html's head loads (async, a file of its own): it looks up the address's route in a table made
 * at build time and adds a `<link rel=modulepreload>` (stylesheets: `rel=preload`) for each file of
 * the route's screens and of the messages they name (`namespacesOf`, message-namespaces.ts) once
 * the page has first painted (its boot icon), so that the browser fetches them while the entry
 * chunk downloads instead of after it has run. Later, a link of the app reached by the pointer or
 * by focus has its route's files announced the same way, so the screen's code is on its way before the click.
 */
export function routePreloadScript(bundle: OutputBundle, routes: RouteModules[], base: string, namespacesOf: (module: string) => readonly string[] = () => []): string {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!.replace(/\\/g, '/'), c]));
  // The entry and everything it imports statically: in the page already.
  const loaded = new Set<string>();
  const addLoaded = (chunk: OutputChunk) => {
    if (loaded.has(chunk.fileName)) return;
    loaded.add(chunk.fileName);
    for (const name of chunk.imports) if (byName.has(name)) addLoaded(byName.get(name)!);
  };
  for (const chunk of chunks) if (chunk.isEntry) addLoaded(chunk);
  const fileList: string[] = [];
  const fileIndex = new Map<string, number>();
  const indexOf = (f: string) => {
    if (!fileIndex.has(f)) fileIndex.set(f, fileList.push(f) - 1);
    return fileIndex.get(f)!;
  };
  /** The files of the chunk made of the module whose path ends so (none when the bundle has no such module). */
  const filesOf = (pathEnd: string) => {
    const chunk = [...byModule].find(([id]) => id.endsWith(pathEnd))?.[1];
    const files = new Set<string>();
    if (chunk) closure(chunk, byName, loaded, files);
    return [...files].map(indexOf);
  };
  const table: [string, number[], string[]][] = [];
  const namespaces = new Set<string>();
  for (const route of [...routes].sort((a, b) => rank(b.pattern) - rank(a.pattern))) {
    const files = new Set<string>();
    const named = new Set<string>();
    for (const module of route.modules) {
      const chunk = byModule.get(module.replace(/\\/g, '/'));
      if (chunk) closure(chunk, byName, loaded, files);
      for (const namespace of namespacesOf(module)) named.add(namespace);
    }
    for (const namespace of named) namespaces.add(namespace);
    // A route with nothing to preload (the sign-in page, in the entry) stays in the table, so that
    // a wider pattern (the catch-all) does not answer for it.
    table.push([patternRegExp(route.pattern), [...files].map(indexOf), [...named].sort()]);
  }
  // Per language of the staff's pages: the first part's files, and each namespace's.
  const messages = Object.fromEntries(
    UI_LANGUAGES.map((l) => [l, [filesOf(`/lib/i18n-bundle-${l}.ts`), Object.fromEntries([...namespaces].sort().map((n) => [n, filesOf(`/locales/${l}/${n}.json`)]))]]),
  );
  // p(path): each file of the first route matching `path` not announced yet gets its link, and
  // those of its messages in the page's language. Called for the address once the page has painted,
  // and for an in-app link's address when the pointer or focus reaches it. The first call takes
  // the language the app will start in (as pickStartLanguage chooses it outside the group's page:
  // ?lang=, the stored choice, else ja) and adds that language's first part; later ones take the
  // page's own (<html lang>, which the app keeps).
  return [
    `(function(){var b=${JSON.stringify(base)},f=${JSON.stringify(fileList)},r=${JSON.stringify(table)},m=${JSON.stringify(messages)},d={},Q=[],w=0,q,g;`,
    `try{g=[new URLSearchParams(location.search).get("lang"),localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})]}catch(e){g=[]}`,
    `g=m[g[0]]?g[0]:m[g[1]]?g[1]:${JSON.stringify(UI_LANGUAGES[0])};`,
    // a(n) queues file n once; k() adds the queued links, PRELOAD_SLICE in the current task and the
    // rest in tasks of their own (w: one is on its way): starting a request costs the main thread
    // some 0.5 ms (2 ms on a phone's 4× slower CPU), and the booking page's forty in one task were
    // a long task of its own.
    'function a(n){var h=f[n];if(d[h])return;d[h]=1;Q.push(h)}',
    `function k(){var i,l,h;w=0;for(i=0;i<${PRELOAD_SLICE}&&Q.length;i++){h=Q.shift();l=document.createElement("link");if(/\\.css$/.test(h)){l.rel="preload";l.setAttribute("as","style")}else l.rel="modulepreload";l.href=b+h;document.head.appendChild(l)}if(Q.length){w=1;setTimeout(k,0)}}`,
    // The group's page chooses its language otherwise (the browser's): its messages are not guessed.
    'function p(path,s){var i,l=m[s?g:document.documentElement.lang];if(path===q)return;q=path;if(/^\\/customer\\//.test(path))l=0;for(i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(path)){if(l){if(s)l[0].forEach(a);r[i][2].forEach(function(n){(l[1][n]||[]).forEach(a)})}r[i][1].forEach(a);if(!w)k();return}}',
    'function o(e){var t=e.target&&e.target.closest&&e.target.closest("a[href]");if(t&&t.origin===location.origin)p(t.pathname)}',
    // After the first paint (the next frame's task): requests made before it count against the
    // first paint in Lighthouse's simulation, and the page's own stylesheet comes first.
    'requestAnimationFrame(function(){setTimeout(function(){p(location.pathname,1)},0)});document.addEventListener("pointerover",o,{passive:true});document.addEventListener("focusin",o)})();',
  ].join('');
}

/**
 * Preloads a first visit's route chunks from the HTML (see routePreloadScript): the router's lazy
 * screens would otherwise be requested only once the entry chunk has downloaded and run, and their
 * own imports only once those have arrived — three round trips before the screen's code is in.
 */
export function routePreloads(routerFile: string, namespacesOf: (module: string) => readonly string[]): Plugin {
  let base = '/';
  let outDir = 'dist';
  let script: { fileName: string; source: string } | null = null;
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        // A file of its own, not inline: the server's Content Security Policy allows scripts from the site only.
        const source = routePreloadScript(ctx.bundle, routeModules(routerFile), base, namespacesOf);
        script = { fileName: `assets/route-preloads-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`, source };
        return [{ tag: 'script', attrs: { async: true, src: `${base}${script.fileName}` }, injectTo: 'head' }];
      },
    },
    writeBundle() {
      if (script) writeFileSync(resolve(outDir, script.fileName), script.source);
    },
  };
}
