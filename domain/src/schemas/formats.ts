/** Payloads and answers of the contest formats (docs/product.md §3). */
import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The formats chosen in the wizard, sent with POST /concours/create; blind and public when left out. */
export const contestFormatFields = {
  isPrivate: z.boolean().optional(),
  proposalsOpen: z.boolean().optional(),
  hasFinalRound: z.boolean().optional(),
};

/** POST /concours/finalist/add and /delete. */
export const finalistSchema = z.object({ idConcours: id, idParticipation: id });
export type FinalistInput = z.infer<typeof finalistSchema>;

/** A proposal of an open contest as another talent sees it: who, and the previews only. */
export interface GalleryProposalDto {
  id: number;
  number: number | null;
  pseudo: string;
  isFinalist: boolean;
  /** Ids of the proposal's files that have a preview (`/api/files/{id}/preview`); never an original. */
  previews: number[];
}

export interface GalleryDto {
  proposals: GalleryProposalDto[];
  page: number;
  pageSize: number;
  total: number;
}

/** The formats of a contest, as its page shows them. */
export interface ContestFormatDto {
  isPrivate: boolean;
  proposalsOpen: boolean;
  hasFinalRound: boolean;
  finalRoundStartedAt: string | null;
  finalists: number;
  /** The viewer accepted the NDA (or needs none: owner, public contest). */
  ndaAccepted: boolean;
  /** True when the brief is withheld: a private contest whose NDA the viewer has not accepted. */
  teaser: boolean;
}

/** GET /concours/{idConcours}/galerie: paged by running number. */
export const galleryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(48).default(24),
});
