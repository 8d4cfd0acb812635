/** Images drawn for the originality tests: each seed gives a different picture, always the same one. */
import sharp from 'sharp';

/** xorshift32: a tiny seeded generator, so every run draws the same pictures. */
function seeded(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/**
 * A PNG of a gradient at a seeded angle, a few seeded discs and a little noise: enough structure
 * for a difference hash, and unrelated from one seed to another.
 */
export async function drawImage(seed: number, width = 640, height = 480): Promise<Buffer> {
  const random = seeded(seed);
  const angle = random() * Math.PI * 2;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const discs = Array.from({ length: 6 }, () => ({ x: random() * width, y: random() * height, r: (0.08 + random() * 0.2) * Math.min(width, height), shade: random() * 255 }));
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 127 + 120 * ((x / width - 0.5) * dx + (y / height - 0.5) * dy);
      for (const d of discs) if ((x - d.x) ** 2 + (y - d.y) ** 2 < d.r ** 2) v = d.shade;
      v += (random() - 0.5) * 20;
      const i = (y * width + x) * 3;
      data[i] = Math.max(0, Math.min(255, v));
      data[i + 1] = Math.max(0, Math.min(255, v * 0.8 + 30));
      data[i + 2] = Math.max(0, Math.min(255, 255 - v));
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** The usual disguise of a copy: shrunk to 70 % and saved again as a JPEG of quality 60. */
export async function disguisedCopy(image: Buffer): Promise<Buffer> {
  const { width } = await sharp(image).metadata();
  return sharp(image).resize({ width: Math.round(width * 0.7) }).jpeg({ quality: 60 }).toBuffer();
}
