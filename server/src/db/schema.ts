/**
 * The product's whole schema. Money columns are integer cents (`*_cents`), times are
 * timestamptz. Counters shown on cards are kept as columns (docs/architecture.md §11).
 */
import { sql } from 'drizzle-orm';
import { CONTEST_STATUS } from '@creadefi/domain';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    pseudo: text('pseudo').notNull(),
    /** The pseudo's look-alike key (modules/users/pseudo-key.ts): unique, never shown. */
    pseudoKey: text('pseudo_key').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    birthDate: date('birth_date'),
    country: text('country'),
    lang: text('lang').notNull().default('fr'),
    socialReason: text('social_reason'),
    companyName: text('company_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isFirstTime: boolean('is_first_time').notNull().default(true),
    emailVerifiedAt: tstz('email_verified_at'),
    /** A new address waiting for its confirmation link; `email` stays in force until then. */
    pendingEmail: text('pending_email'),
    /** Account and wallet at the payment provider (docs/product.md §1). */
    ownerId: text('owner_id'),
    payerId: text('payer_id'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    /** Suspended by an admin (docs/product.md §2): no sign-in, no session, open proposals hidden. */
    suspendedAt: tstz('suspended_at'),
    suspensionReason: text('suspension_reason'),
    /** The public talent profile (docs/product.md « Talents »): shown at /talents/{pseudo} unless switched off. */
    bio: text('bio').notNull().default(''),
    talentPublic: boolean('talent_public').notNull().default(true),
    shownCategories: integer('shown_categories').array().notNull().default(sql`'{}'`),
    /** The member's photo (modules/talents/avatar.ts): its key in the file store and a short hash of its bytes, the address's version. */
    avatarKey: text('avatar_key'),
    avatarHash: text('avatar_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_pseudo_key').on(t.pseudoKey),
    // The admins' member search by the start of an e-mail or a pseudo.
    index('users_email_search_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_pseudo_search_idx').on(sql`lower(${t.pseudo}) text_pattern_ops`),
    // The talent list's category filter (`shown_categories @> array[…]`).
    index('users_shown_categories_idx').using('gin', t.shownCategories),
    // The sweep of unreferenced stored files looks photos up by key.
    index('users_avatar_key_idx').on(t.avatarKey).where(sql`${t.avatarKey} is not null`),
    check('users_avatar_check', sql`(${t.avatarKey} is null) = (${t.avatarHash} is null)`),
  ],
);

/** Opaque bearer tokens, stored as SHA-256 hashes; revoked on sign-out and password change. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    /** Touched at most once an hour; a session unused for SESSION_IDLE_DAYS has ended. */
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Google / Facebook accounts, keyed by (provider, subject), never by e-mail (docs/product.md §8). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject), index('user_identities_user_idx').on(t.userId)],
);

/** Single-use links sent by e-mail: address verification, password reset, e-mail change and its undoing. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset', 'email-change', 'email-undo'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The new address an e-mail change link confirms, or the old one its undo link restores. */
    email: text('email'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Invoicing status ("statut", docs/product.md §8): one per user. */
export const legalStatuses = pgTable('legal_statuses', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  statut: smallint('statut').notNull(),
  socialReason: text('social_reason'),
  legalStatus: smallint('legal_status'),
  address: text('address').notNull(),
  zip: text('zip').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  countryCompany: text('country_company'),
  numSiret: text('num_siret'),
  numTva: text('num_tva'),
  regimeTva: boolean('regime_tva').notNull().default(false),
  statutBeneficiaire: smallint('statut_beneficiaire'),
  certifiedAt: tstz('certified_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    nationality: text('nationality').notNull(),
    address: text('address').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    birthday: date('birthday').notNull(),
    isGerant: boolean('is_gerant').notNull().default(false),
    /** Id of the matching UBO at the payment provider, when declared there. */
    providerId: text('provider_id'),
  },
  (t) => [uniqueIndex('beneficiaries_user_position_key').on(t.userId, t.position)],
);

export const bankAccounts = pgTable('bank_accounts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique('bank_accounts_user_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  holderName: text('holder_name').notNull(),
  iban: text('iban').notNull(),
  providerBankAccountId: text('provider_bank_account_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique('categories_slug_key'),
  position: smallint('position').notNull(),
});

export const subCategories = pgTable(
  'sub_categories',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    priceCents: integer('price_cents').notNull(),
    format: smallint('format').notNull(),
    type: text('type'),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('sub_categories_category_slug_key').on(t.categoryId, t.slug)],
);

