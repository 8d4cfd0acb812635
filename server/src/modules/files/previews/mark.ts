/**
 * The mark every preview carries: « Créadéfi · n° 12 », repeated diagonally and half
 * transparent, light letters outlined in dark so it shows on any picture. Drawn as SVG, which
 * sharp renders; the video overlay is the same SVG made into a PNG.
 */

/** The proposal's running number when it has one: a leaked preview names where it came from. */
export function markLabel(number: number | null): string {
  return number === null ? 'Créadéfi' : `Créadéfi · n° ${number}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function markSvg(width: number, height: number, label: string): Buffer {
  const fontSize = Math.max(14, Math.round(Math.min(width, 1600) / 20));
  const tileWidth = Math.round(label.length * fontSize * 0.62 + fontSize * 2);
  const tileHeight = fontSize * 4;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><pattern id="m" width="${tileWidth}" height="${tileHeight}" patternUnits="userSpaceOnUse" patternTransform="rotate(-30)">
<text x="${fontSize}" y="${fontSize * 2}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="bold" fill="#ffffff" fill-opacity="0.5" stroke="#000000" stroke-opacity="0.4" stroke-width="${Math.max(1, fontSize / 14)}">${escapeXml(label)}</text>
</pattern></defs>
<rect width="100%" height="100%" fill="url(#m)"/>
</svg>`;
  return Buffer.from(svg);
}
