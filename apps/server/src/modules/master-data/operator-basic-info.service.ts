import type { OperatorBasicInfoBody, OperatorBasicInfoResponse, OperatorImage } from '@sagano/domain/master-data/operator-basic-info-schemas';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { readStoredFile, storeImage } from '../files/stored-files.ts';
import { readOperatorBasicInfo, readOperatorImageKey, setOperatorImageKey, updateOperatorBasicInfo } from './operator-basic-info.repository.ts';

/** Saves the name, contact details and registration number (the images have calls of their own). */
export async function saveOperatorBasicInfo(work: Work, input: OperatorBasicInfoBody): Promise<OperatorBasicInfoResponse> {
  await updateOperatorBasicInfo(work.tx, input);
  return readOperatorBasicInfo(work.tx);
}

/**
 * Sets the logo or the stamp to an uploaded image: PNG or JPEG by its bytes, at most 2 MB, else
 * 400 naming the image; nothing is stored then.
 */
export async function setOperatorImage(work: Work, storage: FileStorage, image: OperatorImage, upload: { bytes: Buffer; originalName: string }): Promise<OperatorBasicInfoResponse> {
  const key = await storeImage(work.tx, storage, { ...upload, field: image });
  await setOperatorImageKey(work.tx, image, key);
  return readOperatorBasicInfo(work.tx);
}

/**
 * Takes the logo or the stamp off. The stored file stays: invoices already issued name it and
 * print it again when reissued as they were.
 */
export async function removeOperatorImage(work: Work, image: OperatorImage): Promise<OperatorBasicInfoResponse> {
  await setOperatorImageKey(work.tx, image, null);
  return readOperatorBasicInfo(work.tx);
}

/** The current logo or stamp's bytes and type; 404 when none is set. */
export async function readOperatorImage(db: Executor, storage: FileStorage, image: OperatorImage): Promise<{ bytes: Buffer; contentType: string }> {
  const key = await readOperatorImageKey(db, image);
  const file = key ? await readStoredFile(db, storage, key) : null;
  if (!file) throw notFound(image);
  return file;
}