export const options = pgTable(
  'options',
  {
    id: integer('id').primaryKey(),
    subCategoryId: integer('sub_category_id')
      .notNull()
      .references(() => subCategories.id),
    nom: text('nom').notNull(),
    prixCents: integer('prix_cents').notNull().default(0),
    isPayant: boolean('is_payant').notNull(),
    isPrerequis: boolean('is_prerequis').notNull(),
    position: smallint('position').notNull(),
    /** Options dropped from the catalogue stay for the contests that chose them. */
    archived: boolean('archived').notNull().default(false),
  },
  (t) => [index('options_sub_category_idx').on(t.subCategoryId)],
);

export const promoCodes = pgTable('promo_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique('promo_codes_code_key'),
  percentOff: smallint('percent_off'),
  amountOffCents: integer('amount_off_cents'),
  validFrom: tstz('valid_from'),
  validUntil: tstz('valid_until'),
  maxUses: integer('max_uses'),
  /** Pay-ins holding a use: open ones (reserved) and succeeded ones (consumed). */
  uses: integer('uses').notNull().default(0),
  createdAt: createdAt(),
  /** Set by an admin: refused to new contests and pay-ins; a pay-in already holding a use keeps it. */
  disabledAt: tstz('disabled_at'),
});

/** The listing's sort columns; repository.ts orders by the same ones. */
type ContestColumns = { status: AnyPgColumn; isPrivate: AnyPgColumn; categoryId: AnyPgColumn; subCategoryId: AnyPgColumn; createdAt: AnyPgColumn; costCents: AnyPgColumn; participationsCount: AnyPgColumn; id: AnyPgColumn };

function openListingIndexes(t: ContestColumns) {
  // Public ones only, as the listing shows them (migration 0037): an index that also held the
  // private ones would have every row read to leave them out.
  const open = sql`${t.status} = ${sql.raw(String(CONTEST_STATUS.open))} and not ${t.isPrivate}`;
  const sorts = { created: t.createdAt, cost: t.costCents, participations: t.participationsCount } as const;
  return Object.entries(sorts).flatMap(([name, column]) => [
    index(`contests_open_${name}_idx`).on(column, t.id).where(open),
    index(`contests_open_category_${name}_idx`).on(t.categoryId, column, t.id).where(open),
    index(`contests_open_sub_category_${name}_idx`).on(t.subCategoryId, column, t.id).where(open),
  ]);
}

export const contests = pgTable(
  'contests',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: integer('sub_category_id')
      .notNull()
      .references(() => subCategories.id),
    status: smallint('status').notNull().default(1),
    companyName: text('company_name').notNull(),
    companySkills: text('company_skills').notNull(),
    target: text('target').notNull(),
    site: text('site'),
    message: text('message').notNull(),
    cursorModern: smallint('cursor_modern').notNull().default(2),
    cursorYoung: smallint('cursor_young').notNull().default(2),
    cursorFun: smallint('cursor_fun').notNull().default(2),
    cursorLuxury: smallint('cursor_luxury').notNull().default(2),
    costCents: integer('cost_cents').notNull(),
    step: smallint('step').notNull().default(5),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    endDate: tstz('end_date'),
    paidAt: tstz('paid_at'),
    endedAt: tstz('ended_at'),
    finalisedAt: tstz('finalised_at'),
    finishedAt: tstz('finished_at'),
    /** Proposals with content, shown on cards and used by the participation sorts. */
    participationsCount: integer('participations_count').notNull().default(0),
    winnersCount: integer('winners_count').notNull().default(0),
    /**
     * Proposals with content by stars, the counts of the organiser's filters (unrated, 1–2,
     * 3–5): moved under the contest's row lock with the proposal they count.
     */
    proposalsUnrated: integer('proposals_unrated').notNull().default(0),
    proposalsLow: integer('proposals_low').notNull().default(0),
    proposalsHigh: integer('proposals_high').notNull().default(0),
    /** Prizes paid in so far: 1 with the creation payment, more before finalising (docs/product.md §3). */
    prizesPaid: integer('prizes_paid').notNull().default(0),
    /** The key the wizard sent with its creation: the same key is the same contest. */
    creationKey: text('creation_key'),
    /** Closed (-1) with what the organiser paid given back (docs/product.md §3). */
    refundedAt: tstz('refunded_at'),
    /** The organiser reopened the ended contest for one more period, once. */
    extendedAt: tstz('extended_at'),
    /** Private (NDA): only talents who accepted the agreement read the brief; never listed nor counted (docs/product.md §3). */
    isPrivate: boolean('is_private').notNull().default(false),
    /** Open: talents see the previews of each other's proposals; blind (false) by default. */
    proposalsOpen: boolean('proposals_open').notNull().default(false),
    /** A qualifying period, then a final round open to finalists only. */
    hasFinalRound: boolean('has_final_round').notNull().default(false),
    finalRoundStartedAt: tstz('final_round_started_at'),
    /** Finalists chosen, moved under the contest's row lock; the check keeps it within six. */
    finalistsCount: integer('finalists_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('contests_cursors_range', sql`${t.cursorModern} between 0 and 5 and ${t.cursorYoung} between 0 and 5 and ${t.cursorFun} between 0 and 5 and ${t.cursorLuxury} between 0 and 5`),
    check('contests_cost_positive', sql`${t.costCents} > 0`),
    check('contests_finalists_range', sql`${t.finalistsCount} between 0 and 6`),
    // The open-contest listing: one index per sort, alone or within a category or a
    // sub-category, over open public contests only. Ascending, so that a backward scan serves the
    // descending sorts too (an index declared DESC NULLS LAST matches no ORDER BY … DESC).
    ...openListingIndexes(t),
    index('contests_owner_idx').on(t.ownerId, t.createdAt, t.id),
    uniqueIndex('contests_owner_creation_key').on(t.ownerId, t.creationKey),
    index('contests_open_end_date_idx').on(t.endDate, t.id).where(sql`${t.status} = ${sql.raw(String(CONTEST_STATUS.open))}`),
    index('contests_open_category_end_date_idx').on(t.categoryId, t.endDate, t.id).where(sql`${t.status} = ${sql.raw(String(CONTEST_STATUS.open))}`),
  ],
);

