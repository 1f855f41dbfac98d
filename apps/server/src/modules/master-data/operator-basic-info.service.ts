import type { OperatorBasicInfoResponse, OperatorImage } from '@sagano/domain/master-data/operator-basic-info-schemas';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { type FileStorage, readStoredFile, storeImage } from '../files/index.ts';
import { readOperatorBasicInfo, readOperatorImageKey, setOperatorImageKey } from './operator-basic-info.repository.ts';

/** The operator's logo and company stamp: kept in the file storage, named by the basic info record. */
export function createOperatorBasicInfoService(deps: { db: Executor; fileStorage: FileStorage }) {
  const { db, fileStorage } = deps;
  return {
    /**
     * Keeps an uploaded image for the logo or the stamp and answers its key: PNG or JPEG by its bytes,
     * at most 2 MB, else 400 naming the image with nothing stored. Runs before the transaction that
     * points the record at it (no remote store call inside a transaction); a key nobody points at is
     * harmless, the same bytes always get the same key.
     */
    storeOperatorImage(image: OperatorImage, upload: { bytes: Buffer; originalName: string }): Promise<string> {
      return storeImage(db, fileStorage, { ...upload, field: image });
    },

    /** Points the logo or the stamp at an image stored by `storeOperatorImage`. */
    async setOperatorImage(work: Work, image: OperatorImage, key: string): Promise<OperatorBasicInfoResponse> {
      await setOperatorImageKey(work.tx, image, key);
      return readOperatorBasicInfo(work.tx);
    },

    /**
     * Takes the logo or the stamp off. The stored file stays: invoices already issued name it and
     * print it again when reissued as they were.
     */
    async removeOperatorImage(work: Work, image: OperatorImage): Promise<OperatorBasicInfoResponse> {
      await setOperatorImageKey(work.tx, image, null);
      return readOperatorBasicInfo(work.tx);
    },

    /** The current logo or stamp's bytes and type; 404 when none is set. */
    async readOperatorImage(image: OperatorImage): Promise<{ bytes: Buffer; contentType: string }> {
      const key = await readOperatorImageKey(db, image);
      const file = key ? await readStoredFile(db, fileStorage, key) : null;
      if (!file) throw notFound(image);
      return file;
    },
  };
}
