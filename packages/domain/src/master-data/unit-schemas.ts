import { z } from 'zod';
import { LABEL_LANGUAGES } from '../common/language.ts';
import { ANNOTATIONS, FARE_TYPES, isPassengerFare, SEGMENTS } from '../reference/reference-schemas.ts';

/**
 * POST /v1/units (spec 001 §7.4, payload not shown): a fare unit. A passenger fare (ADULT, CHILD)
 * once per segment × annotation; luggage and fee units (LUGGAGE, CHANGE_HANDLE_FEE) any number,
 * each named apart; no two units of a segment share their Japanese name. FREE units are the ones
 * calculated from the free count plan (auto_calculated) and never priced; every other unit is
 * priced by the plans of its segment.
 */

/** Languages a unit's name must carry: the two the screens are offered in. */
export const REQUIRED_UNIT_LABEL_LANGUAGES = ['ja', 'en'] as const;

export const UNIT_AUTO_CALCULATED_MESSAGE = 'FREE units, and only they, are calculated from the free count plan';
export const UNIT_ITEM_ANNOTATION_MESSAGE = 'luggage and fee units take the NORMAL annotation';
export const UNIT_ITEM_COUNT_MESSAGE = 'luggage and fee units are not participants: count_inclusive must be false';

/** The unit's name in a language (the Japanese one tells the units of a segment apart). */
export function unitNameIn(nameLabel: readonly { language_id: string; text: string }[], language: string): string | undefined {
  return nameLabel.find((l) => l.language_id === language)?.text.trim();
}

const NameLabel = z.object({
  language_id: z.enum(LABEL_LANGUAGES, 'choose one of ja, en, ko, zh-hans, zh-hant'),
  text: z.string('a name is required').trim().min(1, 'a name is required').max(100),
});

export const CreateUnitBody = z
  .object({
    segment: z.enum(SEGMENTS),
    annotation: z.enum(ANNOTATIONS),
    fare_type: z.enum(FARE_TYPES),
    name_label: z.array(NameLabel).max(LABEL_LANGUAGES.length),
    display_order: z.number('enter a number').int('enter a whole number').min(0).max(1_000_000),
    count_inclusive: z.boolean(),
    auto_calculated: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    for (const [i, label] of v.name_label.entries()) {
      if (seen.has(label.language_id)) ctx.addIssue({ code: 'custom', message: 'one name per language', path: ['name_label', i, 'language_id'] });
      seen.add(label.language_id);
    }
    for (const language of REQUIRED_UNIT_LABEL_LANGUAGES) {
      if (!seen.has(language)) ctx.addIssue({ code: 'custom', message: `a name in ${language} is required`, path: ['name_label'] });
    }
    if (!isPassengerFare(v.fare_type)) {
      // An item (a piece of luggage, a handling fee) takes no seat, rides no discount and is never made free.
      if (v.annotation !== 'NORMAL') ctx.addIssue({ code: 'custom', message: UNIT_ITEM_ANNOTATION_MESSAGE, path: ['annotation'] });
      if (v.count_inclusive) ctx.addIssue({ code: 'custom', message: UNIT_ITEM_COUNT_MESSAGE, path: ['count_inclusive'] });
    }
    if (v.auto_calculated !== (v.annotation === 'FREE')) ctx.addIssue({ code: 'custom', message: UNIT_AUTO_CALCULATED_MESSAGE, path: ['auto_calculated'] });
  });
export type CreateUnitBody = z.infer<typeof CreateUnitBody>;
