import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEATURED_SLIDER, HEADLINE_WORDS, LANDING } from '@creadefi/domain';
import { renderWithProviders, stubApi } from '../../../test/render';
import HomePage from '../HomePage';

// Lazily loaded sections take a while to import the first time on a busy machine.
describe('Landing page', { timeout: 20_000 }, () => {
  it('renders every section with its anchor', async () => {
    stubApi();
    const { container } = renderWithProviders(<HomePage />);

    const title = screen.getByRole('heading', { level: 1 });
    expect(title).toHaveTextContent("Besoin d'un");
    for (const word of HEADLINE_WORDS) expect(title).toHaveTextContent(word.toLocaleLowerCase('fr-FR'));

    for (const id of ['concept', 'sliderCategorie', 'engagements', 'temoignages']) expect(container.querySelector(`section#${id}`)).not.toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Votre projet créatif en quatre temps' })).toBeInTheDocument();
    for (const step of ['Une idée', 'Un concours', 'Un choix', 'Un engagement']) expect(screen.getByRole('heading', { level: 3, name: step })).toBeInTheDocument();
    for (const commitment of ['Satisfait ou remboursé', 'Des talents vérifiés', 'Paiement sécurisé']) expect(screen.getByRole('heading', { level: 3, name: commitment })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Votre concours en ligne en moins de 5\sminutes/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "S'inscrire" })).toHaveAttribute('href', '/signup');
  });

  it('shows the ten featured categories with their starting prices', async () => {
    stubApi();
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('à partir de 240 €')).toBeInTheDocument();
    const slider = document.getElementById('sliderCategorie')!;
    for (const item of FEATURED_SLIDER) expect(within(slider).getByText(item.title)).toBeInTheDocument();
    expect(within(slider).getAllByText('à partir de 60 €')).toHaveLength(3);
    expect(within(slider).getByText('à partir de 125 €')).toBeInTheDocument();
  });

  it('asks a visitor to sign in when a category card is chosen', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    await user.click(await screen.findByRole('button', { name: /Logo.*à partir de 240\s€/ }));
    expect(screen.getByTestId('sign-in-modal')).toHaveTextContent('ouverte');
  });

  it('opens sign-in from "Vous avez déjà un compte ?"', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    await user.click(screen.getByRole('button', { name: /Vous avez déjà un compte.*Connectez-vous/ }));
    expect(screen.getByTestId('sign-in-modal')).toHaveTextContent('ouverte');
  });

  it('counts up to the network figures', async () => {
    stubApi();
    renderWithProviders(<HomePage />);
    const figures = screen.getByText('projets lancés').closest('dl')!;
    expect(within(figures).getByText('52')).toBeInTheDocument();
    expect(within(figures).getByText('95')).toBeInTheDocument();
    expect(within(figures).getByText('plus de 50')).toBeInTheDocument();
  });

  it('has three testimonials with a dot for each', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    expect(await screen.findByText(/45 propositions de logo en 48 heures/)).toBeInTheDocument();
    const dots = screen.getAllByRole('button', { name: /Afficher le témoignage/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    await user.click(dots[2]!);
  });

  it('holds its testimonials as the carousel’s slides, in no list (a list may hold list items only)', async () => {
    stubApi();
    renderWithProviders(<HomePage />);
    const carousel = await screen.findByRole('region', { name: LANDING.testimonials.carousel });
    expect(within(carousel).queryByRole('list')).not.toBeInTheDocument();
    expect(within(carousel).getAllByRole('group', { hidden: true })).toHaveLength(3);
  });
});
