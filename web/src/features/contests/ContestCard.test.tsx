import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CARD_DESCRIPTION_LIMIT, formatDate } from '@creadefi/domain';
import { ContestCard, ALREADY_PARTICIPATED } from './ContestCard';
import { buildCard, buildUser, renderRoute } from './test-utils';

const viewer = buildUser({ id: 5 });

async function showCard(overrides: Parameters<typeof buildCard>[0] = {}) {
  const contest = buildCard(overrides);
  renderRoute(<ContestCard contest={contest} viewerId={viewer.id} />, { user: viewer });
  return screen.findByRole('article');
}

describe('ContestCard', () => {
  it('shows the gain, the cost minus 20 %, under the label "Gain"', async () => {
    const card = await showCard({ cost: 24000 });
    const gain = within(card).getByText('Gain');
    expect(gain.nextElementSibling).toHaveTextContent(/^192\s€$/);
  });

  it('names the sub-category, the category and the company', async () => {
    const card = await showCard();
    expect(within(card).getByText('Logo')).toBeInTheDocument();
    expect(within(card).getByText('Design')).toBeInTheDocument();
    expect(within(card).getByText('Boulangerie Dupain')).toBeInTheDocument();
  });

  it('shows the end date as dd/mm/yyyy with the days left', async () => {
    const end = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const card = await showCard({ endDate: end.toISOString() });
    expect(within(card).getByText(formatDate(end))).toBeInTheDocument();
    expect(within(card).getByText('dans 3 jours')).toBeInTheDocument();
  });

  it('cuts a long description at 150 characters, and at 90 for a phone, both drawn whatever the screen', async () => {
    const long = 'Un brief très détaillé. '.repeat(20);
    const card = await showCard({ message: long });
    // The stylesheet shows one of them (55em): the card is the same on the server and in the browser.
    const [wide, narrow] = within(card).getAllByText(/^Un brief très détaillé/);
    expect(wide!.textContent!.endsWith('…')).toBe(true);
    expect(wide!.textContent!.length).toBe(CARD_DESCRIPTION_LIMIT + 1);
    expect(wide!.className).toMatch(/wideOnly/);
    expect(narrow!.textContent!.endsWith('…')).toBe(true);
    expect(narrow!.textContent!.length).toBe(91);
    expect(narrow!.className).toMatch(/narrowOnly/);
  });

  it('draws a short description once', async () => {
    const card = await showCard({ message: 'Un logo pour une boulangerie.' });
    expect(within(card).getAllByText('Un logo pour une boulangerie.')).toHaveLength(1);
  });

  it.each([
    [0, '0 participation'],
    [1, '1 participation'],
    [2, '2 participations'],
    [14, '14 participations'],
  ])('counts %i proposal(s) as "%s"', async (participations, text) => {
    const card = await showCard({ participations });
    expect(within(card).getByText(text)).toBeInTheDocument();
  });

  it('marks a contest the viewer already took part in', async () => {
    const card = await showCard({ hasParticipated: true });
    expect(within(card).getByRole('img', { name: ALREADY_PARTICIPATED })).toBeInTheDocument();
  });

  it('has no mark when the viewer has not taken part', async () => {
    const card = await showCard({ hasParticipated: false });
    expect(within(card).queryByRole('img', { name: ALREADY_PARTICIPATED })).toBeNull();
  });

  it('offers "Participer" towards the details to someone else than the organiser', async () => {
    const card = await showCard({ id: 7, idConcoureur: 99 });
    expect(within(card).getByRole('link', { name: 'Participer' })).toHaveAttribute('href', '/details-concours/7');
    expect(within(card).queryByRole('link', { name: 'Les participations' })).toBeNull();
  });

  it('offers "Les participations" to the organiser', async () => {
    const card = await showCard({ id: 7, idConcoureur: viewer.id });
    expect(within(card).getByRole('link', { name: 'Les participations' })).toHaveAttribute('href', '/participations/7');
    expect(within(card).queryByRole('link', { name: 'Participer' })).toBeNull();
  });
});
