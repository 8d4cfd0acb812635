/** Listing, wizard, edition and payment of contests (spec 1 §2, §5, spec 2 §2). */
export const CONTESTS = {
  listingTitle: 'Prêt à relever le défi ?',
  listingHeading: 'Les concours ouverts :',
  empty: 'Aucun concours pour le moment',
  emptyInCategory: (name: string) => `Aucun concours pour le moment pour la catégorie ${name}`,
  participate: 'Participer',
  seeProposals: 'Les participations',
  proposals: (n: number) => (n > 1 ? `${n} participations` : `${n} participation`),
  briefRequired: 'Tous les champs doivent être remplis pour continuer !',
  costTooLow: (minimum: string) => `Le prix du concours doit être d’au moins ${minimum}\u00a0!`,
  /** What the winner receives, said before a valid price is typed: never less than the minimum's share. */
  gainAtLeast: (amount: string) => `Le talent gagnant recevra au moins ${amount}`,
  gain: (amount: string) => `Le talent gagnant recevra ${amount}`,
  cguRequired: 'Tous les champs doivent être remplis pour continuer !',
  statusRequired: 'Merci de remplir les informations pour créer un concours !',
  unknownSubCategory: "Cette sous-catégorie n'existe pas.",
  unknownOption: "Une des options choisies n'existe pas pour cette sous-catégorie.",
  exclusiveOptions: 'Vous ne pouvez choisir qu’une seule option de retouche et une seule option de livraison.',
  created: 'Votre concours a bien été créé, il ne reste plus qu’à le payer pour le publier.',
  updated: 'Le concours a bien été mis à jour',
  notFound: "Ce concours n'existe pas.",
  notOwner: "Ce concours ne vous appartient pas.",
  editLocked: 'Gagnant déjà choisi',
  editLockedMessage: 'Un gagnant a déjà été choisi : le concours ne peut plus être modifié.',
  step1Title: 'Étape 1 : Sélectionner une catégorie',
  step2Title: 'Parlez-nous de vous',
  step3Title: 'De quoi avez-vous besoin ?',
  step4Title: 'Définissez les règles',
  step5Title: 'Étape 5 : Paiement',
  tutorialDone: 'Tutoriel terminé, à vous de jouer !',
  confirmationText: 'De nombreuses participations arriveront rapidement !',
  unknownCategory: "Cette catégorie n'existe pas.",
} as const;

/** The brief's questions, asked in the same words by the creation wizard and the edit page. */
export const BRIEF_FIELDS = {
  companyName: { label: 'Nom de l’entreprise ou du projet' },
  companySkills: { label: 'Votre activité', description: 'Votre métier, vos produits, ce pour quoi on vous connaît.' },
  target: { label: 'Votre cible', description: 'À qui s’adresse votre projet\u00a0: âge, profession, habitudes…' },
  site: { label: 'Site internet', description: 'Facultatif' },
} as const;

