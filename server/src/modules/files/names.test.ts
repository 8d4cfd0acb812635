import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFilename } from './names';

describe('file names', () => {
  it('keeps the last path segment and drops control characters', () => {
    expect(safeFilename('C:\\Users\\léa\\Logo été.png', 'image/png')).toBe('Logo été.png');
    expect(safeFilename('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(safeFilename('a\u0000b\r\nc.pdf', 'application/pdf')).toBe('abc.pdf');
    expect(safeFilename('   ', 'image/jpeg')).toBe('fichier.jpg');
    expect(safeFilename(undefined, 'application/pdf')).toBe('fichier.pdf');
    const long = safeFilename(`${'x'.repeat(400)}.png`, 'image/png');
    expect(long.length).toBe(180);
    expect(long.endsWith('.png')).toBe(true);
  });

  it('ends every name with an extension of the type found in the bytes', () => {
    expect(safeFilename('logo.png', 'image/jpeg')).toBe('logo.jpg');
    expect(safeFilename('Photo.JPEG', 'image/jpeg')).toBe('Photo.JPEG');
    expect(safeFilename('devis.html', 'application/pdf')).toBe('devis.pdf');
    expect(safeFilename('affiche.svg', 'image/png')).toBe('affiche.png');
    expect(safeFilename('setup.exe', 'application/zip')).toBe('setup.zip');
    expect(safeFilename('Mon logo v1.2', 'image/png')).toBe('Mon logo v1.2.png');
    expect(safeFilename('maquette', 'application/pdf')).toBe('maquette.pdf');
    expect(safeFilename('sources.final', 'application/x-7z-compressed')).toBe('sources.final.7z');
    expect(safeFilename('...', 'image/png')).toBe('fichier.png');
    const long = safeFilename(`${'é'.repeat(400)}.html`, 'application/pdf');
    expect(long).toHaveLength(180);
    expect(long.endsWith('é.pdf')).toBe(true);
  });

  it('encodes the name for Content-Disposition with an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Logo été.png')).toBe(`attachment; filename="Logo ete.png"; filename*=UTF-8''Logo%20%C3%A9t%C3%A9.png`);
    expect(contentDisposition('a"b\\c.pdf', 'inline')).toBe(`inline; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
    expect(contentDisposition("l'affiche (v2).pdf")).toContain("filename*=UTF-8''l%27affiche%20%28v2%29.pdf");
  });
});
