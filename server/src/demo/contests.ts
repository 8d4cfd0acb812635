/**
 * Demo contests for `npm start`: a dozen realistic briefs of the demo organiser across the
 * categories — most of them open and paid like real ones (sandbox pay-in with the test card,
 * confirmation, ledger), one awaiting its payment, one that has ended. Created through the
 * same services as the app, with the clock moved back so that dates spread out.
 *
 * Called by demo/seed.ts once the demo accounts exist: `await seedDemoContests(ctx, log)`.
 */
import { count, eq, sql } from 'drizzle-orm';
import {
  CONTEST_DURATION_MS,
  contestFormatOf,
  findSubCategory,
  formatsPriceCents,
  minimumCostCents,
  optionsOf,
  type ContestFormat,
  type CreateContestInput,
  DAY_MS,
  HOUR_MS,
} from '@creadefi/domain';
import type { AppContext } from '../context';
import { contests, users } from '../db/schema';
import { SandboxPaymentProvider, SANDBOX_TEST_CARDS } from '../adapters/payments/sandbox';
import { createContest } from '../modules/contests/service';
import { confirmPayIn, createPayIn } from '../modules/payments/service';
import { endContests } from '../jobs/end-contests';

const ORGANISER_EMAIL = 'organisateur@creadefi.fr';

type Brief = Omit<CreateContestInput, 'cost' | 'arrayOptions' | 'cursorModern' | 'cursorYoung' | 'cursorFun' | 'cursorLuxury' | 'endDate' | 'promoCode' | 'step'> & {
  costEuros: number;
  /** Paid options by their position in the sub-category's list (0 = "1 retouche supplémentaire"). */
  options?: number[];
  cursors: [modern: number, young: number, fun: number, luxury: number];
  /** open: paid that long ago (the end date follows 7 days later); unpaid; ended. */
  state: { open: number } | 'unpaid' | 'ended';
  /** Blind and public unless said: a few briefs show the other formats an organiser may choose. */
  formats?: Partial<ContestFormat>;
};

