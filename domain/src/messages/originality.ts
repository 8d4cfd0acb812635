/** Texts of the originality check (docs/product.md, originality). */
export const ORIGINALITY = {
  /** 409 when a talent sends the exact file another talent sent first. */
  exactCopy: 'Ce fichier a déjà été envoyé par un autre talent\u00a0: seules vos propres créations peuvent être proposées.',
  /** Shown to the organiser (and the admins) on a flagged proposal. */
  resemblesNumber: (number: number) => `Ressemble fortement à la proposition n° ${number}`,
  resemblesWonElsewhere: 'Ressemble fortement à une proposition primée d’un autre concours',
  viewerHint: 'Notre vérification automatique a relevé cette ressemblance et l’a transmise à notre équipe. Comparez avant de choisir un gagnant.',
  /** The admins' reports queue. */
  automaticReporter: 'Détection automatique',
  flaggedPreview: 'Proposition signalée',
  similarPreview: 'Proposition ressemblante',
  similarIn: (company: string, contestId: number, number: number | null) => `${company} (n° ${contestId})${number === null ? '' : `, proposition n° ${number}`}`,
  distance: (bits: number) => `${bits} bit${bits > 1 ? 's' : ''} d’écart sur 64`,
  distanceLabel: 'Écart',
  similarLabel: 'Ressemble à',
} as const;
