/**
 * Demo messages and deliveries for `npm start` (docs/architecture.md §11: contests at every
 * status with proposals, messages and a paid winner). Once, through the app's own services:
 *
 * - on an open demo contest, a conversation between organisateur@creadefi.fr and
 *   talent@creadefi.fr, begun by the talent before taking part (an empty participation);
 * - « Les Jardins de Maëlle » (Slogan): finished (5) — talent@creadefi.fr won, sent the final
 *   file, the organiser validated it, and the prize (minus 20 %) went through the ledger
 *   into the talent's wallet (and through the sandbox to the talent's sandbox wallet);
 * - « Brasserie du Canal » (Nom de boîte): finalised (4) — the talent sent final files a few
 *   hours ago, and they await the organiser's validation (or the automatic one, 48 h later).
 *
 * Called by demo/seed.ts after the demo contests: `await seedDemoDelivery(ctx, log)`.
 * Only with the sandbox provider, where the demo accounts have their provider wallets.
 */
import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { CONTEST_STATUS, findSubCategory, formatEuros, gainCents, minimumCostCents, type CreateContestInput, DAY_MS, HOUR_MS } from '@creadefi/domain';
import type { AppContext } from '../context';
import { appMeta, contests } from '../db/schema';
import { SandboxPaymentProvider, SANDBOX_TEST_CARDS } from '../adapters/payments/sandbox';
import { createContest } from '../modules/contests/service';
import { confirmPayIn, createPayIn } from '../modules/payments/service';
import { addParticipation } from '../modules/participations/participate';
import { finaliseContest, setWinner } from '../modules/participations/judging';
import { sendMessage } from '../modules/messages/service';
import { storeUpload } from '../modules/files/upload';
import { commitFinalFile, finalRules } from '../modules/delivery/final-files';
import { validateFinalFiles } from '../modules/delivery/validate';
import { demoUserIds } from './seed';

const MARKER = 'demo_delivery';

/** The same context with the clock moved back, so that dates spread out like real use. */
function at(ctx: AppContext, msAgo: number): AppContext {
  const base = ctx.clock().getTime();
  return { ...ctx, clock: () => new Date(base - msAgo) };
}

