/**
 * Contests: creation (docs/product.md §3, wizard steps 2 to 4), reading, editing the brief
 * (docs/product.md §2) and the open-contest listings (docs/product.md §11).
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import {
  badRequest,
  CONTEST_STATUS,
  conflict,
  findCategory,
  forbidden,
  formatEuros,
  formatsPriceCents,
  contestFormatOf,
  isValidOptionSelection,
  LISTING_PAGE_SIZE,
  mayEditBrief,
  maySeeContest,
  MESSAGES,
  minimumCostCents,
  notFound,
  type ContestCardDto,
  type ContestDto,
  type ContestPage,
  type CreateContestInput,
  type ListContestsInput,
  type UpdateContestInput,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import { contestOptions, contests, options, subCategories, users } from '../../db/schema';
import { findUsablePromoCode } from '../payments/promo-codes';
import { findContest, loadContestDetails, loadContestDto } from './repository';
import { openContestsPage } from './listing-cache';
import { sharedContestPage } from './details-cache';

const C = MESSAGES.contests;

/** Organising needs an account and a wallet at the payment provider (docs/product.md §1). */
export async function assertCanOrganise(ctx: AppContext, userId: number): Promise<{ ownerId: string; payerId: string }> {
  const [user] = await ctx.db.select({ ownerId: users.ownerId, payerId: users.payerId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.ownerId || !user.payerId) throw forbidden(C.statusRequired);
  return { ownerId: user.ownerId, payerId: user.payerId };
}

/** POST /concours/create: a contest awaiting payment (status 1, docs/product.md §2). */
export async function createContest(ctx: AppContext, userId: number, input: CreateContestInput): Promise<ContestDto> {
  await assertCanOrganise(ctx, userId);
  const creationKey = input.idempotencyKey ?? null;
  const earlier = creationKey ? await contestCreatedWith(ctx, userId, creationKey) : null;
  if (earlier) return earlier;
  const now = ctx.clock();
  const [sub] = await ctx.db.select().from(subCategories).where(eq(subCategories.id, input.idSubCategory)).limit(1);
  if (!sub) throw badRequest(C.unknownSubCategory, { idSubCategory: C.unknownSubCategory });

  const wanted = [...new Set(input.arrayOptions)];
  const chosen = wanted.length > 0 ? await ctx.db.select().from(options).where(inArray(options.id, wanted)) : [];
  // Only paid options are chosen; the base offer and the prerequisites come with every contest.
  const selectable = chosen.filter((o) => o.subCategoryId === sub.id && !o.archived && o.isPayant);
  if (selectable.length !== wanted.length) throw badRequest(C.unknownOption, { arrayOptions: C.unknownOption });
  if (!isValidOptionSelection(selectable)) throw badRequest(C.exclusiveOptions, { arrayOptions: C.exclusiveOptions });

  // docs/product.md §3: a cost equal to the minimum is accepted.
  // Paid formats raise the minimum like the paid options (docs/product.md §3 "Formats").
  const format = contestFormatOf(input);
  const minimum = minimumCostCents(sub.priceCents, selectable) + formatsPriceCents(format);
  if (input.cost < minimum) throw badRequest(C.costTooLow(formatEuros(minimum)), { cost: C.costTooLow(formatEuros(minimum)) });

  let promoCodeId: number | null = null;
  if (input.promoCode && input.promoCode.trim() !== '') {
    const promo = await findUsablePromoCode(ctx.db, input.promoCode, now);
    if (!promo) throw badRequest(MESSAGES.payments.promoUnknown, { promoCode: MESSAGES.payments.promoUnknown });
    promoCodeId = promo.id;
  }

  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(contests)
      .values({
        ownerId: userId,
        categoryId: sub.categoryId,
        subCategoryId: sub.id,
        status: CONTEST_STATUS.awaitingPayment,
        ...briefColumns(input),
        costCents: input.cost,
        step: input.step ?? 5,
        promoCodeId,
        creationKey,
        ...format,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [contests.ownerId, contests.creationKey] })
      .returning({ id: contests.id });
    // The same key arriving twice at once: the first one's contest is the answer.
    if (!created) return null;
    if (selectable.length > 0) {
      await tx.insert(contestOptions).values(selectable.map((o) => ({ contestId: created.id, optionId: o.id, prixCents: o.prixCents })));
    }
    return created.id;
  });
  if (id === null) return (await contestCreatedWith(ctx, userId, creationKey!))!;
  return (await loadContestDto(ctx.db, id, userId))!;
}

