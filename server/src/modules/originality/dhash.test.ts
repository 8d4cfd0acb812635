import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { differenceHash, hammingDistance, NEAR_COPY_MAX_DISTANCE } from './dhash';
import { disguisedCopy, drawImage } from './test-images';

describe('differenceHash', () => {
  it('finds a copy shrunk to 70 % and saved as JPEG quality 60 within the threshold', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const original = await drawImage(seed);
      const copy = await disguisedCopy(original);
      const distance = hammingDistance(await differenceHash(original), await differenceHash(copy));
      expect(distance, `seed ${seed}`).toBeLessThanOrEqual(NEAR_COPY_MAX_DISTANCE);
    }
  });

  it('keeps unrelated images beyond the threshold', async () => {
    const hashes = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(async (seed) => differenceHash(await drawImage(seed))));
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) {
        expect(hammingDistance(hashes[i]!, hashes[j]!), `images ${i + 1} and ${j + 1}`).toBeGreaterThan(NEAR_COPY_MAX_DISTANCE);
      }
    }
  });

  it('gives the same 64 bits for the same picture, and fits a signed bigint', async () => {
    const image = await drawImage(9);
    const hash = await differenceHash(image);
    expect(await differenceHash(Buffer.from(image))).toBe(hash);
    expect(hash).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(hash).toBeLessThan(2n ** 63n);
  });

  it('turns a mirrored image into a different hash', async () => {
    const image = await drawImage(10);
    const mirrored = await sharp(image).flop().png().toBuffer();
    expect(hammingDistance(await differenceHash(image), await differenceHash(mirrored))).toBeGreaterThan(NEAR_COPY_MAX_DISTANCE);
  });

  it('counts differing bits, sign bit included', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, -1n)).toBe(64);
    expect(hammingDistance(BigInt.asIntN(64, 1n << 63n), 0n)).toBe(1);
    expect(hammingDistance(0b1011n, 0b0110n)).toBe(3);
  });
});
