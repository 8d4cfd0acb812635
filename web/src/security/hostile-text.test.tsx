/**
 * Text typed by other people (briefs, messages, pseudos, file names) is shown as text: the
 * markup in it never becomes elements of the page. React escapes what it renders; these
 * tests show it on the screens that display such text, and that nothing in the app writes
 * HTML around React.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ContestCard } from '../features/contests/ContestCard';
import { buildCard, buildUser as buildCardUser, renderRoute as renderCardRoute } from '../features/contests/test-utils';
import { buildContest, renderRoute } from '../features/proposals/test-utils';
import ContestDetailsPage from '../features/contest-details/ContestDetailsPage';
import ConversationPage from '../features/messages/ConversationPage';
import { buildConversation, buildFile, buildMessage, noLiveEvents } from '../features/messages/test-utils';
import { meRoute, renderWithProviders, stubApi } from '../test/render';

const SCRIPT = '<script>window.__hacked = true</script>';
const IMG = '"><img src=x onerror="window.__hacked=true">';
const SVG = '<svg onload="window.__hacked=true"></svg>';

/** No element came from the text, and no attribute anywhere runs code. */
function expectInert(): void {
  expect(document.querySelectorAll('script, iframe, object, embed')).toHaveLength(0);
  expect(document.querySelectorAll('img[src="x"], svg[onload]')).toHaveLength(0);
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
  }
  expect((window as unknown as { __hacked?: boolean }).__hacked).toBeUndefined();
}

afterEach(() => localStorage.clear());

describe('text from other people', () => {
  it('a contest card shows a brief full of markup as text', async () => {
    const contest = buildCard({ companyName: SCRIPT, message: IMG });
    renderCardRoute(<ContestCard contest={contest} viewerId={5} />, { user: buildCardUser({ id: 5 }) });
    expect(await screen.findByText(SCRIPT)).toBeInTheDocument();
    expect(screen.getByText(IMG, { exact: false })).toBeInTheDocument();
    expectInert();
  });

  it('the contest page shows every field of the brief as text', async () => {
    const contest = buildContest({ companyName: SCRIPT, companySkills: IMG, target: SVG, message: IMG, site: 'javascript:alert(1)', User: { id: 99, pseudo: SVG } });
    renderRoute(<ContestDetailsPage />, {
      path: '/details-concours/:id',
      url: '/details-concours/7',
      api: {
        'GET /api/concours/read/7': () => ({ status: 200, body: { results: { concours: contest } } }),
        'GET /api/concours/7/ma-participation': () => ({ status: 200, body: { results: { participation: null } } }),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: SCRIPT })).toBeInTheDocument();
    expect(screen.getAllByText(SVG).length).toBeGreaterThan(0);
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
    expectInert();
  });

  it('a conversation shows messages and file names full of markup as text', async () => {
    stubApi({
      ...meRoute(),
      ...noLiveEvents,
      'GET /api/message/readByParticipant/40': () => ({
        body: {
          results: {
            participation: buildConversation({
              messages: [buildMessage({ message: SCRIPT }), buildMessage({ message: IMG, isMine: true }), buildMessage({ message: 'Le fichier', file: buildFile({ filename: `${SVG}.pdf` }) })],
            }),
          },
        },
      }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/messages/:id" element={<ConversationPage />} />
      </Routes>,
      { at: '/messages/40', signedIn: true },
    );
    expect(await screen.findByText(SCRIPT)).toBeInTheDocument();
    expect(screen.getByText(IMG)).toBeInTheDocument();
    expectInert();
  });
});

describe('the web app', () => {
  it('never writes HTML or code from strings', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.includes('.test.')) {
          const source = fs.readFileSync(full, 'utf8');
          if (/dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|\beval\(|new Function\(/.test(source)) offenders.push(path.relative(root, full));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
