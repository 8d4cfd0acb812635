import { describe, expect, it } from 'vitest';
import { CONTEST_STATUS } from './contest-status';
import {
  acceptMissionDenial,
  authorSeesStars,
  disputeDenial,
  finalFileDenial,
  mayChangeProposal,
  mayPropose,
  proposalStage,
  mayChangeWinners,
  mayDeleteContest,
  mayDownloadFile,
  mayEditBrief,
  mayPayCreation,
  mayPayExtraPrizes,
  mayRate,
  commentDenial,
  mayReport,
  maySeeContest,
  mayViewFile,
  messageDenial,
  replacementDenial,
  takesProposals,
  validationDenial,
  workFileDenial,
} from './permissions';

/** Columns, in the order of docs/product.md §2: -1, 1, 2, 3, 4, 5. */
const STATUSES = [
  CONTEST_STATUS.cancelled,
  CONTEST_STATUS.awaitingPayment,
  CONTEST_STATUS.open,
  CONTEST_STATUS.awaitingWinner,
  CONTEST_STATUS.awaitingFinalFiles,
  CONTEST_STATUS.finished,
];

const NOW = new Date('2026-03-10T12:00:00Z');
const later = new Date(NOW.getTime() + 60_000);
const earlier = new Date(NOW.getTime() - 60_000);

const won = { isWinner: true };
const notChosen = { isWinner: false, isFinalist: false };
const lost = { isWinner: false };

