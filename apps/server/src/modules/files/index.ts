/** The files module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { fileStorageFromConfig } from './file-storage-registry.ts';
export { isFileKey, messageAttachmentKey, type FileStorage } from './file-storage.ts';
export { MAX_IMAGE_BYTES, readStoredFile, storeCsv, storeImage } from './stored-files.ts';