/** Pay-ins (DESIGN decisions 1, 2, 5). */
export const PAYMENTS = {
  cardTypeRefused: "Ce moyen de paiement n'est plus accepté par notre prestataire de paiement, veuillez choisir une carte bancaire.",
  redirect: 'Vous allez être redirigé vers la page de paiement sécurisée.',
  nothingToPay: "Ce concours n'a rien à payer pour le moment.",
  notPayable: 'Ce concours ne peut pas être payé dans son état actuel.',
  confirmed: 'Votre paiement a bien été reçu, votre concours est en ligne !',
  extraConfirmed: 'Votre paiement a bien été reçu : finalisez le concours depuis vos propositions.',
  extraConfirmedFinalised: 'Votre paiement a bien été reçu, le concours est finalisé !',
  extraConfirmationText: 'Vos gagnants ont été prévenus : échangez avec eux dans vos messages jusqu’à la livraison des fichiers finaux.',
  extraConfirmationPending: 'Le concours n’est pas encore finalisé : retrouvez vos gagnants dans vos propositions pour le finaliser.',
  alreadyConfirmed: 'Ce paiement a déjà été pris en compte.',
  failed: "Le paiement n'a pas abouti : votre carte n'a pas été débitée et le concours n'est pas publié.",
  pending: "Le paiement n'est pas encore confirmé par notre prestataire, réessayez dans un instant.",
  opening: 'Le paiement de ce concours est en cours d’ouverture, réessayez dans un instant.',
  unknownTransaction: 'Ce paiement est introuvable.',
  amountMismatch: 'Le montant payé ne correspond pas au concours : le paiement a été refusé.',
  notYours: "Ce paiement ne vous appartient pas.",
  providerUnavailable: 'Notre prestataire de paiement ne répond pas, veuillez réessayer dans un instant.',
  promoUnknown: "Ce code promo n'existe pas ou n'est plus valable.",
  promoExpired: "Votre code promo n'est plus valable : il a été retiré de ce concours. Relancez le paiement pour régler le prix complet.",
  promoUsedUp: 'Votre code promo a déjà été utilisé autant de fois que prévu : il a été retiré de ce concours. Relancez le paiement pour régler le prix complet.',
  promoPaymentOpen: "Un paiement avec votre code promo est déjà ouvert pour ce concours : terminez-le sur la page de paiement, ou attendez qu'il expire pour en ouvrir un autre.",
  promotionDelayed: 'Votre paiement est bien reçu, mais sa prise en compte est retardée de notre côté. Réessayez dans quelques minutes : vous ne serez pas débité une seconde fois.',
  payInRefused: 'Notre prestataire de paiement a refusé ce paiement, veuillez réessayer ou choisir une autre carte.',
  promoCreated: 'Le code promo a bien été créé.',
  promoCodeTaken: 'Ce code promo existe déjà.',
  promoCodeFormat: 'Le code promo doit contenir de 3 à 40 lettres majuscules, chiffres, tirets ou tirets bas.',
  promoValidUntilInvalid: 'La date de fin de validité doit être une date à venir, au plus tard le 31/12/2099.',
  promoDiscountRequired: 'Indiquez soit un pourcentage de réduction, soit un montant de réduction, mais pas les deux.',
} as const;

/** The hosted payment page of the built-in test provider (PAYMENT_PROVIDER=sandbox). */
export const SANDBOX_PAGE = {
  title: 'Paiement sécurisé',
  testNotice:
    "Environnement de test : aucune carte réelle n'est débitée. Utilisez une des cartes de test ci-dessous, avec une date d'expiration future et n'importe quel cryptogramme.",
  merchant: 'Marchand',
  merchantName: 'Créadéfi',
  amount: 'Montant',
  cardNumber: 'Numéro de carte',
  expiry: "Date d'expiration (MM/AA)",
  cvc: 'Cryptogramme (CVC)',
  pay: 'Payer',
  cancel: 'Annuler',
  testCardsTitle: 'Cartes de test',
  testCardSucceeds: 'paiement accepté',
  testCardDeclined: 'paiement refusé par la banque',
  expired: 'Cette page de paiement a expiré',
  expiredText: "Le délai de 15 minutes pour payer est dépassé et rien n'a été débité. Relancez le paiement depuis le site.",
  alreadyProcessed: 'Ce paiement a déjà été traité',
  backToSite: 'Revenir sur le site',
  notFound: "Ce paiement n'existe pas.",
  cardNumberInvalid: "Le numéro de carte n'est pas valide.",
  expiryInvalid: "La date d'expiration doit être au format MM/AA.",
  cardExpired: 'Cette carte est expirée.',
  cvcInvalid: (digits: number) => `Le cryptogramme doit contenir ${digits} chiffres.`,
  declinedResult: 'Paiement refusé par la banque émettrice.',
  unknownCardResult: "Carte refusée : elle ne fait pas partie des cartes de test.",
  expiredResult: 'Page de paiement expirée.',
  cancelledResult: "Paiement annulé par l'acheteur.",
} as const;

export const CARD_TYPES = [
  { value: 'CB_VISA_MASTERCARD', label: 'Paiement par VISA/MASTERCARD' },
  { value: 'MAESTRO', label: 'Paiement par MAESTRO' },
  { value: 'AMEX', label: 'Paiement par AMEX' },
] as const;
/** Sent by old clients; the provider no longer accepts it and the server says so. */
export const RETIRED_CARD_TYPES = ['PAYLIB'] as const;