/** Every (action, who) the rules answer; a denial counts as "no". */
const RULES: [string, (status: number) => boolean][] = [
  ['see the contest · owner', (s) => maySeeContest(true, s)],
  ['see the contest · other member', (s) => maySeeContest(false, s)],
  ['pay the creation · organiser', (s) => mayPayCreation('organiser', s)],
  ['pay extra prizes · organiser', (s) => mayPayExtraPrizes('organiser', s)],
  ['delete the contest · organiser', (s) => mayDeleteContest('organiser', s)],
  ['pay, delete · admin', (s) => mayPayCreation('admin', s) || mayPayExtraPrizes('admin', s) || mayDeleteContest('admin', s)],
  ['message · organiser ↔ winner', (s) => messageDenial('organiser', s, true) === null],
  ['message · organiser ↔ talent not chosen', (s) => messageDenial('organiser', s, false) === null],
  ['message · winner', (s) => messageDenial('participant', s, true) === null],
  ['message · talent not chosen', (s) => messageDenial('participant', s, false) === null],
  ['message · admin', (s) => messageDenial('admin', s, true) === null],
  ['work files · organiser ↔ winner', (s) => workFileDenial('organiser', s, true) === null],
  ['work files · organiser ↔ talent not chosen', (s) => workFileDenial('organiser', s, false) === null],
  ['work files · winner', (s) => workFileDenial('participant', s, true) === null],
  ['work files · talent not chosen', (s) => workFileDenial('participant', s, false) === null],
  ['work files · admin', (s) => workFileDenial('admin', s, true) === null],
  ['final files · winner, not validated', (s) => finalFileDenial('participant', s, { ...won, validated: false }) === null],
  ['final files · winner, validated', (s) => finalFileDenial('participant', s, { ...won, validated: true }) === null],
  ['final files · talent not chosen', (s) => finalFileDenial('participant', s, { ...lost, validated: false }) === null],
  ['final files · organiser', (s) => finalFileDenial('organiser', s, { ...won, validated: false }) === null],
  ['validate · organiser, files sent', (s) => validationDenial('organiser', s, { ...won, sent: true, validated: false }) === null],
  ['validate · organiser, nothing sent', (s) => validationDenial('organiser', s, { ...won, sent: false, validated: false }) === null],
  ['validate · organiser, validated', (s) => validationDenial('organiser', s, { ...won, sent: true, validated: true }) === null],
  ['validate · winner', (s) => validationDenial('participant', s, { ...won, sent: true, validated: false }) === null],
  ['accept the mission · winner', (s) => acceptMissionDenial('participant', s, true) === null],
  ['accept the mission · talent not chosen', (s) => acceptMissionDenial('participant', s, false) === null],
  ['accept the mission · organiser', (s) => acceptMissionDenial('organiser', s, true) === null],
  ['replace a winner · organiser, 48 h passed', (s) => replacementDenial('organiser', s, { ...won, accepted: false, acceptanceDueAt: earlier }, NOW) === null],
  ['replace a winner · organiser, within 48 h', (s) => replacementDenial('organiser', s, { ...won, accepted: false, acceptanceDueAt: later }, NOW) === null],
  ['replace a winner · organiser, accepted', (s) => replacementDenial('organiser', s, { ...won, accepted: true, acceptanceDueAt: earlier }, NOW) === null],
  ['replace a winner · organiser, no due date', (s) => replacementDenial('organiser', s, { ...won, accepted: false, acceptanceDueAt: null }, NOW) === null],
  ['replace a winner · talent, admin', (s) => ['participant', 'admin'].some((r) => replacementDenial(r as 'admin', s, { ...won, accepted: false, acceptanceDueAt: earlier }, NOW) === null)],
  ['dispute · organiser, not validated', (s) => disputeDenial('organiser', s, { ...won, validated: false, open: false }) === null],
  ['dispute · winner, not validated', (s) => disputeDenial('participant', s, { ...won, validated: false, open: false }) === null],
  ['dispute · validated or already open', (s) => disputeDenial('organiser', s, { ...won, validated: true, open: false }) === null || disputeDenial('participant', s, { ...won, validated: false, open: true }) === null],
  ['dispute · talent not chosen, admin', (s) => disputeDenial('participant', s, { ...lost, validated: false, open: false }) === null || disputeDenial('admin', s, { ...won, validated: false, open: false }) === null],
  ['report · organiser', (s) => mayReport('organiser', s)],
  ['report · talent', (s) => mayReport('participant', s)],
  ['report · admin', (s) => mayReport('admin', s)],
  ['add / drop a winner, finalise · organiser', (s) => mayChangeWinners('organiser', s)],
  ['add / drop a winner, finalise · admin', (s) => mayChangeWinners('admin', s)],
  ['rate · organiser', (s) => mayRate('organiser', s)],
  ['rate · admin', (s) => mayRate('admin', s)],
  ['comment a proposal · organiser', (s) => commentDenial('organiser', s) === null],
  ['comment a proposal · talent, admin', (s) => commentDenial('participant', s) === null || commentDenial('admin', s) === null],
  ['edit the brief · organiser', (s) => mayEditBrief('organiser', s)],
  ['edit the brief · admin', (s) => mayEditBrief('admin', s)],
  ['withdraw, reword · talent, before the end', (s) => mayChangeProposal('participant', { status: s, endDate: later, finalRoundStartedAt: null }, notChosen, NOW)],
  ['withdraw, reword · talent, end date passed', (s) => mayChangeProposal('participant', { status: s, endDate: earlier, finalRoundStartedAt: null }, notChosen, NOW)],
  ['withdraw, reword · winner', (s) => mayChangeProposal('participant', { status: s, endDate: later, finalRoundStartedAt: null }, { ...notChosen, isWinner: true }, NOW)],
  ['withdraw, reword · organiser', (s) => mayChangeProposal('organiser', { status: s, endDate: later, finalRoundStartedAt: null }, notChosen, NOW)],
  ['withdraw, reword · finalist, in the final', (s) => mayChangeProposal('participant', { status: s, endDate: later, finalRoundStartedAt: earlier }, { ...notChosen, isFinalist: true }, NOW)],
  ['withdraw, reword · not finalist, in the final', (s) => mayChangeProposal('participant', { status: s, endDate: later, finalRoundStartedAt: earlier }, notChosen, NOW)],
  ['see the stars · author', (s) => authorSeesStars(s)],
  ['download · admin, author, uploader', (s) => ['admin', 'author', 'uploader'].every((v) => mayDownloadFile(v as 'admin', s, false))],
  ['download · organiser, a winner’s file', (s) => mayDownloadFile('organiser', s, true)],
  ['download · organiser, another file', (s) => mayDownloadFile('organiser', s, false)],
  ['download · other member', (s) => mayDownloadFile('other', s, true)],
  ['view · organiser, a proposal not chosen', (s) => mayViewFile('organiser', s, { ...lost, isProposal: true })],
  ['view · organiser, a winner’s final file', (s) => mayViewFile('organiser', s, { ...won, isProposal: false })],
  ['view · organiser, another file', (s) => mayViewFile('organiser', s, { ...lost, isProposal: false })],
  ['view · other member', (s) => mayViewFile('other', s, { ...won, isProposal: true })],
];

/**
 * The rules, written out: one line per (action · who), one column per status, ✓ allowed,
 * · refused. A rule changed in permissions.ts shows here as a changed line, to be mirrored in
 * docs/product.md §2.
 */