const BRIEFS: Brief[] = [
  {
    idSubCategory: 1,
    companyName: 'Au Pain Doré',
    companySkills: 'Boulangerie-pâtisserie artisanale, pains au levain et viennoiseries pur beurre depuis 1987.',
    target: 'Familles et actifs du quartier de la Croix-Rousse, amateurs de produits locaux.',
    site: 'https://aupaindore.fr',
    message: 'Nous reprenons la boulangerie familiale et voulons un logo chaleureux qui garde l’esprit artisanal tout en étant plus moderne. Un épi de blé ou un four à pain seraient les bienvenus.',
    costEuros: 320,
    options: [0, 5],
    cursors: [3, 2, 2, 3],
    state: { open: 0.2 },
  },
  {
    idSubCategory: 2,
    companyName: 'Studio Lumière Yoga',
    companySkills: 'Cours de yoga vinyasa et de méditation, en studio et en ligne.',
    target: 'Citadins de 25 à 45 ans qui cherchent à ralentir.',
    site: 'https://studiolumiere-yoga.fr',
    message: 'Nous cherchons une identité complète\u00a0: logo, palette de couleurs douces, typographies et déclinaisons pour nos cartes de fidélité et notre page Instagram.',
    costEuros: 560,
    cursors: [4, 2, 1, 3],
    state: { open: 1 },
    formats: { proposalsOpen: true },
  },
  {
    idSubCategory: 4,
    companyName: 'Les Nuits du Jazz de Villeurbanne',
    companySkills: 'Festival de jazz associatif, trois soirs de concerts en plein air chaque été.',
    target: 'Amateurs de musique live, étudiants et familles de la métropole lyonnaise.',
    site: null,
    message: 'Un flyer A5 recto verso pour annoncer la programmation 2025\u00a0: ambiance nocturne, cuivres, couleurs vives. Le texte de la programmation vous sera fourni.',
    costEuros: 180,
    cursors: [4, 1, 3, 2],
    state: { open: 2 },
  },
  {
    idSubCategory: 25,
    companyName: 'Cabinet d’ostéopathie Durand',
    companySkills: 'Ostéopathie pour adultes, nourrissons et sportifs.',
    target: 'Patients de la région de Nantes qui prennent rendez-vous en ligne.',
    site: 'https://osteo-durand.fr',
    message: 'Maquette d’un site vitrine de cinq pages (accueil, cabinet, soins, tarifs, contact) rassurant et épuré, avec un bouton de prise de rendez-vous bien visible.',
    costEuros: 260,
    options: [3],
    cursors: [3, 3, 1, 2],
    state: { open: 3 },
    formats: { hasFinalRound: true },
  },
  {
    idSubCategory: 21,
    companyName: 'Covoit’Campus',
    companySkills: 'Application de covoiturage réservée aux étudiants des campus français.',
    target: 'Étudiants de 18 à 25 ans, sans voiture ou voulant partager leurs frais.',
    site: 'https://covoitcampus.fr',
    message: 'Nous voulons les écrans principaux de l’application\u00a0: recherche de trajet, fiche conducteur, messagerie et paiement. Style jeune, coloré et très lisible.',
    costEuros: 350,
    cursors: [5, 1, 4, 2],
    state: { open: 4 },
    formats: { isPrivate: true },
  },
  {
    idSubCategory: 26,
    companyName: 'Fromagerie Le Comté d’Antan',
    companySkills: 'Fromages affinés du Jura, vente en boutique et sur les marchés.',
    target: 'Gourmets et curieux qui nous suivent sur Instagram et Facebook.',
    site: null,
    message: 'Une série de trois visuels pour annoncer notre nouvelle cave d’affinage. Ambiance authentique, bois et montagne.',
    costEuros: 120,
    cursors: [2, 3, 2, 3],
    state: { open: 5 },
  },
  {
    idSubCategory: 33,
    companyName: 'Projet de vélos cargo électriques',
    companySkills: 'Conception et location de vélos cargo électriques pour les artisans en ville.',
    target: 'Artisans, livreurs et commerçants des centres-villes.',
    site: null,
    message: 'Nous cherchons le nom de notre future entreprise\u00a0: court, facile à prononcer en français et en anglais, qui évoque la ville, la robustesse et l’électrique.',
    costEuros: 150,
    cursors: [4, 2, 3, 2],
    state: { open: 6 },
  },
  {
    idSubCategory: 34,
    companyName: 'La Mousse Lyonnaise',
    companySkills: 'Brasserie artisanale de bières blondes, ambrées et IPA brassées à Lyon.',
    target: 'Bars, cavistes et amateurs de bières locales.',
    site: 'https://lamousselyonnaise.fr',
    message: 'Un slogan percutant pour nos étiquettes et nos sous-bocks, avec une pointe d’humour lyonnais.',
    costEuros: 100,
    cursors: [3, 2, 5, 2],
    state: { open: 6.5 },
  },
  {
    idSubCategory: 37,
    companyName: 'Évasion Nature Voyages',
    companySkills: 'Agence de voyages spécialisée dans la randonnée et l’écotourisme en Europe.',
    target: 'Randonneurs de 35 à 60 ans qui préparent leurs vacances.',
    site: 'https://evasion-nature.fr',
    message: 'Un article de blog de 1 200 mots sur «\u00a0Les 5 plus belles randonnées des Pyrénées pour débuter\u00a0», optimisé pour le référencement.',
    costEuros: 95,
    options: [5],
    cursors: [3, 3, 2, 2],
    state: { open: 2.5 },
  },
  {
    idSubCategory: 52,
    companyName: 'Radio Ondes Vertes',
    companySkills: 'Radio associative locale consacrée à l’écologie et à la vie du quartier.',
    target: 'Auditeurs de tous âges de Grenoble et de ses environs.',
    site: null,
    message: 'Un jingle de 10 secondes pour ouvrir nos émissions\u00a0: joyeux, acoustique, facile à retenir.',
    costEuros: 150,
    cursors: [3, 2, 4, 1],
    state: { open: 1.5 },
  },
  {
    idSubCategory: 11,
    companyName: 'Éditions Les Petits Curieux',
    companySkills: 'Maison d’édition jeunesse\u00a0: albums illustrés et documentaires pour les 3 à 8 ans.',
    target: 'Enfants et parents, libraires indépendants.',
    site: 'https://lespetitscurieux.fr',
    message: 'L’illustration de couverture de notre album «\u00a0Le voyage de Léon la tortue\u00a0»\u00a0: douce, pleine de détails, aux couleurs de l’automne.',
    costEuros: 280,
    cursors: [2, 1, 4, 3],
    state: { open: 5.5 },
  },
  {
    idSubCategory: 43,
    companyName: 'Château Belle-Rive',
    companySkills: 'Domaine viticole familial en Bordelais, vins rouges et rosés en agriculture biologique.',
    target: 'Cavistes et amateurs de vin, en France et à l’export.',
    site: 'https://chateau-bellerive.fr',
    message: 'Une vidéo publicitaire de 30 secondes pour présenter le domaine et les vendanges, destinée à nos réseaux et aux salons professionnels.',
    costEuros: 480,
    cursors: [2, 4, 1, 5],
    state: 'unpaid',
  },
  {
    idSubCategory: 49,
    companyName: 'Zénitude',
    companySkills: 'Application de méditation guidée et de relaxation.',
    target: 'Adultes stressés qui veulent des pauses de 5 à 10 minutes.',
    site: 'https://zenitude.app',
    message: 'Une voix off calme et chaleureuse pour notre méditation d’accueil de 3 minutes. Le texte est fourni.',
    costEuros: 90,
    cursors: [3, 3, 1, 3],
    state: 'ended',
  },
];