/** The brief's columns, as written at creation and at each update. */
function briefColumns(input: UpdateContestInput | CreateContestInput) {
  return {
    companyName: input.companyName,
    companySkills: input.companySkills,
    target: input.target,
    site: input.site?.trim() || null,
    message: input.message,
    cursorModern: input.cursorModern,
    cursorYoung: input.cursorYoung,
    cursorFun: input.cursorFun,
    cursorLuxury: input.cursorLuxury,
  };
}

async function contestCreatedWith(ctx: AppContext, ownerId: number, creationKey: string): Promise<ContestDto | null> {
  const [row] = await ctx.db.select({ id: contests.id }).from(contests).where(and(eq(contests.ownerId, ownerId), eq(contests.creationKey, creationKey)));
  return row ? loadContestDto(ctx.db, row.id, ownerId) : null;
}

/**
 * GET /concours/read/{id}: anyone signed in reads a published contest; an unpaid one only its
 * owner. A private contest's brief only those who accepted its agreement (and admins): the
 * others get its teaser, what it pays and until when, with the agreement to accept.
 */
export async function readContest(ctx: AppContext, viewer: { id: number; isAdmin: boolean }, id: number): Promise<ContestDto> {
  // A published public contest is the same page for all but two flags, kept in memory.
  const shared = await sharedContestPage(ctx, viewer.id, id);
  if (shared) return shared;
  const details = await loadContestDetails(ctx.db, id, viewer.id);
  if (!details || !maySeeContest(details.dto.isOwner, details.dto.status)) throw notFound(C.notFound);
  if (details.readable || viewer.isAdmin) return details.dto;
  if (details.dto.formats.isPrivate) return privateTeaser(details.dto);
  throw notFound(C.notFound);
}

/** A private contest as a talent sees it before accepting the agreement: nothing of the brief, the organiser or the proposals. */
function privateTeaser(dto: ContestDto): ContestDto {
  return {
    ...dto,
    companyName: '',
    companySkills: '',
    target: '',
    site: null,
    message: '',
    cursorModern: 0,
    cursorYoung: 0,
    cursorFun: 0,
    cursorLuxury: 0,
    participations: 0,
    winners: 0,
    arrayOptions: [],
    User: { id: 0, pseudo: null },
    idConcoureur: 0,
    formats: { ...dto.formats, finalists: 0, ndaAccepted: false, teaser: true },
  };
}

/** POST /concours/update: the brief only, by its owner, until the contest is finalised. */
export async function updateContest(ctx: AppContext, viewerId: number, input: UpdateContestInput): Promise<void> {
  const contest = await findContest(ctx.db, input.idConcours);
  if (!contest) throw notFound(C.notFound);
  if (contest.ownerId !== viewerId) throw forbidden(C.notOwner);
  if (!mayEditBrief('organiser', contest.status)) throw conflict(C.editLockedMessage);
  const updated = await ctx.db
    .update(contests)
    .set({
      ...briefColumns(input),
      updatedAt: ctx.clock(),
    })
    // The status may have moved on since it was read.
    .where(and(eq(contests.id, contest.id), lt(contests.status, CONTEST_STATUS.awaitingFinalFiles)))
    .returning({ id: contests.id });
  if (updated.length === 0) throw conflict(C.editLockedMessage);
}

/** POST /concours/orderBy/any */
export function listContests(ctx: AppContext, viewerId: number, query: ListContestsInput): Promise<ContestPage> {
  return openContestsPage(ctx, viewerId, query);
}

/** GET /concours/read/category/{id}: the first page of a category's open contests, newest first. */
export async function listCategoryContests(ctx: AppContext, viewerId: number, categoryId: number): Promise<ContestCardDto[]> {
  if (!findCategory(categoryId)) throw notFound(C.unknownCategory);
  const page = await openContestsPage(ctx, viewerId, { selector: 'createdAt', orderedBy: 'DESC', idCategory: categoryId, page: 1, pageSize: LISTING_PAGE_SIZE });
  return page.concours;
}
