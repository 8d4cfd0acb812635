/** Texts of the marked previews of proposals (docs/product.md, « Aperçus protégés »). */
export const PREVIEWS = {
  pending: 'Aperçu en préparation…',
  pendingLead: 'Le fichier est bien reçu. Son aperçu protégé sera visible dans quelques instants.',
  failed: 'L’aperçu de ce fichier n’a pas pu être préparé.',
  failedShort: 'Aperçu indisponible',
  failedLead: 'Le fichier reste protégé\u00a0: seul son auteur peut l’ouvrir. Il peut l’envoyer de nouveau dans un autre format.',
  /** The play button of the waveform player. */
  play: 'Écouter',
  pause: 'Mettre en pause',
  seek: 'Position dans l’extrait',
  pdfPages: (pages: number) => `Aperçu des ${pages} premières pages, filigrané`,
  marked: 'Aperçu filigrané\u00a0: l’original est remis au gagnant une fois le concours finalisé.',
} as const;
