import { describe, expect, it } from 'vitest';
import { ATTACHMENT_ACCEPT } from '@sagano/domain/messages/attachment-type';
import { ATTACHMENT_DROP_ACCEPT } from './attachment-picker.tsx';

describe('the attachment drop zone', () => {
  it('takes by name exactly the extensions the server accepts', () => {
    expect(Object.values(ATTACHMENT_DROP_ACCEPT).flat().sort()).toEqual(ATTACHMENT_ACCEPT.split(',').sort());
  });
});
