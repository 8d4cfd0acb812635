import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubApi } from '../../test/render';
import FaqPage from './FaqPage';

describe('FAQ page', { timeout: 20_000 }, () => {
  it('has the organiser’s six questions and the participant’s five', () => {
    stubApi();
    renderWithProviders(<FaqPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Questions fréquentes' })).toBeInTheDocument();
    const organiser = screen.getByRole('region', { name: 'Je suis un organisateur' });
    const participant = screen.getByRole('region', { name: 'Je suis un participant' });
    expect(within(organiser).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(within(participant).getAllByRole('heading', { level: 3 })).toHaveLength(5);
  });

  it('unfolds an answer that states the business rule', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />);
    await user.click(screen.getByRole('button', { name: /Combien vais-je gagner/ }));
    expect(await screen.findByText(/moins la commission de 20\s%/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Et si aucune proposition ne me convient/ }));
    expect(await screen.findByText(/Slogan et Nom de boîte/)).toBeVisible();
  });
});
