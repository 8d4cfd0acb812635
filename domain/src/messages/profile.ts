/** Invoicing status ("statut"), profile and bank details (docs/product.md §8 and §11). */
export const PROFILE = {
  certificationRequired: "Vous n'avez pas certifié que les informations renseignées sont exactes\u00a0!",
  certificationLabel: "Vous certifiez sur l'honneur que les informations renseignées sont exactes",
  statusSaved: 'Vos informations ont bien été enregistrées, vous pouvez maintenant créer un concours et participer\u00a0!',
  statusHint: "Un seul compte par personne. Vous devez avoir 18 ans ou plus pour encaisser vos gains.",
  siretInvalid: 'Le numéro SIRET doit contenir 14 chiffres valides.',
  tvaInvalid: "Le numéro de TVA intracommunautaire n'est pas valide (ex. FR32123456789).",
  zipInvalid: "Le code postal n'est pas valide.",
  countryInvalid: "Ce pays n'est pas reconnu.",
  birthdayInvalid: 'La date de naissance doit être comprise entre 1900 et aujourd’hui.',
  /** The CGU reserve the site to adults, and the payment provider pays out to adults only. */
  birthdayUnderage: 'La date de naissance indique moins de 18 ans\u00a0: Créadéfi est réservé aux personnes majeures.',
  tooManyBeneficiaries: 'Vous pouvez déclarer au plus 3 bénéficiaires effectifs supplémentaires.',
  beneficiaryRequired: 'Merci de renseigner au moins un bénéficiaire effectif.',
  legalStatusRequired: 'Merci de choisir la forme juridique de votre société.',
  socialReasonRequired: 'Merci de renseigner la raison sociale.',
  providerRefused: 'Notre prestataire de paiement a refusé ces informations, vérifiez-les puis réessayez.',
  statutSaving: 'Votre statut est en cours d’enregistrement, réessayez dans un instant.',
  participateStatusRequired: 'Merci de remplir les informations pour participer à un concours\u00a0!',
  essentialInfo: 'Pour créer un concours ou y participer, renseignez d’abord les informations essentielles.',
  statutKindLocked:
    "Votre compte de paiement a été ouvert en tant que particulier ou en tant que professionnel et ne peut pas changer de nature. Contactez le support pour changer de statut.",
} as const;

/** The status ("Mes coordonnées") and profile screens; the fields' own names are FIELD_LABELS. */
export const PROFILE_SCREENS = {
  statutHints: [
    'Vous agissez à titre personnel.',
    'Micro-entreprise ou entreprise individuelle, avec un numéro SIRET.',
    'EURL, SARL, SAS… immatriculée en France.',
    'Société immatriculée hors de France.',
  ],
  title: 'Mes coordonnées',
  intro: 'Ces informations servent à la facturation et à notre prestataire de paiement sécurisé. Elles ne sont jamais montrées aux autres membres.',
  retry: 'Réessayer',
  siretHint: '14 chiffres, sur votre avis de situation INSEE ou votre extrait Kbis.',
  siretValid: 'Numéro SIRET valide',
  siretDigits: (n: number) => `${n} chiffres sur 14`,
  tvaExample: 'Par exemple FR32123456789.',
  tvaValid: 'Format valide',
  tvaHint: 'Deux lettres du pays puis le numéro, par exemple FR32123456789.',
  statutTitle: 'Votre statut',
  representative: 'Représentant légal',
  representativeHint: 'La personne qui remplit ce formulaire au nom de la société.',
  yourInfo: 'Vos informations',
  yourInfoHint: 'Tels qu’ils figurent sur votre pièce d’identité.',
  addressTitle: 'Adresse',
  companyAddressHint: 'Adresse du siège de la société.',
  homeAddressHint: 'Votre adresse de résidence.',
  companyTitle: 'Votre entreprise',
  choose: 'Choisir',
  vatFranchiseHint:
    "Vous ne facturez pas la TVA\u00a0: votre chiffre d'affaires est inférieur à 33 200 € (35 200 € si celui de l'avant-dernière année n'a pas dépassé 33 200 €).",
  beneficiariesHint:
    'Un bénéficiaire effectif est une personne physique qui détient, directement ou indirectement, plus de 25 % du capital ou des droits de vote de la société, ou qui exerce sur elle un pouvoir de contrôle.',
  situation: 'Votre situation',
  encrypted: 'Transmis de façon chiffrée à notre prestataire de paiement.',
  save: 'Enregistrer',
  noBeneficiary: 'Aucun bénéficiaire effectif déclaré.',
  beneficiary: (n: number) => `Bénéficiaire ${n}`,
  removeBeneficiary: (n: number) => `Retirer le bénéficiaire ${n}`,
  residenceCountry: 'Pays de résidence',
  addBeneficiary: 'Ajouter un bénéficiaire',
  maxBeneficiaries: (n: number) => `${n} bénéficiaires supplémentaires au maximum.`,
  noCountry: 'Aucun pays trouvé',
  datePlaceholder: 'jj/mm/aaaa',
  ibanPlaceholder: 'FR76 3000 6000 0112 3456 7890 189',
  email: 'E-mail',
} as const;

export const STATUT_LABELS = ['Particulier', 'Auto-entrepreneur ou entreprise individuelle', 'Société (France uniquement)', 'Société (autres pays)'] as const;
export const LEGAL_STATUS_LABELS = ['EURL', 'SARL', 'SA', 'SAS', 'SASU', 'SNC'] as const;
export const BENEFICIARY_STATUS_LABELS = [
  'Je suis le seul bénéficiaire effectif',
  'Je ne suis pas le seul bénéficiaire effectif',
  'Je ne suis pas bénéficiaire effectif',
  "Il n'existe pas de bénéficiaire effectif",
] as const;
