/** Texts of the admin area (docs/product.md §2, the admin area). */
import { ADMIN_MONEY } from './admin-money';

export const ADMIN = {
  reportNotFound: "Ce signalement n'existe pas.",
  reportAlreadyDecided: 'Ce signalement a déjà été traité par un autre administrateur.',
  reportDismissed: 'Le signalement a été classé sans suite.',
  proposalWithdrawn: 'La proposition a été retirée du concours.',
  finalisedWinner: 'Cette proposition a gagné un concours déjà finalisé\u00a0: elle ne peut plus être retirée.',
  /** Told to the talent whose proposal is withdrawn. */
  proposalWithdrawnNotice: (company: string, reason: string) => `Votre proposition au concours «\u00a0${company}\u00a0» a été retirée par notre équipe. Raison\u00a0: ${reason}`,
  /** Told to the organiser who reported it. */
  reportUpheldNotice: (company: string) => `Votre signalement d’une participation au concours «\u00a0${company}\u00a0» a été examiné\u00a0: la proposition a été retirée.`,
  decisionReasonRequired: 'Indiquez la raison de votre décision.',
  decisionReasonTooLong: (max: number) => `La raison ne peut pas dépasser ${max.toLocaleString('fr-FR')} caractères.`,
  /** Told to the organiser who reported the proposal. */
  reportDismissedNotice: (company: string) => `Votre signalement d’une participation au concours «\u00a0${company}\u00a0» a été examiné et classé sans suite.`,
  /** The admin area's page (/admin). */
  page: {
    title: 'Administration',
    lead: 'Signalements, concours, membres et argent : chaque action est inscrite au journal.',
    menuLink: 'Administration',
    reportsTab: 'Signalements',
    journalTab: 'Journal',
    noReports: 'Aucun signalement pour le moment.',
    noActions: 'Aucune action enregistrée pour le moment.',
    loadError: 'Impossible de charger cette liste.',
    preview: (number: number | null) => (number === null ? 'Aperçu de la proposition' : `Aperçu de la proposition n° ${number}`),
    contest: 'Concours',
    author: 'Auteur',
    reporter: 'Signalée par',
    reason: 'Motif',
    text: 'Précisions',
    reportedOn: 'Signalée le',
    decision: 'Décision',
    status: { open: 'À traiter', dismissed: 'Classé sans suite', withdrawn: 'Proposition retirée' },
    dismiss: 'Classer sans suite',
    dismissTitle: 'Classer ce signalement sans suite',
    withdraw: 'Retirer la proposition',
    withdrawTitle: 'Retirer cette proposition du concours',
    decisionReason: 'Raison de la décision',
    decisionHint: 'Elle est inscrite au journal.',
    confirm: 'Confirmer',
    cancel: 'Annuler',
    when: 'Date',
    admin: 'Administrateur',
    action: 'Action',
    target: 'Objet',
    actions: {
      'promo_code.create': 'Code promo créé',
      'promo_code.disable': 'Code promo désactivé',
      'payout.retry': 'Virement relancé',
      'report.dismiss': 'Signalement classé sans suite',
      'report.withdraw': 'Proposition retirée',
    },
    targets: { promo_code: 'Code promo', report: 'Signalement', payout: 'Virement' } as Record<string, string>,
  },
  money: ADMIN_MONEY,
} as const;