const EXPECTED = [
  //                                              -1 1 2 3 4 5
  'see the contest · owner                       | ✓ ✓ ✓ ✓ ✓ ✓',
  'see the contest · other member                | · · ✓ ✓ ✓ ✓',
  'pay the creation · organiser                  | · ✓ · · · ·',
  'pay extra prizes · organiser                  | · · ✓ ✓ · ·',
  'delete the contest · organiser                | · ✓ · · · ·',
  'pay, delete · admin                           | · · · · · ·',
  'message · organiser ↔ winner                  | · · ✓ ✓ ✓ ✓',
  'message · organiser ↔ talent not chosen       | · · ✓ · · ·',
  'message · winner                              | · · ✓ ✓ ✓ ✓',
  'message · talent not chosen                   | · · ✓ · · ·',
  'message · admin                               | · · · · · ·',
  'work files · organiser ↔ winner               | · · · · ✓ ✓',
  'work files · organiser ↔ talent not chosen    | · · · · · ·',
  'work files · winner                           | · · · · ✓ ✓',
  'work files · talent not chosen                | · · · · · ·',
  'work files · admin                            | · · · · · ·',
  'final files · winner, not validated           | · · · · ✓ ·',
  'final files · winner, validated               | · · · · · ·',
  'final files · talent not chosen               | · · · · · ·',
  'final files · organiser                       | · · · · · ·',
  'validate · organiser, files sent              | · · · · ✓ ·',
  'validate · organiser, nothing sent            | · · · · · ·',
  'validate · organiser, validated               | · · · · · ·',
  'validate · winner                             | · · · · · ·',
  'accept the mission · winner                   | · · · · ✓ ·',
  'accept the mission · talent not chosen        | · · · · · ·',
  'accept the mission · organiser                | · · · · · ·',
  'replace a winner · organiser, 48 h passed     | · · · · ✓ ·',
  'replace a winner · organiser, within 48 h     | · · · · · ·',
  'replace a winner · organiser, accepted        | · · · · · ·',
  'replace a winner · organiser, no due date     | · · · · · ·',
  'replace a winner · talent, admin              | · · · · · ·',
  'dispute · organiser, not validated            | · · · · ✓ ·',
  'dispute · winner, not validated               | · · · · ✓ ·',
  'dispute · validated or already open           | · · · · · ·',
  'dispute · talent not chosen, admin            | · · · · · ·',
  'report · organiser                            | · · ✓ · · ·',
  'report · talent                               | · · · · · ·',
  'report · admin                                | · · · · · ·',
  'add / drop a winner, finalise · organiser     | · · ✓ ✓ · ·',
  'add / drop a winner, finalise · admin         | · · · · · ·',
  'rate · organiser                              | · · ✓ ✓ ✓ ·',
  'rate · admin                                  | · · · · · ·',
  'comment a proposal · organiser                | · · ✓ ✓ · ·',
  'comment a proposal · talent, admin            | · · · · · ·',
  'edit the brief · organiser                    | ✓ ✓ ✓ ✓ · ·',
  'edit the brief · admin                        | · · · · · ·',
  'withdraw, reword · talent, before the end     | · · ✓ · · ·',
  'withdraw, reword · talent, end date passed    | · · · · · ·',
  'withdraw, reword · winner                     | · · · · · ·',
  'withdraw, reword · organiser                  | · · · · · ·',
  'withdraw, reword · finalist, in the final     | · · ✓ · · ·',
  'withdraw, reword · not finalist, in the final | · · · · · ·',
  'see the stars · author                        | · · · · ✓ ✓',
  'download · admin, author, uploader            | ✓ ✓ ✓ ✓ ✓ ✓',
  'download · organiser, a winner’s file         | · · · · ✓ ✓',
  'download · organiser, another file            | · · · · · ·',
  'download · other member                       | · · · · · ·',
  'view · organiser, a proposal not chosen       | ✓ ✓ ✓ ✓ ✓ ✓',
  'view · organiser, a winner’s final file       | · · · · ✓ ✓',
  'view · organiser, another file                | · · · · · ·',
  'view · other member                           | · · · · · ·',
];

