/**
 * The messages of the forms' rules (spec 000 §5), one builder per rule, each naming the field by
 * the label the form shows it with, in the current language: 'please enter {name}', 'please
 * select', 'enter a valid {name}', 'at most {number}', positive and non-negative whole numbers,
 * half-width digits, dates and times (HH:mm) whose start is not after their end. Every form says
 * its rules through these (zodValidate uses them for the domain schemas' rules).
 */
import i18next from 'i18next';
import type commonJa from '../locales/ja/common.json';

type Rule = Exclude<keyof (typeof commonJa)['validation'], 'thisField'>;
type FieldName = keyof (typeof commonJa)['fields'];

/**
 * A label as it reads inside an English sentence ("Please enter group name."): its first letter
 * in lower case unless it starts an acronym ("API key name", "HH:mm" stay). Japanese is as given.
 */
export function inSentence(label: string): string {
  const t = label.trim().replace(/[*：:]+$/u, '');
  if (!i18next.language?.startsWith('en')) return t;
  if (t.length > 1 && t[1] === t[1]!.toUpperCase() && /[A-Z]/.test(t[1]!)) return t;
  return t.charAt(0).toLowerCase() + t.slice(1);
}

const say = (rule: Rule, values: Record<string, string | number>) => i18next.t(`common:validation.${rule}`, values);
const named = (name: string) => inSentence(name) || i18next.t('common:validation.thisField');

/** One builder per rule; `name` is the field's label as the form shows it. */
export const validationMessage = {
  /** 'please enter {name}' */
  required: (name: string) => say('required', { name: named(name) }),
  /** 'please select' ({name}) */
  select: (name: string) => say('select', { name: named(name) }),
  /** 'enter a valid {name}' */
  invalid: (name: string) => say('invalid', { name: named(name) }),
  tel: (name: string) => say('tel', { name: named(name) }),
  minLength: (name: string, min: number) => say('minLength', { name: named(name), min }),
  maxLength: (name: string, max: number) => say('maxLength', { name: named(name), max }),
  /** A date written yyyy-MM-dd. */
  date: (name: string) => say('date', { name: named(name) }),
  /** A month written yyyy-MM. */
  month: (name: string) => say('month', { name: named(name) }),
  /** A date range: `to` is not before `from` (dates compared as yyyy-MM-dd). */
  dateOrder: (from: string, to: string) => say('dateOrder', { from: named(from), to: named(to) }),
  /** A time written HH:mm. */
  time: (name: string) => say('time', { name: named(name) }),
  /** A time range: `to` is not before `from`. */
  timeOrder: (from: string, to: string) => say('timeOrder', { from: named(from), to: named(to) }),
  /** A time strictly later than the one before it (a train's times down the line). */
  timeAfter: (from: string, to: string) => say('timeAfter', { from: named(from), to: named(to) }),
  integer: (name: string) => say('integer', { name: named(name) }),
  /** A whole number of 1 or more. */
  positiveInteger: (name: string) => say('positiveInteger', { name: named(name) }),
  /** A whole number of 0 or more. */
  nonNegativeInteger: (name: string) => say('nonNegativeInteger', { name: named(name) }),
  atLeast: (name: string, number: number | string) => say('atLeast', { name: named(name), number }),
  /** 'at most {number}' (a number, or an amount as the screen writes it: 12,000円) */
  atMost: (name: string, number: number | string) => say('atMost', { name: named(name), number }),
  /** A whole number from `min` to `max`. */
  range: (name: string, min: number, max: number) => say('range', { name: named(name), min, max }),
  /** Numbers must be half-width digits. */
  halfWidthDigits: (name: string) => say('halfWidthDigits', { name: named(name) }),
  /** The password policy: 8 or more characters with upper case, lower case, digits and symbols. */
  password: (name: string) => say('password', { name: named(name) }),
  /** Exactly `count` half-width digits (a bank code, a two-factor code). */
  digits: (name: string, count: number) => say('digits', { name: named(name), count }),
};

/** Full-width digits (０-９), which a number field does not read as a number. */
export const hasFullWidthDigits = (value: unknown) => typeof value === 'string' && /[０-９]/u.test(value);

/** Whether `value` is a time written HH:mm (00:00 to 23:59). */
export const isHhmm = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/**
 * The name of an API field (a 400's `field`, a missing path parameter) for the screen: its label
 * from the translation files (`common:fields`, by its last named part), else "this field".
 */
export function apiFieldLabel(field: string | undefined): string {
  const name = (field ?? '').split('.').filter((part) => !/^\d+$/.test(part)).at(-1) ?? '';
  return name && i18next.exists(`common:fields.${name}`) ? i18next.t(`common:fields.${name as FieldName}`) : i18next.t('common:validation.thisField');
}
