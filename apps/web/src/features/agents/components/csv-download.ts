/** The bytes of a base64 text (the CSV answers carry UTF-8 with a BOM, kept as is). */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Saves a base64 CSV under `filename` through a temporary Blob link. */
export function saveCsv(base64: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([base64Bytes(base64)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
