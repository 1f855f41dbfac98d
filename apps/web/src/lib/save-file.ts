/** Saving files the server answers (a base64 CSV, or an address the browser downloads), for every screen that exports. */
/** The bytes of a base64 text (kept as they are: a BOM or Shift_JIS bytes survive). */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Lets the browser save `href` under `filename` (a blob, or a same-origin address it downloads itself). */
export function saveLink(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a base64 CSV through a temporary Blob link. */
export function saveBase64Csv(base64: string, filename: string, charset: string): void {
  const url = URL.createObjectURL(new Blob([base64Bytes(base64)], { type: `text/csv;charset=${charset}` }));
  saveLink(url, filename);
  // Let the browser start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
