/**
 * The texts of the handover documents (docs/decisions/0013): the copyright assignment contract,
 * the talent's payment statement and the organiser's invoice for the platform's fee. Only the
 * server typesets them; they are kept apart from MESSAGES, which the web app's first load carries.
 */

/**
 * The seller named on the fee invoices. A French invoice must name the seller with its legal
 * form, address, SIREN, RCS and intra-community VAT number (Code de commerce, art. R123-237;
 * CGI, art. 242 nonies A). The registered company's come from the server's configuration
 * (INVOICE_SELLER_*); without it, the invoices name this example company.
 */
export interface InvoiceSeller {
  name: string;
  legalForm: string;
  address: string;
  siren: string;
  rcs: string;
  vatNumber: string;
}

export const EXAMPLE_INVOICE_SELLER: InvoiceSeller = {
  name: 'Créadéfi SAS',
  legalForm: 'Société par actions simplifiée au capital de 10 000 €',
  address: '12 rue des Créateurs, 75011 Paris, France',
  siren: '912 345 674',
  rcs: 'RCS Paris 912 345 674',
  vatNumber: 'FR 40 912345674',
};

/** French VAT on the platform's service, in percent (docs/decisions/0013). */
export const PLATFORM_FEE_VAT_PERCENT = 20;

/** Splits a fee collected all taxes included into HT and TVA, in cents; HT + TVA = TTC exactly. */
export function splitVat(ttcCents: number, percent = PLATFORM_FEE_VAT_PERCENT): { htCents: number; vatCents: number; ttcCents: number } {
  const htCents = Math.round((ttcCents * 100) / (100 + percent));
  return { htCents, vatCents: ttcCents - htCents, ttcCents };
}

/** F-000042: one series, numbers taken in order without gaps. */
export function formatInvoiceNumber(n: number): string {
  return `F-${String(n).padStart(6, '0')}`;
}

/** Each right assigned, with its own clause (Code de la propriété intellectuelle, art. L122-1 and L131-3). */
export const ASSIGNED_RIGHTS = [
  {
    name: 'Droit de reproduction',
    clause:
      "Le droit de reproduire ou de faire reproduire l'œuvre, en tout ou en partie, sans limitation du nombre d'exemplaires, par tout procédé technique connu ou inconnu à ce jour, sur tout support, notamment papier, textile, objet, support numérique, optique ou magnétique.",
  },
  {
    name: 'Droit de représentation',
    clause:
      "Le droit de représenter ou de faire représenter l'œuvre, de la communiquer au public par tout procédé, notamment par exposition, projection, diffusion télévisuelle, mise en ligne sur tout réseau de communication électronique, site internet, application ou réseau social.",
  },
  {
    name: "Droit d'adaptation",
    clause:
      "Le droit d'adapter l'œuvre, en tout ou en partie, à tout format, support ou usage, notamment de l'intégrer à d'autres créations, d'en tirer des déclinaisons et des œuvres dérivées.",
  },
  {
    name: 'Droit de modification',
    clause:
      "Le droit de modifier l'œuvre, notamment ses couleurs, ses dimensions, ses proportions ou sa composition, de la recadrer ou d'en retirer des éléments, dans le respect du droit moral de l'auteur.",
  },
  {
    name: 'Droit de traduction',
    clause: "Le droit de traduire ou de faire traduire l'œuvre, ainsi que ses textes éventuels, en toute langue.",
  },
  {
    name: "Droit d'exploitation commerciale",
    clause:
      "Le droit de mettre l'œuvre ou ses reproductions dans le commerce, de la distribuer, de la louer ou de la prêter, à titre gratuit ou onéreux, et de l'utiliser comme signe distinctif, y compris à titre de marque.",
  },
] as const;

/** The field of exploitation, delimited as the Code requires (art. L131-3): extent, destination, place, duration. */
export const FIELD_OF_EXPLOITATION = {
  extent: 'Étendue\u00a0: tous supports et tous modes d’exploitation, connus ou inconnus à ce jour, sans limitation du nombre de reproductions ou de représentations.',
  destination: "Destination\u00a0: toute exploitation commerciale et non commerciale de l'organisateur, pour ses propres besoins et ceux de ses activités.",
  place: 'Lieu\u00a0: le monde entier.',
  duration: "Durée\u00a0: la durée légale de protection du droit d'auteur, prolongations comprises.",
} as const;

