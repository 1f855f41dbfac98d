import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentOfModule, stylesheetFor } from './mantine-styles.ts';

const stylesCss = createRequire(import.meta.url).resolve('@mantine/core/styles.css');
const stylesDir = join(dirname(stylesCss), 'styles');
const squeeze = (css: string) => css.replace(/\s+/g, '');

describe("Mantine's stylesheet cut to the components in the bundle", () => {
  it('names the component of each class-name module, and nothing else', () => {
    expect(componentOfModule('/x/node_modules/@mantine/core/esm/components/Button/Button.module.mjs')).toBe('Button');
    expect(componentOfModule('C:\\x\\node_modules\\@mantine\\core\\esm\\components\\Combobox\\Combobox.module.mjs')).toBe('Combobox');
    expect(componentOfModule('/x/node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBeUndefined();
    expect(componentOfModule('/x/node_modules/@mantine/dates/esm/components/Day/Day.module.mjs')).toBeUndefined();
  });

  it('is styles.css itself when every component is used: the same rules in the same order', () => {
    const every = readdirSync(stylesDir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css')).map((f) => f.slice(0, -'.css'.length));
    expect(squeeze(stylesheetFor(stylesDir, every.reverse()))).toBe(squeeze(readFileSync(stylesCss, 'utf8')));
  });

  it('keeps the base first and the components in the order styles.css has them, whatever order they come in', () => {
    const names = ['Table', 'Button', 'UnstyledButton'];
    const css = squeeze(stylesheetFor(stylesDir, names));
    const whole = squeeze(readFileSync(stylesCss, 'utf8'));
    const part = (name: string) => squeeze(readFileSync(join(stylesDir, `${name}.css`), 'utf8'));
    expect(css.startsWith(part('baseline') + part('default-css-variables') + part('global'))).toBe(true);
    const inWhole = [...names].sort((a, b) => whole.indexOf(part(a)) - whole.indexOf(part(b)));
    const inCut = [...names].sort((a, b) => css.indexOf(part(a)) - css.indexOf(part(b)));
    expect(inCut).toEqual(inWhole);
    expect(css).not.toContain(part('Tabs'));
  });
});
