import type { Plugin } from 'vite';

/**
 * V8 compiles a function the first time it is called, on the main thread. Opening the first list
 * of a page (a Select) ran Mantine's combobox, popover and floating-ui code for the first time, and
 * the click paid some 37 ms of parsing and compiling at 4x CPU (traced: the first opening 219 ms,
 * the second 150). Chromium's explicit compile hint, the comment `//# allFunctionsCalledOnLoad` as
 * a file's first line, has the whole file compiled while it is downloaded, off the main thread.
 * Given to the chunks holding those components only: a first load's blocking time and LCP did not
 * move with it (the booking list and the create form, at 4x, taking turns).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The modules whose chunk gets the hint: Mantine's Combobox, Popover and the selects, floating-ui. */
const OPENED_ON_CLICK = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Combobox|Popover|Select|MultiSelect|Autocomplete)[\\/]|[\\/]@floating-ui[\\/]/;

export function wantsCompileHint(moduleIds: readonly string[]): boolean {
  return moduleIds.some((id) => OPENED_ON_CLICK.test(id));
}

/**
 * Writes the hint at the top of the chunks that want it, once they are minified (the minifier drops
 * comments) and before they are compressed (vite-plugin-compression2 reads the bundle later).
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && wantsCompileHint(chunk.moduleIds)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      }
    },
  };
}
