import { AUTO_VALIDATION_DELAY_MS, CONTEST_DURATION_MS, MISSION_ACCEPTANCE_DELAY_MS } from '../contest-status';
import { durationInDays, durationInHours } from '../durations';
import { PLATFORM_FEE_PERCENT } from '../money';

/**
 * The legal pages (CGU, privacy policy): sections of paragraphs, lists and tables, whose parts are
 * plain text, emphasis or links, so that the pages render them without any HTML in a string.
 */
export type LegalPart = string | { strong: string } | { link: string; to: 'privacy' | 'profile' } | { mail: string } | { web: string; href: string };
export type LegalBlock =
  | { p: readonly LegalPart[] }
  | { ul: readonly (readonly LegalPart[])[] }
  | { table: { caption: string; head: readonly [string, string, string]; rows: readonly (readonly [string, string, string])[] } };
export interface LegalDocument {
  intro: readonly LegalBlock[];
  sections: readonly { id: string; title: string; body: readonly LegalBlock[] }[];
}

/** Figures the legal texts quote, taken from the rules so that a rule change updates them too. */
const CONTEST_DURATION_DAYS_TEXT = durationInDays(CONTEST_DURATION_MS);
const MISSION_ACCEPTANCE_TEXT = durationInHours(MISSION_ACCEPTANCE_DELAY_MS);
const AUTO_VALIDATION_TEXT = durationInHours(AUTO_VALIDATION_DELAY_MS);
const FEE_TEXT = `${PLATFORM_FEE_PERCENT}\u00a0%`;

