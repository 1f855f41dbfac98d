/** Reading PDFs the way a person would: poppler's text extraction and the QR code of page 1. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

const run = promisify(execFile);

async function withPdfFile<T>(pdf: Buffer, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'sagano-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of the PDF (pdftotext -layout) with runs of blanks collapsed. */
export function pdfText(pdf: Buffer): Promise<string> {
  return withPdfFile(pdf, async (file) => (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/[ \t]+/g, ' '));
}

/** The text of the QR code on page 1 (rendered at 150 dpi by pdftoppm), or null. */
export function qrOfFirstPage(pdf: Buffer): Promise<string | null> {
  return withPdfFile(pdf, async (file, dir) => {
    const prefix = join(dir, 'page1');
    await run('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
    const png = PNG.sync.read(await readFile(`${prefix}.png`));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  });
}
