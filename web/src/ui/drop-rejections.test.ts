import { describe, expect, it } from 'vitest';
import type { FileRejection } from '@mantine/dropzone';
import { PARTICIPATIONS } from '@creadefi/domain';
import { dropRejectionText } from './drop-rejections';

const rejected = (...codes: string[]): FileRejection => ({ file: Object.assign(new File(['x'], 'sources.zip'), { path: './sources.zip', relativePath: './sources.zip' }), errors: codes.map((code) => ({ code, message: code })) });

describe('dropRejectionText', () => {
  it('a file too large is told the limit in French units, not that its type is refused', () => {
    expect(dropRejectionText([rejected('file-too-large')], 'PNG ou JPEG')).toBe('Ce fichier dépasse la taille maximale autorisée de 500 Mo.');
  });

  it('a file of the wrong type is told which types are taken; both reasons are given when both hold', () => {
    expect(dropRejectionText([rejected('file-invalid-type')], 'PDF')).toBe(PARTICIPATIONS.wrongType('PDF'));
    expect(dropRejectionText([rejected('file-invalid-type'), rejected('file-too-large')], 'PDF')).toBe(
      `${PARTICIPATIONS.wrongType('PDF')} Ce fichier dépasse la taille maximale autorisée de 500 Mo. (2 fichiers)`,
    );
  });
});