export const LEGAL = {
  eyebrow: 'Informations légales',
  /** Version date of the CGU and the privacy policy. */
  updatedOn: '22 novembre 2026',
  updated: (date: string) => `Dernière mise à jour\u00a0: ${date}`,
  contents: 'Sommaire',
  cguTitle: 'Conditions générales d’utilisation',
  privacyTitle: 'Politique de confidentialité',
  cgu: {
    intro: [
      { p: [{ strong: `En bref\u00a0:` }, ` l’Organisateur fixe une récompense, payée d’avance et conservée en séquestre\u00a0; les Talents envoient leurs propositions\u00a0; le Gagnant livre ses fichiers et reçoit la récompense moins ${FEE_TEXT} de commission\u00a0; les droits d’auteur sont cédés à l’Organisateur au paiement.`] },
      { p: [`Ce résumé ne remplace pas les conditions détaillées ci-dessous.`] },
    ],
    sections: [
    {
      id: 'objet',
      title: `Objet et acceptation`,
      body: [
        { p: [`Les présentes conditions générales d’utilisation (les «\u00a0CGU\u00a0») encadrent l’accès et l’utilisation de la plateforme Créadéfi (la «\u00a0Plateforme\u00a0»), éditée par la société Créadéfi SAS («\u00a0Créadéfi\u00a0», «\u00a0nous\u00a0»). La Plateforme met en relation des organisateurs, qui publient des concours créatifs rémunérés, et des talents freelances, qui y répondent par des propositions.`] },
        { p: [`En créant un compte, vous déclarez avoir lu et accepté sans réserve les présentes CGU. Si vous n’êtes pas d’accord avec l’une de leurs stipulations, vous ne devez pas utiliser la Plateforme.`] },
      ],
    },
    {
      id: 'definitions',
      title: `Définitions`,
      body: [
        { ul: [[{ strong: `Utilisateur` }, `\u00a0: toute personne disposant d’un compte sur la Plateforme.`], [{ strong: `Organisateur` }, `\u00a0: l’Utilisateur qui crée et finance un concours.`], [{ strong: `Talent` }, ` (ou participant)\u00a0: l’Utilisateur qui envoie une ou plusieurs propositions à un concours.`], [{ strong: `Concours` }, `\u00a0: l’appel à propositions publié par un Organisateur, décrit par un brief, une catégorie, une récompense et une date de fin.`], [{ strong: `Proposition` }, `\u00a0: la création (image, vidéo, son ou texte) envoyée par un Talent en réponse à un Concours.`], [{ strong: `Gagnant` }, `\u00a0: le Talent dont la Proposition est retenue par l’Organisateur.`], [{ strong: `Récompense` }, ` (ou mise de départ)\u00a0: le montant fixé par l’Organisateur et versé, commission déduite, à chaque Gagnant.`], [{ strong: `Porte-monnaie` }, `\u00a0: le compte de paiement ouvert au nom de l’Utilisateur chez notre prestataire de paiement, sur lequel sont versés ses gains.`]] },
      ],
    },
    {
      id: 'compte',
      title: `Inscription et compte`,
      body: [
        { p: [`La Plateforme est réservée aux personnes majeures (18 ans révolus) et aux personnes morales représentées par une personne habilitée. L’inscription se fait avec une adresse e-mail et un mot de passe, ou par l’intermédiaire d’un compte Google ou Facebook. Une adresse e-mail doit être vérifiée avant la première connexion.`] },
        { p: [`Vous vous engagez à fournir des informations exactes et à les tenir à jour. Vos identifiants sont personnels et confidentiels\u00a0: toute action effectuée depuis votre compte est réputée l’avoir été par vous. Prévenez-nous sans délai en cas d’utilisation frauduleuse.`] },
        { p: [`Pour organiser un concours ou recevoir un gain, vous devez compléter votre statut (particulier, entreprise individuelle ou société) et vos coordonnées, qui permettent l’ouverture de votre Porte-monnaie et la vérification d’identité exigée par la réglementation.`] },
      ],
    },
    {
      id: 'role',
      title: `Rôle de Créadéfi`,
      body: [
        { p: [`Créadéfi fournit un service d’intermédiation\u00a0: elle héberge les concours, les propositions et les échanges, organise le paiement sécurisé des récompenses et veille au bon déroulement des concours. Créadéfi n’est pas partie au contrat de commande conclu entre l’Organisateur et le Gagnant et n’est pas l’auteur des Propositions.`] },
        { p: [`Créadéfi peut modérer les contenus publiés, notamment à la suite d’un signalement, et retirer tout contenu contraire aux présentes CGU ou à la loi.`] },
      ],
    },
    {
      id: 'concours',
      title: `Organisation d’un concours`,
      body: [
        { p: [`L’Organisateur choisit une catégorie, rédige son brief et fixe librement la Récompense, qui ne peut être inférieure au prix minimum de la catégorie, augmenté du prix des options choisies. Le concours est publié dès la confirmation du paiement et reste ouvert ${CONTEST_DURATION_DAYS_TEXT}. L’Organisateur peut y mettre fin plus tôt si une Proposition lui convient.`] },
        { p: [`L’Organisateur peut désigner un ou plusieurs Gagnants. Chaque Gagnant reçoit la Récompense complète\u00a0; la Récompense de chaque Gagnant supplémentaire est payée par l’Organisateur au moment de finaliser le concours.`] },
        { p: [`L’Organisateur s’engage à rédiger un brief loyal et précis, à examiner les Propositions reçues et à ne pas exploiter une Proposition qu’il n’a pas retenue et payée.`] },
      ],
    },
    {
      id: 'participation',
      title: `Participation à un concours`,
      body: [
        { p: [`Le Talent s’engage à n’envoyer que des créations originales, réalisées par lui-même pour le Concours, qui respectent le brief et ne portent atteinte aux droits d’aucun tiers.`] },
        { p: [`Les Propositions ne sont visibles que par leur auteur et par l’Organisateur du Concours. L’Organisateur peut les noter, échanger avec leurs auteurs par la messagerie et signaler une Proposition inappropriée.`] },
      ],
    },
    {
      id: 'livraison',
      title: `Désignation du gagnant et livraison`,
      body: [
        { p: [`Le Gagnant dispose de `, { strong: `${MISSION_ACCEPTANCE_TEXT}` }, ` pour accepter la mission et les éventuelles demandes de l’Organisateur, puis livre ses fichiers finaux dans le délai convenu. Il réalise les retouches achetées par l’Organisateur lors de la création du concours\u00a0; au-delà, il n’est tenu à aucune retouche supplémentaire.`] },
        { p: [`L’Organisateur valide les fichiers finaux dès qu’ils sont conformes. À défaut de réponse de sa part, les fichiers sont réputés validés et le concours est clôturé automatiquement `, { strong: `${AUTO_VALIDATION_TEXT}` }, ` après leur envoi. En cas de retard ou de désaccord, notre support peut intervenir.`] },
      ],
    },
    {
      id: 'paiement',
      title: `Prix, paiement et commission`,
      body: [
        { p: [`Les paiements sont traités par un prestataire de services de paiement agréé. La Récompense payée par l’Organisateur est conservée sur un compte de cantonnement (séquestre) jusqu’à la validation des fichiers finaux\u00a0: le Talent n’est jamais payé avant, et l’Organisateur ne paie jamais deux fois. Créadéfi ne stocke aucune donnée de carte bancaire.`] },
        { p: [`Créadéfi perçoit une commission de `, { strong: `${FEE_TEXT}` }, ` sur la Récompense. Le gain affiché aux Talents est la Récompense diminuée de cette commission. À la validation des fichiers finaux, le gain est versé sur le Porte-monnaie du Gagnant, qui peut ensuite le transférer vers son compte bancaire.`] },
        { p: [`Chaque Talent reste seul responsable de ses obligations fiscales et sociales au titre des gains perçus.`] },
      ],
    },
    {
      id: 'remboursement',
      title: `Satisfait ou remboursé`,
      body: [
        { p: [`Si aucune Proposition ne convient à l’Organisateur, le concours peut être prolongé par le renouvellement de sa durée. Si, au terme de cette prolongation, aucune Proposition ne le satisfait et qu’aucun Gagnant n’a été désigné, l’Organisateur est remboursé de la Récompense sur simple demande auprès du support.`] },
        { p: [`Par exception, les concours des catégories `, { strong: `Slogan` }, ` et `, { strong: `Nom de boîte` }, ` ne sont pas remboursables\u00a0: une idée de nom ou de slogan, une fois lue, ne peut plus être rendue. Aucun remboursement n’est dû une fois un Gagnant désigné.`] },
      ],
    },
    {
      id: 'propriete',
      title: `Propriété intellectuelle`,
      body: [
        { p: [`Le Talent reste titulaire de ses droits sur ses Propositions. Au paiement de la Récompense, c’est-à-dire à son versement sur le Porte-monnaie du Gagnant, celui-ci cède à l’Organisateur, à titre exclusif, les droits patrimoniaux d’auteur sur la Proposition retenue et sur ses fichiers finaux\u00a0: droits de reproduction, de représentation, d’adaptation et de traduction, sur tout support, pour le monde entier et pour toute la durée légale de protection. Le prix de cette cession est compris dans la Récompense.`] },
        { p: [`Les Propositions non retenues restent la propriété exclusive de leurs auteurs\u00a0: l’Organisateur s’interdit toute utilisation. Sauf opposition de l’Organisateur, le Gagnant peut présenter la création dans son portfolio.`] },
        { p: [`La marque, le logo, les textes et le code de la Plateforme appartiennent à Créadéfi et ne peuvent être reproduits sans son accord.`] },
      ],
    },
    {
      id: 'interdits',
      title: `Comportements interdits`,
      body: [
        { p: [`Il est notamment interdit\u00a0:`] },
        { ul: [[`de contourner la Plateforme pour conclure ou payer en dehors d’elle une mission née d’un concours\u00a0;`], [`de copier, plagier ou reprendre la Proposition d’un autre Talent\u00a0;`], [`de publier un contenu illicite, haineux, diffamatoire, pornographique ou portant atteinte aux droits d’un tiers\u00a0;`], [`de créer plusieurs comptes ou d’usurper l’identité d’autrui\u00a0;`], [`de perturber le fonctionnement technique de la Plateforme.`]] },
      ],
    },
    {
      id: 'responsabilite',
      title: `Responsabilité`,
      body: [
        { p: [`Créadéfi met tout en œuvre pour assurer l’accès continu et sécurisé à la Plateforme, dans le cadre d’une obligation de moyens. Sa responsabilité ne saurait être engagée du fait des contenus publiés par les Utilisateurs, de l’usage qu’un Organisateur fait d’une création, ni d’une interruption due à une maintenance, à un tiers ou à un cas de force majeure.`] },
        { p: [`Chaque Utilisateur est responsable des contenus qu’il publie et garantit Créadéfi contre toute réclamation de tiers à ce titre.`] },
      ],
    },
    {
      id: 'suspension',
      title: `Suspension et clôture du compte`,
      body: [
        { p: [`Vous pouvez demander la clôture de votre compte à tout moment en écrivant au support, une fois vos concours en cours terminés et votre Porte-monnaie vidé. En cas de manquement grave aux présentes CGU, Créadéfi peut suspendre ou clôturer un compte, après en avoir informé l’Utilisateur lorsque les circonstances le permettent.`] },
      ],
    },
    {
      id: 'donnees',
      title: `Données personnelles`,
      body: [
        { p: [`Les traitements de données personnelles réalisés pour le fonctionnement de la Plateforme sont décrits dans notre `, { link: `politique de confidentialité`, to: 'privacy' }, `.`] },
      ],
    },
    {
      id: 'modification',
      title: `Modification des CGU`,
      body: [
        { p: [`Créadéfi peut faire évoluer les présentes CGU. Les Utilisateurs sont informés de toute modification substantielle au moins quinze jours avant son entrée en vigueur\u00a0; la poursuite de l’utilisation de la Plateforme vaut acceptation de la nouvelle version. Les concours en cours restent régis par la version en vigueur au moment de leur publication.`] },
      ],
    },
    {
      id: 'droit',
      title: `Droit applicable et litiges`,
      body: [
        { p: [`Les présentes CGU sont soumises au droit français. En cas de différend, nous vous invitons à contacter d’abord notre support afin de rechercher une solution amiable.`] },
        { p: [`L’Utilisateur agissant en qualité de consommateur peut recourir gratuitement à un médiateur de la consommation et saisir la juridiction de son choix dans les conditions prévues par la loi. Pour les Utilisateurs professionnels, tout litige relève de la compétence exclusive des tribunaux du ressort du siège social de Créadéfi.`] },
      ],
    },
    {
      id: 'contact',
      title: `Nous contacter`,
      body: [
        { p: [`Pour toute question sur les présentes CGU, écrivez-nous à `, { mail: `contact@creadefi.fr` }, ` ou utilisez le formulaire de contact en bas de page.`] },
      ],
    },
    ],
  } satisfies LegalDocument,
  privacy: {
    intro: [
      { p: [`Chez Créadéfi, vos données servent à faire fonctionner vos concours, et à rien d’autre. Cette page explique quelles données nous traitons, pourquoi, combien de temps, et comment exercer vos droits.`] },
    ],
    sections: [
    {
      id: 'responsable',
      title: `Responsable du traitement`,
      body: [
        { p: [`Le responsable du traitement de vos données personnelles est la société `, { strong: `Créadéfi SAS` }, `, éditrice de la plateforme Créadéfi. Nous avons désigné un délégué à la protection des données, que vous pouvez joindre à l’adresse `, { mail: `dpo@creadefi.fr` }, ` pour toute question relative à vos données.`] },
      ],
    },
    {
      id: 'donnees',
      title: `Les données que nous traitons`,
      body: [
        { ul: [[{ strong: `Compte` }, `\u00a0: adresse e-mail, pseudo, mot de passe (conservé uniquement sous forme chiffrée et irréversible), et, si vous les renseignez, nom, prénom, téléphone, date de naissance, pays et langue.`], [{ strong: `Connexion avec Google ou Facebook` }, `\u00a0: l’identifiant de votre compte chez ce fournisseur et l’adresse e-mail qu’il nous transmet, rien de plus.`], [{ strong: `Statut et coordonnées` }, `\u00a0: statut juridique, raison sociale, adresse, et les informations d’identité exigées par la réglementation financière, transmises à notre prestataire de paiement.`], [{ strong: `Activité sur la Plateforme` }, `\u00a0: briefs, propositions et fichiers, notes, messages échangés, signalements et notifications.`], [{ strong: `Paiements` }, `\u00a0: montants, dates et références des transactions et de votre porte-monnaie. Les numéros de carte bancaire sont saisis chez notre prestataire de paiement\u00a0: nous n’y avons jamais accès.`], [{ strong: `Contact` }, `\u00a0: nom, adresse e-mail, objet et contenu des messages envoyés par le formulaire de contact.`], [{ strong: `Données techniques` }, `\u00a0: journaux de connexion (adresse IP, date, page demandée) et jeton de session conservé dans votre navigateur.`]] },
      ],
    },
    {
      id: 'finalites',
      title: `Pourquoi nous les traitons et sur quelle base`,
      body: [
        { table: { caption: `Finalités et bases légales des traitements`, head: ['Finalité', 'Base légale', 'Données concernées'], rows: [
          ['Créer et gérer votre compte', 'Exécution du contrat (CGU)', 'Compte, connexion'],
          ['Organiser un concours, y participer, échanger par messagerie', 'Exécution du contrat', 'Activité, compte'],
          ['Encaisser les récompenses, les reverser et tenir les porte-monnaie', 'Exécution du contrat et obligations légales (lutte contre le blanchiment)', 'Statut, paiements'],
          ['Établir les factures et tenir la comptabilité', 'Obligation légale', 'Statut, paiements'],
          ['Vous envoyer les e-mails du service (vérification, réinitialisation, notifications)', 'Exécution du contrat', 'Compte'],
          ['Répondre à vos demandes de contact et de support', 'Intérêt légitime à vous répondre', 'Contact, compte'],
          ['Sécuriser la Plateforme, prévenir la fraude et modérer les contenus', 'Intérêt légitime', 'Données techniques, activité'],
        ] } },
      ],
    },
    {
      id: 'destinataires',
      title: `Qui peut y accéder`,
      body: [
        { p: [`Vos données ne sont jamais vendues. Elles ne sont accessibles qu’aux personnes qui en ont besoin\u00a0:`] },
        { ul: [[`les membres habilités de l’équipe Créadéfi (support, modération, comptabilité)\u00a0;`], [`les autres Utilisateurs, dans la mesure nécessaire au service\u00a0: votre pseudo est visible, vos propositions ne le sont que de l’organisateur du concours, vos messages que de votre interlocuteur\u00a0;`], [`nos sous-traitants techniques\u00a0: hébergeur, prestataire d’envoi d’e-mails et prestataire de services de paiement agréé\u00a0;`], [`Google ou Facebook, uniquement si vous choisissez de vous connecter avec eux\u00a0;`], [`les autorités administratives ou judiciaires, lorsque la loi nous y oblige.`]] },
        { p: [`Nous privilégions des prestataires établis dans l’Union européenne. Si un transfert hors de l’Union est nécessaire, il est encadré par les clauses contractuelles types de la Commission européenne ou par une décision d’adéquation.`] },
      ],
    },
    {
      id: 'conservation',
      title: `Combien de temps nous les conservons`,
      body: [
        { table: { caption: `Durées de conservation`, head: ['Données', 'Durée', 'Pourquoi'], rows: [
          ['Compte et activité', 'Tant que le compte est ouvert, puis 3 ans après la dernière connexion', 'Fonctionnement du service'],
          ['Factures et pièces comptables', '10 ans', 'Code de commerce (article L. 123-22)'],
          ['Vérifications d’identité et opérations de paiement', '5 ans après la fin de la relation', 'Lutte contre le blanchiment (Code monétaire et financier)'],
          ['Journaux de connexion', '1 an', 'Obligation légale de conservation des données de connexion'],
          ['Messages de contact', '3 ans après le dernier échange', 'Suivi de votre demande'],
          ['Jeton de session', 'Jusqu’à la déconnexion ou son expiration', 'Maintien de votre connexion'],
        ] } },
      ],
    },
    {
      id: 'cookies',
      title: `Cookies et stockage local`,
      body: [
        { p: [`Créadéfi n’utilise ni cookie publicitaire ni outil de pistage. Votre navigateur conserve seulement le jeton de session qui vous garde connecté\u00a0: strictement nécessaire au service, il ne requiert pas votre consentement et disparaît à la déconnexion.`] },
        { p: [`Si vous choisissez de vous connecter avec Google ou Facebook, ces fournisseurs traitent les données de connexion selon leurs propres politiques de confidentialité.`] },
      ],
    },
    {
      id: 'droits',
      title: `Vos droits`,
      body: [
        { p: [`Conformément au règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés, vous disposez des droits suivants\u00a0:`] },
        { ul: [[`droit d’accès à vos données et d’en obtenir une copie\u00a0;`], [`droit de rectification des données inexactes\u00a0;`], [`droit à l’effacement, dans les limites de nos obligations légales de conservation\u00a0;`], [`droit à la limitation du traitement et droit d’opposition aux traitements fondés sur notre intérêt légitime\u00a0;`], [`droit à la portabilité des données que vous nous avez fournies\u00a0;`], [`droit de définir des directives sur le sort de vos données après votre décès.`]] },
        { p: [`Pour les exercer, écrivez à `, { mail: `dpo@creadefi.fr` }, `. Nous vous répondons dans un délai d’un mois, qui peut être prolongé de deux mois pour une demande complexe\u00a0; une preuve d’identité peut vous être demandée en cas de doute raisonnable. Vous pouvez aussi introduire une réclamation auprès de la CNIL (`, { web: `www.cnil.fr`, href: 'https://www.cnil.fr' }, `).`] },
        { p: [`Vous pouvez à tout moment corriger vos informations depuis votre `, { link: `profil`, to: 'profile' }, `.`] },
      ],
    },
    {
      id: 'securite',
      title: `Sécurité`,
      body: [
        { p: [`Les échanges avec la Plateforme sont chiffrés (HTTPS). Les mots de passe sont protégés par un algorithme de hachage robuste (Argon2id). Les fichiers envoyés ne sont jamais publics\u00a0: chaque téléchargement vérifie que la personne qui le demande y a droit. L’accès aux données est limité aux personnes habilitées.`] },
      ],
    },
    {
      id: 'mineurs',
      title: `Mineurs`,
      body: [
        { p: [`La Plateforme est réservée aux personnes majeures. Nous ne collectons pas sciemment de données concernant des mineurs.`] },
      ],
    },
    {
      id: 'modifications',
      title: `Modifications de cette politique`,
      body: [
        { p: [`Nous pouvons mettre à jour la présente politique pour tenir compte de l’évolution du service ou de la réglementation. La date de dernière mise à jour figure en haut de cette page\u00a0; en cas de changement important, nous vous en informons par e-mail ou sur la Plateforme.`] },
      ],
    },
    ],
  } satisfies LegalDocument,
} as const;