describe('who may do what, by status', () => {
  it('answers the table of docs/product.md §2', () => {
    const actual = RULES.map(([label, allowed]) => `${label.padEnd(46)}| ${STATUSES.map((s) => (allowed(s) ? '✓' : '·')).join(' ')}`);
    expect(actual).toEqual(EXPECTED);
  });

  it('tells a talent not chosen why they may no longer write, and the organiser that it is too late', () => {
    expect(messageDenial('participant', CONTEST_STATUS.awaitingWinner, false)).toBe('notSelected');
    expect(messageDenial('organiser', CONTEST_STATUS.awaitingWinner, false)).toBe('notAllowedNow');
    expect(messageDenial('participant', CONTEST_STATUS.awaitingPayment, false)).toBe('notAllowedNow');
    expect(messageDenial('admin', CONTEST_STATUS.open, false)).toBe('notInConversation');
    expect(workFileDenial('participant', CONTEST_STATUS.awaitingFinalFiles, false)).toBe('notSelected');
    expect(workFileDenial('organiser', CONTEST_STATUS.open, true)).toBe('uploadOnlyWinner');
  });

  it('closes a contest to proposals at its end date, even before its status moves, in both date forms', () => {
    const open = CONTEST_STATUS.open;
    expect(takesProposals({ status: open, endDate: later }, NOW)).toBe(true);
    expect(takesProposals({ status: open, endDate: later.toISOString() }, NOW)).toBe(true);
    expect(takesProposals({ status: open, endDate: NOW }, NOW)).toBe(false);
    expect(takesProposals({ status: open, endDate: earlier.toISOString() }, NOW)).toBe(false);
    expect(takesProposals({ status: open, endDate: null }, NOW)).toBe(true);
  });

  it('lets a talent propose in a final round only as a finalist, and only before its end', () => {
    const final = { status: CONTEST_STATUS.open, endDate: later, finalRoundStartedAt: earlier.toISOString() };
    expect(mayPropose(final, true, NOW)).toBe(true);
    expect(mayPropose(final, false, NOW)).toBe(false);
    expect(mayPropose({ ...final, endDate: earlier }, true, NOW)).toBe(false);
    expect(mayPropose({ ...final, finalRoundStartedAt: null }, false, NOW)).toBe(true);
  });

  it('names where a contest stands for a talent: open, in its final for a finalist or not, judged, finalised, closed', () => {
    const { open, awaitingWinner, awaitingFinalFiles, finished, awaitingPayment, cancelled } = CONTEST_STATUS;
    const contest = (status: number, endDate: Date, finalRoundStartedAt: Date | null = null) => ({ status, endDate, finalRoundStartedAt });
    expect(proposalStage(contest(open, later), false, NOW)).toBe('open');
    expect(proposalStage(contest(open, later, earlier), true, NOW)).toBe('finalist');
    expect(proposalStage(contest(open, later, earlier), false, NOW)).toBe('notFinalist');
    // Its end date passed before the job moved it: judged already, finalist or not.
    expect(proposalStage(contest(open, earlier, earlier), true, NOW)).toBe('judging');
    expect(proposalStage(contest(open, earlier), false, NOW)).toBe('judging');
    expect(proposalStage(contest(awaitingWinner, earlier), false, NOW)).toBe('judging');
    expect(proposalStage(contest(awaitingFinalFiles, earlier), true, NOW)).toBe('finalised');
    expect(proposalStage(contest(finished, earlier), false, NOW)).toBe('finalised');
    expect(proposalStage(contest(awaitingPayment, later), false, NOW)).toBe('closed');
    expect(proposalStage(contest(cancelled, later), false, NOW)).toBe('closed');
  });

  it('names why a winner cannot be replaced, the person before the moment', () => {
    const finalised = CONTEST_STATUS.awaitingFinalFiles;
    expect(replacementDenial('participant', finalised, { ...won, accepted: false, acceptanceDueAt: earlier }, NOW)).toBe('organiserOnly');
    expect(replacementDenial('organiser', CONTEST_STATUS.finished, { ...won, accepted: false, acceptanceDueAt: earlier }, NOW)).toBe('replaceOnlyFinalised');
    expect(replacementDenial('organiser', finalised, { ...lost, accepted: false, acceptanceDueAt: earlier }, NOW)).toBe('replaceNotWinner');
    expect(replacementDenial('organiser', finalised, { ...won, accepted: true, acceptanceDueAt: earlier }, NOW)).toBe('replaceAccepted');
    expect(replacementDenial('organiser', finalised, { ...won, accepted: false, acceptanceDueAt: later }, NOW)).toBe('replaceTooEarly');
    expect(replacementDenial('organiser', finalised, { ...won, accepted: false, acceptanceDueAt: NOW }, NOW)).toBeNull();
  });

  it('says validated final files are closed before saying anything of the status', () => {
    expect(finalFileDenial('participant', CONTEST_STATUS.finished, { isWinner: true, validated: true })).toBe('finalAlreadyValidated');
    expect(validationDenial('organiser', CONTEST_STATUS.finished, { isWinner: true, sent: true, validated: true })).toBe('finalAlreadyValidated');
    expect(validationDenial('organiser', CONTEST_STATUS.open, { isWinner: true, sent: false, validated: false })).toBe('validateOnlyFinalised');
  });
});