/** The same context with the clock moved back: createdAt, paidAt and endDate spread out. */
function at(ctx: AppContext, msAgo: number): AppContext {
  const base = ctx.clock().getTime();
  return { ...ctx, clock: () => new Date(base - msAgo) };
}

export async function seedDemoContests(ctx: AppContext, log: (line: string) => void): Promise<void> {
  const [existing] = await ctx.db.select({ n: count() }).from(contests);
  if (Number(existing?.n ?? 0) > 0) return;
  const [organiser] = await ctx.db
    .select({ id: users.id, ownerId: users.ownerId, payerId: users.payerId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, ORGANISER_EMAIL))
    .limit(1);
  // Without the demo organiser, or without a payment account for it, there is nothing to show.
  if (!organiser?.ownerId || !organiser.payerId) return;
  const sandbox = ctx.payments instanceof SandboxPaymentProvider ? ctx.payments : null;

  let open = 0;
  for (const brief of BRIEFS) {
    const paidAgo = brief.state === 'ended' ? CONTEST_DURATION_MS + DAY_MS : brief.state === 'unpaid' ? 0 : brief.state.open * DAY_MS;
    // Briefs are written a little while before they are paid.
    const c = at(ctx, paidAgo + 2 * HOUR_MS);
    const paidOptions = optionsOf(brief.idSubCategory).filter((o) => o.isPayant);
    const chosen = (brief.options ?? []).map((i) => paidOptions[i]!).filter(Boolean);
    const formats = contestFormatOf(brief.formats ?? {});
    const minimum = minimumCostCents(findSubCategory(brief.idSubCategory)!.priceCents, chosen) + formatsPriceCents(formats);
    const [modern, young, fun, luxury] = brief.cursors;
    const contest = await createContest(c, organiser.id, {
      idSubCategory: brief.idSubCategory,
      companyName: brief.companyName,
      companySkills: brief.companySkills,
      target: brief.target,
      site: brief.site,
      message: brief.message,
      cursorModern: modern,
      cursorYoung: young,
      cursorFun: fun,
      cursorLuxury: luxury,
      cost: Math.max(brief.costEuros * 100, minimum),
      arrayOptions: chosen.map((o) => o.id),
      ...formats,
      step: 5,
    });
    if (brief.state === 'unpaid' || !sandbox) continue;

    const paying = at(ctx, paidAgo);
    const payIn = await createPayIn(paying, organiser.id, { idConcours: contest.id, cardType: 'CB_VISA_MASTERCARD' });
    await sandbox.payWithCard(payIn.transactionId, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/39', cvc: '123' });
    await confirmPayIn(paying, organiser.id, { idConcours: contest.id, transactionId: payIn.transactionId });
    open++;
  }
  // The contest paid more than 7 days ago ends the way every contest does.
  const ended = await endContests(ctx);
  log(`Concours de démonstration : ${open - ended} ouverts, ${ended} terminé, ${BRIEFS.length - open} en attente de paiement.`);
}
