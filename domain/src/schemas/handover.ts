/** The handover of a validated delivery (docs/decisions/0013): its documents and the contract's acceptances. */
import { z } from 'zod';
import { HANDOVER } from '../messages/handover';
import { participationParams } from './participations';

export const HANDOVER_DOCUMENTS = ['contract', 'statement', 'invoice'] as const;
export type HandoverDocument = (typeof HANDOVER_DOCUMENTS)[number];

export const handoverDocumentParams = participationParams.extend({
  kind: z.enum(HANDOVER_DOCUMENTS, { error: HANDOVER.unknownDocument }),
});

export type HandoverRole = 'organiser' | 'talent';

export interface ContractAcceptanceDto {
  acceptedAt: string;
  /** The SHA-256 of the contract as accepted. */
  documentSha256: string;
}

export interface HandoverDto {
  participationId: number;
  /** False while the documents are being generated, for a moment after the validation. */
  ready: boolean;
  issuedAt: string;
  /** Null until the documents are stored. */
  contractSha256: string | null;
  /** The documents this viewer may download, with their API path. */
  documents: { kind: HandoverDocument; path: string; filename: string }[];
  acceptances: Record<HandoverRole, ContractAcceptanceDto | null>;
  /** The viewer's side, null for an admin. */
  viewerRole: HandoverRole | null;
}

/** Who may download a document besides admins: the contract both parties, each other document its addressee. */
export const HANDOVER_DOCUMENT_READERS: Record<HandoverDocument, readonly HandoverRole[]> = {
  contract: ['organiser', 'talent'],
  statement: ['talent'],
  invoice: ['organiser'],
};

export const handoverDocumentPath = (participationId: number, kind: HandoverDocument) => `/api/participation/${participationId}/handover/${kind}`;