/**
 * The search's narrow copy of open public contests (migration 0034), kept by a trigger on
 * `contests`: what a search filters, orders and ranks on, and nothing else. Its vector is read
 * through `openContestSearchVector`. The French full-text vector of a contest (company,
 * sub-category, brief) is kept by migration 0029 in `contests.search_vector`, which the trigger
 * copies; it is left out of both tables' columns on purpose: every full-row read
 * (`select().from(contests)`) would carry a few kilobytes of vector it never uses.
 */
export const openContestSearch = pgTable(
  'open_contest_search',
  {
    contestId: integer('contest_id')
      .primaryKey()
      .references(() => contests.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    subCategoryId: integer('sub_category_id').notNull(),
    costCents: integer('cost_cents').notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
  },
  (t) => [
    index('open_contest_search_end_idx').on(t.endDate, t.contestId),
    index('open_contest_search_category_end_idx').on(t.categoryId, t.endDate, t.contestId),
    index('open_contest_search_cost_idx').on(t.costCents, t.endDate, t.contestId),
  ],
);

export const openContestSearchVector = sql`"open_contest_search"."search_vector"`;

/**
 * How many contests are open (status 2) per category and sub-category, kept by a trigger on
 * `contests` (migration 0006) in the transaction that opens or closes one: the listing's
 * total sums a few of these rows instead of counting thousands of contests on every page.
 */
export const openContestCounts = pgTable(
  'open_contest_counts',
  {
    categoryId: integer('category_id').notNull(),
    subCategoryId: integer('sub_category_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.subCategoryId] })],
);

export const contestOptions = pgTable(
  'contest_options',
  {
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => options.id),
    /** Price at the time of the order, so catalogue changes never alter a paid contest. */
    prixCents: integer('prix_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.optionId] })],
);

type AwaitingColumns = Record<'isParticipating' | 'stars' | 'commentedAt' | 'withdrawnByTeamAt' | 'hiddenBySuspensionAt', AnyPgColumn>;

/** A shown proposal with neither stars nor comment: it awaits its organiser's answer (docs/product.md §2). */
function awaitingProposal(t: AwaitingColumns) {
  return sql`${t.isParticipating} and ${t.stars} = 0 and ${t.commentedAt} is null and ${t.withdrawnByTeamAt} is null and ${t.hiddenBySuspensionAt} is null`;
}

export const participations = pgTable(
  'participations',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    inputText: text('input_text'),
    /** True once the proposal has content (docs/product.md §5); an empty one exists to hold messages. */
    isParticipating: boolean('is_participating').notNull().default(false),
    isWinner: boolean('is_winner').notNull().default(false),
    /** Chosen for the final round (contests with `hasFinalRound`). */
    isFinalist: boolean('is_finalist').notNull().default(false),
    stars: smallint('stars').notNull().default(0),
    /** Running number within the contest, shown on the organiser's cards. */
    number: integer('number'),
    commitmentAcceptedAt: tstz('commitment_accepted_at'),
    reportedAt: tstz('reported_at'),
    /** Withdrawn by an admin after a report (docs/product.md §2): hidden, and never again counted nor chosen. */
    withdrawnByTeamAt: tstz('withdrawn_by_team_at'),
    teamWithdrawalReason: text('team_withdrawal_reason'),
    /** Hidden while its author is suspended (docs/product.md §2); shown again, with its counters, on reinstatement. */
    hiddenBySuspensionAt: tstz('hidden_by_suspension_at'),
    winnerAt: tstz('winner_at'),
    /**
     * A finalised winner's delays (docs/product.md §4): until `acceptanceDueAt` to accept the
     * mission, then until `deliveryDueAt` to send the final files; `deliveryAlertedAt` once the
     * organiser and the team were told that the delivery is late, `acceptanceRemindedAt` once
     * the organiser was told that the acceptance is late and the winner may be replaced.
     */
    acceptanceDueAt: tstz('acceptance_due_at'),
    acceptanceRemindedAt: tstz('acceptance_reminded_at'),
    missionAcceptedAt: tstz('mission_accepted_at'),
    deliveryDueAt: tstz('delivery_due_at'),
    deliveryAlertedAt: tstz('delivery_alerted_at'),
    /** Set when the prize starts moving at the provider (delivery/prize-transfer.ts). */
    prizeTransferStartedAt: tstz('prize_transfer_started_at'),
    finalSentAt: tstz('final_sent_at'),
    finalValidatedAt: tstz('final_validated_at'),
    /** 'admin' when an admin settled a dispute by validating (modules/disputes). */
    finalValidatedBy: text('final_validated_by', { enum: ['organiser', 'automatic', 'admin'] }),
    /** The organiser lets this won work appear, as its preview only, in the talent's portfolio. */
    portfolioShown: boolean('portfolio_shown').notNull().default(false),
    lastMessageAt: tstz('last_message_at'),
    /**
     * The contest's organiser, for their conversation list's index: set by the database from the
     * contest on every insert (migration 0036), whatever the statement gives; never null.
     */
    organiserId: integer('organiser_id'),
    /**
     * The organiser's private comment (docs/product.md §2): one per proposal, a new one
     * replaces it; the conversation keeps each as a system message.
     */
    comment: text('comment'),
    commentedAt: tstz('commented_at'),
    /** When the proposal got its content (its number); what the 48 h without an answer count from. */
    submittedAt: tstz('submitted_at'),
    /** Set when the organiser was reminded that this proposal awaits an answer (jobs/awaiting-proposals.ts): once. */
    awaitingRemindedAt: tstz('awaiting_reminded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('participations_stars_range', sql`${t.stars} between 0 and 5`),
    check('participations_comment_length', sql`char_length(${t.comment}) between 1 and 1000`),
    uniqueIndex('participations_contest_user_key').on(t.contestId, t.userId),
    // The organiser's pages read ids in running-number order from the index alone.
    index('participations_contest_idx').on(t.contestId, t.isParticipating, t.number, t.id),
    index('participations_contest_stars_idx').on(t.contestId, t.stars),
    index('participations_user_idx').on(t.userId, t.createdAt, t.id),
    // The organiser's conversation list (modules/messages/conversation-list.ts) in its order:
    // a page reads its own entries, however many contests and conversations the organiser has.
    index('participations_organiser_conversation_idx')
      .on(t.organiserId, sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`, t.id)
      .where(sql`${t.isParticipating} or ${t.lastMessageAt} is not null`),
    index('participations_hidden_by_suspension_idx').on(t.userId).where(sql`${t.hiddenBySuspensionAt} is not null`),
    // Proposals awaiting an answer (neither stars nor comment): counted per contest in My
    // contests, and the due ones found by the reminder pass.
    index('participations_awaiting_idx').on(t.contestId).where(awaitingProposal(t)),
    index('participations_awaiting_reminder_idx').on(t.submittedAt).where(sql`${awaitingProposal(t)} and ${t.awaitingRemindedAt} is null`),
    // The latest won proposals an upload is compared with (modules/originality/resemblance.ts).
    index('participations_winner_idx').on(t.winnerAt, t.id).where(sql`${t.isWinner}`),
    index('participations_portfolio_idx').on(t.userId, t.finalValidatedAt, t.id).where(sql`${t.portfolioShown}`),
    index('participations_final_pending_idx').on(t.finalSentAt).where(sql`${t.isWinner} and ${t.finalValidatedAt} is null and ${t.finalSentAt} is not null`),
  ],
);

/** The condition of participations_awaiting_idx, for the queries it serves. */
export const awaitingAnswer = awaitingProposal(participations);

/** Files of a participation: proposal files, work files exchanged with a winner, final files. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    participationId: integer('participation_id')
      .notNull()
      .references(() => participations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['participation', 'work', 'final'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    previewKey: text('preview_key'),
    /**
     * Proposal files only (null otherwise): the marked preview made after the upload
     * (docs/architecture.md, « Aperçus protégés »). Until it is `ready` nobody but the author
     * and admins sees anything of the file; its original is never shown in its place.
     */
    previewStatus: text('preview_status', { enum: ['pending', 'ready', 'failed'] }),
    /** WebP for images and PDF pages, MP3 for sound, MP4 for video. */
    previewMime: text('preview_mime'),
    /** A video's first frame, marked, shown before it plays. */
    posterKey: text('poster_key'),
    /** Sound and video: peaks between 0 and 1 of the preview, drawn as its waveform. */
    waveform: jsonb('waveform').$type<number[]>(),
    filename: text('filename').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Difference hash of an image proposal (modules/originality/dhash.ts), 64 bits as a signed bigint. */
    dhash: bigint('dhash', { mode: 'bigint' }),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  // The keys are looked up by the sweep of files no row refers to.
  (t) => [
    index('files_participation_idx').on(t.participationId, t.kind, t.id),
    uniqueIndex('files_storage_key').on(t.storageKey),
    index('files_preview_key_idx').on(t.previewKey),
    index('files_poster_key_idx').on(t.posterKey),
    index('files_preview_pending_idx').on(t.id).where(sql`${t.previewStatus} = 'pending'`),
    check('files_preview_status_check', sql`${t.previewStatus} in ('pending', 'ready', 'failed')`),
  ],
);

/**
 * Who first sent each exact content as a proposal (docs/product.md, originality): the key makes
 * two talents sending the same bytes at once meet on one row, so exactly one of them is refused.
 */
export const contentAuthors = pgTable('content_authors', {
  sha256: text('sha256').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/**
 * An image proposal file that looks very much like another talent's proposal of the same
 * contest, or like a proposal that won elsewhere: the closest one at upload time.
 */
export const resemblances = pgTable(
  'resemblances',
  {
    fileId: integer('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    similarParticipationId: integer('similar_participation_id')
      .notNull()
      .references(() => participations.id, { onDelete: 'cascade' }),
    /** Null once that file is withdrawn: the proposal's number still tells which one it was. */
    similarFileId: integer('similar_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Hamming distance between the two difference hashes, 0 to 64. */
    distance: smallint('distance').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('resemblances_distance_check', sql`${t.distance} between 0 and 64`)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    participationId: integer('participation_id')
      .notNull()
      .references(() => participations.id, { onDelete: 'cascade' }),
    /** Null for system messages (type 2). */
    authorId: integer('author_id').references(() => users.id),
    /** 1 normal, 2 system (docs/product.md §11). */
    type: smallint('type').notNull().default(1),
    message: text('message').notNull(),
    /** Sent by the contest's organiser ("concoureur"), as the original API names it. */
    isConcoureurMessage: boolean('is_concoureur_message').notNull().default(false),
    fileId: integer('file_id').references(() => files.id),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('messages_participation_idx').on(t.participationId, t.createdAt, t.id)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    contestId: integer('contest_id').references(() => contests.id),
    participationId: integer('participation_id').references(() => participations.id),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
    /** When the mail of this notification is due; null once sent, skipped, or for kinds without a mail. */
    mailDueAt: tstz('mail_due_at'),
    mailedAt: tstz('mailed_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_mail_due_idx').on(t.mailDueAt).where(sql`${t.mailDueAt} is not null`),
    // The last new-proposal mail of a contest: the next one waits a day after it.
    index('notifications_proposal_mailed_idx').on(t.userId, t.contestId, t.mailedAt).where(sql`${t.kind} = 'new_proposal' and ${t.mailedAt} is not null`),
    // A participant hears once that a contest closed, whichever of its end and its finalising came first.
    uniqueIndex('notifications_contest_closed_key').on(t.userId, t.contestId).where(sql`${t.kind} = 'contest_closed'`),
  ],
);

/** Kinds of mail a member switched off in « Mon profil »; every other kind is sent. */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Pay-ins at the payment provider: the creation payment and extra prizes (docs/product.md §3). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['contest', 'extra_prizes'] }).notNull(),
    /** Number of prizes this pay-in covers. */
    prizes: integer('prizes').notNull().default(1),
    provider: text('provider').notNull(),
    providerPayinId: text('provider_payin_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    cardType: text('card_type').notNull(),
    status: text('status', { enum: ['created', 'succeeded', 'failed'] }).notNull().default('created'),
    failureReason: text('failure_reason'),
    redirectUrl: text('redirect_url'),
    /**
     * The promo code whose use this pay-in holds (reserved while it is open, kept once it
     * succeeds, given back when it fails) and the discount, fixed when the pay-in was opened.
     */
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    discountCents: integer('discount_cents').notNull().default(0),
    /** Attempts at paying the discount from the platform's wallet that the provider refused. */
    promotionAttempt: integer('promotion_attempt').notNull().default(0),
    createdAt: createdAt(),
    confirmedAt: tstz('confirmed_at'),
  },
  (t) => [
    uniqueIndex('payments_provider_payin_key').on(t.provider, t.providerPayinId),
    index('payments_contest_idx').on(t.contestId),
    check('payments_discount_with_code', sql`${t.discountCents} >= 0 and (${t.discountCents} > 0) = (${t.promoCodeId} is not null)`),
    // One discounted pay-in per contest, open or paid: a code discounts one creation, once.
    uniqueIndex('payments_one_promotion_per_contest').on(t.contestId).where(sql`${t.promoCodeId} is not null and ${t.status} <> 'failed'`),
    index('payments_promo_code_idx').on(t.promoCodeId).where(sql`${t.promoCodeId} is not null`),
  ],
);

/**
 * Double-entry ledger. One operation (unique key, e.g. `payin:12`, `prize:34`) has entries
 * summing to zero; balances of accounts are kept in `ledger_accounts` in the same
 * transaction and can be replayed from the entries (docs/product.md §3).
 */
export const ledgerOperations = pgTable('ledger_operations', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  /** Facts attached to an operation after the money moved, e.g. a prize's handover documents (docs/decisions/0013). */
  metadata: jsonb('metadata'),
  createdAt: createdAt(),
});

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    /** `wallet:<userId>`, `escrow:<contestId>`, `platform:fees`, `world:payins`, `world:payouts`. */
    code: text('code').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('ledger_accounts_user_idx').on(t.userId)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operationKey: text('operation_key')
      .notNull()
      .references(() => ledgerOperations.key),
    accountCode: text('account_code')
      .notNull()
      .references(() => ledgerAccounts.code),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    contestId: integer('contest_id').references(() => contests.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_entries_operation_account_key').on(t.operationKey, t.accountCode), index('ledger_entries_account_idx').on(t.accountCode, t.id)],
);

export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    providerPayoutId: text('provider_payout_id'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** The key the client sent with its click: the same key is the same pay-out. */
    idempotencyKey: text('idempotency_key'),
    /** How many times an admin sent a failed pay-out again; each attempt has its own provider key. */
    attempt: integer('attempt').notNull().default(0),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    index('payouts_user_idx').on(t.userId, t.createdAt, t.id),
    uniqueIndex('payouts_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('payouts_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** Fixed-window counters shared by every instance (sign-in, registration, reset, uploads). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: tstz('reset_at').notNull(),
});

/** Small facts about the database itself, such as the catalogue version loaded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * The person who filled the status form (docs/product.md §8): the natural user at the payment
 * provider for statut 0, the legal representative otherwise. Kept apart from `users`
 * because the provider needs their identity exactly as declared, whatever the profile says.
 */
export const legalRepresentatives = pgTable('legal_representatives', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  birthday: date('birthday').notNull(),
  nationality: text('nationality').notNull(),
  updatedAt: updatedAt(),
});

/**
 * State of the built-in payment provider (PAYMENT_PROVIDER=sandbox): accounts, wallets,
 * pay-ins, bank accounts, pay-outs and transfers, as a real provider would hold them on its
 * side. Only the sandbox adapter reads or writes this table; the product's own records stay
 * in `payments`, `payouts` and the ledger, exactly as with MangoPay.
 */
export const sandboxOperations = pgTable(
  'sandbox_operations',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['user', 'wallet', 'payin', 'bank_account', 'payout', 'transfer', 'refund'] }).notNull(),
    /** Account the object belongs to (wallet, bank account) or its author (pay-in, pay-out, transfer). */
    ownerId: text('owner_id'),
    /** Wallet credited by a pay-in, debited by a pay-out or a transfer. */
    walletId: text('wallet_id'),
    /** Wallet credited by a transfer. */
    creditedWalletId: text('credited_wallet_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** Wallets only. */
    balanceCents: bigint('balance_cents', { mode: 'number' }),
    status: text('status'),
    resultMessage: text('result_message'),
    idempotencyKey: text('idempotency_key'),
    data: jsonb('data').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_operations_idempotency_key').on(t.idempotencyKey), index('sandbox_operations_owner_idx').on(t.kind, t.ownerId)],
);

/**
 * Reports of a proposal by its organiser, with a reason (docs/product.md §2); an admin closes
 * them by dismissing the report or withdrawing the proposal. One open report per proposal and
 * reporter.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    participationId: integer('participation_id')
      .notNull()
      .references(() => participations.id, { onDelete: 'cascade' }),
    /** Null for an automatic report of a resemblance, which names the file instead. */
    reporterId: integer('reporter_id').references(() => users.id),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['plagiarism', 'off_topic', 'inappropriate', 'other'] }).notNull(),
    text: text('text'),
    status: text('status', { enum: ['open', 'dismissed', 'withdrawn'] }).notNull().default('open'),
    createdAt: createdAt(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: tstz('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    check('reports_reason_check', sql`${t.reason} in ('plagiarism', 'off_topic', 'inappropriate', 'other')`),
    check('reports_status_check', sql`${t.status} in ('open', 'dismissed', 'withdrawn')`),
    uniqueIndex('reports_open_key').on(t.participationId, t.reporterId).where(sql`${t.status} = 'open'`),
    index('reports_status_idx').on(t.status, t.createdAt, t.id),
    check('reports_automatic_check', sql`(${t.reporterId} is null) = (${t.fileId} is not null)`),
    uniqueIndex('reports_automatic_key').on(t.fileId).where(sql`${t.fileId} is not null`),
  ],
);

/**
 * What each admin did, written in the transaction of the action itself (docs/architecture.md
 * §6). Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0017).
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('admin_actions_created_idx').on(t.createdAt, t.id)],
);

/**
 * What was given back of a contest's pay-ins, one row per pay-in and operation (and one for
 * the promotion returned to the platform): pending until the provider answers, failed with its
 * reason (retried under the same operation), succeeded with the provider's id and the ledger
 * operation `refund:<id>` / `promotion-return:<id>` posted in the same transaction.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    operationKey: text('operation_key').notNull(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: text('kind', { enum: ['payin', 'promotion'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    /** Attempts refused by the provider: the next one needs a key of its own. */
    attempt: integer('attempt').notNull().default(0),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    settledAt: tstz('settled_at'),
  },
  (t) => [
    check('refunds_kind_check', sql`${t.kind} in ('payin', 'promotion')`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('refunds_operation_key').on(t.operationKey, t.paymentId, t.kind),
    index('refunds_contest_idx').on(t.contestId),
    index('refunds_unsettled_idx').on(t.status).where(sql`${t.status} <> 'succeeded'`),
  ],
);

/**
 * An organiser's request to be refunded a contest that ended twice without a winner
 * (docs/product.md §3): one per contest, decided once by an admin.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    message: text('message'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: tstz('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    check('refund_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    uniqueIndex('refund_requests_one_per_contest').on(t.contestId),
    index('refund_requests_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

/**
 * A dispute over a finalised winner's delivery (docs/product.md §2): opened by the organiser
 * or the winner with a reason, settled by an admin (validate, refund the organiser, or more
 * time). One open dispute per participation; while it is open the files are not validated
 * automatically.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    participationId: integer('participation_id')
      .notNull()
      .references(() => participations.id, { onDelete: 'cascade' }),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
    createdAt: createdAt(),
    /** null when the organiser's own validation closed it. */
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: tstz('resolved_at'),
    outcome: text('outcome', { enum: ['validate', 'refund', 'more_time'] }),
    resolutionReason: text('resolution_reason'),
    extraDays: integer('extra_days'),
    /** Set when an admin's validation claims the dispute, before its prize moves (disputes/resolve.ts). */
    validatingAt: tstz('validating_at'),
  },
  (t) => [
    check('disputes_status_check', sql`${t.status} in ('open', 'resolved')`),
    check('disputes_outcome_check', sql`${t.outcome} in ('validate', 'refund', 'more_time')`),
    check('disputes_resolved_check', sql`(${t.status} = 'open') = (${t.outcome} is null)`),
    uniqueIndex('disputes_open_key').on(t.participationId).where(sql`${t.status} = 'open'`),
    index('disputes_participation_idx').on(t.participationId, t.createdAt, t.id),
    index('disputes_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** Talents who accepted a private contest's confidentiality agreement: one row each, with the text they accepted. */
export const contestNdaAcceptances = pgTable(
  'contest_nda_acceptances',
  {
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    textVersion: text('text_version').notNull(),
    textSha256: text('text_sha256').notNull(),
    acceptedAt: tstz('accepted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'contest_nda_acceptances_pk', columns: [t.contestId, t.userId] }), index('contest_nda_acceptances_user_idx').on(t.userId)],
);

/**
 * A talent's counters for their profile and the talent list, kept by triggers on
 * `participations` (migration 0031) and on a contest's status (0042) in the transaction that
 * makes the change: proposals with content not withdrawn by the team; among those of
 * finalised contests only (`isFinalised`), wins, rated ones and their stars. Judging under
 * way never shows.
 */
export const talentStats = pgTable(
  'talent_stats',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    proposals: integer('proposals').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    rated: integer('rated').notNull().default(0),
    starsSum: integer('stars_sum').notNull().default(0),
  },
  (t) => [index('talent_stats_wins_idx').on(t.wins, t.userId).where(sql`${t.proposals} > 0`)],
);

/** An organiser's invitation of a talent to one of their open contests: one per talent and contest. */
export const contestInvitations = pgTable(
  'contest_invitations',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    talentId: integer('talent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contest_invitations_key').on(t.contestId, t.talentId), index('contest_invitations_talent_idx').on(t.talentId, t.createdAt)],
);

/** A poll over a few of a contest's proposals, answered by anyone holding its secret link. */
export const polls = pgTable(
  'polls',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Votes refused: a second one by a member or a confirmed address, a link followed again. */
    refusedVotes: integer('refused_votes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('polls_token_key').on(t.token), index('polls_contest_idx').on(t.contestId, t.createdAt, t.id)],
);

export const pollItems = pgTable(
  'poll_items',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    participationId: integer('participation_id')
      .notNull()
      .references(() => participations.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.participationId] })],
);

/**
 * One vote per member and per confirmed address in each poll, whose identity the server sets:
 * a member's vote carries their id and their account's address (hashed), a visitor's the
 * address they confirmed. `voter` is the browser token of votes cast before that (migration
 * 0041); they keep counting.
 */
export const pollVotes = pgTable(
  'poll_votes',
  {
    id: serial('id').primaryKey(),
    pollId: integer('poll_id').notNull(),
    participationId: integer('participation_id').notNull(),
    voter: text('voter'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the address, trimmed and lower-cased: unique per poll, the address itself is not kept. */
    emailHash: text('email_hash'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'poll_votes_item_fk', columns: [t.pollId, t.participationId], foreignColumns: [pollItems.pollId, pollItems.participationId] }).onDelete('cascade'),
    uniqueIndex('poll_votes_voter_key').on(t.pollId, t.voter),
    uniqueIndex('poll_votes_member_key').on(t.pollId, t.userId),
    uniqueIndex('poll_votes_email_key').on(t.pollId, t.emailHash),
    index('poll_votes_item_idx').on(t.pollId, t.participationId),
    check('poll_votes_voter_check', sql`${t.voter} is not null or ${t.emailHash} is not null`),
  ],
);

/**
 * A visitor's vote waiting for its address to be confirmed: the link mailed carries a random
 * token, of which only the hash is kept; it counts once the link is followed, before it expires.
 */
export const pollVoteRequests = pgTable(
  'poll_vote_requests',
  {
    id: serial('id').primaryKey(),
    pollId: integer('poll_id').notNull(),
    participationId: integer('participation_id').notNull(),
    emailHash: text('email_hash').notNull(),
    comment: text('comment'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'poll_vote_requests_item_fk', columns: [t.pollId, t.participationId], foreignColumns: [pollItems.pollId, pollItems.participationId] }).onDelete('cascade'),
    uniqueIndex('poll_vote_requests_token_key').on(t.tokenHash),
    index('poll_vote_requests_unused_idx').on(t.pollId, t.expiresAt).where(sql`${t.usedAt} is null`),
  ],
);

/** Gapless invoice numbers (docs/decisions/0013): one row per series, taken under its row lock. */
export const invoiceSequences = pgTable(
  'invoice_sequences',
  {
    series: text('series').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('invoice_sequences_last_number_check', sql`${t.lastNumber} >= 0`)],
);

/**
 * The handover of a validated delivery (docs/decisions/0013): created with the prize's ledger
 * entry, which fixes its date and the fee invoice's number; its documents are stored after
 * the commit, once, and `storedAt` set in the transaction that records them.
 */
export const handovers = pgTable(
  'handovers',
  {
    participationId: integer('participation_id')
      .primaryKey()
      .references(() => participations.id),
    invoiceNumber: integer('invoice_number').notNull(),
    issuedAt: tstz('issued_at').notNull(),
    storedAt: tstz('stored_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('handovers_invoice_number_key').on(t.invoiceNumber), index('handovers_pending_idx').on(t.participationId).where(sql`${t.storedAt} is null`)],
);

export const HANDOVER_DOCUMENT_KINDS = ['contract', 'statement', 'invoice'] as const;
export type HandoverDocumentKind = (typeof HANDOVER_DOCUMENT_KINDS)[number];

/** The stored PDFs of a handover: immutable, never written again once recorded. */
export const handoverDocuments = pgTable(
  'handover_documents',
  {
    participationId: integer('participation_id')
      .notNull()
      .references(() => handovers.participationId),
    kind: text('kind', { enum: HANDOVER_DOCUMENT_KINDS }).notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.participationId, t.kind] }),
    uniqueIndex('handover_documents_storage_key').on(t.storageKey),
    check('handover_documents_kind_check', sql`${t.kind} in ('contract', 'statement', 'invoice')`),
  ],
);

/** Each party's « J'accepte le contrat », with the SHA-256 of the very document accepted. */
export const contractAcceptances = pgTable(
  'contract_acceptances',
  {
    participationId: integer('participation_id')
      .notNull()
      .references(() => handovers.participationId),
    role: text('role', { enum: ['organiser', 'talent'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    documentSha256: text('document_sha256').notNull(),
    acceptedAt: tstz('accepted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.participationId, t.role] }), check('contract_acceptances_role_check', sql`${t.role} in ('organiser', 'talent')`)],
);
