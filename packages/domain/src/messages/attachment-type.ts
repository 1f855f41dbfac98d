/**
 * Dashboard article attachments (DESIGN §10 "Dashboard articles"): the type is decided by the
 * bytes, and must agree with the extension of the name the file was uploaded with. The server
 * decides; the web checks the same way before sending, to say what is wrong without an upload.
 *  - PDF (`%PDF-`), PNG and JPEG (their signatures)
 *  - Excel .xlsx and Word .docx: a ZIP (`PK\x03\x04`) holding `[Content_Types].xml` and
 *    `xl/workbook.xml` or `word/document.xml` (any other ZIP is refused)
 *  - CSV and plain text (.csv, .txt): UTF-8 (a BOM allowed) or Shift_JIS, no control characters
 *    but tab, line feed, carriage return and form feed
 */

/** The largest attachment accepted (10 MB). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export type AttachmentKind = 'pdf' | 'png' | 'jpeg' | 'xlsx' | 'docx' | 'csv' | 'txt';

export interface AttachmentType {
  kind: AttachmentKind;
  contentType: string;
  /** The extension the stored key gets. */
  ext: 'pdf' | 'png' | 'jpg' | 'xlsx' | 'docx' | 'csv' | 'txt';
}

/** Extensions a file's name may end in, per kind. */
const EXTENSIONS: Record<AttachmentKind, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  xlsx: ['xlsx'],
  docx: ['docx'],
  csv: ['csv'],
  txt: ['txt'],
};

/** What the file input offers (the server still judges by the bytes). */
export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.xlsx,.docx,.csv,.txt';

const TYPES: Record<AttachmentKind, AttachmentType> = {
  pdf: { kind: 'pdf', contentType: 'application/pdf', ext: 'pdf' },
  png: { kind: 'png', contentType: 'image/png', ext: 'png' },
  jpeg: { kind: 'jpeg', contentType: 'image/jpeg', ext: 'jpg' },
  xlsx: { kind: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  docx: { kind: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  csv: { kind: 'csv', contentType: 'text/csv', ext: 'csv' },
  txt: { kind: 'txt', contentType: 'text/plain', ext: 'txt' },
};

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

function contains(bytes: Uint8Array, text: string): boolean {
  const needle = Array.from(text, (c) => c.charCodeAt(0));
  const first = needle[0]!;
  const last = bytes.length - needle.length;
  outer: for (let i = bytes.indexOf(first); i !== -1 && i <= last; i = bytes.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** A control character no text file has (tab, LF, CR and form feed are fine). */
const isControl = (b: number) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f;

/** Well-formed UTF-8 (no overlong forms, no surrogates) without control characters. */
export function isUtf8Text(bytes: Uint8Array): boolean {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (isControl(b)) return false;
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let cp: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min, cp] = [1, 0x80, b & 0x1f];
    else if (b >= 0xe0 && b <= 0xef) [need, min, cp] = [2, 0x800, b & 0x0f];
    else if (b >= 0xf0 && b <= 0xf4) [need, min, cp] = [3, 0x10000, b & 0x07];
    else return false;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += need + 1;
  }
  return true;
}

/** Shift_JIS (as Excel in Japan writes CSV) by its byte structure, without control characters. */
export function isShiftJisText(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (isControl(b)) return false;
      i++;
    } else if (b >= 0xa1 && b <= 0xdf) {
      i++; // half-width katakana
    } else if ((b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc)) {
      const t = bytes[i + 1];
      if (t === undefined || t < 0x40 || t === 0x7f || t > 0xfc) return false;
      i += 2;
    } else return false;
  }
  return true;
}

/** What the bytes are, whatever the name says; null when not one of the accepted kinds. */
export function attachmentKindOf(bytes: Uint8Array): Exclude<AttachmentKind, 'csv' | 'txt'> | 'text' | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (!contains(bytes, '[Content_Types].xml')) return null;
    if (contains(bytes, 'xl/workbook.xml')) return 'xlsx';
    if (contains(bytes, 'word/document.xml')) return 'docx';
    return null;
  }
  if (isUtf8Text(bytes) || isShiftJisText(bytes)) return 'text';
  return null;
}

/** The extension of a file's name, lower case ('' when it has none). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot <= 0 || dot === filename.length - 1 ? '' : filename.slice(dot + 1).toLowerCase();
}

export type AttachmentProblem = 'empty' | 'tooLarge' | 'unsupported' | 'mismatch';

/** The words of each problem, as the server's 400 says them after the field's name. */
export const ATTACHMENT_PROBLEM_MESSAGES: Record<AttachmentProblem, string> = {
  empty: 'the file is empty',
  tooLarge: 'the file is larger than 10 MB',
  unsupported: 'only PDF, PNG, JPEG, Excel (.xlsx), Word (.docx), CSV or text files are accepted',
  mismatch: "the file's content does not match its name's extension",
};

/** Decides an uploaded attachment's type from its bytes and the name it came with. */
export function attachmentTypeOf(bytes: Uint8Array, filename: string): { type: AttachmentType } | { problem: AttachmentProblem } {
  if (bytes.length === 0) return { problem: 'empty' };
  if (bytes.length > MAX_ATTACHMENT_BYTES) return { problem: 'tooLarge' };
  const found = attachmentKindOf(bytes);
  const ext = extensionOf(filename);
  if (found === null) return { problem: 'unsupported' };
  if (found === 'text') {
    if (ext === 'csv') return { type: TYPES.csv };
    if (ext === 'txt') return { type: TYPES.txt };
    // Text named as something else (a .pdf that is text) is a mismatch; an unknown name is unsupported.
    return { problem: Object.values(EXTENSIONS).flat().includes(ext) ? 'mismatch' : 'unsupported' };
  }
  if (!EXTENSIONS[found].includes(ext)) return { problem: 'mismatch' };
  return { type: TYPES[found] };
}
