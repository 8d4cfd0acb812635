import { describe, expect, it } from 'vitest';
import { acceptedFinalTypes, acceptedProposalTypes, formatBytes, maxParticipationBytes, maxParticipationFiles } from './uploads';

describe('upload rules', () => {
  it('accepts per format what docs/product.md §6 lists', () => {
    expect(acceptedProposalTypes(1)).toEqual(['image/png', 'image/jpeg']);
    expect(acceptedProposalTypes(4)).toEqual(['image/gif']);
    expect(acceptedProposalTypes(5)).toEqual(['application/pdf']);
    expect(acceptedProposalTypes(2)).toContain('video/mp4');
    expect(acceptedProposalTypes(3)).toContain('audio/mpeg');
    expect(acceptedFinalTypes(1)).toEqual(expect.arrayContaining(['application/zip', 'application/x-7z-compressed', 'application/x-rar-compressed']));
  });

  it('limits files to 5, or 1 for text', () => {
    expect(maxParticipationFiles(5)).toBe(1);
    expect(maxParticipationFiles(1)).toBe(5);
    expect(maxParticipationBytes(1)).toBe(50_000_000);
  });

  it('writes sizes in French units', () => {
    expect(formatBytes(50_000_000).replace(/[\u00a0\u202f]/g, ' ')).toBe('50 Mo');
    expect(formatBytes(48_500_000).replace(/[\u00a0\u202f]/g, ' ')).toBe('48,5 Mo');
  });
});
