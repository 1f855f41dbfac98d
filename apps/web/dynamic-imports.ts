import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** An on-demand import written in a source file: the `import('…')` call and the file it names, resolved from that file's folder. */
export interface DynamicImport {
  call: ts.CallExpression;
  target: string;
}

/**
 * The `import('./…')` calls with a literal specifier under `node` of `file`, in source order: what the
 * build plugins read of the app's code splits (route-preloads.ts: a route's screens;
 * message-namespaces.ts: the imports it wraps with their screens' messages).
 */
export function dynamicImportsIn(node: ts.Node, file: string): DynamicImport[] {
  const found: DynamicImport[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
      found.push({ call: n, target: resolve(dirname(file), n.arguments[0].text) });
    }
    n.forEachChild(visit);
  };
  visit(node);
  return found;
}
