/**
 * The FAQ of docs/product.md §11: two sections, 6 questions for organisers and 5 for talents. The
 * answers state the product's rules (docs/product.md §3 to §5), so the amounts they quote are computed from
 * the catalogue and the fee rather than typed twice.
 */
import { findSubCategory } from './catalogue';
import { AUTO_VALIDATION_DELAY_MS, CONTEST_DURATION_MS, MISSION_ACCEPTANCE_DELAY_MS } from './contest-status';
import { durationInDays, durationInHours } from './durations';
import { formatEuros, gainCents, PLATFORM_FEE_PERCENT } from './money';

export interface FaqEntry {
  id: number;
  title: string;
  /** Paragraphs are separated by a blank line. */
  details: string;
}

export interface FaqSection {
  id: 'organisateur' | 'participant';
  title: string;
  entries: readonly FaqEntry[];
}

const logoCents = findSubCategory(1)!.priceCents;
const logoPrice = formatEuros(logoCents);
const logoGain = formatEuros(gainCents(logoCents));

export const FAQ: readonly FaqSection[] = [
  {
    id: 'organisateur',
    title: 'Je suis un organisateur',
    entries: [
      {
        id: 1,
        title: 'Comment se déroule un concours\u00a0?',
        details: [
          'Tout se passe en trois étapes.',
          'Le brief\u00a0: vous choisissez une catégorie, puis vous nous parlez de votre projet, de votre activité, de votre cible et du style que vous aimez. Comptez moins de 5 minutes.',
          `Le concours\u00a0: pendant ${durationInDays(CONTEST_DURATION_MS)}, des talents freelances vous envoient leurs propositions. Vous les notez, vous échangez avec leurs auteurs, et vous pouvez arrêter le concours plus tôt si une proposition vous plaît déjà.`,
          'Le résultat\u00a0: vous désignez votre ou vos gagnants, qui vous livrent les fichiers finaux. Vous les validez, et le tour est joué\u00a0!',
        ].join('\n\n'),
      },
      {
        id: 2,
        title: 'Comment fixer le prix de mon concours\u00a0?',
        details: [
          `C’est vous qui fixez librement la récompense. Chaque catégorie a simplement un prix minimum, qui garantit une rémunération juste aux talents\u00a0: ${logoPrice} pour un logo, par exemple.`,
          'Les options que vous ajoutez à votre concours s’ajoutent à ce minimum. Et n’oubliez pas\u00a0: plus la récompense est attractive, plus vous recevrez de propositions.',
        ].join('\n\n'),
      },
      {
        id: 3,
        title: 'Puis-je échanger avec les participants\u00a0?',
        details: [
          'Bien sûr\u00a0! Dès que les premières propositions arrivent, la messagerie vous permet de discuter avec leurs auteurs\u00a0: préciser votre besoin, demander une variante, poser vos questions.',
          'Une fois votre gagnant choisi, vous continuez d’échanger avec lui jusqu’à la livraison des fichiers finaux.',
        ].join('\n\n'),
      },
      {
        id: 4,
        title: 'Et si aucune proposition ne me convient\u00a0?',
        details: [
          'Pas d’inquiétude. Nous pouvons d’abord prolonger votre concours en renouvelant sa durée, pour vous laisser recevoir de nouvelles propositions.',
          'Si aucune proposition ne vous satisfait au terme de cette prolongation, nous vous remboursons. Seule exception\u00a0: les concours des catégories Slogan et Nom de boîte, car une idée de nom ou de slogan, une fois lue, ne peut plus être rendue.',
        ].join('\n\n'),
      },
      {
        id: 5,
        title: 'Puis-je choisir plusieurs gagnants\u00a0?',
        details: [
          'Oui\u00a0! Si plusieurs propositions vous séduisent, vous pouvez désigner plusieurs gagnants. Chacun d’eux remporte la mise de départ de votre concours.',
          'La récompense de chaque gagnant supplémentaire vous est demandée au moment de finaliser le concours.',
        ].join('\n\n'),
      },
      {
        id: 6,
        title: 'Comment se passe la livraison des fichiers finaux\u00a0?',
        details: [
          `Votre gagnant dispose de ${durationInHours(MISSION_ACCEPTANCE_DELAY_MS)} pour accepter la mission et vos éventuelles demandes, puis il vous livre les fichiers finaux. Les retouches comprises sont celles que vous avez choisies en créant votre concours.`,
          `Vous validez les fichiers\u00a0: le talent est alors payé et le concours se termine. Sans réponse de votre part, le concours se clôture automatiquement ${durationInHours(AUTO_VALIDATION_DELAY_MS)} après l’envoi des fichiers finaux. Si un délai est dépassé, notre support peut intervenir.`,
        ].join('\n\n'),
      },
    ],
  },
  {
    id: 'participant',
    title: 'Je suis un participant',
    entries: [
      {
        id: 7,
        title: 'Comment participer à un concours\u00a0?',
        details: [
          'Créez votre compte, puis complétez votre statut et vos coordonnées\u00a0: ils sont indispensables pour être payé. Parcourez ensuite les concours ouverts, lisez attentivement le brief et envoyez votre proposition avant la date de fin.',
          'Seul l’organisateur voit vos propositions\u00a0: vos idées restent à l’abri des autres participants.',
        ].join('\n\n'),
      },
      {
        id: 8,
        title: 'Combien vais-je gagner\u00a0?',
        details: [
          `Le gain affiché sur chaque concours correspond à la récompense fixée par l’organisateur, moins la commission de ${PLATFORM_FEE_PERCENT} % de Créadéfi. Pour un concours de ${logoPrice}, le gagnant reçoit ${logoGain}.`,
          'Si l’organisateur choisit plusieurs gagnants, chacun d’eux remporte ce même montant.',
        ].join('\n\n'),
      },
      {
        id: 9,
        title: 'J’ai été choisi comme gagnant\u00a0: que dois-je faire\u00a0?',
        details: [
          `Félicitations\u00a0! Vous disposez de ${durationInHours(MISSION_ACCEPTANCE_DELAY_MS)} pour accepter la mission et les éventuelles demandes de l’organisateur. Vous lui livrez ensuite vos fichiers finaux dans le délai convenu, en échangeant avec lui par la messagerie.`,
          'Si un délai n’est pas respecté, d’un côté comme de l’autre, notre support peut intervenir.',
        ].join('\n\n'),
      },
      {
        id: 10,
        title: 'Combien de retouches dois-je accepter\u00a0?',
        details: [
          'L’organisateur achète un nombre de retouches dès la création de son concours, et en participant vous vous engagez à les réaliser.',
          'Au-delà de ce nombre, vous n’êtes pas tenu d’en faire davantage\u00a0: notre support peut intervenir et réclamer une compensation pour votre travail supplémentaire.',
        ].join('\n\n'),
      },
      {
        id: 11,
        title: 'Quand et comment suis-je payé\u00a0?',
        details: [
          'Dès que l’organisateur valide vos fichiers finaux, votre gain est versé sur votre porte-monnaie Créadéfi, d’où vous pouvez le transférer sur votre compte bancaire.',
          `Sans réponse de sa part, le concours se clôture automatiquement ${durationInHours(AUTO_VALIDATION_DELAY_MS)} après l’envoi de vos fichiers finaux, et vous êtes payé.`,
        ].join('\n\n'),
      },
    ],
  },
];
