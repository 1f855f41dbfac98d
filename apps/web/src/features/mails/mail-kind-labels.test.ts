import { describe, expect, it } from 'vitest';
import { MAIL_KIND_RECIPIENTS, MAIL_KINDS } from '@sagano/domain/mail/mail-kinds';
import ja from '../../locales/ja/mails.json';
import en from '../../locales/en/mails.json';

type Tree = { [key: string]: string | Tree };

/** The text at a dotted path; a dot in a mail kind nests (booking.ok → kinds.booking.ok). */
function at(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('every kind of mail is named and described on screen (ja and en)', () => {
  for (const [language, tree] of [['ja', ja], ['en', en]] as const) {
    it(`${language}: a name (kinds), when it is sent (templates.when) and its recipient`, () => {
      const missing = MAIL_KINDS.flatMap((kind) => [
        ...(at(tree as Tree, `kinds.${kind}`) ? [] : [`kinds.${kind}`]),
        ...(at(tree as Tree, `templates.when.${kind}`) ? [] : [`templates.when.${kind}`]),
        ...(at(tree as Tree, `templates.recipients.${MAIL_KIND_RECIPIENTS[kind]}`) ? [] : [`templates.recipients.${MAIL_KIND_RECIPIENTS[kind]}`]),
      ]);
      expect(missing).toEqual([]);
    });
  }
});