export const HANDOVER_DOCUMENT_TEXTS = {
  contract: {
    title: "Contrat de cession de droits d'auteur",
    reference: (contestId: number, participationId: number) => `Concours n° ${contestId} — participation n° ${participationId}`,
    between: 'Entre les soussignés\u00a0:',
    assignor: "Le cédant (l'auteur)",
    assignee: "Le cessionnaire (l'organisateur)",
    company: (name: string, siret: string | null) => (siret ? `${name}, SIRET ${siret}` : name),
    person: (name: string) => name,
    address: (address: string) => `Adresse\u00a0: ${address}`,
    workTitle: 'Article 1 — Objet\u00a0: l’œuvre cédée',
    work: (subCategory: string, companyName: string) =>
      `Le cédant cède au cessionnaire les droits patrimoniaux d'auteur sur l'œuvre qu'il a créée et livrée pour le concours «\u00a0${subCategory}\u00a0» de ${companyName} sur Créadéfi, constituée des fichiers finaux suivants, identifiés par leur empreinte SHA-256\u00a0:`,
    file: (name: string, sha256: string) => `${name} — SHA-256\u00a0: ${sha256}`,
    noFile: 'Œuvre livrée dans la conversation du concours.',
    rightsTitle: 'Article 2 — Droits cédés',
    rightsIntro: 'Le cédant cède au cessionnaire, à titre exclusif, les droits suivants, chacun faisant l’objet d’une mention distincte\u00a0:',
    fieldTitle: "Article 3 — Domaine d'exploitation",
    fieldIntro: "Conformément à l'article L131-3 du Code de la propriété intellectuelle, la cession est consentie dans les limites suivantes\u00a0:",
    priceTitle: 'Article 4 — Prix',
    price: (prize: string) =>
      `En contrepartie de la cession, le cédant reçoit une rémunération forfaitaire de ${prize}, montant du prix du concours, versée par l'intermédiaire de Créadéfi, déduction faite de la commission de la plateforme. Les parties reconnaissent que, les modes d'exploitation ne permettant pas une participation proportionnelle, cette rémunération forfaitaire est conforme à l'article L131-4 du Code de la propriété intellectuelle.`,
    warrantyTitle: 'Article 5 — Garanties',
    warranty:
      "Le cédant garantit être l'auteur de l'œuvre, qu'elle est originale et qu'il n'a consenti sur elle aucun droit incompatible avec la présente cession. Le cédant conserve son droit moral, notamment le droit au respect de son nom et de son œuvre.",
    lawTitle: 'Article 6 — Droit applicable',
    law: 'Le présent contrat est soumis au droit français. Il est accepté électroniquement par chacune des parties sur Créadéfi\u00a0; la date et l’empreinte du document accepté sont enregistrées.',
    date: (day: string) => `Fait le ${day}, sur Créadéfi.`,
  },
  statement: {
    title: 'Relevé de paiement',
    reference: (contestId: number, participationId: number) => `Concours n° ${contestId} — participation n° ${participationId}`,
    beneficiary: 'Bénéficiaire',
    date: (day: string) => `Date du paiement\u00a0: ${day}`,
    gross: 'Prix brut du concours',
    fee: (percent: number) => `Commission de la plateforme (${percent} %)`,
    net: 'Montant net crédité sur votre porte-monnaie',
    note: 'Ce montant est disponible dans «\u00a0Mon porte-monnaie\u00a0» et peut être viré sur votre compte bancaire.',
  },
  invoice: {
    title: 'Facture',
    number: (n: string) => `Facture n° ${n}`,
    date: (day: string) => `Date d'émission\u00a0: ${day}`,
    serviceDate: (day: string) => `Date de la prestation\u00a0: ${day}`,
    seller: 'Vendeur',
    buyer: 'Client',
    designation: (contestId: number, participationId: number) => `Commission de service Créadéfi — concours n° ${contestId}, participation n° ${participationId}`,
    quantity: 'Quantité\u00a0: 1',
    ht: 'Total HT',
    vat: (percent: number) => `TVA (${percent} %)`,
    ttc: 'Total TTC',
    paid: (day: string) => `Facture acquittée le ${day}\u00a0: montant prélevé sur le prix du concours déjà versé.`,
    penalties:
      "Pas d'escompte pour paiement anticipé. En cas de retard de paiement, pénalités au taux de trois fois le taux d'intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 € (Code de commerce, art. L441-10).",
    siret: (siret: string) => `SIRET\u00a0: ${siret}`,
    vatNumber: (n: string) => `N° TVA intracommunautaire\u00a0: ${n}`,
  },
} as const;