/** A one-page PDF: what a text contest's final file is. */
function pdf(lines: string[]): Buffer {
  const text = lines.map((l, i) => `BT /F1 14 Tf 72 ${720 - i * 24} Td (${l.replace(/[()\\]/g, '')}) Tj ET`).join('\n');
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj\n` +
      `4 0 obj << /Length ${text.length} >> stream\n${text}\nendstream endobj\n5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

interface Story {
  idSubCategory: number;
  brief: Pick<CreateContestInput, 'companyName' | 'companySkills' | 'target' | 'site' | 'message'>;
  costEuros: number;
  talentText: string;
  otherText: string;
  finalName: string;
  finalLines: string[];
  /** How long ago each step happened. */
  ago: { created: number; entered: number; finalised: number; delivered: number; validated?: number };
  conversation: { from: 'organiser' | 'talent'; text: string; ago: number }[];
}

const FINISHED: Story = {
  idSubCategory: 34,
  brief: {
    companyName: 'Les Jardins de Maëlle',
    companySkills: 'Paysagiste à Angers\u00a0: jardins naturels, potagers en permaculture et entretien.',
    target: 'Propriétaires de maisons avec jardin, sensibles à la biodiversité.',
    site: 'https://jardins-maelle.fr',
    message: 'Un slogan court et chaleureux pour nos camionnettes et nos cartes de visite.',
  },
  costEuros: 120,
  talentText: 'Des jardins qui vous ressemblent, naturellement.',
  otherText: 'Votre jardin, notre passion.',
  finalName: 'slogan-jardins-de-maelle.pdf',
  finalLines: ['Les Jardins de Maelle', 'Des jardins qui vous ressemblent, naturellement.', 'Declinaisons : camionnettes, cartes de visite, site web'],
  ago: { created: 21 * DAY_MS, entered: 19 * DAY_MS, finalised: 14 * DAY_MS, delivered: 12 * DAY_MS, validated: 11 * DAY_MS },
  conversation: [
    { from: 'organiser', text: 'Bravo, votre slogan nous plaît beaucoup\u00a0! Pouvez-vous proposer une version plus courte pour les camionnettes\u00a0?', ago: 13 * DAY_MS },
    { from: 'talent', text: 'Merci\u00a0! Je vous envoie la version courte et les déclinaisons dans les fichiers finaux.', ago: 12 * DAY_MS + 2 * HOUR_MS },
  ],
};

const FINALISED: Story = {
  idSubCategory: 33,
  brief: {
    companyName: 'Brasserie du Canal',
    companySkills: 'Micro-brasserie artisanale au bord du canal Saint-Martin, bières de saison.',
    target: 'Jeunes actifs parisiens, bars et cavistes indépendants.',
    site: null,
    message: 'Nous cherchons un nouveau nom pour notre gamme de bières de saison, facile à retenir et à prononcer.',
  },
  costEuros: 150,
  talentText: 'Écluse — la bière qui prend son temps.',
  otherText: 'Canal Plus Mousse',
  finalName: 'nom-brasserie-du-canal.pdf',
  finalLines: ['Brasserie du Canal', 'Nom retenu : Ecluse', 'Variantes : Ecluse Blanche, Ecluse Ambree, Ecluse de Noel'],
  ago: { created: 9 * DAY_MS, entered: 8 * DAY_MS, finalised: 2 * DAY_MS, delivered: 5 * HOUR_MS },
  conversation: [
    { from: 'organiser', text: 'Félicitations\u00a0! «\u00a0Écluse\u00a0» a fait l’unanimité. Pourriez-vous proposer des noms pour chaque bière de la gamme\u00a0?', ago: 2 * DAY_MS - HOUR_MS },
    { from: 'talent', text: 'Avec plaisir, je vous prépare trois variantes dans le fichier final.', ago: DAY_MS },
  ],
};

async function playStory(ctx: AppContext, sandbox: SandboxPaymentProvider, ids: { organiser: number; talent: number; talent2: number }, story: Story): Promise<number> {
  const organiser = { id: ids.organiser, isAdmin: false };
  const talent = { id: ids.talent, isAdmin: false };
  const sub = findSubCategory(story.idSubCategory)!;
  const created = at(ctx, story.ago.created);
  const contest = await createContest(created, ids.organiser, {
    idSubCategory: story.idSubCategory,
    ...story.brief,
    cursorModern: 3,
    cursorYoung: 2,
    cursorFun: 2,
    cursorLuxury: 2,
    cost: Math.max(story.costEuros * 100, minimumCostCents(sub.priceCents, [])),
    arrayOptions: [],
    step: 5,
  });
  const paying = at(ctx, story.ago.created - HOUR_MS);
  const payIn = await createPayIn(paying, ids.organiser, { idConcours: contest.id, cardType: 'CB_VISA_MASTERCARD' });
  await sandbox.payWithCard(payIn.transactionId, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/39', cvc: '123' });
  await confirmPayIn(paying, ids.organiser, { idConcours: contest.id, transactionId: payIn.transactionId });

  const entered = at(ctx, story.ago.entered);
  const mine = await addParticipation(entered, talent, { idConcours: contest.id, inputText: story.talentText, commitment: true });
  await addParticipation(at(ctx, story.ago.entered - 3 * HOUR_MS), { id: ids.talent2, isAdmin: false }, { idConcours: contest.id, inputText: story.otherText, commitment: true });
  await setWinner(at(ctx, story.ago.finalised + HOUR_MS), organiser, { idParticipationWinner: mine.id, idConcours: contest.id }, true);
  await finaliseContest(at(ctx, story.ago.finalised), organiser, contest.id);
  for (const line of story.conversation) {
    await sendMessage(at(ctx, line.ago), line.from === 'organiser' ? organiser : talent, { idParticipation: mine.id, message: line.text });
  }
  const delivered = at(ctx, story.ago.delivered);
  const stored = await storeUpload(ctx.files, { stream: Readable.from([pdf(story.finalLines)]), filename: story.finalName }, finalRules(sub.format));
  await commitFinalFile(delivered, talent, mine.id, stored);
  if (story.ago.validated !== undefined) {
    // The organiser lets the won work appear in the talent's public portfolio.
    await validateFinalFiles(at(ctx, story.ago.validated), organiser, { idConcours: contest.id, idParticipation: mine.id, portfolio: true });
  }
  return contest.id;
}

export async function seedDemoDelivery(ctx: AppContext, log: (line: string) => void): Promise<void> {
  const [done] = await ctx.db.select().from(appMeta).where(eq(appMeta.key, MARKER)).limit(1);
  if (done) return;
  const sandbox = ctx.payments instanceof SandboxPaymentProvider ? ctx.payments : null;
  const ids = await demoUserIds(ctx.db);
  if (!sandbox || !ids.organiser || !ids.talent || !ids.talent2) return;
  const people = { organiser: ids.organiser, talent: ids.talent, talent2: ids.talent2 };

  // A question before taking part, on the first open demo contest.
  const [open] = await ctx.db
    .select({ id: contests.id })
    .from(contests)
    .where(and(eq(contests.ownerId, people.organiser), eq(contests.status, CONTEST_STATUS.open)))
    .orderBy(asc(contests.id))
    .limit(1);
  if (open) {
    const asked = await sendMessage(at(ctx, 3 * HOUR_MS), { id: people.talent, isAdmin: false }, { idConcours: open.id, message: 'Bonjour\u00a0! Avez-vous une préférence de couleurs pour le logo, ou carte blanche\u00a0?' });
    await sendMessage(at(ctx, 2 * HOUR_MS), { id: people.organiser, isAdmin: false }, { idParticipation: asked.idParticipation, message: 'Bonjour\u00a0! Plutôt des tons chauds (ocre, brun doré), mais nous restons ouverts à vos idées.' });
    await sendMessage(at(ctx, HOUR_MS), { id: people.talent, isAdmin: false }, { idParticipation: asked.idParticipation, message: 'Parfait, merci, je vous envoie ma proposition très vite.' });
  }

  await playStory(ctx, sandbox, people, FINISHED);
  await playStory(ctx, sandbox, people, FINALISED);
  await ctx.db.insert(appMeta).values({ key: MARKER, value: { at: ctx.clock().toISOString() } }).onConflictDoNothing();
  log(
    `Livraisons de démonstration : « ${FINISHED.brief.companyName} » terminé (le talent a reçu ${formatEuros(gainCents(FINISHED.costEuros * 100))}), ` +
      `« ${FINALISED.brief.companyName} » en attente de validation des fichiers finaux.`,
  );
}
