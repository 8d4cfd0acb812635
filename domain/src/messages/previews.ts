/** Texts of the marked previews of proposals (docs/product.md, « Aperçus protégés »). */
export const PREVIEWS = {
  pending: 'Aperçu en préparation…',
  pendingLead: 'Le fichier est bien reçu. Son aperçu protégé sera visible dans quelques instants.',
  failed: 'L’aperçu de ce fichier n’a pas pu être préparé.',
  failedShort: 'Aperçu indisponible',
  /** A sound or a video refused at upload: its first seconds do not decode (files/previews/probe.ts). */
  undecodableAudio: 'Ce fichier son ne peut pas être lu\u00a0: ses premières secondes ne contiennent aucun son décodable. Exportez-le de nouveau, puis envoyez-le.',
  undecodableVideo: 'Cette vidéo ne peut pas être lue\u00a0: ses premières secondes ne contiennent aucune image décodable. Exportez-la de nouveau, puis envoyez-la.',
  failedLead: 'Le fichier reste protégé\u00a0: seul son auteur peut l’ouvrir. Il peut l’envoyer de nouveau dans un autre format.',
  /** The play button of the waveform player. */
  play: 'Écouter',
  pause: 'Mettre en pause',
  seek: 'Position dans l’extrait',
  pdfPages: (pages: number) => `Aperçu des ${pages} premières pages, filigrané`,
  marked: 'Aperçu filigrané\u00a0: l’original est remis au gagnant une fois le concours finalisé.',
} as const;
