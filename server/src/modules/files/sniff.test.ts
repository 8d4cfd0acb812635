import { describe, expect, it } from 'vitest';
import { sniffMime } from './sniff';
import { pdfBytes } from './test-helpers';

describe('sniffMime — a PDF is a file that starts as one', () => {
  it('recognises a PDF at offset 0, after a byte order mark or a few blank bytes', async () => {
    expect(await sniffMime(pdfBytes())).toBe('application/pdf');
    expect(await sniffMime(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), pdfBytes()]))).toBe('application/pdf');
    expect(await sniffMime(Buffer.concat([Buffer.from('\r\n \t'), pdfBytes()]))).toBe('application/pdf');
  });

  it('refuses an HTML page that mentions %PDF- in a comment', async () => {
    const html = Buffer.from('<!doctype html><!-- %PDF-1.4 --><html><body><script>alert(document.domain)</script></body></html>');
    expect(await sniffMime(html)).toBeNull();
    expect(await sniffMime(Buffer.from('<!-- %PDF-1.7 -->'))).toBeNull();
  });

  it('refuses a header pushed past the allowed blank bytes, or text before it', async () => {
    expect(await sniffMime(Buffer.concat([Buffer.alloc(200, 0x20), pdfBytes()]))).toBeNull();
    expect(await sniffMime(Buffer.concat([Buffer.from('x'), pdfBytes()]))).toBeNull();
    expect(await sniffMime(Buffer.concat([Buffer.from('\0\0'), pdfBytes()]))).toBeNull();
  });
});
