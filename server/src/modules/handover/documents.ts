/**
 * The three handover documents, typeset from the facts (facts.ts): the copyright assignment
 * contract (Code de la propriété intellectuelle, art. L131-3: each right named, the field of
 * exploitation delimited by extent, destination, place and duration), the talent's payment
 * statement and the organiser's invoice for the platform's fee (docs/decisions/0013).
 */
import { ASSIGNED_RIGHTS, FIELD_OF_EXPLOITATION, HANDOVER_DOCUMENT_TEXTS as H, PLATFORM_FEE_PERCENT, PLATFORM_FEE_VAT_PERCENT, formatEuros, formatInvoiceNumber, formatParisDate, splitVat } from '@creadefi/domain';
import type { HandoverDocumentKind } from '../../db/schema';
import type { HandoverFacts, Party } from './facts';
import { renderPdf, type Block } from './pdf';


function partyBlocks(label: string, party: Party): Block[] {
  const blocks: Block[] = [{ kind: 'item', title: label, text: party.kind === 'company' ? H.contract.company(party.name, party.siret) : H.contract.person(party.name) }];
  if (party.address) blocks.push({ kind: 'text', text: H.contract.address(party.address) });
  return blocks;
}

function contract(f: HandoverFacts): Block[] {
  const C = H.contract;
  return [
    { kind: 'title', text: C.title },
    { kind: 'small', text: C.reference(f.contestId, f.participationId) },
    { kind: 'heading', text: C.between },
    ...partyBlocks(C.assignor, f.talent),
    ...partyBlocks(C.assignee, f.organiser),
    { kind: 'heading', text: C.workTitle },
    { kind: 'text', text: C.work(f.subCategory, f.companyName) },
    ...(f.finalFiles.length > 0 ? f.finalFiles.map((file): Block => ({ kind: 'small', text: C.file(file.filename, file.sha256) })) : [{ kind: 'small', text: C.noFile } as Block]),
    { kind: 'heading', text: C.rightsTitle },
    { kind: 'text', text: C.rightsIntro },
    ...ASSIGNED_RIGHTS.map((right, i): Block => ({ kind: 'item', title: `2.${i + 1}. ${right.name}`, text: right.clause })),
    { kind: 'heading', text: C.fieldTitle },
    { kind: 'text', text: C.fieldIntro },
    ...Object.values(FIELD_OF_EXPLOITATION).map((text): Block => ({ kind: 'text', text })),
    { kind: 'heading', text: C.priceTitle },
    { kind: 'text', text: C.price(formatEuros(f.amounts.grossCents)) },
    { kind: 'heading', text: C.warrantyTitle },
    { kind: 'text', text: C.warranty },
    { kind: 'heading', text: C.lawTitle },
    { kind: 'text', text: C.law },
    { kind: 'space' },
    { kind: 'text', text: C.date(formatParisDate(f.issuedAt)) },
  ];
}

function statement(f: HandoverFacts): Block[] {
  const S = H.statement;
  const day = formatParisDate(f.issuedAt);
  return [
    { kind: 'title', text: S.title },
    { kind: 'small', text: S.reference(f.contestId, f.participationId) },
    ...partyBlocks(S.beneficiary, f.talent),
    { kind: 'text', text: S.date(day) },
    { kind: 'space' },
    { kind: 'row', label: S.gross, value: formatEuros(f.amounts.grossCents) },
    { kind: 'row', label: S.fee(PLATFORM_FEE_PERCENT), value: `− ${formatEuros(f.amounts.feeCents)}` },
    { kind: 'row', label: S.net, value: formatEuros(f.amounts.netCents), strong: true },
    { kind: 'space' },
    { kind: 'small', text: S.note },
  ];
}

function invoice(f: HandoverFacts): Block[] {
  const I = H.invoice;
  const day = formatParisDate(f.issuedAt);
  const vat = splitVat(f.amounts.feeCents);
  const buyer = f.organiser;
  return [
    { kind: 'title', text: I.number(formatInvoiceNumber(f.invoiceNumber)) },
    { kind: 'text', text: I.date(day) },
    { kind: 'text', text: I.serviceDate(day) },
    { kind: 'heading', text: I.seller },
    { kind: 'text', text: `${f.seller.name} — ${f.seller.legalForm}` },
    { kind: 'text', text: f.seller.address },
    { kind: 'text', text: `SIREN ${f.seller.siren} — ${f.seller.rcs}` },
    { kind: 'text', text: I.vatNumber(f.seller.vatNumber) },
    { kind: 'heading', text: I.buyer },
    { kind: 'text', text: buyer.name },
    ...(buyer.address ? [{ kind: 'text', text: buyer.address } as Block] : []),
    ...(buyer.siret ? [{ kind: 'text', text: I.siret(buyer.siret) } as Block] : []),
    ...(buyer.vatNumber ? [{ kind: 'text', text: I.vatNumber(buyer.vatNumber) } as Block] : []),
    { kind: 'heading', text: I.designation(f.contestId, f.participationId) },
    { kind: 'text', text: I.quantity },
    { kind: 'row', label: I.ht, value: formatEuros(vat.htCents) },
    { kind: 'row', label: I.vat(PLATFORM_FEE_VAT_PERCENT), value: formatEuros(vat.vatCents) },
    { kind: 'row', label: I.ttc, value: formatEuros(vat.ttcCents), strong: true },
    { kind: 'space' },
    { kind: 'small', text: I.paid(day) },
    { kind: 'small', text: I.penalties },
  ];
}

const TITLES: Record<HandoverDocumentKind, (f: HandoverFacts) => string> = {
  contract: () => H.contract.title,
  statement: () => H.statement.title,
  invoice: (f) => H.invoice.number(formatInvoiceNumber(f.invoiceNumber)),
};

const BUILDERS: Record<HandoverDocumentKind, (f: HandoverFacts) => Block[]> = { contract, statement, invoice };

export function renderHandoverDocument(kind: HandoverDocumentKind, facts: HandoverFacts): Promise<Buffer> {
  return renderPdf(BUILDERS[kind](facts), { title: TITLES[kind](facts), createdAt: facts.issuedAt });
}

/** The name a download is saved under. */
export function documentFilename(kind: HandoverDocumentKind, facts: { participationId: number; invoiceNumber: number }): string {
  if (kind === 'invoice') return `facture-${formatInvoiceNumber(facts.invoiceNumber)}.pdf`;
  return `${kind === 'contract' ? 'contrat-de-cession' : 'releve-de-paiement'}-${facts.participationId}.pdf`;
}
