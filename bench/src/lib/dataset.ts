/**
 * The shape of the data at scale, shared by the seeding and the scenarios that read it: who
 * organises the busy contest, which talent has the most conversations, the common password.
 */
export const SCALE = {
  users: 20_000,
  contests: 100_000,
  /** Contests whose id is a multiple of 10 are open: 10 000 of them. */
  openEvery: 10,
  participations: 1_000_000,
  messages: 200_000,
  /** Proposals of the one contest whose organiser's page is measured. */
  busyProposals: 2_000,
} as const;

/** Open (id multiple of 10), so it is listed too; its proposals come from users 2001 to 4000. */
export const BUSY_CONTEST_ID = 10;
/** Organisers are users 1 to 2000, owner of contest c being 1 + c mod 2000. */
const organiserOf = (contestId: number) => 1 + (contestId % 2000);
export const BUSY_ORGANISER_ID = organiserOf(BUSY_CONTEST_ID);
/** A talent of the busy contest, used as the viewer of the listings and details. */
export const VIEWER_ID = 2_001;

export const BENCH_PASSWORD = 'Banc-d-essai-2024';
export const emailOf = (userId: number) => `membre${userId}@banc.creadefi.test`;
