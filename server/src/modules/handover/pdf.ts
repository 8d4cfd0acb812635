/**
 * A small typesetter over pdfkit for the handover documents. pdfkit's standard Helvetica is
 * written in WinAnsi, which holds every French letter (é è à ç œ « » €): no font to embed.
 * The narrow no-break space Intl puts in French amounts is not in WinAnsi, so it becomes a
 * plain no-break space, and the minus sign a hyphen. The creation date is fixed by the caller, so the same facts always
 * give the same bytes (a retried generation stores what the first one would have).
 */
import PDFDocument from 'pdfkit';

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'small'; text: string }
  | { kind: 'row'; label: string; value: string; strong?: boolean }
  | { kind: 'item'; title: string; text: string }
  | { kind: 'space' };

const WIN_ANSI_SAFE = (text: string) => text.replace(/\u202f/g, '\u00a0').replace(/\u2212/g, '-');

export function renderPdf(blocks: Block[], meta: { title: string; createdAt: Date }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: meta.title, Author: 'Créadéfi', Producer: 'Créadéfi', Creator: 'Créadéfi', CreationDate: meta.createdAt } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;
  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        doc.font('Helvetica-Bold').fontSize(17).text(WIN_ANSI_SAFE(block.text), { width }).moveDown(0.6);
        break;
      case 'heading':
        doc.moveDown(0.4).font('Helvetica-Bold').fontSize(12).text(WIN_ANSI_SAFE(block.text), { width }).moveDown(0.3);
        break;
      case 'text':
        doc.font('Helvetica').fontSize(10).text(WIN_ANSI_SAFE(block.text), { width, align: 'justify' }).moveDown(0.3);
        break;
      case 'small':
        doc.font('Helvetica').fontSize(8).text(WIN_ANSI_SAFE(block.text), { width }).moveDown(0.2);
        break;
      case 'row': {
        const y = doc.y;
        doc.font(block.strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
        doc.text(WIN_ANSI_SAFE(block.label), 56, y, { width: width - 140 });
        const after = doc.y;
        doc.text(WIN_ANSI_SAFE(block.value), 56 + width - 130, y, { width: 130, align: 'right' });
        doc.x = 56;
        doc.y = Math.max(after, doc.y) + 4;
        break;
      }
      case 'item':
        doc.font('Helvetica-Bold').fontSize(10).text(WIN_ANSI_SAFE(block.title), { width });
        doc.font('Helvetica').fontSize(10).text(WIN_ANSI_SAFE(block.text), { width, align: 'justify' }).moveDown(0.4);
        break;
      case 'space':
        doc.moveDown(0.8);
        break;
    }
  }
  doc.end();
  return done;
}
