/**
 * Demo proposals for `npm start`: the organiser's open logo and identity contests receive
 * image proposals from the two demo talents, some already rated, so the proposals page, its
 * filters and its thumbnails have something to show. Once, through the app's own services
 * (participation, upload with its preview, rating), like a talent and an organiser would.
 */
import { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { CONTEST_STATUS } from '@creadefi/domain';
import type { AppContext } from '../context';
import { appMeta, contests } from '../db/schema';
import { addParticipation, commitProposalFile, prepareProposalUpload } from '../modules/participations/participate';
import { rateParticipation } from '../modules/participations/judging';
import { storeUpload } from '../modules/files/upload';
import { demoUserIds } from './seed';

const MARKER = 'demo_proposals';
const HOUR = 60 * 60 * 1000;

interface Palette {
  background: string;
  ink: string;
  accent: string;
}

interface Sketch {
  talent: 'talent' | 'talent2';
  palette: Palette;
  /** The symbol drawn above the name, as SVG on a 600 × 600 canvas. */
  symbol: (p: Palette) => string;
  font: string;
  /** What the organiser gave it, if anything yet. */
  stars?: number;
}

const wheat = (p: Palette) =>
  `<g fill="${p.accent}">${[0, 1, 2, 3]
    .map((i) => `<ellipse cx="${272 - i * 6}" cy="${170 + i * 34}" rx="14" ry="26" transform="rotate(-28 ${272 - i * 6} ${170 + i * 34})"/><ellipse cx="${328 + i * 6}" cy="${170 + i * 34}" rx="14" ry="26" transform="rotate(28 ${328 + i * 6} ${170 + i * 34})"/>`)
    .join('')}<rect x="296" y="150" width="8" height="170" rx="4"/></g>`;
const oven = (p: Palette) => `<path d="M190 320 Q300 120 410 320 Z" fill="${p.accent}"/><path d="M250 320 Q300 230 350 320 Z" fill="${p.background}"/><circle cx="300" cy="300" r="10" fill="${p.ink}"/>`;
const sun = (p: Palette) =>
  `<circle cx="300" cy="240" r="70" fill="${p.accent}"/>${Array.from({ length: 12 }, (_, i) => `<rect x="296" y="120" width="8" height="34" rx="4" fill="${p.accent}" transform="rotate(${i * 30} 300 240)"/>`).join('')}`;
const lotus = (p: Palette) =>
  `<g fill="${p.accent}" opacity="0.9">${[-50, -25, 0, 25, 50].map((a) => `<ellipse cx="300" cy="230" rx="26" ry="78" transform="rotate(${a} 300 300)"/>`).join('')}</g>`;
const circles = (p: Palette) => `<circle cx="265" cy="240" r="62" fill="none" stroke="${p.accent}" stroke-width="14"/><circle cx="335" cy="240" r="62" fill="none" stroke="${p.ink}" stroke-width="14"/>`;

/** Proposals per demo contest, by company name. */
const SKETCHES: Record<string, Sketch[]> = {
  'Au Pain Doré': [
    { talent: 'talent', palette: { background: '#FFF6EC', ink: '#5B3A1E', accent: '#D9942B' }, symbol: wheat, font: 'DejaVu Serif', stars: 5 },
    { talent: 'talent2', palette: { background: '#2E1F14', ink: '#F6E7D2', accent: '#E0A458' }, symbol: oven, font: 'DejaVu Sans', stars: 3 },
    { talent: 'talent2', palette: { background: '#FDF1E7', ink: '#7A2E12', accent: '#C8553D' }, symbol: sun, font: 'DejaVu Sans Condensed' },
  ],
  'Studio Lumière Yoga': [
    { talent: 'talent2', palette: { background: '#F3EEF8', ink: '#4A3A6B', accent: '#B79CD9' }, symbol: lotus, font: 'DejaVu Serif', stars: 4 },
    { talent: 'talent', palette: { background: '#EEF6F3', ink: '#24544A', accent: '#7CC0A8' }, symbol: circles, font: 'DejaVu Sans', stars: 2 },
  ],
};

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A 600 × 600 logo sketch as a PNG. */
async function drawLogo(name: string, sketch: Sketch): Promise<Buffer> {
  const p = sketch.palette;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <rect width="600" height="600" fill="${p.background}"/>
    ${sketch.symbol(p)}
    <text x="300" y="430" text-anchor="middle" font-family="${sketch.font}" font-size="50" font-weight="bold" fill="${p.ink}">${escapeXml(name)}</text>
    <rect x="240" y="462" width="120" height="4" rx="2" fill="${p.accent}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The same context with the clock moved back, so that dates spread out like real use. */
function at(ctx: AppContext, msAgo: number): AppContext {
  const base = ctx.clock().getTime();
  return { ...ctx, clock: () => new Date(base - msAgo) };
}

export async function seedDemoProposals(ctx: AppContext, log: (line: string) => void): Promise<void> {
  const [done] = await ctx.db.select().from(appMeta).where(eq(appMeta.key, MARKER)).limit(1);
  if (done) return;
  const ids = await demoUserIds(ctx.db);
  if (!ids.organiser || !ids.talent || !ids.talent2) return;
  const organiser = { id: ids.organiser, isAdmin: false };
  const open = await ctx.db
    .select({ id: contests.id, companyName: contests.companyName })
    .from(contests)
    .where(and(eq(contests.ownerId, ids.organiser), eq(contests.status, CONTEST_STATUS.open), inArray(contests.companyName, Object.keys(SKETCHES))))
    .orderBy(asc(contests.id));

  let count = 0;
  for (const contest of open) {
    const sketches = SKETCHES[contest.companyName]!;
    // One participation per talent, holding every file of theirs.
    const participationOf = new Map<string, number>();
    for (const [i, sketch] of sketches.entries()) {
      const talent = { id: ids[sketch.talent]!, isAdmin: false };
      const when = at(ctx, (sketches.length - i) * 5 * HOUR);
      let participationId = participationOf.get(sketch.talent);
      if (participationId === undefined) {
        participationId = (await addParticipation(when, talent, { idConcours: contest.id, commitment: true })).id;
        participationOf.set(sketch.talent, participationId);
      }
      const target = await prepareProposalUpload(when, talent, participationId);
      const png = await drawLogo(contest.companyName, sketch);
      const stored = await storeUpload(ctx.files, { stream: Readable.from([png]), filename: `proposition-${i + 1}.png` }, target.rules);
      await commitProposalFile(when, talent, target, stored, {});
      count++;
    }
    // The organiser rates a participation by the best sketch it holds.
    for (const [talentKey, participationId] of participationOf) {
      const stars = Math.max(0, ...sketches.filter((s) => s.talent === talentKey).map((s) => s.stars ?? 0));
      if (stars > 0) await rateParticipation(ctx, organiser, { idParticipation: participationId, stars });
    }
  }
  await ctx.db.insert(appMeta).values({ key: MARKER, value: { at: ctx.clock().toISOString() } }).onConflictDoNothing();
  if (count > 0) log(`Propositions de démonstration : ${count} images sur ${open.length} concours ouverts.`);
}
