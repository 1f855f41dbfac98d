import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './image-type.ts';

describe('imageTypeOf', () => {
  it('knows PNG and JPEG by their first bytes, whatever the name says', () => {
    expect(imageTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toEqual({ contentType: 'image/png', ext: 'png' });
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ contentType: 'image/jpeg', ext: 'jpg' });
  });

  it('refuses anything else, a signature alone, and nothing at all', () => {
    for (const bytes of [[], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 0], [...'not an image'].map((c) => c.charCodeAt(0))]) {
      expect(imageTypeOf(new Uint8Array(bytes)), String(bytes)).toBeNull();
    }
  });
});
