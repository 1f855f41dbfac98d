import { describe, expect, it } from 'vitest';
import { attachmentTypeOf, extensionOf, isShiftJisText, isUtf8Text, MAX_ATTACHMENT_BYTES } from './attachment-type.ts';

/** UTF-8 of a string without TextEncoder (the domain's lib has neither DOM nor Node). */
const utf8 = (s: string) => [...encodeURIComponent(s).matchAll(/%([0-9A-F]{2})|[^%]/g)].map((m) => (m[1] ? parseInt(m[1], 16) : m[0].charCodeAt(0)));
const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? utf8(p) : p)));
const zip = (...entries: string[]) => bytes([0x50, 0x4b, 0x03, 0x04], 'xxxx', ...entries.map((e) => `${e}\u0001`.replace('\u0001', 'yy')));

describe('attachment types by content', () => {
  it('accepts each kind under a name of its own kind', () => {
    expect(attachmentTypeOf(bytes('%PDF-1.7\n…'), '運行案内.pdf')).toEqual({ type: expect.objectContaining({ kind: 'pdf', ext: 'pdf' }) });
    expect(attachmentTypeOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'a.PNG')).toEqual({ type: expect.objectContaining({ kind: 'png' }) });
    expect(attachmentTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]), 'a.jpeg')).toEqual({ type: expect.objectContaining({ ext: 'jpg' }) });
    expect(attachmentTypeOf(zip('[Content_Types].xml', 'xl/workbook.xml'), '料金表.xlsx')).toEqual({ type: expect.objectContaining({ kind: 'xlsx' }) });
    expect(attachmentTypeOf(zip('[Content_Types].xml', 'word/document.xml'), 'a.docx')).toEqual({ type: expect.objectContaining({ kind: 'docx' }) });
    expect(attachmentTypeOf(bytes('\ufeff列車,人数\r\n1,30\r\n'), 'a.csv')).toEqual({ type: expect.objectContaining({ kind: 'csv', contentType: 'text/csv' }) });
    expect(attachmentTypeOf(bytes([0x83, 0x65, 0x83, 0x58, 0x83, 0x67, 0x0d, 0x0a]), 'sjis.txt')).toEqual({ type: expect.objectContaining({ kind: 'txt' }) });
  });

  it('refuses a name that says another kind, content of no accepted kind, an empty or too large file', () => {
    expect(attachmentTypeOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'a.pdf')).toEqual({ problem: 'mismatch' });
    expect(attachmentTypeOf(bytes('just text'), 'a.pdf')).toEqual({ problem: 'mismatch' });
    expect(attachmentTypeOf(bytes('%PDF-1.7'), 'a.csv')).toEqual({ problem: 'mismatch' });
    expect(attachmentTypeOf(bytes('just text'), 'a.exe')).toEqual({ problem: 'unsupported' });
    expect(attachmentTypeOf(bytes('GIF89a', [0, 1]), 'a.gif')).toEqual({ problem: 'unsupported' });
    expect(attachmentTypeOf(zip('[Content_Types].xml', 'other.xml'), 'a.xlsx')).toEqual({ problem: 'unsupported' });
    expect(attachmentTypeOf(bytes([0x4d, 0x5a, 0x90, 0x00]), 'a.txt')).toEqual({ problem: 'unsupported' });
    expect(attachmentTypeOf(new Uint8Array(0), 'a.txt')).toEqual({ problem: 'empty' });
    expect(attachmentTypeOf(new Uint8Array(MAX_ATTACHMENT_BYTES + 1).fill(0x41), 'a.txt')).toEqual({ problem: 'tooLarge' });
  });

  it('reads text encodings strictly', () => {
    expect(isUtf8Text(bytes('嵯峨野 トロッコ\n'))).toBe(true);
    expect(isUtf8Text(bytes([0xc0, 0xaf]))).toBe(false); // overlong
    expect(isUtf8Text(bytes([0xed, 0xa0, 0x80]))).toBe(false); // surrogate
    expect(isUtf8Text(bytes([0xe3, 0x81]))).toBe(false); // cut short
    expect(isUtf8Text(bytes('a\u0000b'))).toBe(false);
    expect(isShiftJisText(bytes([0x82, 0xa0, 0xb1]))).toBe(true);
    expect(isShiftJisText(bytes([0x82]))).toBe(false);
    expect(extensionOf('a.b.CSV')).toBe('csv');
    expect(extensionOf('.csv')).toBe('');
    expect(extensionOf('noext')).toBe('');
  });
});
