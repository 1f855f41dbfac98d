/**
 * Uploaded images (the operator's logo and stamp): PNG or JPEG judged by their first bytes, never
 * by the file's name, and at most MAX_IMAGE_BYTES. The server decides; the web checks the same
 * way before sending, to say what is wrong without an upload.
 */

/** The largest image accepted. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImageType = { contentType: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg' };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** How many leading bytes `imageTypeOf` needs to decide. */
export const IMAGE_SIGNATURE_BYTES = PNG.length + 1;

/** PNG or JPEG by their signatures; anything else is null. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (bytes.length > PNG.length && PNG.every((b, i) => bytes[i] === b)) return { contentType: 'image/png', ext: 'png' };
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: 'image/jpeg', ext: 'jpg' };
  return null;
}
