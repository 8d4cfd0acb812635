/**
 * Tiny real files of every proposal type, made on the spot for tests (ffmpeg and sharp): a
 * second of sound or film, a small picture, a one-page PDF with text.
 */
import sharp from 'sharp';
import { loadFfmpeg, run } from './ffmpeg';

/** A one-page PDF whose page holds text and a coloured box. */
export function onePagePdf(text = 'Proposition'): Buffer {
  const content = `BT /F1 36 Tf 60 700 Td (${text}) Tj ET 0.9 0.4 0.3 rg 60 400 300 200 re f`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

export interface Samples {
  [mime: string]: Buffer;
}

/** One sample per type a proposal may have, each a second long at most. */
export async function proposalSamples(): Promise<Samples> {
  const tool = await loadFfmpeg();
  const make = (args: string[], out: string) => {
    run(tool, [...args, out]);
    return Buffer.from(tool.ffmpeg.FS.readFile(out));
  };
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=330:duration=1.5:sample_rate=22050'];
  const film = ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=8:duration=1', '-f', 'lavfi', '-i', 'sine=frequency=500:duration=1:sample_rate=22050', '-shortest'];
  const picture = sharp({ create: { width: 200, height: 150, channels: 3, background: { r: 40, g: 120, b: 200 } } }).composite([{ input: { create: { width: 80, height: 60, channels: 3, background: { r: 250, g: 200, b: 40 } } }, top: 30, left: 40 }]);
  return {
    'image/png': await picture.clone().png().toBuffer(),
    'image/jpeg': await picture.clone().jpeg().toBuffer(),
    'image/gif': await picture.clone().gif().toBuffer(),
    'audio/mpeg': make([...tone, '-b:a', '64k'], 'a.mp3'),
    'audio/wav': make(tone, 'a.wav'),
    'video/mp4': make([...film, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'], 'v.mp4'),
    'application/pdf': onePagePdf(),
  };
}
